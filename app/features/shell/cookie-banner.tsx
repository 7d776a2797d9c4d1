import { useFetcher } from '@remix-run/react'
import { AppLink } from '~/ui/app-link'
import { useRootData } from '~/root-data'
import { buttonClass } from '~/ui/button'
import { useHydrated } from '~/ui/use-hydrated'

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
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white p-4 shadow-2xl dark:border-slate-700 dark:bg-slate-900"
    >
      <fetcher.Form method="post" action="/preferences" className="relative mx-auto flex max-w-6xl flex-col gap-3 pr-10 md:flex-row md:items-center md:gap-6">
        {hydrated ? null : <input type="hidden" name="redirectTo" value={root?.currentPath ?? '/'} />}
        <div className="flex-1">
          <h2 id="cookie-banner-title" className="font-semibold">
            Cookies &amp; Privacy
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            We use cookies that this site needs to work and to remember your choices, such as your theme. We do not put
            your personal details in cookies. Read our{' '}
            <AppLink to="/cookie-policy" className="font-medium text-brand-700 underline dark:text-orange-300">
              Cookies Policy
            </AppLink>
            .
          </p>
        </div>
        <button type="submit" name="intent" value="accept-cookies" className={buttonClass('primary')}>
          ACCEPT
        </button>
        <button
          type="submit"
          name="intent"
          value="close-cookie-banner"
          aria-label="Close"
          className="absolute right-0 top-0 rounded-full p-2 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </fetcher.Form>
    </section>
  )
}
