/**
 * /payment/{accountNumber}/{id}: a guest's payment as it truly stands (the gateway's return,
 * or the counter reference's slip); DONE makes this browser forget its guest payments.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { PayLayout, PaymentStatusScreen } from '~/features/payments/pay-pages'
import { guestDone, guestStatusPage } from '~/features/payments/pay.server'
import { PAY_TEXT } from '~/features/payments/texts'
import { pageMeta } from '~/ui/page-meta'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, PAY_TEXT.statusTitle, PAY_TEXT.payDescription),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return guestStatusPage(visitOf(request, context), new URL(request.url), params)
}

export function action({ request, context }: ActionFunctionArgs) {
  return guestDone(visitOf(request, context))
}

export default function GuestPaymentStatus() {
  const page = useLoaderData<typeof loader>()
  return (
    <PayLayout title={PAY_TEXT.statusTitle}>
      <PaymentStatusScreen page={page} doneAction="." />
    </PayLayout>
  )
}
