import { index, integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core'
import { paymentSandboxSchema } from './tables.ts'

/**
 * The sandbox gateway's saved cards (docs/decisions/0043): customers, their payment methods,
 * payment intents (the verification charge and off-session charges) and refunds, kept as
 * PayMongo keeps them, in Postgres like the rest of the sandbox. A payment method holds the
 * test card's brand and last four digits only: the sandbox never takes a card number.
 */
export const sandboxCustomers = paymentSandboxSchema.table('customers', {
  id: text('id').primaryKey(),
  attributes: jsonb('attributes').$type<{ first_name: string; last_name: string; email: string }>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
})

export const sandboxPaymentMethods = paymentSandboxSchema.table(
  'payment_methods',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id'),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    // Which test card it is (test-cards.ts SANDBOX_TEST_CARDS): how its charges end.
    testCard: text('test_card').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('payment_methods_customer_idx').on(t.customerId)],
)

export type SandboxIntentAttributes = {
  amount: number
  description: string | null
  metadata: Record<string, string> | null
  return_url: string | null
  /** The customer a card used here is saved under, off-session. */
  customer_id: string | null
}

export type SandboxIntentPayment = {
  id: string
  status: 'paid' | 'failed'
  amount: number
  brand: string
  last4: string
  failed_code: string | null
  failed_message: string | null
  refunded: number
  created_at: number
}

export const sandboxPaymentIntents = paymentSandboxSchema.table('payment_intents', {
  id: text('id').primaryKey(),
  attributes: jsonb('attributes').$type<SandboxIntentAttributes>().notNull(),
  // awaiting_payment_method until a card pays it (succeeded); a declined card leaves it awaiting, with the error.
  status: text('status', { enum: ['awaiting_payment_method', 'succeeded'] }).notNull(),
  clientKey: text('client_key').notNull(),
  paymentMethodId: text('payment_method_id'),
  payments: jsonb('payments').$type<SandboxIntentPayment[]>().notNull(),
  lastPaymentError: jsonb('last_payment_error').$type<{ failed_code: string; failed_message: string } | null>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
})

export const sandboxRefunds = paymentSandboxSchema.table('refunds', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id').notNull(),
  paymentIntentId: text('payment_intent_id').notNull(),
  amount: integer('amount').notNull(),
  notes: text('notes'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
})
