import { sql } from 'drizzle-orm'
import {
  boolean,
  char,
  date,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
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

/** What a credit is for (issue 37): an outage rebate (item 4) or a referral reward (item 5). */
export const CREDIT_KINDS = ['outage_rebate', 'referral_reward'] as const
export type CreditKind = (typeof CREDIT_KINDS)[number]

/** What a credit's source says of it beyond its description: an outage rebate's `from` and `to` (ISO instants). */
export type CreditDetail = { from?: string; to?: string }

/**
 * Credits owed to an account (issue 37; docs/decisions/0076): pending until a bill takes
 * them. The monthly bill run (bill-run.ts) takes every pending credit off the account's next
 * bill as a negative line; a credit larger than the bill leaves its rest pending for the next
 * one (`remainingCentavos`). `sourceKey` names what earned it (a referral, an account's outage
 * month), unique, so a credit is granted once however many copies grant it.
 */
export const credits = billingSchema.table(
  'credits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountNumber: char('account_number', { length: 13 }).notNull(),
    sourceKey: text('source_key').notNull(),
    kind: text('kind', { enum: CREDIT_KINDS }).notNull(),
    amountCentavos: integer('amount_centavos').notNull(),
    // What no bill has taken yet; 0 once bills have taken it all.
    remainingCentavos: integer('remaining_centavos').notNull(),
    description: text('description').notNull(),
    detail: jsonb('detail').$type<CreditDetail>(),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull(),
    demo: boolean('demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('credits_source_key_idx').on(t.sourceKey),
    index('credits_pending_idx')
      .on(t.accountNumber, t.earnedAt)
      .where(sql`${t.remainingCentavos} > 0`),
  ],
)

/** Which bill took how much of a credit (one row per credit and bill; a credit larger than a bill spans two or more). */
export const creditApplications = billingSchema.table(
  'credit_applications',
  {
    creditId: uuid('credit_id')
      .notNull()
      .references(() => credits.id),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id),
    amountCentavos: integer('amount_centavos').notNull(),
  },
  (t) => [primaryKey({ columns: [t.creditId, t.billId] }), index('credit_applications_bill_idx').on(t.billId)],
)
