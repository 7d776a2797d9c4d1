/** /sales/application/onboard (spec 2; issue 13 item 2): the agent's plan step for the customer: plan, add-ons, payment mode, promo code. */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { PlansUnavailablePage } from '~/features/plans/plans-page'
import { onboardAction, onboardView, type OnboardActionData } from '~/features/sales/new-application.server'
import { SalesOnboardPage } from '~/features/sales/new-application-pages'
import { NEW_APPLICATION_TEXT as TEXT } from '~/features/sales/texts'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { KEEPS_DRAFT } from '~/features/drafts/keeps-draft'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, TEXT.onboardTitle, TEXT.onboardDescription)

export const headers = () => ({ 'cache-control': 'no-store' })

// The shell shows the draft's 4 hours on this page (issue 38, item 6).
export const handle = KEEPS_DRAFT

export async function loader({ request, context }: LoaderFunctionArgs) {
  return onboardView(visitOf(request, context))
}

export async function action({ request, context }: ActionFunctionArgs) {
  return onboardAction(visitOf(request, context), await readForm(request))
}

export default function SalesApplicationOnboard() {
  const view = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as OnboardActionData | undefined
  if (view.status === 'unavailable') return <PlansUnavailablePage title={TEXT.onboardTitle} wide />
  return <SalesOnboardPage view={view} actionData={actionData} />
}
