/**
 * A draft's documents and its application (issue 33, item 7): every application is submitted
 * with its documents, which the submission binds to it (the applications service calls here),
 * so a draft whose documents have an application was submitted. The files service owns the
 * table; others ask here.
 */
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import { uploadedDocuments } from './tables.ts'

/**
 * The submission binds the draft's documents (by its id hash) to the new application, inside
 * the applications service's transaction; documents bound before stay with theirs.
 */
export async function bindDraftDocuments(db: Executor, draftIdHash: string, applicationId: string): Promise<void> {
  await db
    .update(uploadedDocuments)
    .set({ applicationId })
    .where(and(eq(uploadedDocuments.draftIdHash, draftIdHash), isNull(uploadedDocuments.applicationId)))
}

/** Of these drafts (by id hash), the ones whose documents went with an application. */
export async function draftsWithApplications(db: Executor, draftIdHashes: readonly string[]): Promise<Set<string>> {
  if (draftIdHashes.length === 0) return new Set()
  const rows = await db
    .selectDistinct({ draftIdHash: uploadedDocuments.draftIdHash })
    .from(uploadedDocuments)
    .where(and(inArray(uploadedDocuments.draftIdHash, [...draftIdHashes]), isNotNull(uploadedDocuments.applicationId)))
  return new Set(rows.map((row) => row.draftIdHash).filter((hash): hash is string => hash !== null))
}
