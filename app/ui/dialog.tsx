/**
 * A dialog the server renders open (ARCHITECTURE 4): an action or the query string says
 * it is open, and the page renders it, with buttons that are forms or links and a Close
 * link to the page without it. Without JavaScript that is the whole dialog. Once the page
 * runs, Headless UI takes over (focus kept inside, Escape and a click outside go where
 * Close goes); its code is fetched with import() only then and only by pages that show a
 * dialog, so it never weighs on a first visit.
 */
import { lazy, Suspense, useId, type ReactNode } from 'react'
import { AppLink } from './app-link'
import { buttonClass } from './button'
import { UI_TEXTS } from './texts'
import { useHydrated } from './use-hydrated'

export type DialogProps = {
  title: string
  /** Where Close leads: the page without the dialog's state. Escape and a click outside go there too. */
  closeHref: string
  /** The message. */
  children: ReactNode
  /** The dialog's own buttons: forms or links, so they work without JavaScript. */
  actions?: ReactNode
}

// A chunk that does not load (offline, a deploy since the page was served): the
// server's dialog stays, and it works as it does without JavaScript.
const InteractiveDialog = lazy(() => import('./dialog-interactive').catch(() => ({ default: StaticDialog })))

export function Dialog(props: DialogProps) {
  const hydrated = useHydrated()
  if (!hydrated) return <StaticDialog {...props} />
  return (
    <Suspense fallback={<StaticDialog {...props} />}>
      <InteractiveDialog {...props} />
    </Suspense>
  )
}

export const DIALOG_BACKDROP_CLASS = 'fixed inset-0 bg-slate-900/60'
export const DIALOG_FRAME_CLASS = 'fixed inset-0 z-40 flex items-center justify-center p-4'
export const DIALOG_PANEL_CLASS =
  'flex w-full max-w-md flex-col gap-4 rounded-2xl bg-white p-6 text-slate-900 shadow-xl dark:bg-slate-900 dark:text-slate-100 dark:ring-1 dark:ring-slate-700'
export const DIALOG_TITLE_CLASS = 'text-lg font-bold'

export function DialogActions({ actions, closeHref }: Pick<DialogProps, 'actions' | 'closeHref'>) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {actions}
      <AppLink to={closeHref} className={buttonClass('secondary')}>
        {UI_TEXTS.dialogClose}
      </AppLink>
    </div>
  )
}

/** The server's dialog: role="dialog", named by its heading, described by its message. */
function StaticDialog({ title, closeHref, children, actions }: DialogProps) {
  const id = useId()
  return (
    <>
      <div aria-hidden="true" className={`z-40 ${DIALOG_BACKDROP_CLASS}`} />
      <div className={DIALOG_FRAME_CLASS}>
        <section role="dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-message`} className={DIALOG_PANEL_CLASS}>
          <h2 id={`${id}-title`} className={DIALOG_TITLE_CLASS}>
            {title}
          </h2>
          <div id={`${id}-message`}>{children}</div>
          <DialogActions actions={actions} closeHref={closeHref} />
        </section>
      </div>
    </>
  )
}
