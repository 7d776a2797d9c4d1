/**
 * The support forms' words and fixed lists, without zod, so screens can import them
 * without pulling the schemas into the browser's first JS (lib/support.ts has the schemas).
 */

export const DESCRIPTION_MIN = 10
export const DESCRIPTION_MAX = 1000

export const SUPPORT_MESSAGES = {
  chooseAccount: 'Please choose the account this is about',
  chooseConcernType: 'Please choose a concern type',
  chooseSubType: 'Please choose a sub-type',
  chooseAfterSalesType: 'Please choose a request type',
  describe: 'Please describe your concern',
  tooShort: `Please tell us a little more (at least ${DESCRIPTION_MIN} characters)`,
  tooLong: `Please keep it under ${DESCRIPTION_MAX} characters`,
  notYourAccount: 'This account is not linked to you.',
  unknownType: 'Please choose a type from the list',
  unknownSubType: 'Please choose a sub-type from the list',
} as const

export const TICKET_KINDS = ['concern', 'after_sales'] as const
export type TicketKind = (typeof TICKET_KINDS)[number]

export const TICKET_STATUSES = ['OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'] as const
export type TicketStatus = (typeof TICKET_STATUSES)[number]
