import { sql } from 'drizzle-orm'
import { boolean, char, date, index, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { paymentsSchema } from '../tables.ts'

/**
 * AutoPay enrolments (spec 4; issue 12 item 4; docs/decisions/0043), one row per try at
 * setting it up. At most one is open per account (card_pending, verifying, active,
 * cancelling); the ones that ended stay, with why.
 *   card_pending  the gateway's card page is waiting for the customer
 *   verifying     the card is saved and a small amount charged: the customer must type it in
 *   active        set up: charged on each bill's due date
 *   cancelling    cancelled by the customer, still charged until `cancelEffectiveAfter`
 *   failed        the card was declined when added (spec 8: 'AutoPay set up failed!')
 *   void          the verification amount was wrong too many times, or the customer left
 *   replaced      the customer changed card (the old card deleted first)
 *   cancelled     cancellation took effect
 * We keep the gateway's token for the card and its brand and last four digits, nothing else.
 */
export const AUTOPAY_STATUSES = [
  'card_pending',
  'verifying',
  'active',
  'cancelling',
  'failed',
  'void',
  'replaced',
  'cancelled',
] as const
export type AutopayStatus = (typeof AUTOPAY_STATUSES)[number]
export const OPEN_AUTOPAY_STATUSES = ['card_pending', 'verifying', 'active', 'cancelling'] as const

export const autopayEnrolments = paymentsSchema.table(
  'autopay_enrolments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountNumber: char('account_number', { length: 13 }).notNull(),
    status: text('status', { enum: AUTOPAY_STATUSES }).notNull(),
    // The signed-in user who started it (the token's subject).
    startedBy: text('started_by').notNull(),
    // Where AutoPay's emails go: given at enrolment, else the account's registered email.
    notifyEmail: text('notify_email'),
    gateway: text('gateway', { enum: ['paymongo', 'sandbox'] }).notNull(),
    gatewayCustomerId: text('gateway_customer_id'),
    // The payment intent of the verification charge, and the card page it answered.
    setupIntentId: text('setup_intent_id').unique(),
    cardFormUrl: text('card_form_url'),
    verificationCentavos: integer('verification_centavos').notNull(),
    verificationPaymentId: text('verification_payment_id'),
    verificationTries: integer('verification_tries').notNull().default(0),
    // The verification charge is given back once verified or void: true while that is owed.
    refundDue: boolean('refund_due').notNull().default(false),
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    // The gateway's token for the saved card, and what may be shown of it.
    paymentMethodId: text('payment_method_id'),
    cardBrand: text('card_brand'),
    cardLast4: char('card_last4', { length: 4 }),
    // The card is to be deleted at the gateway (the enrolment ended): true until done.
    cardDeleteDue: boolean('card_delete_due').notNull().default(false),
    cardDeletedAt: timestamp('card_deleted_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    // The last day AutoPay still charges (the current month's due date when cancelled).
    cancelEffectiveAfter: date('cancel_effective_after', { mode: 'string' }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    // What the customer is told about the end (spec 8's messages where they fit).
    endReason: text('end_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('autopay_enrolments_open_idx')
      .on(t.accountNumber)
      .where(sql`${t.status} in ('card_pending', 'verifying', 'active', 'cancelling')`),
    index('autopay_enrolments_account_idx').on(t.accountNumber, t.createdAt),
  ],
)

/**
 * Due-date charges (docs/decisions/0043): one row per account and due date, claimed by the
 * job with FOR UPDATE SKIP LOCKED, so copies of the upstream never charge one twice.
 *   scheduled   to be tried on `nextAttemptOn` (a Manila date)
 *   processing  claimed; its payment (payments.payments) is at the gateway, posted by the webhook
 *   paid        its payment posted
 *   failed      every try failed (at most AUTOPAY_MAX_TRIES, one a day)
 *   skipped     nothing to charge when its turn came (paid meanwhile, AutoPay ended)
 */
export const AUTOPAY_CHARGE_STATUSES = ['scheduled', 'processing', 'paid', 'failed', 'skipped'] as const
export type AutopayChargeStatus = (typeof AUTOPAY_CHARGE_STATUSES)[number]

export const autopayCharges = paymentsSchema.table(
  'autopay_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountNumber: char('account_number', { length: 13 }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: AUTOPAY_CHARGE_STATUSES }).notNull(),
    tries: integer('tries').notNull().default(0),
    nextAttemptOn: date('next_attempt_on', { mode: 'string' }).notNull(),
    // A claim not carried through by then (the process died) may be claimed again.
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    // The current try: its amount, the card's enrolment, and its payment.
    amountCentavos: integer('amount_centavos'),
    enrolmentId: uuid('enrolment_id'),
    paymentId: uuid('payment_id'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('autopay_charges_account_due_idx').on(t.accountNumber, t.dueOn),
    index('autopay_charges_due_idx').on(t.status, t.nextAttemptOn),
  ],
)
