/**
 * The "no internet" calls (issue 37, item 6; docs/decisions/0077), all as the signed-in user.
 * Account numbers travel in signed bodies, never in paths (paths are logged), so reads are
 * POSTs too:
 *   POST /v1/repairs/no-internet              { accountNumber }             the open report, or whether one is offered
 *   POST /v1/repairs/no-internet/start        { accountNumber }             starts one (409 when not offered)
 *   POST /v1/repairs/no-internet/report       { accountNumber, reportId }   one of the caller's reports
 *   POST /v1/repairs/no-internet/restart      { accountNumber, reportId }   restarts the modem, records it
 *   POST /v1/repairs/no-internet/answer       { accountNumber, reportId, answer }   'yes' | 'no' | 'skip'
 *   POST /v1/repairs/visits                   { accountNumber, reportId, slotId }   books, or moves, the visit
 *   POST /v1/repairs/visits/cancel            { accountNumber, reportId }   cancels it
 *   GET  /v1/repairs/by-ticket/{reference}    the report a ticket of the caller's came from, or null
 */
import { Hono } from 'hono'
import {
  NoInternetAnswerSchema,
  NoInternetReportSchema,
  NoInternetStartSchema,
  VisitBookingSchema,
} from '../../lib/repairs.ts'
import { ReferenceNumberSchema } from '../../lib/support.ts'
import { requireCaller, type AccessTokenVerifier, type BearerEnv } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import { ok } from '../errors.ts'
import { readJsonBody } from '../validation.ts'
import type { RepairsService } from './service.ts'

export function repairRoutes(deps: ServiceDeps & { accessTokens: AccessTokenVerifier }, service: RepairsService) {
  const app = new Hono<BearerEnv>()
  app.use('/v1/repairs/*', requireCaller(deps.accessTokens))
  app.use('/v1/repairs/*', async (c, next) => {
    c.header('cache-control', 'no-store')
    await next()
  })

  app.post('/v1/repairs/no-internet', async (c) => {
    const { accountNumber } = await readJsonBody(c, NoInternetStartSchema)
    return c.json(ok(await service.current(c.get('caller'), accountNumber)))
  })

  app.post('/v1/repairs/no-internet/start', async (c) => {
    const { accountNumber } = await readJsonBody(c, NoInternetStartSchema)
    return c.json(ok(await service.start(c.get('caller'), accountNumber)))
  })

  app.post('/v1/repairs/no-internet/report', async (c) => {
    const { accountNumber, reportId } = await readJsonBody(c, NoInternetReportSchema)
    return c.json(ok(await service.report(c.get('caller'), accountNumber, reportId)))
  })

  app.post('/v1/repairs/no-internet/restart', async (c) => {
    const { accountNumber, reportId } = await readJsonBody(c, NoInternetReportSchema)
    return c.json(ok(await service.restart(c.get('caller'), accountNumber, reportId)))
  })

  app.post('/v1/repairs/no-internet/answer', async (c) => {
    const { accountNumber, reportId, answer } = await readJsonBody(c, NoInternetAnswerSchema)
    return c.json(ok(await service.answer(c.get('caller'), accountNumber, reportId, answer)))
  })

  app.post('/v1/repairs/visits', async (c) => {
    const { accountNumber, reportId, slotId } = await readJsonBody(c, VisitBookingSchema)
    return c.json(ok(await service.bookVisit(c.get('caller'), accountNumber, reportId, slotId)))
  })

  app.post('/v1/repairs/visits/cancel', async (c) => {
    const { accountNumber, reportId } = await readJsonBody(c, NoInternetReportSchema)
    return c.json(ok(await service.cancelVisit(c.get('caller'), accountNumber, reportId)))
  })

  app.get('/v1/repairs/by-ticket/:reference', async (c) => {
    const parsed = ReferenceNumberSchema.safeParse(c.req.param('reference'))
    return c.json(ok(parsed.success ? await service.byTicket(c.get('caller'), parsed.data) : null))
  })

  return app
}
