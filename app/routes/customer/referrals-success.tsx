/** /customer/referrals/success (spec 2, 4): the referral is filed; DONE returns to /customer. */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { REFERRALS_PATH } from '~/features/referrals/paths'
import { referralSuccess } from '~/features/referrals/referrals.server'
import { REFERRALS_TEXT as TEXT } from '~/features/referrals/texts'
import { ButtonLink } from '~/ui/button'
import { pageMeta } from '~/ui/page-meta'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, TEXT.successTitle, TEXT.pageDescription),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export function loader({ request, context }: LoaderFunctionArgs) {
  return referralSuccess(visitOf(request, context), new URL(request.url))
}

export default function ReferralSuccess() {
  const { refereeName, notServiceable } = useLoaderData<typeof loader>()
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{TEXT.successHeading}</h1>
      {refereeName ? (
        <p>{notServiceable ? TEXT.successNotServiceable(refereeName) : TEXT.successBody(refereeName)}</p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <ButtonLink to="/customer">{TEXT.done}</ButtonLink>
        <ButtonLink to={REFERRALS_PATH} variant="secondary">
          {TEXT.backToReferrals}
        </ButtonLink>
      </div>
    </section>
  )
}
