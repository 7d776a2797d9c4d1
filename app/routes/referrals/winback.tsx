/**
 * /referral/winback (spec 2; issue 15): Win Back for former subscribers, no login needed. Their
 * details here (the serviceability screen's step 1 in its Win Back mode, loaded after the page
 * like /CheckAvailability's), then their address on /referral/winback/check-serviceability.
 */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { CheckAvailability } from '~/features/check-availability/check-availability'
import { checkAvailabilityView } from '~/features/check-availability/check-availability.server'
import { REFERRALS_TEXT as TEXT } from '~/features/referrals/texts'
import { WINBACK_MODE } from '~/features/referrals/winback.server'
import { pageMeta } from '~/ui/page-meta'
import { KEEPS_DRAFT } from '~/features/drafts/keeps-draft'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, TEXT.winbackTitle, TEXT.winbackBody)

export const headers = () => ({ 'cache-control': 'no-store' })

// The shell shows the draft's 4 hours on this page (issue 38, item 6).
export const handle = KEEPS_DRAFT

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Step 1 always: the details form, filled in from the draft when the visitor comes back to it.
  const view = await checkAvailabilityView(visitOf(request, context), new URL('?step=1', request.url), WINBACK_MODE)
  return { ...view, notice: TEXT.winbackIntro }
}

export default function Winback() {
  return <CheckAvailability {...useLoaderData<typeof loader>()} />
}
