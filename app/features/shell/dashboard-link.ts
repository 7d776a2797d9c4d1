/**
 * The public drawer's Dashboard (spec 2, 6): a customer's is /customer. Non-sales users see
 * the dashboard menu only if the agent-dashboard-no-limit setting (SFA_DASHBOARD_NO_LIMITATION)
 * is 'true' and they are not customers: then it leads to their home. An operator's is their
 * analytics report. Sales users have the sales area's own menus. The header shows it on wide
 * screens too.
 */
import { ROLE, type UserKind } from '~/auth/roles'

/** Where an operator works (issue 17 item 5): their Dashboard is the analytics report. */
export const OPERATOR_DASHBOARD = '/ops/analytics'

export function dashboardHref(
  user: { kind: UserKind; home: string; roles?: readonly string[] } | null,
  noLimitation: boolean,
): string | null {
  if (!user || user.kind === 'sales') return null
  if (user.kind === 'customer') return '/customer'
  // Issue 33: an operator reaches their report from the menu, as every role reaches its pages.
  if (user.roles?.includes(ROLE.operator)) return OPERATOR_DASHBOARD
  return noLimitation ? user.home : null
}
