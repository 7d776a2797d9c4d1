/** /onboard/:path/personalDetails (spec 2; issue 10): the wizard's personal details page. Personal: never cached. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { lazy, Suspense } from 'react'
import { APPLY_TEXT } from '~/features/apply/texts'
import { personalDetailsAction, personalDetailsView } from '~/features/apply/wizard.server'
import { pageMeta } from '~/ui/page-meta'

// Rendered whole on the server, hydrated once its code has loaded (docs/decisions/0023): the JS budget.
const Page = lazy(() =>
  import('~/features/apply/personal-details-page').then((module) => ({ default: module.PersonalDetailsPage })),
)

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, APPLY_TEXT.personal.title, APPLY_TEXT.personal.description)

export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return personalDetailsView(request, context, params.path)
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return personalDetailsAction(request, context, params.path)
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
