/** /success (spec 2; issue 10): the submitted application's reference, from a signed cookie. Personal: never cached. */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { SuccessPage } from '~/features/apply/success-page'
import { APPLY_TEXT } from '~/features/apply/texts'
import { successView } from '~/features/apply/wizard.server'
import { pageMeta } from '~/ui/page-meta'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, APPLY_TEXT.success.title, APPLY_TEXT.success.description)

export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  return successView(visitOf(request, context))
}

export default function Success() {
  const view = useLoaderData<typeof loader>()
  return <SuccessPage {...view} />
}
