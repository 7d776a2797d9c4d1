/** /customer/payment-failed (spec 2, 8): 'Unable to process payment!', the advice to try other channels, and the payment if named. */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { PayLayout, PaymentStatusScreen } from '~/features/payments/pay-pages'
import { customerFailedPage } from '~/features/payments/pay.server'
import { PAY_TEXT } from '~/features/payments/texts'
import { pageMeta } from '~/ui/page-meta'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, PAY_TEXT.unableToProcess, PAY_TEXT.tryOtherChannels),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export function loader({ request, context }: LoaderFunctionArgs) {
  return customerFailedPage(visitOf(request, context), new URL(request.url))
}

export default function PaymentFailed() {
  const page = useLoaderData<typeof loader>()
  return (
    <PayLayout title={PAY_TEXT.statusTitle}>
      <PaymentStatusScreen page={page} />
    </PayLayout>
  )
}
