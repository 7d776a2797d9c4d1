/** /sales/application (spec 2; issue 13 item 2): start an application for a customer, continue the open one, or resume a draft by order id. */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { startAction, startPage } from '~/features/sales/new-application.server'
import { SalesStartPage } from '~/features/sales/new-application-pages'
import { NEW_APPLICATION_TEXT as TEXT } from '~/features/sales/texts'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { KEEPS_DRAFT } from '~/features/drafts/keeps-draft'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, TEXT.title, TEXT.description)

export const headers = () => ({ 'cache-control': 'no-store' })

// The shell shows the draft's 4 hours on this page (issue 38, item 6).
export const handle = KEEPS_DRAFT

export async function loader({ request, context }: LoaderFunctionArgs) {
  return startPage(visitOf(request, context))
}

export async function action({ request, context }: ActionFunctionArgs) {
  return startAction(visitOf(request, context), await readForm(request))
}

export default function SalesApplicationStart() {
  const page = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  return <SalesStartPage page={answer && 'formError' in answer ? { ...page, ...answer, open: page.open } : page} />
}
