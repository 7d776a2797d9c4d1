import { useLocation } from '@remix-run/react'
import { AppLink } from '~/ui/app-link'
import { buttonClass } from '~/ui/button'

export const NOT_FOUND_TEXT = 'Ooops! We cannot find the page you are looking for.'
/** The not-found page's title, "<this> | <Product>" like every page's (page-meta.ts). */
export const NOT_FOUND_TITLE = 'Page not found'

export function NotFoundView() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <p aria-hidden="true" className="text-6xl font-black text-brand-600">
        404
      </p>
      <h1 className="text-2xl font-bold">{NOT_FOUND_TEXT}</h1>
      <AppLink to="/" className={buttonClass('primary')}>
        Go to home
      </AppLink>
    </section>
  )
}

/** The generic error view: no stack trace, a way to try again, the shell around it. */
export function ErrorView({ message = 'Oops! Page could not be retrieved.' }: { message?: string }) {
  const location = useLocation()
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">{message}</h1>
      <p className="text-slate-600 dark:text-slate-300">Please check your connection and try again.</p>
      {/* A real link reloads the page with or without JavaScript. */}
      <a href={location.pathname + location.search} className={buttonClass('primary')} data-reload>
        REFRESH PAGE
      </a>
    </section>
  )
}
