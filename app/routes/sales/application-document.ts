/** /sales/applications/{refId}/documents/{fileId}: one document of an application the agent (or their admin) answers for; anyone else gets 404. */
import type { LoaderFunctionArgs } from 'react-router'
import { salesDocumentDownload } from '~/features/sales/application.server'
import { visitOf } from '~/visit/visit.server'

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return salesDocumentDownload(visitOf(request, context), params)
}
