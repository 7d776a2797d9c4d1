/**
 * /sales/account, Account Info (issue 13, item 5; spec 2: "Account Info (clears draft
 * data)"): the agent's own profile from agent details, and the customer application open in
 * this browser closed: its draft cookie expired, so the kiosk's next customer starts clean.
 * The draft stays upstream, the agent's, until it expires (4 hours after its last save).
 */
import { data, type AppLoadContext } from 'react-router'
import { asUser } from '~/visit/by-request.server'
import { SALES_ROLES } from '~/auth/roles'
import { forgetDraft } from '~/features/drafts/draft.server'
import type { AgentProfile } from '~/upstream/sales.server'

export type SalesAccountPage = { agent: AgentProfile | null; draftCleared: boolean; givenName: string }

export async function salesAccountPage(request: Request, context: AppLoadContext) {
  const me = await asUser(request, context, { roles: SALES_ROLES })
  const details = await me.call((upstream, token) => upstream.sales.agentDetails(token))
  // The cookie goes, the draft stays the agent's upstream (the same as starting another customer).
  const headers = await forgetDraft(request, context)
  const hadDraft = headers.has('set-cookie')
  headers.set('cache-control', 'no-store')
  return data<SalesAccountPage>(
    { agent: details.ok ? details.value : null, draftCleared: hadDraft, givenName: me.claims.given_name ?? '' },
    { headers },
  )
}
