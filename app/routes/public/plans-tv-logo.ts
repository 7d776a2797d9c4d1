/** /plans/tv-partner-logo (spec 1, 8): the streaming-TV partner's image, or the bundled logo (tv-logo.server.ts). */
import type { LoaderFunctionArgs } from 'react-router'
import { tvPartnerLogo } from '~/features/plans/tv-logo.server'
import { visitOf } from '~/visit/visit.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  return tvPartnerLogo(visitOf(request, context).portal)
}
