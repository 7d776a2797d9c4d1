/** /payment/{accountNumber} (spec 2): a guest pays an account's bill, seeing only the amount due and a masked name. */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { deviceTokenCookie, heldDeviceTokens } from '~/features/auth/device-cookie.server'
import { PayLayout, PayScreen } from '~/features/payments/pay-pages'
import { guestPayAction, guestPayPage } from '~/features/payments/pay.server'
import { PAY_TEXT } from '~/features/payments/texts'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, PAY_TEXT.payTitle, PAY_TEXT.payDescription),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const visit = visitOf(request, context)
  return guestPayPage(visit, await heldDeviceTokens(visit), params.accountNumber)
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  // The browser's device cookie: its tokens go with the guest's calls, and a new one is kept.
  const visit = visitOf(request, context)
  const device = {
    tokens: await heldDeviceTokens(visit),
    remember: (token: string | null) => deviceTokenCookie(visit, token),
  }
  return guestPayAction(visit, device, await readForm(request), params.accountNumber)
}

export default function GuestPayment() {
  const page = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  return (
    <PayLayout title={PAY_TEXT.payTitle}>
      <PayScreen page={page} answer={answer} />
    </PayLayout>
  )
}
