/** /sales/applications/{refId}/documents/{fileId}: one document of an application the agent (or their admin) answers for; anyone else gets 404. */
import type { LoaderFunctionArgs } from 'react-router'
import { salesDocumentDownload } from '~/features/sales/application.server'

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return salesDocumentDownload(request, context, params)
}
