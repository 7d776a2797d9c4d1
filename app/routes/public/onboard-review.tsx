/** /onboard/:path/review, "Verify and submit" (issue 10; spec 3, 5). Personal: never cached. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ReviewPage } from '~/features/apply/review-page'
import { APPLY_TEXT } from '~/features/apply/texts'
import { reviewAction, reviewView } from '~/features/apply/wizard.server'
import { pageMeta } from '~/ui/page-meta'

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, APPLY_TEXT.review.title, APPLY_TEXT.review.description)

export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return reviewView(request, context, params.path)
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return reviewAction(request, context, params.path)
}

export default function Review() {
  const view = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return <ReviewPage {...view} lastResult={actionData?.result} />
}
