import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LegalErrorBoundary, LegalPage } from '~/features/legal/legal-page'
import { loadPrivacyNotice } from '~/features/legal/legal.server'
import { pageMeta } from '~/ui/page-meta'

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(
    matches,
    data?.document.title ?? 'Privacy Notice',
    'How we collect, use, share and protect your personal data under the Data Privacy Act of 2012, and your rights as a data subject.',
  )

export async function loader({ context }: LoaderFunctionArgs) {
  return { document: await loadPrivacyNotice(context) }
}

export default function PrivacyNotice() {
  const { document } = useLoaderData<typeof loader>()
  return <LegalPage document={document} />
}

export const ErrorBoundary = LegalErrorBoundary
