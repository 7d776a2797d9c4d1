import {
  boolean,
  char,
  date,
  index,
  integer,
  jsonb,
  pgSchema,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

export const billingSchema = pgSchema('billing')

/** One line of a bill: what was charged, in centavos (a credit is negative). */
export type ChargeLine = { description: string; amountCentavos: number }

/**
 * Bills issued to subscriber accounts (issue 11; spec 1 bill history and statements). One a
 * month per account: `month` ('YYYY-MM', the month it was issued) names its statement.
 * Amounts are whole centavos, never floats; `amountCentavos` is the sum of the lines.
 */
export const bills = billingSchema.table(
  'bills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountNumber: char('account_number', { length: 13 }).notNull(),
    month: char('month', { length: 7 }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    lines: jsonb('lines').$type<ChargeLine[]>().notNull(),
    amountCentavos: integer('amount_centavos').notNull(),
    // Seeded demonstration data, so an operator can find and remove it.
    demo: boolean('demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('bills_account_month_idx').on(t.accountNumber, t.month)],
)

/** Payments posted to accounts, from any channel (spec 1: card, banking, counter, e-wallet, outlet, installer). */
export const payments = billingSchema.table(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountNumber: char('account_number', { length: 13 }).notNull(),
    amountCentavos: integer('amount_centavos').notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull(),
    channel: text('channel').notNull(),
    // The channel's own reference; one payment is posted once.
    reference: text('reference').notNull().unique(),
    demo: boolean('demo').notNull().default(false),
  },
  (t) => [index('payments_account_idx').on(t.accountNumber, t.postedAt)],
)
