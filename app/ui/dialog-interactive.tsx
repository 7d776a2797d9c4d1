/** Dialog with JavaScript (app/ui/dialog.tsx): Headless UI's, loaded with import() once the page runs. */
import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { useNavigate } from '@remix-run/react'
import {
  DIALOG_BACKDROP_CLASS,
  DIALOG_FRAME_CLASS,
  DIALOG_PANEL_CLASS,
  DIALOG_TITLE_CLASS,
  DialogActions,
  type DialogProps,
} from './dialog-parts'

export default function InteractiveDialog({ title, closeHref, children, actions }: DialogProps) {
  const navigate = useNavigate()
  return (
    // The frame is the dialog element itself, so the dialog has the size of the screen.
    <Dialog open onClose={() => navigate(closeHref, { preventScrollReset: true })} className={DIALOG_FRAME_CLASS}>
      <DialogBackdrop className={DIALOG_BACKDROP_CLASS} />
      <DialogPanel className={`relative ${DIALOG_PANEL_CLASS}`}>
        <DialogTitle as="h2" className={DIALOG_TITLE_CLASS}>
          {title}
        </DialogTitle>
        <Description as="div">{children}</Description>
        <DialogActions actions={actions} closeHref={closeHref} />
      </DialogPanel>
    </Dialog>
  )
}
