/**
 * The operator's analytics report (issue 17 item 5; docs/operations.md, Analytics): the last
 * 14 days from the analytics service, as the signed-in operator. Anyone else is sent where
 * every role guard sends them (spec 4: customers home with a toast; anonymous to login).
 */
import type { AppLoadContext } from 'react-router'
import { asUser } from '~/visit/by-request.server'
import { ROLE } from '~/auth/roles'
import type { AnalyticsReport } from '~/upstream/analytics.server'

export const REPORT_DAYS = 14

export async function loadAnalyticsReport(
  request: Request,
  context: AppLoadContext,
): Promise<{ report: AnalyticsReport | null }> {
  const me = await asUser(request, context, { roles: [ROLE.operator] })
  const answer = await me.call((upstream, token) => upstream.analytics.report(token, REPORT_DAYS))
  if (!answer.ok) context.logger.warn({ kind: answer.error.kind }, 'analytics report failed')
  return { report: answer.ok ? answer.value : null }
}
