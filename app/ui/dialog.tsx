/**
 * A dialog the server renders open (docs/architecture.md, 4): an action or the query string says
 * it is open, and the page renders it, with buttons that are forms or links and a Close
 * link to the page without it. Without JavaScript that is the whole dialog: the browser's
 * `<dialog open>`. Once the page runs, the same element is made modal in place
 * (showModal: focus kept inside, the page behind inert, Escape), and Escape and a click
 * outside go where Close goes. Nothing is swapped in: a click that began before the page
 * ran ends on the same link it began on (docs/decisions/0032).
 */
import { useEffect, useId, useRef } from 'react'
import {
  DIALOG_BACKDROP_CLASS,
  DIALOG_FRAME_CLASS,
  DIALOG_PANEL_CLASS,
  DIALOG_TITLE_CLASS,
  DialogActions,
  type DialogProps,
} from './dialog-parts'

export type { DialogProps }

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])'

export function Dialog({ title, closeHref, children, actions }: DialogProps) {
  const id = useId()
  const frame = useRef<HTMLDialogElement>(null)
  const panel = useRef<HTMLElement>(null)

  useEffect(() => {
    const dialog = frame.current
    if (!dialog || typeof dialog.showModal !== 'function') return
    if (!dialog.matches(':modal')) {
      // Open as the server sent it, but not modal: closed and opened again as a modal, in one go.
      dialog.close()
      dialog.showModal()
    }
    dialog.setAttribute('aria-modal', 'true')
    // Where Close goes, as Close goes there (a client-side navigation, app/ui/app-link.tsx).
    const close = () => panel.current?.querySelector<HTMLAnchorElement>('a[data-dialog-close]')?.click()
    const onCancel = (event: Event) => {
      event.preventDefault()
      close()
    }
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Node && !panel.current?.contains(event.target)) close()
    }
    // Tab goes round the dialog's own controls (past the last, the browser would leave the page).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return
      const controls = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE))
      const first = controls[0]
      const last = controls[controls.length - 1]
      if (!first || !last) return
      if (event.shiftKey ? document.activeElement === first : document.activeElement === last) {
        event.preventDefault()
        ;(event.shiftKey ? last : first).focus()
      }
    }
    dialog.addEventListener('cancel', onCancel)
    dialog.addEventListener('click', onClick)
    dialog.addEventListener('keydown', onKeyDown)
    return () => {
      dialog.removeEventListener('cancel', onCancel)
      dialog.removeEventListener('click', onClick)
      dialog.removeEventListener('keydown', onKeyDown)
    }
  }, [])

  return (
    <dialog
      ref={frame}
      open
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      className={`${DIALOG_FRAME_CLASS} m-0 hidden h-full max-h-none w-full max-w-none border-0 bg-transparent text-inherit open:flex backdrop:bg-transparent`}
    >
      <div aria-hidden="true" className={DIALOG_BACKDROP_CLASS} />
      <section ref={panel} className={`relative ${DIALOG_PANEL_CLASS}`}>
        <h2 id={`${id}-title`} className={DIALOG_TITLE_CLASS}>
          {title}
        </h2>
        <div id={`${id}-message`}>{children}</div>
        <DialogActions actions={actions} closeHref={closeHref} />
      </section>
    </dialog>
  )
}
