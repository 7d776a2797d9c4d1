/**
 * The sales calls (issue 13; spec 7, Sales; docs/decisions/0044). Every call needs a bearer
 * token (401 without) of a sales agent or sales admin (403 for anyone else). An application
 * or draft the caller does not answer for is 404, as an unknown one. `:refId` is an
 * application's reference number (OO-…) or a draft's order id (DR-…). Every answer is
 * `{ status: true, data }` (spec 5: the sales PATCH and DELETE require status true).
 *
 *   GET    /v1/sales/agent-details                           the caller's profile: code, type, TSM, team
 *   GET    /v1/sales/applications?search&status&from&to&agentCode&page&pageSize
 *                                                             applications and drafts, newest first, paged
 *   PATCH  /v1/sales/applications { agentCode, refIDList }    bulk reassign (sales admin), all or nothing
 *   GET    /v1/sales/stats?agentCode                          this week, this month, conversion, 14 days
 *   GET    /v1/sales/applications/:refId                      details: everything filed, documents, timeline
 *   PATCH  /v1/sales/applications/:refId { agentCode }        reassign one (sales admin)
 *   DELETE /v1/sales/applications/:refId                      delete a draft (its agent or their admin)
 *   POST   /v1/sales/applications/:orderId/resume             resume a draft (spec 4, issue 13 item 2): a new draft
 *          id (the previous one opens nothing any more), { draftId, orderId, expiresAt, customerSegment };
 *          the order id follows the new id
 *   GET    /v1/sales/applications/:refId/documents/:fileId/content   a document's bytes
 *   POST   /v1/sales/applications/:refId/notifications/pdf    email the customer the PDF summary
 *   POST   /v1/sales/applications/:refId/compliance-links     resend the compliance link
 *   GET    /v1/sales/applications/:refId/compliance           the categories open for re-upload, with reasons
 *   POST   /v1/sales/applications/:refId/compliance/:category?fileName&type&subCategory
 *          a rejected category's document sent again on the customer's behalf (issue 13 item 4): the
 *          bytes streamed as the body with Content-Length and x-content-sha256 (signed in place of the
 *          body, as the customer's POST /v1/compliance/files); 201 { file, compliance }; 409 when the
 *          category is not open
 *   GET    /v1/sales/serviceable-leads                        spec 7's serviceable leads (sales admin): the
 *          team's and the visitors' own, newest first (issue 33, item 7)
 *   GET    /v1/sales/promo-codes?segment                      promo codes valid today
 *   POST   /v1/sales/promo-codes/validate { code, segment? }  checks a code (422 when not valid)
 */
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { ISO_DATE, isCalendarDate } from '../../lib/application.ts'
import { requireCaller, type AccessTokenVerifier, type BearerEnv } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import { ok, ServiceError } from '../errors.ts'
import { categoryNotOpen } from '../applications/tracking.ts'
import { attachmentHeader, streamedUploadMeta } from '../files/routes.ts'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { DocumentCategorySchema, STORED_CONTENT_TYPES } from '../../lib/documents.ts'
import { toWebStream } from '../../lib/web-streams.ts'
import { fieldErrorsOf, readJsonBody } from '../validation.ts'
import { createSalesService, notFound, SALES_BUCKETS, SALES_LIMITS, type SalesService } from './service.ts'

const AgentCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, { error: 'Not an agent code.' })
const CalendarDateSchema = z
  .string()
  .regex(ISO_DATE, { error: 'A date as YYYY-MM-DD.' })
  .refine(isCalendarDate, { error: 'A date as YYYY-MM-DD.' })
const SegmentSchema = z.enum(['Residential', 'SME'])

const ListQuerySchema = z
  .object({
    search: z.string().trim().max(100).optional(),
    status: z.enum(SALES_BUCKETS).optional(),
    from: CalendarDateSchema.optional(),
    to: CalendarDateSchema.optional(),
    agentCode: AgentCodeSchema.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(SALES_LIMITS.maxPageSize).default(SALES_LIMITS.defaultPageSize),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'The start is after the end.', path: ['to'] })

const StatsQuerySchema = z.object({ agentCode: AgentCodeSchema.optional() })
const PromoQuerySchema = z.object({ segment: SegmentSchema.optional() })
const ReassignSchema = z.strictObject({ agentCode: AgentCodeSchema })
const BulkUpdateSchema = z.strictObject({
  agentCode: AgentCodeSchema,
  refIDList: z.array(z.string().trim().min(1).max(40)).min(1).max(SALES_LIMITS.maxBulk),
})
const ValidatePromoSchema = z.strictObject({
  code: z.string().trim().min(1).max(40),
  segment: SegmentSchema.optional(),
})

const COMPLIANCE_UPLOAD_PATH = /^\/v1\/sales\/applications\/[^/]+\/compliance\/[^/]+$/

