/**
 * Kept apart from error-views.tsx, which the root imports: only the two routes that show this
 * page load it (docs/architecture.md, JavaScript budget).
 */
import { AppLink } from '~/ui/app-link'
import { buttonClass } from '~/ui/button'
import { ERROR_TEXT } from './texts'

/** spec 8, and the words around it (issue 33). */
export const SOON_TEXT = {
  title: 'This webpage will be available soon',
  detail: 'It is not ready yet. Please check again later.',
  statusHere: 'CHECK APPLICATION STATUS HERE',
} as const

/**
 * An outside page this set-up has no address for (spec 8: 'This webpage will be available
 * soon'): the way home, and where the portal has a page of its own for it, that page.
 */
export function AvailableSoonView({ instead }: { instead?: { to: string; label: string } }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">{SOON_TEXT.title}</h1>
      <p className="text-slate-600 dark:text-slate-300">{SOON_TEXT.detail}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {instead ? (
          <AppLink to={instead.to} className={buttonClass('primary')}>
            {instead.label}
          </AppLink>
        ) : null}
        <AppLink to="/" className={buttonClass(instead ? 'secondary' : 'primary')}>
          {ERROR_TEXT.goHome}
        </AppLink>
      </div>
    </section>
  )
}
