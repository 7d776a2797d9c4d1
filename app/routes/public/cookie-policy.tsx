import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LegalErrorBoundary, LegalPage } from '~/features/legal/legal-page'
import { loadCookiePolicy } from '~/features/legal/legal.server'
import { pageMeta } from '~/ui/page-meta'

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(
    matches,
    data?.document.title ?? 'Cookie Policy',
    'The cookies this website uses: strictly necessary and preference cookies only, no advertising cookies.',
  )

export async function loader({ context }: LoaderFunctionArgs) {
  return { document: await loadCookiePolicy(context) }
}

export default function CookiePolicy() {
  const { document } = useLoaderData<typeof loader>()
  return <LegalPage document={document} />
}

export const ErrorBoundary = LegalErrorBoundary
