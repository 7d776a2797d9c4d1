/** The screen's address, its buttons' `intent` values and its popups (?dialog=), shared by the forms and the action. */
export const CHECK_PATH = '/CheckAvailability'

export const INTENT = {
  details: 'details',
  update: 'update',
  /** A search hit chosen (with JavaScript): every level at once. */
  pick: 'pick',
  check: 'check',
  confirm: 'confirm',
  lead: 'lead',
  /** A referral's result filed (issue 15): the referee, or a Win Back. */
  refer: 'refer',
} as const

/** spec 2's popups, each a page the server renders open. */
export const DIALOGS = ['pin-demo', 'confirm', 'serviceable', 'not-serviceable', 'lead-filed'] as const
export type Dialog = (typeof DIALOGS)[number]
