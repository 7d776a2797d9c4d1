/**
 * /CheckAvailability (spec 2): the two-step serviceability check. Both steps, every
 * popup and the lead form work without JavaScript; what the visitor chose lives in the
 * draft (app/features/drafts), never in the browser.
 */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type ShouldRevalidateFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { CheckAvailability, type CheckAvailabilityActionData } from '~/features/check-availability/check-availability'
import { checkAvailabilityAction, checkAvailabilityView } from '~/features/check-availability/check-availability.server'
import { SEARCH_PATH } from '~/features/check-availability/address-search'
import { CHECK_TEXT } from '~/features/check-availability/texts'
import { REFERRALS_TEXT } from '~/features/referrals/texts'
import { invitedBy } from '~/features/referrals/winback.server'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { KEEPS_DRAFT } from '~/features/drafts/keeps-draft'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, CHECK_TEXT.title, CHECK_TEXT.description)

// Personal details on the page: never kept by a cache, nor shown again by the back button after the draft is gone.
export const headers = () => ({ 'cache-control': 'no-store' })

// The shell shows the draft's 4 hours on this page (issue 38, item 6).
export const handle = KEEPS_DRAFT

export async function loader({ request, context }: LoaderFunctionArgs) {
  const visit = visitOf(request, context)
  const [view, referrer] = await Promise.all([checkAvailabilityView(visit, new URL(request.url)), invitedBy(visit)])
  // issue 15: a visitor who came through an invite link is told whose referral they are.
  return { ...view, notice: referrer ? REFERRALS_TEXT.invitedBanner(referrer) : null }
}

export async function action({ request, context }: ActionFunctionArgs) {
  return checkAvailabilityAction(visitOf(request, context), await readForm(request))
}

// A search changes nothing the page shows until a hit is chosen.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === SEARCH_PATH ? false : defaultShouldRevalidate

export default function CheckAvailabilityRoute() {
  const view = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as CheckAvailabilityActionData | undefined
  return <CheckAvailability {...view} actionData={actionData} />
}
