/**
 * /plans/:code (spec 1): a plan's details, FAQs and add-ons; an unknown code is the
 * not-found page.
 */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { PlanPage } from '~/features/plans/plan-page'
import { planPath } from '~/features/plans/plans'
import { PlansUnavailablePage } from '~/features/plans/plans-page'
import { planView, plansAction, type PlansActionData } from '~/features/plans/plans.server'
import { PLANS_TEXT } from '~/features/plans/texts'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'
import { keptPublicPage } from '~/utils/page-cache'

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(
    matches,
    data?.status === 'ok' ? data.plan.name : PLANS_TEXT.title,
    data?.status === 'ok' ? data.plan.description || PLANS_TEXT.description : PLANS_TEXT.description,
  )

export const headers = () => ({ 'cache-control': 'no-store' })

// Rendered once per variant for anonymous visitors (server/page-cache.ts).
export const handle = keptPublicPage

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return planView(visitOf(request, context), params.code)
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return plansAction(visitOf(request, context), await readForm(request), planPath(params.code ?? ''))
}

export default function Plan() {
  const view = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as PlansActionData | undefined
  if (view.status === 'unavailable') return <PlansUnavailablePage title={PLANS_TEXT.title} />
  return <PlanPage {...view} actionData={actionData} />
}
