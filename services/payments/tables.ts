import { boolean, char, index, integer, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { allowanceTable } from '../rate-limit.ts'
import { CHANNEL_GROUP_CODES, PAYMENT_EVENT_KINDS, PAYMENT_STATUSES } from './channels.ts'

export const paymentsSchema = pgSchema('payments')

/**
 * Payments made through the portal (issue 12; docs/decisions/0042): what was asked, through
 * which channel, and where it stands. Only a verified gateway webhook (or an operator's
 * posting of a counter reference) moves one to `posted`, and only then does billing's ledger
 * (services/billing, postPayment) hear of it, once, under `reference`.
 * Amounts are whole centavos: `amountCentavos` is credited to the account, `serviceChargeCentavos`
 * is the channel's fee (spec 9: internet banking 15.00), `totalCentavos` what the payer is charged.
 */
export const portalPayments = paymentsSchema.table(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountNumber: char('account_number', { length: 13 }).notNull(),
    amountCentavos: integer('amount_centavos').notNull(),
    serviceChargeCentavos: integer('service_charge_centavos').notNull(),
    totalCentavos: integer('total_centavos').notNull(),
    channelGroup: text('channel_group', { enum: CHANNEL_GROUP_CODES }).notNull(),
    // The method the payer chose inside the group (gcash, card…), when the gateway tells us.
    paymentMethod: text('payment_method'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    // Ours, unique: the checkout's reference_number, the counter slip's number, billing's posting reference.
    reference: text('reference').notNull().unique(),
    gateway: text('gateway', { enum: ['paymongo', 'sandbox', 'counter'] }).notNull(),
    checkoutSessionId: text('checkout_session_id').unique(),
    checkoutUrl: text('checkout_url'),
    paymentIntentId: text('payment_intent_id'),
    // The gateway's payment id once it reports one (pay_…).
    gatewayPaymentId: text('gateway_payment_id'),
    // Where the receipt goes: given by the payer, else the account's registered email.
    receiptEmail: text('receipt_email'),
    // The signed-in user who started it (the token's subject); null for a guest.
    initiatedBy: text('initiated_by'),
    // The portal's Idempotency-Key for the initiation: a form sent twice starts one payment.
    initiationKey: text('initiation_key').unique(),
    // A counter or outlet reference stops being accepted after this.
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    demo: boolean('demo').notNull().default(false),
  },
  (t) => [index('payments_account_created_idx').on(t.accountNumber, t.createdAt)],
)

/** Each payment's timeline (issue 12: initiated, authorised, posted, receipt emailed, failed, cancelled). */
export const paymentEvents = paymentsSchema.table(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => portalPayments.id, { onDelete: 'cascade' }),
    // The order events were written in: several share one moment (a posting and its receipt).
    seq: integer('seq').generatedAlwaysAsIdentity().notNull(),
    kind: text('kind', { enum: PAYMENT_EVENT_KINDS }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    // What the customer reads beside the step (no card data: the gateway never gives us any).
    detail: text('detail'),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId, t.at)],
)

/** Gateway webhook events already handled, by the gateway's event id: a second delivery changes nothing. */
export const gatewayWebhookEvents = paymentsSchema.table('webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  paymentId: uuid('payment_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
})

/**
 * The guest calls' limit before issue 32 (a read, then a write: concurrent calls could pass it).
 * No longer used; kept while a copy of the release before may still write it (docs/operations.md,
 * Changing the database without stopping the portal) and dropped in a later migration.
 */
export const guestLimits = paymentsSchema.table('guest_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
})

/**
 * The guest calls' fixed-window counters (services/rate-limit.ts): by account number and by client
 * address for unknown browsers, by device token for a browser trusted with the account (each hashed).
 */
export const guestAllowances = allowanceTable(paymentsSchema, 'guest_allowances')
