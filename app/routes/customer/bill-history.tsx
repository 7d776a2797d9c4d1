/**
 * /customer/bill-history (spec 2; issue 11 item 3): amount due, statements and bill history
 * of one of the customer's accounts (?account=, else spec 3's default). Another customer's
 * account is refused with spec 8's message (docs/security.md, Access control).
 */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { BillHistoryBody } from '~/features/bills/bill-history'
import { billHistoryPage } from '~/features/bills/bill-history.server'
import { visitOf } from '~/visit/visit.server'
import { BILLS_TEXT } from '~/features/bills/texts'
import { pageMeta } from '~/ui/page-meta'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, BILLS_TEXT.pageTitle, BILLS_TEXT.pageDescription),
  { name: 'robots', content: 'noindex' },
]

// Personal data: never kept by a cache or shown again by the back button after logout.
export const headers = () => ({ 'cache-control': 'no-store' })

export function loader({ request, context }: LoaderFunctionArgs) {
  return billHistoryPage(visitOf(request, context), new URL(request.url))
}

export default function BillHistory() {
  const page = useLoaderData<typeof loader>()
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{BILLS_TEXT.pageTitle}</h1>
      <BillHistoryBody page={page} />
    </section>
  )
}
