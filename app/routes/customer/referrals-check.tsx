/**
 * /customer/referrals/check-serviceability (spec 2; issue 15): the serviceability screen in
 * its referral mode, for a customer who may refer now (others go back to /customer/referrals).
 */
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
import { REFER_MODE, requireReferrer } from '~/features/referrals/referrals.server'
import { REFERRALS_TEXT } from '~/features/referrals/texts'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, REFERRAL_CHECK_TEXT.refer.title, REFERRALS_TEXT.pageDescription),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  const visit = visitOf(request, context)
  await requireReferrer(visit)
  return checkAvailabilityView(visit, new URL(request.url), REFER_MODE)
}

export async function action({ request, context }: ActionFunctionArgs) {
  const visit = visitOf(request, context)
  await requireReferrer(visit)
  return checkAvailabilityAction(visit, await readForm(request), REFER_MODE)
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === SEARCH_PATH ? false : defaultShouldRevalidate

export default function ReferralCheck() {
  const view = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as CheckAvailabilityActionData | undefined
  return <CheckAvailability {...view} actionData={actionData} />
}
