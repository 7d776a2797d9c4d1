/**
 * /plans/compare?codes=a&codes=b[&codes=c] (spec 1): two or three plans side by side,
 * chosen with a GET form so the comparison is a URL to share.
 */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { ComparePage } from '~/features/plans/compare-page'
import { PlansUnavailablePage } from '~/features/plans/plans-page'
import { compareView, plansAction, type PlansActionData } from '~/features/plans/plans.server'
import { PLANS_TEXT } from '~/features/plans/texts'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, PLANS_TEXT.compareTitle, PLANS_TEXT.compareDescription)

export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  return compareView(visitOf(request, context), new URL(request.url))
}

export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url)
  return plansAction(visitOf(request, context), await readForm(request), url.pathname + url.search)
}

export default function PlansCompare() {
  const view = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as PlansActionData | undefined
  if (view.status === 'unavailable') return <PlansUnavailablePage title={PLANS_TEXT.compareTitle} wide />
  return <ComparePage {...view} actionData={actionData} />
}
