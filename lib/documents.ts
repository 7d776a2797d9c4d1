/**
 * Application documents (issue 10, spec 3, 4, 5, 8, 9): the Zod schemas of the files
 * service's answers and forms, shared by the files service and the portal's server code.
 * The rules themselves (limits, messages, categories, checks) are in ./document-rules.ts,
 * which the browser's code imports without Zod; they are re-exported here.
 */
import { z } from 'zod'
import { BUSINESS_TYPES, DOCUMENT_CATEGORIES, fileNameProblem, UPLOAD_MESSAGES } from './document-rules.ts'

export * from './document-rules.ts'

export const DocumentCategorySchema = z.enum(DOCUMENT_CATEGORIES)
export const BusinessTypeSchema = z.enum(BUSINESS_TYPES, { error: 'Please choose your business type.' })
/** spec 5's name rules (fileNameProblem), each with its message: the portal and the files service refuse alike. */
export const FileNameSchema = z.string().superRefine((name, context) => {
  const problem = fileNameProblem(name)
  if (problem) context.addIssue({ code: 'custom', message: UPLOAD_MESSAGES[problem] })
})

/** A stored document as the files service lists it (spec 3's file entry, the fields this portal uses). */
export const FileEntrySchema = z.object({
  id: z.uuid(),
  category: DocumentCategorySchema,
  subCategory: z.string().nullable(),
  fileName: z.string(),
  type: z.enum(['jpg', 'pdf']),
  size: z.number().int().nonnegative(),
  uploaded: z.literal(true),
  complianceReason: z.string().nullable(),
  uploadedAt: z.iso.datetime({ offset: true }),
})
export type FileEntry = z.infer<typeof FileEntrySchema>

/** One line of the checklist: what a category asks for and whether the uploads meet it. */
export const RequirementSchema = z.object({
  category: DocumentCategorySchema,
  required: z.boolean(),
  /** How many distinct documents (sub-categories where the category has them) make it complete. */
  minDocuments: z.number().int().nonnegative(),
  subCategories: z.array(z.string()),
  uploaded: z.number().int().nonnegative(),
  satisfied: z.boolean(),
})
export type Requirement = z.infer<typeof RequirementSchema>

export const ChecklistSchema = z.object({
  customerType: z.enum(['RES', 'SME']),
  businessType: z.enum(BUSINESS_TYPES).nullable(),
  /** An SME applicant must say its business type before the business documents can be counted. */
  businessTypeNeeded: z.boolean(),
  monthlyFee: z.number().nullable(),
  requirements: z.array(RequirementSchema),
  fileCount: z.number().int().nonnegative(),
  maxFiles: z.number().int().positive(),
  /** Every required category satisfied (and the business type known for an SME). */
  complete: z.boolean(),
})
export type Checklist = z.infer<typeof ChecklistSchema>
