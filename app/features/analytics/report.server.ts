/**
 * The operator's analytics report (issue 17 item 5; docs/operations.md, Analytics): the last
 * 14 days from the analytics service, as the signed-in operator. Anyone else is sent where
 * every role guard sends them (spec 4: customers home with a toast; anonymous to login).
 */
import { ROLE } from '~/auth/roles'
import type { AnalyticsReport } from '~/upstream/analytics.server'
import type { Visit } from '~/visit/visit.server'

export const REPORT_DAYS = 14

export async function loadAnalyticsReport(visit: Visit): Promise<{ report: AnalyticsReport | null }> {
  const me = await visit.signedIn({ roles: [ROLE.operator] })
  const answer = await me.call((upstream, token) => upstream.analytics.report(token, REPORT_DAYS))
  if (!answer.ok) visit.logger.warn({ kind: answer.error.kind }, 'analytics report failed')
  return { report: answer.ok ? answer.value : null }
}
