/**
 * A dialog the server renders open (docs/architecture.md, 4): an action or the query string says
 * it is open, and the page renders it, with buttons that are forms or links and a Close
 * link to the page without it. Without JavaScript that is the whole dialog. Once the page
 * runs, Headless UI takes over (focus kept inside, Escape and a click outside go where
 * Close goes); its code is fetched with import() only then and only by pages that show a
 * dialog, so it never weighs on a first visit.
 */
import { lazy, Suspense, useId } from 'react'
import {
  DIALOG_BACKDROP_CLASS,
  DIALOG_FRAME_CLASS,
  DIALOG_PANEL_CLASS,
  DIALOG_TITLE_CLASS,
  DialogActions,
  type DialogProps,
} from './dialog-parts'
import { useHydrated } from './use-hydrated'

export type { DialogProps }

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

/** The server's dialog: role="dialog", named by its heading, described by its message. */
function StaticDialog({ title, closeHref, children, actions }: DialogProps) {
  const id = useId()
  return (
    <>
      <div aria-hidden="true" className={`z-40 ${DIALOG_BACKDROP_CLASS}`} />
      <div className={DIALOG_FRAME_CLASS}>
        <section
          role="dialog"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-message`}
          className={DIALOG_PANEL_CLASS}
        >
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
