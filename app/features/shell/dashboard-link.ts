/**
 * The public drawer's Dashboard (spec 2, 6): a customer's is /customer. Non-sales users see
 * the dashboard menu only if the agent-dashboard-no-limit setting (SFA_DASHBOARD_NO_LIMITATION)
 * is 'true' and they are not customers: then it leads to their home. Sales users have the sales
 * area's own menus.
 */
import type { UserKind } from '~/auth/roles'

export function dashboardHref(user: { kind: UserKind; home: string } | null, noLimitation: boolean): string | null {
  if (!user || user.kind === 'sales') return null
  if (user.kind === 'customer') return '/customer'
  return noLimitation ? user.home : null
}
