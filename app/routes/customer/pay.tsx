/** /customer/bill-history/pay/{accountNumber} (spec 2): the customer pays one of their accounts; any other is refused. */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { PayLayout, PayScreen } from '~/features/payments/pay-pages'
import { customerPayAction, customerPayPage } from '~/features/payments/pay.server'
import { PAY_TEXT } from '~/features/payments/texts'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, PAY_TEXT.payTitle, PAY_TEXT.payDescription),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return customerPayPage(visitOf(request, context), params.accountNumber)
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return customerPayAction(visitOf(request, context), await readForm(request), params.accountNumber)
}

export default function CustomerPay() {
  const page = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  return (
    <PayLayout title={PAY_TEXT.payTitle}>
      <PayScreen page={page} answer={answer} />
    </PayLayout>
  )
}
