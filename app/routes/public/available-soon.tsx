/**
 * /available-soon (spec 8: 'This webpage will be available soon'): where a link to an outside
 * page leads while this set-up has no address for it (UPDATE_ACCOUNT_URL, PLAN_UPGRADE_URL;
 * docs/configuration.md), instead of a placeholder address (issue 33).
 */
import type { MetaFunction } from 'react-router'
import { AvailableSoonView, SOON_TEXT } from '~/features/shell/available-soon'
import { pageMeta } from '~/ui/page-meta'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, SOON_TEXT.title, SOON_TEXT.detail),
  { name: 'robots', content: 'noindex' },
]

export default function AvailableSoon() {
  return <AvailableSoonView />
}
