/**
 * Where each open compliance category's upload lives: the documents change's route, which
 * the lead wires (docs/decisions/0033). It must call complianceAccess (compliance.server.ts)
 * with the same {id} and accept only a category in the answer's openCategories.
 */
export const complianceUploadPath = (id: string, category: string) =>
  `/compliance/${encodeURIComponent(id)}/upload/${encodeURIComponent(category)}`
