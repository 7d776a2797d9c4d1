/** /sales/account (spec 2; issue 13 item 5): Account Info; opening it closes the customer application open in this browser. */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { SalesAccount } from '~/features/sales/account-page'
import { salesAccountPage } from '~/features/sales/account.server'
import { visitOf } from '~/visit/visit.server'
import { ACCOUNT_TEXT } from '~/features/sales/texts'
import { pageMeta } from '~/ui/page-meta'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, ACCOUNT_TEXT.title, ACCOUNT_TEXT.description),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export function loader({ request, context }: LoaderFunctionArgs) {
  return salesAccountPage(visitOf(request, context))
}

export default function SalesAccountRoute() {
  return <SalesAccount page={useLoaderData<typeof loader>()} />
}
