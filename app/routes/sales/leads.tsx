/** /sales/leads (issue 33, item 7): spec 7's serviceable leads, for sales admins. */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { SalesLeads } from '~/features/sales/leads-page'
import { salesLeadsPage } from '~/features/sales/leads.server'
import { LEADS_TEXT } from '~/features/sales/texts'
import { pageMeta } from '~/ui/page-meta'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, LEADS_TEXT.title, LEADS_TEXT.description),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export function loader({ request, context }: LoaderFunctionArgs) {
  return salesLeadsPage(visitOf(request, context))
}

export default function SalesLeadsRoute() {
  return <SalesLeads page={useLoaderData<typeof loader>()} />
}
