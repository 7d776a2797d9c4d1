/**
 * /sales/leads (issue 33, item 7): spec 7's serviceable leads for a sales admin, newest
 * first. Anyone else in the sales area goes to their own home (asUser's role check).
 */
import { data, type AppLoadContext } from 'react-router'
import { asUser } from '~/visit/by-request.server'
import { ROLE } from '~/auth/roles'
import type { ServiceableLead } from '~/upstream/sales.server'
import { upstreamMessage } from '~/utils/upstream-failure'

export type LeadsPage = { leads: ServiceableLead[] | null; failure: string | null }

export async function salesLeadsPage(request: Request, context: AppLoadContext) {
  const me = await asUser(request, context, { roles: [ROLE.salesAdmin] })
  const answer = await me.call((upstream, token) => upstream.sales.serviceableLeads(token))
  return data<LeadsPage>(
    answer.ok ? { leads: answer.value, failure: null } : { leads: null, failure: upstreamMessage(answer.error) },
    { headers: { 'cache-control': 'no-store' } },
  )
}
