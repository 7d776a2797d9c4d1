/**
 * /plans/:code (spec 1): a plan's details, FAQs and add-ons; an unknown code is the
 * not-found page.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { PlanPage } from '~/features/plans/plan-page'
import { PlansUnavailable } from '~/features/plans/plan-parts'
import { planPath } from '~/features/plans/plans'
import { PlansHeading } from '~/features/plans/plans-page'
import { planView, plansAction, type PlansActionData } from '~/features/plans/plans.server'
import { PLANS_TEXT } from '~/features/plans/texts'
import { pageMeta } from '~/ui/page-meta'

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(
    matches,
    data?.status === 'ok' ? data.plan.name : PLANS_TEXT.title,
    data?.status === 'ok' ? data.plan.description || PLANS_TEXT.description : PLANS_TEXT.description,
  )

export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return planView(request, context, params.code)
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return plansAction(request, context, planPath(params.code ?? ''))
}

export default function Plan() {
  const view = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as PlansActionData | undefined
  const location = useLocation()
  if (view.status === 'unavailable') {
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
        <PlansHeading>{PLANS_TEXT.title}</PlansHeading>
        <PlansUnavailable here={location.pathname + location.search} />
      </div>
    )
  }
  return <PlanPage {...view} actionData={actionData} />
}
