/** /sales (spec 2; issue 13 items 1 and 6): the sales dashboard. */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { SalesDashboard } from '~/features/sales/dashboard'
import { reassignAction, salesDashboard } from '~/features/sales/dashboard.server'
import { SALES_TEXT } from '~/features/sales/texts'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, SALES_TEXT.dashboardTitle, SALES_TEXT.dashboardDescription),
  { name: 'robots', content: 'noindex' },
]

// A kiosk's next user must not find this page in the cache or behind the back button.
export const headers = () => ({ 'cache-control': 'no-store' })

export function loader({ request, context }: LoaderFunctionArgs) {
  return salesDashboard(visitOf(request, context), new URL(request.url))
}

export async function action({ request, context }: ActionFunctionArgs) {
  return reassignAction(visitOf(request, context), await readForm(request))
}

export default function SalesHome() {
  const page = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  return <SalesDashboard page={page} answer={answer} />
}
