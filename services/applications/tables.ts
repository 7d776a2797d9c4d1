import { index, integer, jsonb, pgSchema, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { ApplicationPayload } from '../../lib/application.ts'

export const applicationsSchema = pgSchema('applications')

/**
 * What the applicant was quoted, as the draft's cart priced it at submission (issue 33,
 * docs/decisions/0063): pesos, the promo code's discount already off the first bill.
 */
export type ApplicationPricing = {
  monthlyRecurringFee: number
  dueUpfront: number
  dueAtInstallation: number
  instalments: { months: number; amount: number; lastAmount: number } | null
  promo: { code: string; description: string; discount: number } | null
  firstBill: number
}

/**
 * Submitted applications (issue 10; spec 3; docs/decisions/0028). One row per
 * idempotency key: the portal's key for a draft's submission (stored only as its SHA-256),
 * so a form sent twice finds the row the first made. The reference number is what the
 * applicant is told; it is generated here and unique.
 */
export const applications = applicationsSchema.table(
  'applications',
  {
    id: text('id').primaryKey(),
    referenceNo: text('reference_no').notNull(),
    idempotencyKeyHash: text('idempotency_key_hash').notNull(),
    customerSegment: text('customer_segment').$type<'Residential' | 'SME'>().notNull(),
    // spec 4: submitted, then documents in review, for compliance, approved, … (later issues).
    status: text('status').notNull(),
    emailAddress: text('email_address').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    slotId: text('slot_id').notNull(),
    payload: jsonb('payload').$type<ApplicationPayload>().notNull(),
    // The agent who answers for it now (issue 13): the filing agent's code, taken from the
    // agent-claimed draft it was filed from, else 'self'; a sales admin may reassign it.
    agentCode: text('agent_code').notNull().default('self'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    // spec 4 (issue 33): the address the applicant proved by the emailed link, and when.
    emailVerifiedAddress: text('email_verified_address'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    // Issue 33: the totals quoted at submission; null for an application filed without a draft's cart.
    pricing: jsonb('pricing').$type<ApplicationPricing>(),
  },
  (t) => [
    uniqueIndex('applications_reference_no_idx').on(t.referenceNo),
    uniqueIndex('applications_idempotency_key_hash_idx').on(t.idempotencyKeyHash),
    index('applications_agent_code_idx').on(t.agentCode, t.createdAt),
  ],
)

/**
 * Installation slots (spec 7: appointments, GET and POST slots): one row per weekday and
 * window, made when first asked for, with its capacity (crews) and how many are booked.
 * A slot is booked when an application naming it is submitted, in the same transaction.
 */
export const appointmentSlots = applicationsSchema.table(
  'appointment_slots',
  {
    slotId: text('slot_id').primaryKey(),
    date: text('date').notNull(),
    window: text('window').$type<'AM' | 'PM'>().notNull(),
    capacity: integer('capacity').notNull(),
    booked: integer('booked').notNull(),
  },
  (t) => [index('appointment_slots_date_idx').on(t.date)],
)
