/**
 * /plans (spec 1, 2): the plan list for the visitor's customer category and region.
 * The page reads the visitor's draft (category, region, plan in the cart): never cached.
 */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { PLANS_PATH } from '~/features/plans/plans'
import { PlansUnavailablePage, PlansPage } from '~/features/plans/plans-page'
import { plansAction, plansView, type PlansActionData } from '~/features/plans/plans.server'
import { PLANS_TEXT } from '~/features/plans/texts'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'
import { keptPublicPage } from '~/utils/page-cache'

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, PLANS_TEXT.title, PLANS_TEXT.description)

export const headers = () => ({ 'cache-control': 'no-store' })

// Rendered once per variant for anonymous visitors (server/page-cache.ts).
export const handle = keptPublicPage

export async function loader({ request, context }: LoaderFunctionArgs) {
  return plansView(visitOf(request, context))
}

export async function action({ request, context }: ActionFunctionArgs) {
  return plansAction(visitOf(request, context), await readForm(request), PLANS_PATH)
}

export default function Plans() {
  const view = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as PlansActionData | undefined
  if (view.status === 'unavailable') return <PlansUnavailablePage title={PLANS_TEXT.heading} wide />
  return <PlansPage {...view} actionData={actionData} />
}
