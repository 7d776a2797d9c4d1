/**
 * /sales/account, Account Info (issue 13, item 5; spec 2: "Account Info (clears draft
 * data)"): the agent's own profile from agent details, and the customer application open in
 * this browser closed: its draft cookie expired, so the kiosk's next customer starts clean.
 * The draft stays upstream, the agent's, until it expires (4 hours after its last save).
 */
import { data, type AppLoadContext } from '@remix-run/node'
import { asUser } from '~/auth/as-user.server'
import { SALES_ROLES } from '~/auth/roles'
import { clearDraftCookie } from '~/features/drafts/draft.server'
import type { AgentProfile } from '~/upstream/sales.server'
import { hasCookie } from '~/utils/cookies.server'

export type SalesAccountPage = { agent: AgentProfile | null; draftCleared: boolean; givenName: string }

export async function salesAccountPage(request: Request, context: AppLoadContext) {
  const me = await asUser(request, context, { roles: SALES_ROLES })
  const details = await me.call((upstream, token) => upstream.sales.agentDetails(token))
  const hadDraft = hasCookie(request, 'draft') || hasCookie(request, '__Host-draft')
  const headers = new Headers({ 'cache-control': 'no-store' })
  if (hadDraft) headers.append('set-cookie', await clearDraftCookie(context.config))
  return data<SalesAccountPage>(
    { agent: details.ok ? details.value : null, draftCleared: hadDraft, givenName: me.claims.given_name ?? '' },
    { headers },
  )
}
