/** /plans/tv-partner-logo (spec 1, 8): the streaming-TV partner's image, or the bundled logo (tv-logo.server.ts). */
import type { LoaderFunctionArgs } from 'react-router'
import { tvPartnerLogo } from '~/features/plans/tv-logo.server'

export async function loader({ context }: LoaderFunctionArgs) {
  return tvPartnerLogo(context)
}
