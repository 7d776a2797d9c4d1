/** The operator's pages, one link each (issue 37, item 2): a module of its own, so /ops/analytics carries no incident code. */
import { AppLink } from '~/ui/app-link'
import { INCIDENTS_TEXT as TEXT } from './texts'

/** The operator's pages, side by side (the header's Dashboard leads to the first). */
export function OpsNav({ current }: { current: 'analytics' | 'incidents' }) {
  const link = (to: string, label: string, here: boolean) => (
    <li>
      <AppLink to={to} aria-current={here ? 'page' : undefined} className="underline aria-[current]:font-semibold">
        {label}
      </AppLink>
    </li>
  )
  return (
    <nav aria-label={TEXT.opsNav} className="mb-6">
      <ul className="flex gap-6 text-sm">
        {link('/ops/analytics', TEXT.analyticsLink, current === 'analytics')}
        {link('/ops/incidents', TEXT.incidentsLink, current === 'incidents')}
      </ul>
    </nav>
  )
}
