/**
 * The analytics calls (issue 17 item 5; services/analytics/routes.ts; docs/decisions/0051):
 * counting a batch of page views, events and web-vitals samples (signed by the portal, no
 * user), and the operator's report (as the signed-in operator).
 */
import { z } from 'zod'
import type { AnalyticsBatchInput } from '../../lib/analytics-schemas'
import { ANALYTICS_EVENTS, HEADER_LINKS } from '../../lib/analytics'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)
const Vital = z.object({ p75: z.number(), samples: z.number().int().nonnegative() }).nullable()

export const AnalyticsReportSchema = z.object({
  from: Day,
  to: Day,
  pageViews: z.array(z.object({ day: Day, page: z.string(), views: z.number().int() })),
  events: z.array(
    z.object({
      day: Day,
      name: z.enum(ANALYTICS_EVENTS),
      link: z.enum(HEADER_LINKS).nullable(),
      count: z.number().int(),
    }),
  ),
  vitals: z.array(z.object({ page: z.string(), LCP: Vital, INP: Vital, CLS: Vital })),
})
export type AnalyticsReport = z.infer<typeof AnalyticsReportSchema>

export function analyticsCalls(client: UpstreamClient) {
  return {
    collect: (batch: AnalyticsBatchInput) =>
      client.call({
        name: 'analytics.collect',
        method: 'POST',
        path: '/v1/analytics/collect',
        body: batch,
        schema: envelope(z.object({})),
      }),

    report: (accessToken: string, days: number) =>
      client.call({
        name: 'analytics.report',
        method: 'GET',
        path: '/v1/analytics/report',
        query: { days },
        accessToken,
        schema: envelope(AnalyticsReportSchema),
      }),
  }
}
