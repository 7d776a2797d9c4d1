/**
 * The legal pages (spec 2, Shell): routes.ts mounts this one module at each document's
 * path, and the path says which document the CMS is asked for.
 */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { legalDocumentName } from '~/features/legal/documents'
import { LegalErrorBoundary, LegalPage } from '~/features/legal/legal-page'
import { loadLegalDocument } from '~/features/legal/legal.server'
import { LEGAL_PAGE_TEXT, productTermsDescription } from '~/features/legal/texts'
import { pageMeta } from '~/ui/page-meta'
import { invariantResponse } from '~/utils/invariant'
import { keptPublicPage } from '~/utils/page-cache'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  // An error page has no data; the path still names the document (routes.ts mounts this module at those paths only).
  const name = data?.name ?? legalDocumentName(location.pathname)
  if (!name) return []
  const text = LEGAL_PAGE_TEXT[name]
  const document = data?.document
  const product = document?.kind === 'sections' && document.product
  return pageMeta(
    matches,
    document?.title ?? text.title,
    product ? productTermsDescription(document.title) : text.description,
  )
}

// Rendered once per variant for anonymous visitors (server/page-cache.ts).
export const handle = keptPublicPage

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const name = legalDocumentName(url.pathname)
  invariantResponse(name, 'Not a legal document', { status: 404 })
  return { name, document: await loadLegalDocument(visitOf(request, context).portal, name, url) }
}

export default function Legal() {
  const { document } = useLoaderData<typeof loader>()
  return <LegalPage document={document} />
}

export const ErrorBoundary = LegalErrorBoundary
