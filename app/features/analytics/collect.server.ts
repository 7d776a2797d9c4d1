/**
 * The beacon endpoint's work (POST /analytics/events; issue 17 item 5; docs/decisions/0051):
 * what the browser's collector sends after ACCEPT (header link, Register and Login clicks,
 * page views of client-side navigations, web-vitals samples), checked and forwarded to the
 * analytics service with a signed call. Without ACCEPT nothing is forwarded. The answer is
 * 204 whatever became of the count (a beacon has no one to show an error to), except a
 * body over MAX_BEACON_BYTES (413) or one that is not a valid batch (400).
 */
import { AnalyticsBatchSchema } from '../../../lib/analytics-schemas'
import { MAX_BEACON_BYTES } from '../../../lib/analytics'
import { analyticsAccepted } from './consent.server'
import { isKnownPage } from './page-view.server'
import { readAtMost } from '~/utils/read-at-most.server'
import type { Visit } from '~/visit/visit.server'

const noContent = () => new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } })

/** The beacon's body is read from `request` (at most MAX_BEACON_BYTES); the count goes upstream as the portal. */
export async function collectBeacon(visit: Visit, request: Request): Promise<Response> {
  // A declared length over the limit is refused unread; the stream is counted anyway.
  const declared = Number(request.headers.get('content-length') ?? '0')
  const bytes = declared > MAX_BEACON_BYTES ? null : await readAtMost(request.body, MAX_BEACON_BYTES)
  const text = bytes === null ? null : new TextDecoder().decode(bytes)
  if (text === null) return new Response(null, { status: 413 })
  if (!(await analyticsAccepted(request, visit.config))) return noContent()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return new Response(null, { status: 400 })
  }
  const parsed = AnalyticsBatchSchema.safeParse(body)
  if (!parsed.success) return new Response(null, { status: 400 })
  // Pages that are not the portal's are dropped, not counted (a made-up pattern would only clutter the report).
  const batch = {
    pageViews: parsed.data.pageViews.filter((view) => isKnownPage(view.page)),
    events: parsed.data.events,
    vitals: parsed.data.vitals.filter((sample) => isKnownPage(sample.page)),
  }
  if (batch.pageViews.length + batch.events.length + batch.vitals.length === 0) return noContent()
  const counted = await visit.portal.call((upstream) => upstream.analytics.collect(batch))
  if (!counted.ok) visit.logger.warn({ err: counted.error, requestId: visit.requestId }, 'analytics not counted')
  return noContent()
}
