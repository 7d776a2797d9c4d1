import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LegalErrorBoundary, LegalPage } from '~/features/legal/legal-page'
import { loadTermsOfUse } from '~/features/legal/legal.server'
import { pageMeta } from '~/ui/page-meta'

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data?.document.title ?? 'Terms of Use', 'The rules for using this website and customer portal.')

export async function loader({ context }: LoaderFunctionArgs) {
  return { document: await loadTermsOfUse(context) }
}

export default function TermsOfUse() {
  const { document } = useLoaderData<typeof loader>()
  return <LegalPage document={document} />
}

export const ErrorBoundary = LegalErrorBoundary