/** The sales call whose body the gateway does not read: its route checks the signed hash while the bytes stream. */
export function isSalesStreamedUpload(method: string, path: string): boolean {
  return method === 'POST' && COMPLIANCE_UPLOAD_PATH.test(path)
}

function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.query())
  if (parsed.success) return parsed.data
  throw new ServiceError(422, 'invalid_input', 'Some fields are not valid.', fieldErrorsOf(parsed.error))
}

function refIdOf(c: Context): string {
  const refId = c.req.param('refId') ?? ''
  if (!/^[A-Za-z0-9-]{1,40}$/.test(refId)) throw notFound()
  return refId
}

export function salesRoutes(
  deps: ServiceDeps & { accessTokens: AccessTokenVerifier },
  service: SalesService = createSalesService(deps),
) {
  const app = new Hono<BearerEnv>()
  app.use('/v1/sales/*', async (c, next) => {
    await next()
    c.header('cache-control', 'no-store')
  })
  app.use('/v1/sales/*', requireCaller(deps.accessTokens))

  app.get('/v1/sales/agent-details', async (c) => c.json(ok(await service.profile(c.var.caller))))

  app.get('/v1/sales/applications', async (c) => {
    const query = readQuery(c, ListQuerySchema)
    return c.json(ok(await service.list(c.var.caller, { ...query, bucket: query.status })))
  })

  app.patch('/v1/sales/applications', async (c) => {
    const { agentCode, refIDList } = await readJsonBody(c, BulkUpdateSchema)
    return c.json(ok(await service.bulkUpdate(c.var.caller, agentCode, refIDList)))
  })

  app.get('/v1/sales/stats', async (c) => {
    const { agentCode } = readQuery(c, StatsQuerySchema)
    return c.json(ok(await service.stats(c.var.caller, agentCode)))
  })

  app.get('/v1/sales/serviceable-leads', async (c) => c.json(ok(await service.serviceableLeads(c.var.caller))))

  app.get('/v1/sales/applications/:refId', async (c) => c.json(ok(await service.details(c.var.caller, refIdOf(c)))))

  app.patch('/v1/sales/applications/:refId', async (c) => {
    const refId = refIdOf(c)
    // Who may is checked before the body: another agent's reference is 404 whatever was sent.
    await service.locate(c.var.caller, refId)
    const { agentCode } = await readJsonBody(c, ReassignSchema)
    return c.json(ok(await service.update(c.var.caller, refId, agentCode)))
  })

  app.delete('/v1/sales/applications/:refId', async (c) =>
    c.json(ok(await service.deleteDraft(c.var.caller, refIdOf(c)))),
  )

  app.post('/v1/sales/applications/:refId/resume', async (c) =>
    c.json(ok(await service.resumeDraft(c.var.caller, refIdOf(c)))),
  )

  app.get('/v1/sales/applications/:refId/documents/:fileId/content', async (c) => {
    const fileId = c.req.param('fileId')
    if (!/^[A-Za-z0-9-]{1,64}$/.test(fileId)) throw notFound()
    const { entry, body } = await service.document(c.var.caller, refIdOf(c), fileId)
    return new Response(toWebStream(body), {
      headers: {
        'content-type': STORED_CONTENT_TYPES[entry.type],
        'content-length': String(entry.size),
        'content-disposition': attachmentHeader(entry.fileName),
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'cache-control': 'no-store',
      },
    })
  })

  app.post('/v1/sales/applications/:refId/notifications/pdf', async (c) =>
    c.json(ok(await service.sendPdf(c.var.caller, refIdOf(c)))),
  )

  app.post('/v1/sales/applications/:refId/compliance-links', async (c) =>
    c.json(ok(await service.resendComplianceLink(c.var.caller, refIdOf(c)))),
  )

  app.get('/v1/sales/applications/:refId/compliance', async (c) =>
    c.json(ok(await service.compliance(c.var.caller, refIdOf(c)))),
  )

  app.post('/v1/sales/applications/:refId/compliance/:category', async (c) => {
    const refId = refIdOf(c)
    // Who may is checked before a byte is read: another agent's reference is 404 whatever was sent.
    await service.locate(c.var.caller, refId)
    const category = DocumentCategorySchema.safeParse(c.req.param('category'))
    if (!category.success) throw categoryNotOpen()
    const meta = streamedUploadMeta(c, category.data)
    const body = c.req.raw.body as WebReadableStream<Uint8Array> | null
    return c.json(ok(await service.complianceUpload(c.var.caller, refId, meta, body)), 201)
  })

  app.get('/v1/sales/promo-codes', async (c) => {
    const { segment } = readQuery(c, PromoQuerySchema)
    return c.json(ok({ promoCodes: await service.promoCodes(c.var.caller, segment) }))
  })

  app.post('/v1/sales/promo-codes/validate', async (c) => {
    const { code, segment } = await readJsonBody(c, ValidatePromoSchema)
    return c.json(ok(await service.validatePromoCode(c.var.caller, code, segment)))
  })

  return app
}
