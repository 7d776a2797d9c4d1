import { useFetcher } from 'react-router'
import { AppLink } from '~/ui/app-link'
import { useRootData } from '~/root-data'
import { buttonClass } from '~/ui/button'
import { useHydrated } from '~/ui/use-hydrated'
import { Icon } from '~/ui/icon'

/**
 * spec 2 and 4: until ACCEPT (a lasting `cookieAccepted` cookie) or the close icon
 * (hidden for this browser session). Plain forms; with JS they post without leaving the page.
 */
export function CookieBanner() {
  const root = useRootData()
  const fetcher = useFetcher()
  const hydrated = useHydrated()
  if (fetcher.state !== 'idle' || fetcher.data) return null
  return (
    <section
      aria-labelledby="cookie-banner-title"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white px-4 py-3 shadow-2xl md:p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      {/* Compact on a phone (heading, ACCEPT and close on one row, small print below) so it
          never takes much of the screen; the header's open drawer sits above it (header.tsx). */}
      <fetcher.Form
        method="post"
        action="/preferences"
        className="mx-auto grid max-w-6xl grid-cols-[1fr_auto_auto] items-center gap-x-2 gap-y-1 md:gap-x-6"
      >
        {hydrated ? null : <input type="hidden" name="redirectTo" value={root?.currentPath ?? '/'} />}
        <h2 id="cookie-banner-title" className="col-start-1 row-start-1 text-sm font-semibold md:text-base">
          Cookies &amp; Privacy
        </h2>
        <p className="col-span-3 row-start-2 text-xs text-slate-600 md:col-span-1 md:col-start-1 md:text-sm dark:text-slate-300">
          We use cookies that this site needs to work and to remember your choices, such as your theme. We do not put
          your personal details in cookies. Read our{' '}
          <AppLink to="/cookie-policy" className="font-medium text-brand-700 underline dark:text-orange-300">
            Cookies Policy
          </AppLink>
          .
        </p>
        <button
          type="submit"
          name="intent"
          value="accept-cookies"
          className={buttonClass('primary', 'col-start-2 row-start-1 px-4 py-1.5 md:row-span-2 md:px-5 md:py-2.5')}
        >
          ACCEPT
        </button>
        <button
          type="submit"
          name="intent"
          value="close-cookie-banner"
          aria-label="Close"
          className="col-start-3 row-start-1 rounded-full p-2 text-slate-500 hover:bg-slate-100 md:row-span-2 dark:hover:bg-slate-800"
        >
          <Icon>
            <path d="M6 6l12 12M18 6L6 18" />
          </Icon>
        </button>
      </fetcher.Form>
    </section>
  )
}
