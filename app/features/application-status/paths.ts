/** Where each open compliance category's document is sent again (compliance-upload.server.ts). */
export const complianceUploadPath = (id: string, category: string) =>
  `/compliance/${encodeURIComponent(id)}/upload/${encodeURIComponent(category)}`
