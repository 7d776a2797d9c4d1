import { sql } from 'drizzle-orm'
import { bigint, check, index, pgSchema, text, timestamp } from 'drizzle-orm/pg-core'
import type { DocumentCategory } from '../../lib/documents.ts'

export const filesSchema = pgSchema('files')

/**
 * Uploaded documents (issue 10; docs/decisions/0031): one row per stored object, bound to
 * its draft by the SHA-256 of the draft's id (as carts are), so a file id alone opens
 * nothing. Submitting the application binds the draft's files to it (application_id); a
 * file sent again from the compliance page belongs to the application only (no draft). The bytes are in the storage driver under `storage_key`, a generated name; the
 * visitor's own file name is kept only to show back to them.
 */
export const uploadedDocuments = filesSchema.table(
  'documents',
  {
    id: text('id').primaryKey(),
    // Null for a file sent from the compliance page: it has an application and no draft.
    draftIdHash: text('draft_id_hash'),
    applicationId: text('application_id'),
    category: text('category').$type<DocumentCategory>().notNull(),
    subCategory: text('sub_category'),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    // 'jpg' | 'pdf', decided by the content.
    type: text('type').$type<'jpg' | 'pdf'>().notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    // Set when an operator rejects the document (compliance, issue 10 part 4).
    complianceReason: text('compliance_reason'),
    // The sales partner flag (issue 13 item 4): the sales agent or admin who sent this document
    // again on the customer's behalf, and their agent code (an admin may have none); null: the customer.
    uploadedBySalesUserId: text('uploaded_by_sales_user_id'),
    uploadedByAgentCode: text('uploaded_by_agent_code'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('documents_draft_id_hash_idx').on(t.draftIdHash),
    index('documents_application_id_idx').on(t.applicationId),
    check('documents_owner_check', sql`${t.draftIdHash} is not null or ${t.applicationId} is not null`),
  ],
)
