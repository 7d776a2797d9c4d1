/**
 * The support calls (spec 7, Support: GET concern types, sub-types, after-sales types and
 * lists; POST concern; POST after-sales ticket (v2)), all as the signed-in user (spec 6:
 * after-sales tickets are authenticated). The spec shows no paths; ours:
 *   GET  /v1/support/concern-types
 *   GET  /v1/support/concern-types/{concernType}/sub-types
 *   GET  /v1/support/after-sales-types
 *   GET  /v1/support/tickets                      the caller's concerns and after-sales tickets
 *   GET  /v1/support/tickets/{referenceNumber}    one of them; anyone else's is a 404
 *   POST /v1/support/concern                      { accountNumber, concernType, subType, description }
 *   POST /v2/support/after-sales-ticket           { accountNumber, afterSalesType, description }
 * Both POSTs need an Idempotency-Key header: the same key again answers the same ticket.
 * Account numbers travel in bodies, never in paths (paths are logged).
 */
import { Hono, type Context } from 'hono'
import {
  AfterSalesTicketSchema,
  ConcernSchema,
  ReferenceNumberSchema,
  SubmissionKeySchema,
  TicketTypeCodeSchema,
} from '../../lib/support.ts'
import { requireCaller, type AccessTokenVerifier, type BearerEnv } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import { ok, ServiceError } from '../errors.ts'
import { readJsonBody } from '../validation.ts'
import { createSupportService, ticketNotFound, type SupportService } from './service.ts'

function submissionKeyOf(c: Context): string {
  const parsed = SubmissionKeySchema.safeParse(c.req.header('idempotency-key'))
  if (!parsed.success) throw new ServiceError(400, 'invalid_request', 'Missing or malformed Idempotency-Key header.')
  return parsed.data
}

export function supportRoutes(
  deps: ServiceDeps & { accessTokens: AccessTokenVerifier },
  service: SupportService = createSupportService(deps),
) {
  const app = new Hono<BearerEnv>()
  app.use('/v1/support/*', requireCaller(deps.accessTokens))
  app.use('/v2/support/*', requireCaller(deps.accessTokens))
  app.use('/v1/support/tickets*', async (c, next) => {
    c.header('cache-control', 'no-store')
    await next()
  })

  app.get('/v1/support/concern-types', async (c) => c.json(ok(await service.concernTypes())))

  app.get('/v1/support/concern-types/:concernType/sub-types', async (c) => {
    const parsed = TicketTypeCodeSchema.safeParse(c.req.param('concernType'))
    if (!parsed.success) throw new ServiceError(404, 'not_found', 'No such concern type.')
    return c.json(ok(await service.subTypes(parsed.data)))
  })

  app.get('/v1/support/after-sales-types', async (c) => c.json(ok(await service.afterSalesTypes())))

  app.get('/v1/support/tickets', async (c) => c.json(ok(await service.list(c.get('caller')))))

  app.get('/v1/support/tickets/:referenceNumber', async (c) => {
    const parsed = ReferenceNumberSchema.safeParse(c.req.param('referenceNumber'))
    if (!parsed.success) throw ticketNotFound()
    return c.json(ok(await service.get(c.get('caller'), parsed.data)))
  })

  app.post('/v1/support/concern', async (c) => {
    const key = submissionKeyOf(c)
    const concern = await readJsonBody(c, ConcernSchema)
    return c.json(ok(await service.fileConcern(c.get('caller'), key, concern)), 201)
  })

  app.post('/v2/support/after-sales-ticket', async (c) => {
    const key = submissionKeyOf(c)
    const ticket = await readJsonBody(c, AfterSalesTicketSchema)
    return c.json(ok(await service.fileAfterSales(c.get('caller'), key, ticket)), 201)
  })

  return app
}
