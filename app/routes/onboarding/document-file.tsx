/**
 * /onboard/:path/documents/:fileId: one uploaded document, to the holder of its draft only,
 * as an attachment with its stored type (JPG or PDF). Anyone else gets 404.
 */
import type { LoaderFunctionArgs } from 'react-router'
import { documentDownload } from '~/features/documents/documents.server'
import { visitOf } from '~/visit/visit.server'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return documentDownload(visitOf(request, context), params.path, params.fileId)
}
