import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { LandingPage } from '~/features/landing/landing-page'
import { FOCUS_PAGE_TITLES } from '~/features/landing/landing'
import { loadLanding } from '~/features/landing/landing.server'
import { useRootData } from '~/root-data'
import { pageMeta } from '~/ui/page-meta'
import { keptPublicPage } from '~/utils/page-cache'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(
    matches,
    data?.focus ? FOCUS_PAGE_TITLES[data.focus] : 'Fibre Internet for Home and Business',
    'Check if fibre reaches your address, apply online in five steps with plans from ₱888.00 a month, and pay your bill your way.',
  )

// Rendered once per variant for anonymous visitors (server/page-cache.ts).
export const handle = keptPublicPage

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadLanding(visitOf(request, context).portal, new URL(request.url))
}

export default function Landing() {
  const landing = useLoaderData<typeof loader>()
  const root = useRootData()
  return <LandingPage landing={landing} productName={root?.productName ?? ''} />
}
