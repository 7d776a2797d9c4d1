/** /customer/referrals (spec 2; issue 15): Refer and Earn for the customer's active account. */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { ReferralsBody } from '~/features/referrals/referrals-page'
import { referralsAction, referralsPage } from '~/features/referrals/referrals.server'
import { REFERRALS_TEXT as TEXT } from '~/features/referrals/texts'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, TEXT.pageTitle, TEXT.pageDescription),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export function loader({ request, context }: LoaderFunctionArgs) {
  return referralsPage(visitOf(request, context))
}

export async function action({ request, context }: ActionFunctionArgs) {
  return referralsAction(visitOf(request, context), await readForm(request))
}

export default function Referrals() {
  const page = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{TEXT.heading}</h1>
      <ReferralsBody page={page} answer={answer} />
    </section>
  )
}
