/**
 * /onboard/:path/documents (issue 10, part 2), and the sales area's (issue 13): the
 * application's documents, for the draft's holder only. Personal to the draft cookie: never cached.
 */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { flowOf } from '~/features/apply/steps'
import { DocumentsPage } from '~/features/documents/documents-page'
import { documentsAction, documentsLoader, type DocumentsActionData } from '~/features/documents/documents.server'
import { DOCUMENTS_TEXT } from '~/features/documents/texts'
import { pageMeta } from '~/ui/page-meta'
import { KEEPS_DRAFT } from '~/features/drafts/keeps-draft'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, DOCUMENTS_TEXT.title, DOCUMENTS_TEXT.description)

export const headers = () => ({ 'cache-control': 'no-store' })

// The shell shows the draft's 4 hours on this page (issue 38, item 6).
export const handle = KEEPS_DRAFT

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return documentsLoader(visitOf(request, context), params.path, flowOf(request))
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return documentsAction(visitOf(request, context), request, params.path, flowOf(request))
}

export default function Documents() {
  const view = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as DocumentsActionData | undefined
  return <DocumentsPage view={view} actionData={actionData} />
}
