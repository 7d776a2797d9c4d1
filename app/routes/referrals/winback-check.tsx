/** /referral/winback/check-serviceability (spec 2; issue 15): the serviceability screen in its Win Back mode. */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type ShouldRevalidateFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { SEARCH_PATH } from '~/features/check-availability/address-search'
import { CheckAvailability, type CheckAvailabilityActionData } from '~/features/check-availability/check-availability'
import { checkAvailabilityAction, checkAvailabilityView } from '~/features/check-availability/check-availability.server'
import { REFERRAL_CHECK_TEXT } from '~/features/check-availability/texts'
import { REFERRALS_TEXT } from '~/features/referrals/texts'
import { WINBACK_MODE } from '~/features/referrals/winback.server'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { KEEPS_DRAFT } from '~/features/drafts/keeps-draft'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, REFERRAL_CHECK_TEXT.winback.title, REFERRALS_TEXT.winbackBody)

export const headers = () => ({ 'cache-control': 'no-store' })

// The shell shows the draft's 4 hours on this page (issue 38, item 6).
export const handle = KEEPS_DRAFT

export function loader({ request, context }: LoaderFunctionArgs) {
  return checkAvailabilityView(visitOf(request, context), new URL(request.url), WINBACK_MODE)
}

export async function action({ request, context }: ActionFunctionArgs) {
  return checkAvailabilityAction(visitOf(request, context), await readForm(request), WINBACK_MODE)
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === SEARCH_PATH ? false : defaultShouldRevalidate

export default function WinbackCheck() {
  const view = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as CheckAvailabilityActionData | undefined
  return <CheckAvailability {...view} actionData={actionData} />
}
