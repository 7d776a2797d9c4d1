/**
 * /onboard/:path/personalDetails (spec 2; issue 10): the wizard's personal details page; also
 * the sales area's /sales/application/:path/personalDetails (issue 13), where /{orderId}
 * appended resumes the agent's draft first (spec 4). Personal: never cached.
 */
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
import { personalDetailsAction, personalDetailsView } from '~/features/apply/wizard.server'
import { resumeByPath } from '~/features/sales/new-application.server'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { KEEPS_DRAFT } from '~/features/drafts/keeps-draft'
import { visitOf } from '~/visit/visit.server'

// Rendered whole on the server, hydrated once its code has loaded (docs/decisions/0023): the JS budget.
const Page = lazy(() =>
  import('~/features/apply/personal-details-page').then((module) => ({ default: module.PersonalDetailsPage })),
)

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, APPLY_TEXT.personal.title, APPLY_TEXT.personal.description)

export const headers = () => ({ 'cache-control': 'no-store' })

// The shell shows the draft's 4 hours on this page (issue 38, item 6).
export const handle = KEEPS_DRAFT

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  if (params.orderId) return resumeByPath(visitOf(request, context), params.orderId)
  return personalDetailsView(visitOf(request, context), params.path, flowOf(request))
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return personalDetailsAction(visitOf(request, context), await readForm(request), params.path, flowOf(request))
}

export default function PersonalDetails() {
  const view = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <Suspense fallback={null}>
      <Page {...view} lastResult={actionData?.result} />
    </Suspense>
  )
}
