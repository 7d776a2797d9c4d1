/**
 * /application/check-status (spec 2): application status lives on the legacy site, where this
 * redirects. Without LEGACY_STATUS_URL, 'This webpage will be available soon' (spec 8), with
 * the portal's own status check offered instead (issue 33).
 */
import { redirect, type LoaderFunctionArgs, type MetaFunction } from 'react-router'
import { AvailableSoonView, SOON_TEXT } from '~/features/shell/available-soon'
import { pageMeta } from '~/ui/page-meta'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, SOON_TEXT.title, SOON_TEXT.detail),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ context }: LoaderFunctionArgs) {
  const legacy = context.config.LEGACY_STATUS_URL
  if (legacy) throw redirect(legacy, 302)
  return null
}

export default function ApplicationCheckStatus() {
  return <AvailableSoonView instead={{ to: '/check-status', label: SOON_TEXT.statusHere }} />
}
