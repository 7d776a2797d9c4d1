/** /sales/application/success (spec 2; issue 13 item 2): the reference of the application the agent just filed. Never cached. */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { successView } from '~/features/apply/wizard.server'
import { SalesSuccessPage } from '~/features/sales/new-application-pages'
import { NEW_APPLICATION_TEXT as TEXT } from '~/features/sales/texts'
import { pageMeta } from '~/ui/page-meta'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, TEXT.successTitle, TEXT.successDescription)

export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  return successView(visitOf(request, context), '/sales/application')
}

export default function SalesApplicationSuccess() {
  const view = useLoaderData<typeof loader>()
  return <SalesSuccessPage {...view} />
}
