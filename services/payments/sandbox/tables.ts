import { index, integer, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * The sandbox payment gateway's own tables (docs/decisions/0042): it stands for an outside
 * party (PayMongo), so it keeps its state apart from the payments service's, as the real
 * gateway would, and nothing of it lives in process memory.
 */
export const paymentSandboxSchema = pgSchema('payment_sandbox')

export type SandboxSessionAttributes = {
  line_items: { name: string; amount: number; currency: string; quantity: number; description?: string }[]
  payment_method_types: string[]
  success_url: string
  cancel_url: string
  reference_number: string | null
  description: string | null
  metadata: Record<string, string> | null
  send_email_receipt: boolean
}

/** Checkout sessions (PayMongo's `cs_…`): what the merchant asked for and how it ended. */
export const sandboxCheckoutSessions = paymentSandboxSchema.table('checkout_sessions', {
  id: text('id').primaryKey(),
  attributes: jsonb('attributes').$type<SandboxSessionAttributes>().notNull(),
  // active until paid or expired; a failed or cancelled try leaves it active (PayMongo lets the payer try again).
  status: text('status', { enum: ['active', 'paid', 'expired'] }).notNull(),
  paymentIntentId: text('payment_intent_id').notNull(),
  // The payments made in the session (pay_…), as PayMongo lists them on the session.
  payments: jsonb('payments').$type<SandboxPayment[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
})

export type SandboxPayment = {
  id: string
  status: 'paid' | 'failed'
  amount: number
  source_type: string
  failed_message: string | null
  created_at: number
}

/** Idempotency-Key: the first answer to a key is the answer to every repeat with the same body. */
export const sandboxIdempotencyKeys = paymentSandboxSchema.table('idempotency_keys', {
  key: text('key').primaryKey(),
  requestHash: text('request_hash').notNull(),
  responseStatus: integer('response_status').notNull(),
  responseBody: text('response_body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
})

/**
 * Webhook deliveries, at least once: each event is a row, tried until the receiver answers
 * 2xx, with growing waits between tries (deliveries.ts), then given up.
 */
export const sandboxWebhookDeliveries = paymentSandboxSchema.table(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: text('event_id').notNull().unique(),
    type: text('type').notNull(),
    // The event's JSON exactly as sent; the signature is made afresh (a new t) on each try.
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'sending', 'delivered', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt)],
)
