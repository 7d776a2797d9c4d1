/** /onboard/:path/review, "Verify and submit" (issue 10; spec 3, 5), and the sales area's, filed by the agent for the customer (issue 13). Personal: never cached. */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { lazy, Suspense } from 'react'
import { APPLY_TEXT } from '~/features/apply/texts'
import { flowOf } from '~/features/apply/steps'
import { reviewAction, reviewView } from '~/features/apply/wizard.server'
import { agentFiling } from '~/features/sales/new-application.server'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { KEEPS_DRAFT } from '~/features/drafts/keeps-draft'
import { visitOf } from '~/visit/visit.server'

// Rendered whole on the server, hydrated once its code has loaded (docs/decisions/0023): the JS budget.
const Page = lazy(() => import('~/features/apply/review-page').then((module) => ({ default: module.ReviewPage })))

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, APPLY_TEXT.review.title, APPLY_TEXT.review.description)

export const headers = () => ({ 'cache-control': 'no-store' })

// The shell shows the draft's 4 hours on this page (issue 38, item 6).
export const handle = KEEPS_DRAFT

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return reviewView(visitOf(request, context), params.path, flowOf(request))
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const flow = flowOf(request)
  return reviewAction(
    visitOf(request, context),
    await readForm(request),
    params.path,
    flow,
    flow === 'sales' ? await agentFiling(visitOf(request, context)) : undefined,
  )
}

export default function Review() {
  const view = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <Suspense fallback={null}>
      <Page {...view} lastResult={actionData?.result} />
    </Suspense>
  )
}
