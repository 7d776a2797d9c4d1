/** /customer/auto-pay (spec 2; issue 12 item 4): AutoPay for one of the customer's fibre accounts. */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { AutopayBody } from '~/features/autopay/autopay-page'
import { autopayAction, autopayPage } from '~/features/autopay/autopay.server'
import { AUTOPAY_TEXT } from '~/features/autopay/texts'
import { TestModeNotice } from '~/features/payments/test-mode-notice'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, AUTOPAY_TEXT.pageTitle, AUTOPAY_TEXT.pageDescription),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export function loader({ request, context }: LoaderFunctionArgs) {
  return autopayPage(visitOf(request, context), new URL(request.url))
}

export async function action({ request, context }: ActionFunctionArgs) {
  return autopayAction(visitOf(request, context), await readForm(request))
}

export default function AutoPay() {
  const page = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{AUTOPAY_TEXT.pageTitle}</h1>
      <TestModeNotice />
      <p>{AUTOPAY_TEXT.intro}</p>
      <AutopayBody page={page} answer={answer} />
    </section>
  )
}
