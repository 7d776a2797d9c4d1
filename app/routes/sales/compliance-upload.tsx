/** /sales/applications/{id}/compliance/{category}: one rejected document sent again by the agent (issue 13 item 4). */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
  useParams,
} from 'react-router'
import type { ComplianceUploadActionData } from '~/features/application-status/compliance-upload.server'
import { ComplianceUploadPage } from '~/features/application-status/compliance-upload-page'
import { salesUploadAction, salesUploadPage } from '~/features/sales/compliance.server'
import { SALES_COMPLIANCE_TEXT as TEXT } from '~/features/sales/texts'
import { pageMeta } from '~/ui/page-meta'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, TEXT.description, TEXT.description),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return salesUploadPage(visitOf(request, context), params)
}

export function action({ request, params, context }: ActionFunctionArgs) {
  return salesUploadAction(visitOf(request, context), params, request)
}

export default function SalesComplianceUpload() {
  const view = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as ComplianceUploadActionData | undefined
  const { refId = '' } = useParams()
  return <ComplianceUploadPage view={view} actionData={actionData} back={`/sales/applications/${refId}/compliance`} />
}
