/**
 * /referral/winback (spec 2; issue 15): Win Back for former subscribers, no login needed. Their
 * details here (the serviceability screen's step 1 in its Win Back mode), then their address
 * on /referral/winback/check-serviceability.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { checkAvailabilityView } from '~/features/check-availability/check-availability.server'
import { DetailsForm } from '~/features/check-availability/details-form'
import { CheckModeContext, WINBACK_PATH } from '~/features/check-availability/mode'
import { REFERRALS_TEXT as TEXT } from '~/features/referrals/texts'
import { WINBACK_MODE } from '~/features/referrals/winback.server'
import { pageMeta } from '~/ui/page-meta'

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, TEXT.winbackTitle, TEXT.winbackBody)

export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  const view = await checkAvailabilityView(new Request(new URL('?step=1', request.url), request), context, WINBACK_MODE)
  return { details: view.details, constraint: view.constraint.details }
}

export default function Winback() {
  const { details, constraint } = useLoaderData<typeof loader>()
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{TEXT.winbackPageHeading}</h1>
      <p>{TEXT.winbackIntro}</p>
      <CheckModeContext.Provider value="winback">
        <DetailsForm lastResult={undefined} constraint={constraint} saved={details} action={WINBACK_PATH} />
      </CheckModeContext.Provider>
    </section>
  )
}
