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

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, SALES_TEXT.dashboardTitle, SALES_TEXT.dashboardDescription),
  { name: 'robots', content: 'noindex' },
]

// A kiosk's next user must not find this page in the cache or behind the back button.
export const headers = () => ({ 'cache-control': 'no-store' })

export function loader({ request, context }: LoaderFunctionArgs) {
  return salesDashboard(request, context)
}

export function action({ request, context }: ActionFunctionArgs) {
  return reassignAction(request, context)
}

export default function SalesHome() {
  const page = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  return <SalesDashboard page={page} answer={answer} />
}
