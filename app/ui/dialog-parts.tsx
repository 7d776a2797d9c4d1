/** What the server's dialog and its modal use (app/ui/dialog.tsx) share: props, look and buttons. */
import type { ReactNode } from 'react'
import { AppLink } from './app-link'
import { buttonClass } from './button'
import { UI_TEXTS } from './texts'

export type DialogProps = {
  title: string
  /** Where Close leads: the page without the dialog's state. Escape and a click outside go there too. */
  closeHref: string
  /** The message. */
  children: ReactNode
  /** The dialog's own buttons: forms or links, so they work without JavaScript. */
  actions?: ReactNode
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
      <AppLink to={closeHref} className={buttonClass('secondary')} data-dialog-close="">
        {UI_TEXTS.dialogClose}
      </AppLink>
    </div>
  )
}
