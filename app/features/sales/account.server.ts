/**
 * /sales/account, Account Info (issue 13, item 5; spec 2: "Account Info (clears draft
 * data)"): the agent's own profile from agent details, and the customer application open in
 * this browser closed: its draft cookie expired, so the kiosk's next customer starts clean.
 * The draft stays upstream, the agent's, until it expires (4 hours after its last save).
 */
import { data } from 'react-router'
import { SALES_ROLES } from '~/auth/roles'
import type { AgentProfile } from '~/upstream/sales.server'
import type { Visit } from '~/visit/visit.server'

export type SalesAccountPage = { agent: AgentProfile | null; draftCleared: boolean; givenName: string }

export async function salesAccountPage(visit: Visit) {
  const me = await visit.signedIn({ roles: SALES_ROLES })
  const details = await me.call((upstream, token) => upstream.sales.agentDetails(token))
  // The cookie goes, the draft stays the agent's upstream (the same as starting another customer).
  const draftCleared = await visit.draft.forget()
  return data<SalesAccountPage>(
    { agent: details.ok ? details.value : null, draftCleared, givenName: me.claims.given_name ?? '' },
    { headers: { 'cache-control': 'no-store' } },
  )
}
