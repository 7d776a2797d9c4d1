/**
 * /compliance/{id}/upload/{category} (issue 10 part 4): a rejected document sent again,
 * behind the compliance page's emailed-code proof (compliance-upload.server.ts).
 */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
  useParams,
} from 'react-router'
import {
  complianceUploadAction,
  complianceUploadLoader,
  type ComplianceUploadActionData,
} from '~/features/application-status/compliance-upload.server'
import { ComplianceUploadPage } from '~/features/application-status/compliance-upload-page'
import { TEXT } from '~/features/application-status/texts'
import { pageMeta } from '~/ui/page-meta'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, TEXT.complianceHeading, TEXT.uploadIntro),
  { name: 'robots', content: 'noindex' },
  // As the compliance page: the URL holds the link's token; same-origin keeps the forms' Origin.
  { name: 'referrer', content: 'same-origin' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return complianceUploadLoader(visitOf(request, context), params.id, params.category)
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return complianceUploadAction(visitOf(request, context), params.id, params.category, request)
}

export default function ComplianceUpload() {
  const view = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as ComplianceUploadActionData | undefined
  const { id = '' } = useParams()
  return <ComplianceUploadPage view={view} actionData={actionData} back={`/compliance/${encodeURIComponent(id)}`} />
}
