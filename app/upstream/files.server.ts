/**
 * The portal's files calls (spec 7: upload, list, delete; docs/decisions/0031). Each names
 * the draft in the x-draft-id header, as the cart does; the files service opens only that
 * draft's files. spec 5: an upload counts only when the answer's status is exactly true,
 * which UploadAnswerSchema requires (no bare-data fallback here).
 */
import { z } from 'zod'
import { DRAFT_ID_HEADER } from '../../lib/catalog'
import { ChecklistSchema, FileEntrySchema, STORED_CONTENT_TYPES, type StoredType } from '../../lib/documents'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'

const UploadAnswerSchema = z
  .object({ status: z.literal(true), data: FileEntrySchema })
  .transform((answer) => answer.data)
const FilesSchema = envelope(z.object({ files: z.array(FileEntrySchema) })).transform((data) => data.files)

export type FileToSend = {
  category: string
  subCategory: string | null
  fileName: string
  type: StoredType
  size: number
  sha256: string
  body: ReadableStream<Uint8Array>
}

export function fileCalls(client: UpstreamClient) {
  const headers = (draftId: string) => ({ [DRAFT_ID_HEADER]: draftId })
  const filePath = (fileId: string) => `/v1/files/${encodeURIComponent(fileId)}`
  return {
    /** One file, streamed; never retried (spec 9 retries only three named calls). */
    upload: (draftId: string, file: FileToSend) =>
      client.sendStream({
        name: 'files.upload',
        path: '/v1/files/upload',
        query: {
          category: file.category,
          subCategory: file.subCategory ?? undefined,
          fileName: file.fileName,
          type: file.type,
        },
        headers: headers(draftId),
        body: file.body,
        size: file.size,
        sha256: file.sha256,
        contentType: STORED_CONTENT_TYPES[file.type],
        schema: UploadAnswerSchema,
      }),
    list: (draftId: string) =>
      client.call({
        name: 'files.list',
        method: 'GET',
        path: '/v1/files',
        headers: headers(draftId),
        schema: FilesSchema,
      }),
    /** spec 4: delete, then the refreshed list. */
    remove: (draftId: string, fileId: string) =>
      client.call({
        name: 'files.remove',
        method: 'DELETE',
        path: filePath(fileId),
        headers: headers(draftId),
        schema: FilesSchema,
      }),
    /** The bytes of one of the draft's files (a Response whose body is unread; 404 for anyone else's). */
    content: (draftId: string, fileId: string) =>
      client.fetchRaw({ name: 'files.content', path: `${filePath(fileId)}/content`, headers: headers(draftId) }),
    /**
     * What the application needs and whether the uploads meet it (the review step's check
     * before submission: `checklist.complete`).
     */
    checklist: (draftId: string) =>
      client.call({
        name: 'files.checklist',
        method: 'GET',
        path: '/v1/files/checklist',
        headers: headers(draftId),
        schema: envelope(ChecklistSchema),
      }),
  }
}
