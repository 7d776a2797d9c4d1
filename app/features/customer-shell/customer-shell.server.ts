/**
 * What the customer shell needs on every customer page (spec 2): the greeting, the
 * notification bell's data, the account-management flag, the drawer's external links, the
 * account the top bar's Pay pays, and the layout rule's answer; when
 * the rule hides the page, the linked accounts awaiting proof, to verify from here.
 */
import { ROLE } from '~/auth/roles'
import { loadNotificationBell } from '~/features/notifications/notifications.server'
import { defaultAccountNumber } from '~/features/own-account/accounts'
import { linkedAccountsView } from '~/features/own-account/own-account.server'
import type { Visit } from '~/visit/visit.server'
import { showsCustomerContent } from './layout-rule'

/** spec 8's page for an outside page with no address (app/routes/public/available-soon.tsx). */
const AVAILABLE_SOON = '/available-soon'

export async function customerShellData(visit: Visit, url: URL) {
  const me = await visit.signedIn({ roles: [ROLE.customer] })
  const { claims } = me
  const content = showsCustomerContent({
    roles: claims.realm_access?.roles ?? [],
    accountNumbers: claims.accountNumber ?? [],
  })
  return {
    givenName: claims.given_name ?? me.user.givenName,
    accountManagement: visit.config.ACCOUNT_MGMT_ENABLED,
    // Outside sites; not configured, 'This webpage will be available soon' (issue 33).
    updateAccountUrl: visit.config.UPDATE_ACCOUNT_URL ?? AVAILABLE_SOON,
    planUpgradeUrl: visit.config.PLAN_UPGRADE_URL ?? AVAILABLE_SOON,
    // The top bar's Pay: the account the dashboard shows (issue 33); none before one is proven.
    payAccount: content ? defaultAccountNumber(claims.accountNumber ?? [], claims.activeAccountNumber) : null,
    content,
    accounts: content ? null : linkedAccountsView(url, claims),
    // The bell's count and newest three, one upstream call; never throws (its own error text).
    bell: content ? await loadNotificationBell(me) : null,
  }
}
