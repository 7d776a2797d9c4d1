import { useLocation } from 'react-router'
import { AppLink } from '~/ui/app-link'
import { buttonClass } from '~/ui/button'
import { ERROR_TEXT } from './texts'

export const NOT_FOUND_TEXT = ERROR_TEXT.notFound
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
        {ERROR_TEXT.goHome}
      </AppLink>
    </section>
  )
}

/** A page the user may not open: what happened, and the way home. */
export function NotAllowedView({ message = ERROR_TEXT.notAllowed }: { message?: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">{message}</h1>
      <p className="text-slate-600 dark:text-slate-300">{ERROR_TEXT.notAllowedDetail}</p>
      <AppLink to="/" className={buttonClass('primary')}>
        {ERROR_TEXT.goHome}
      </AppLink>
    </section>
  )
}

/** The error view: no stack trace, what to do, a way to try again, the shell around it. */
export function ErrorView({
  message = ERROR_TEXT.pageNotRetrieved,
  detail = ERROR_TEXT.checkConnection,
}: {
  message?: string
  detail?: string
}) {
  const location = useLocation()
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">{message}</h1>
      <p className="text-slate-600 dark:text-slate-300">{detail}</p>
      {/* A real link reloads the page with or without JavaScript. */}
      <a href={location.pathname + location.search} className={buttonClass('primary')} data-reload>
        {ERROR_TEXT.refresh}
      </a>
    </section>
  )
}
