/**
 * The files calls (spec 7: upload, list, delete; public like the cart, spec 6). Every call
 * names the draft in the x-draft-id header (lib/catalog.ts, DRAFT_ID_HEADER); a file of
 * any other draft answers 404 as an unknown one does (docs/decisions/0031).
 *   POST   /v1/files/upload?category&subCategory&fileName&type   the file's bytes as the body,
 *          with Content-Length and x-content-sha256 (signed in place of the body); 201 { status: true, data: entry }
 *   GET    /v1/files                      { status: true, data: { files } }
 *   GET    /v1/files/checklist            { status: true, data: checklist }
 *   GET    /v1/files/:fileId/content      the bytes: Content-Type by content, Content-Disposition attachment
 *   DELETE /v1/files/:fileId              { status: true, data: { files } } (the refreshed list, spec 4)
 *   POST   /v1/compliance/files?category&subCategory&fileName&type   a rejected category's document sent
 *          again, with the compliance link's token and session in headers (no draft); 201 { file, compliance }
 */
import { Hono, type Context } from 'hono'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { z } from 'zod'
import { DRAFT_ID_HEADER } from '../../lib/catalog.ts'
import {
  CONTENT_SHA256_HEADER,
  DocumentCategorySchema,
  FileNameSchema,
  type DocumentCategory,
  STORED_CONTENT_TYPES,
  UPLOAD_MESSAGES,
} from '../../lib/documents.ts'
import { LinkTokenSchema } from '../../lib/application-status.ts'
import { DraftIdSchema } from '../../lib/draft-sections.ts'
import { TRACKING_MESSAGES } from '../applications/tracking.ts'
import { toWebStream } from '../../lib/web-streams.ts'
import type { ServiceDeps } from '../context.ts'
import { draftNotFound } from '../drafts/service.ts'
import { ok, ServiceError } from '../errors.ts'
import { fieldErrorsOf } from '../validation.ts'
import { createFileService, fileNotFound, type FileService, type UploadMeta } from './service.ts'

const UPLOAD_PATH = '/v1/files/upload'
const COMPLIANCE_UPLOAD_PATH = '/v1/compliance/files'

/** The calls whose body the gateway does not read: their routes check the signed hash while streaming. */
export function isStreamedUpload(method: string, path: string): boolean {
  return method === 'POST' && (path === UPLOAD_PATH || path === COMPLIANCE_UPLOAD_PATH)
}

/** The compliance link's token and the session its code opened (bearer secrets: headers, never the logged path). */
export const COMPLIANCE_TOKEN_HEADER = 'x-compliance-token'
export const COMPLIANCE_SESSION_HEADER = 'x-compliance-session'

const UploadQuerySchema = z.strictObject({
  category: DocumentCategorySchema,
  subCategory: z
    .string()
    .regex(/^[A-Za-z]{1,40}$/)
    .optional(),
  fileName: FileNameSchema,
  type: z.enum(['jpg', 'pdf'], { error: UPLOAD_MESSAGES.wrongType }),
  reupload: z.enum(['true', 'false']).optional(),
})

// For a call that names the category in its path (the sales compliance upload).
const FileQuerySchema = UploadQuerySchema.omit({ category: true })

/** The upload's query, or the field errors as a 400. */
function uploadQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const query = schema.safeParse(c.req.query())
  if (!query.success) {
    const fields = fieldErrorsOf(query.error)
    const message = fields.fileName?.[0] ?? fields.type?.[0] ?? 'Some fields are not valid.'
    throw new ServiceError(400, 'invalid_input', message, fields)
  }
  return query.data
}

/** The declared Content-Length (the service counts the bytes against it while they stream). */
function declaredSize(c: Context): number {
  const size = Number(c.req.header('content-length'))
  if (!Number.isSafeInteger(size) || size <= 0) {
    // A file with nothing in it says so, as the portal does (issue 32); no length at all is no file.
    const message = c.req.header('content-length') === '0' ? UPLOAD_MESSAGES.emptyFile : UPLOAD_MESSAGES.empty
    throw new ServiceError(400, 'invalid_input', message, { file: [message] })
  }
  return size
}

/**
 * What a streamed upload declares before a byte is read: the category, sub-category, file
 * name and type in the query (the category in the path instead when a call names it there),
 * the size in Content-Length and the SHA-256 the gateway checked the signature over.
 */
export function streamedUploadMeta(c: Context, pathCategory?: DocumentCategory): UploadMeta {
  const query =
    pathCategory === undefined
      ? uploadQuery(c, UploadQuerySchema)
      : { ...uploadQuery(c, FileQuerySchema), category: pathCategory }
  return {
    category: query.category,
    subCategory: query.subCategory ?? null,
    fileName: query.fileName,
    type: query.type,
    size: declaredSize(c),
    sha256: c.req.header(CONTENT_SHA256_HEADER)!,
  }
}

function draftIdOf(c: Context): string {
  const parsed = DraftIdSchema.safeParse(c.req.header(DRAFT_ID_HEADER))
  if (!parsed.success) throw draftNotFound()
  return parsed.data
}

function fileIdOf(c: Context): string {
  const parsed = z.uuid().safeParse(c.req.param('fileId'))
  if (!parsed.success) throw fileNotFound()
  return parsed.data
}

/** An attachment header for a name the upload rules already made safe: an ASCII fallback and the UTF-8 original. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

export function fileRoutes(deps: ServiceDeps, service: FileService = createFileService(deps)) {
  const app = new Hono()
  app.use('/v1/files/*', async (c, next) => {
    await next()
    c.header('cache-control', 'no-store')
  })
  app.use('/v1/files', async (c, next) => {
    await next()
    c.header('cache-control', 'no-store')
  })

  app.post(UPLOAD_PATH, async (c) => {
    const draftId = draftIdOf(c)
    const meta = streamedUploadMeta(c)
    const entry = await service.upload(draftId, meta, c.req.raw.body as WebReadableStream<Uint8Array> | null)
    return c.json(ok(entry), 201)
  })

  // A rejected document sent again (issue 10 part 4): the link's token and its session, not an application id.
  app.post(COMPLIANCE_UPLOAD_PATH, async (c) => {
    const token = LinkTokenSchema.safeParse(c.req.header(COMPLIANCE_TOKEN_HEADER))
    const session = LinkTokenSchema.safeParse(c.req.header(COMPLIANCE_SESSION_HEADER))
    if (!token.success || !session.success) {
      throw new ServiceError(404, 'link_invalid', TRACKING_MESSAGES.linkInvalid)
    }
    const meta = streamedUploadMeta(c)
    const body = c.req.raw.body as WebReadableStream<Uint8Array> | null
    const { entry, view } = await service.complianceUpload(token.data, session.data, meta, body)
    c.header('cache-control', 'no-store')
    return c.json(ok({ file: entry, compliance: view }), 201)
  })

  app.get('/v1/files', async (c) => c.json(ok({ files: await service.list(draftIdOf(c)) })))

  app.get('/v1/files/checklist', async (c) => c.json(ok(await service.checklist(draftIdOf(c)))))

  app.get('/v1/files/:fileId/content', async (c) => {
    const { entry, body } = await service.open(draftIdOf(c), fileIdOf(c))
    return new Response(toWebStream(body), {
      headers: {
        'content-type': STORED_CONTENT_TYPES[entry.type],
        'content-length': String(entry.size),
        'content-disposition': attachmentHeader(entry.fileName),
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      },
    })
  })

  app.delete('/v1/files/:fileId', async (c) => c.json(ok({ files: await service.remove(draftIdOf(c), fileIdOf(c)) })))

  return app
}
