/**
 * What the portal's concern and after-sales forms and the support service agree on (spec 1,
 * help centre; spec 7, Support): field rules with their messages, ticket kinds, statuses
 * and reference numbers. One copy, so a message the service sends back reads the same as
 * the portal's own.
 */
import { z } from 'zod'
import { AccountNumberSchema } from './identity-schemas.ts'
import { DESCRIPTION_MAX, DESCRIPTION_MIN, SUPPORT_MESSAGES } from './support-words.ts'

export { DESCRIPTION_MAX, DESCRIPTION_MIN, SUPPORT_MESSAGES } from './support-words.ts'

/** A type's code: lower-case words with hyphens (services/support/seed.ts). */
export const TicketTypeCodeSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/)

const requiredCode = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: SUPPORT_MESSAGES.unknownType })

export const DescriptionSchema = z
  .string({ error: SUPPORT_MESSAGES.describe })
  .trim()
  .min(1, { error: SUPPORT_MESSAGES.describe, abort: true })
  .min(DESCRIPTION_MIN, { error: SUPPORT_MESSAGES.tooShort, abort: true })
  .max(DESCRIPTION_MAX, { error: SUPPORT_MESSAGES.tooLong })

const AccountSchema = z
  .string({ error: SUPPORT_MESSAGES.chooseAccount })
  .trim()
  .min(1, { error: SUPPORT_MESSAGES.chooseAccount, abort: true })
  .pipe(AccountNumberSchema)

/** POST /v1/support/concern: a concern about one of the caller's accounts. */
export const ConcernSchema = z.object({
  accountNumber: AccountSchema,
  concernType: requiredCode(SUPPORT_MESSAGES.chooseConcernType),
  subType: requiredCode(SUPPORT_MESSAGES.chooseSubType),
  description: DescriptionSchema,
})
export type Concern = z.infer<typeof ConcernSchema>

/** POST /v2/support/after-sales-ticket: a service request (repair, relocation, …). */
export const AfterSalesTicketSchema = z.object({
  accountNumber: AccountSchema,
  afterSalesType: requiredCode(SUPPORT_MESSAGES.chooseAfterSalesType),
  description: DescriptionSchema,
})
export type AfterSalesTicket = z.infer<typeof AfterSalesTicketSchema>

export { TICKET_KINDS, TICKET_STATUSES, type TicketKind, type TicketStatus } from './support-words.ts'

/** CN- for a concern, AS- for an after-sales ticket, then 8 characters no one misreads. */
export const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
export const ReferenceNumberSchema = z.string().regex(/^(CN|AS)-[A-HJ-NP-Z2-9]{8}$/)

/** The form's one-time token, sent as the Idempotency-Key: a double submit files one ticket. */
export const SubmissionKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/)
