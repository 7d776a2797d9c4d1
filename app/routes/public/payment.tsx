/** /payment/{accountNumber} (spec 2): a guest pays an account's bill, seeing only the amount due and a masked name. */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { deviceTokens, rememberDeviceToken } from '~/features/auth/device-cookie.server'
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
  return guestPayPage(visitOf(request, context), await deviceTokens(request, context), params.accountNumber)
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  // The browser's device cookie: its tokens go with the guest's calls, and a new one is kept.
  const device = {
    tokens: await deviceTokens(request, context),
    remember: (token: string | null) => rememberDeviceToken(request, context, token),
  }
  return guestPayAction(visitOf(request, context), device, await readForm(request), params.accountNumber)
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
