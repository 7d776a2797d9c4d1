import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LegalErrorBoundary, LegalPage } from '~/features/legal/legal-page'
import { loadTermsAndConditions } from '~/features/legal/legal.server'
import { pageMeta } from '~/ui/page-meta'

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(
    matches,
    data?.document.title ?? 'Terms and Conditions',
    data?.document.product
      ? `The terms of the ${data.document.title.replace(/ Terms and Conditions$/, '')} plan: speed, monthly fee, inclusions and lock-in period.`
      : 'The terms and conditions of your fibre internet subscription: installation, billing, lock-in, suspension and termination.',
  )

export async function loader({ request, context }: LoaderFunctionArgs) {
  const product = new URL(request.url).searchParams.get('product')?.trim() || null
  return { document: await loadTermsAndConditions(context, product) }
}

export default function TermsAndConditions() {
  const { document } = useLoaderData<typeof loader>()
  return <LegalPage document={document} />
}

export const ErrorBoundary = LegalErrorBoundary
