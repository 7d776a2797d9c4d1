/** /customer/referrals/failed (spec 2, 4, 8): the referral was not filed; the server's words, and the way back. */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { REFERRALS_PATH } from '~/features/referrals/paths'
import { referralFailure } from '~/features/referrals/referrals.server'
import { REFERRALS_TEXT as TEXT } from '~/features/referrals/texts'
import { ButtonLink } from '~/ui/button'
import { pageMeta } from '~/ui/page-meta'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, TEXT.failedTitle, TEXT.pageDescription),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export function loader({ request, context }: LoaderFunctionArgs) {
  return referralFailure(visitOf(request, context))
}

export default function ReferralFailed() {
  const { message, retryHref } = useLoaderData<typeof loader>()
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{TEXT.infoNotSent}</h1>
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950 dark:text-red-200">
        {message}
      </p>
      <div className="flex flex-wrap gap-3">
        <ButtonLink to={retryHref}>{TEXT.tryAgain}</ButtonLink>
        <ButtonLink to={REFERRALS_PATH} variant="secondary">
          {TEXT.backToReferrals}
        </ButtonLink>
      </div>
    </section>
  )
}
