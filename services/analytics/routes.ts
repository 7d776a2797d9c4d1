/**
 * The analytics calls (issue 17 item 5; spec 7 names page views, events and a web-vitals hook
 * but shows no paths: these are ours; docs/decisions/0051).
 *   POST /v1/analytics/collect          { pageViews, events, vitals } (lib/analytics-schemas.ts)
 *                                       counts them; signed by the portal, no user
 *   GET  /v1/analytics/report?days=14   page views and events per day, web vitals' p75 per
 *                                       page; a bearer token with the operator role (403 else)
 */
import { Hono } from 'hono'
import { AnalyticsBatchSchema } from '../../lib/analytics-schemas.ts'
import { OPERATOR_ROLE } from '../../lib/analytics.ts'
import { requireCaller, type AccessTokenVerifier, type BearerEnv } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import { ServiceError, ok } from '../errors.ts'
import { readJsonBody } from '../validation.ts'
import { MAX_REPORT_DAYS, createAnalyticsService, type AnalyticsService } from './service.ts'

export const ANALYTICS_COLLECT_PATH = '/v1/analytics/collect'

export function analyticsRoutes(
  deps: ServiceDeps & { accessTokens: AccessTokenVerifier },
  service: AnalyticsService = createAnalyticsService(deps),
) {
  const app = new Hono<BearerEnv>()

  app.post(ANALYTICS_COLLECT_PATH, async (c) => {
    await service.record(await readJsonBody(c, AnalyticsBatchSchema))
    return c.json(ok({}))
  })

  app.use('/v1/analytics/report', requireCaller(deps.accessTokens))
  app.get('/v1/analytics/report', async (c) => {
    if (!c.get('caller').roles.includes(OPERATOR_ROLE)) {
      throw new ServiceError(403, 'forbidden', 'The analytics report is for operators.')
    }
    const days = Number(c.req.query('days') ?? '14')
    if (!Number.isInteger(days) || days < 1 || days > MAX_REPORT_DAYS) {
      throw new ServiceError(400, 'invalid_query', `days is a whole number from 1 to ${MAX_REPORT_DAYS}.`)
    }
    return c.json(ok(await service.report(days)))
  })

  return app
}
