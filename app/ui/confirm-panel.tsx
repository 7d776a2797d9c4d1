/**
 * A question asked on the page before something is removed or moved (a card, a draft,
 * applications): server-rendered in place of the buttons that led to it, so it works
 * without JavaScript; announced as an alert dialog, named by its heading and described by
 * its text. The answers are the caller's own forms (YES does it, NO goes back).
 */
import type { ReactNode } from 'react'

export function ConfirmPanel({
  id,
  heading,
  detail,
  danger = false,
  children,
}: {
  id: string
  heading: string
  detail: string
  /** A red frame for what cannot be undone. */
  danger?: boolean
  children: ReactNode
}) {
  return (
    <section
      role="alertdialog"
      aria-labelledby={`${id}-heading`}
      aria-describedby={`${id}-detail`}
      className={`flex flex-col gap-3 rounded-lg border-2 p-5 ${danger ? 'border-red-600' : 'border-brand-600'}`}
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold">
        {heading}
      </h2>
      <p id={`${id}-detail`}>{detail}</p>
      {children}
    </section>
  )
}
