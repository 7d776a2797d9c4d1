/**
 * /sales/leads (issue 33, item 7): spec 7's serviceable leads for a sales admin, newest
 * first. Anyone else in the sales area goes to their own home (visit.signedIn's role check).
 */
import { data } from 'react-router'
import { ROLE } from '~/auth/roles'
import type { ServiceableLead } from '~/upstream/sales.server'
import type { Visit } from '~/visit/visit.server'

export type LeadsPage = { leads: ServiceableLead[] | null; failure: string | null }

export async function salesLeadsPage(visit: Visit) {
  const me = await visit.signedIn({ roles: [ROLE.salesAdmin] })
  const answer = await me.call((upstream, token) => upstream.sales.serviceableLeads(token))
  return data<LeadsPage>(
    answer.ok ? { leads: answer.value, failure: null } : { leads: null, failure: answer.message },
    { headers: { 'cache-control': 'no-store' } },
  )
}
