/** /customer/payment-success/{id} (spec 2): where the gateway sends the customer back; the payment's true state. */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { PayLayout, PaymentStatusScreen } from '~/features/payments/pay-pages'
import { customerSuccessPage } from '~/features/payments/pay.server'
import { PAY_TEXT } from '~/features/payments/texts'
import { pageMeta } from '~/ui/page-meta'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, PAY_TEXT.statusTitle, PAY_TEXT.payDescription),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return customerSuccessPage(visitOf(request, context), params.id)
}

export default function PaymentSuccess() {
  const page = useLoaderData<typeof loader>()
  return (
    <PayLayout title={PAY_TEXT.statusTitle}>
      <PaymentStatusScreen page={page} />
    </PayLayout>
  )
}
