import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, pgSchema, text, timestamp } from 'drizzle-orm/pg-core'

export const salesSchema = pgSchema('sales')

/**
 * The sales roster (issue 13; spec 7 "agent code, type, TSM list"; docs/decisions/0044):
 * which user is which agent, and who their team sales manager (TSM, a sales admin) is.
 * Identity issues the agent code as a token claim; the sales back office keeps the team.
 * A sales admin's team is every agent whose manager they are.
 */
export const salesAgents = salesSchema.table(
  'agents',
  {
    agentCode: text('agent_code').primaryKey(),
    // The agent's user (identity's id, the token's subject).
    userId: text('user_id').notNull().unique(),
    // The TSM's user (a sales admin); null while the agent has no team.
    managerUserId: text('manager_user_id'),
    // Demonstration rows from the seed, so an operator can find and remove them.
    demo: boolean('demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('agents_manager_idx').on(t.managerUserId)],
)

/**
 * Reassignments of an application from one agent to another (a single PATCH or the admin's
 * bulk update): the sales timeline of an application shows them beside its statuses.
 */
export const salesAssignments = salesSchema.table(
  'assignments',
  {
    id: text('id').primaryKey(),
    applicationId: text('application_id').notNull(),
    fromAgentCode: text('from_agent_code').notNull(),
    toAgentCode: text('to_agent_code').notNull(),
    // Who moved it (the admin's user id).
    byUserId: text('by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('assignments_application_idx').on(t.applicationId, t.createdAt)],
)

/** Promo codes agents may offer (spec 4: the agent's promo code; spec 7 lists them among the sales calls). */
export const promoCodes = salesSchema.table('promo_codes', {
  code: text('code').primaryKey(),
  description: text('description').notNull(),
  // Pesos off the first bill: the orders service prices a cart with it (services/sales/promo-codes.ts).
  discountPesos: integer('discount_pesos').notNull(),
  // Manila calendar dates, both inclusive.
  validFrom: date('valid_from').notNull(),
  validUntil: date('valid_until').notNull(),
  // For these customer segments only; empty: every segment.
  segments: text('segments').array().notNull(),
  // For these plans only (issue 33: its rules say which plans); empty: every plan of its segments.
  planCodes: text('plan_codes')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  demo: boolean('demo').notNull().default(false),
})

/** Application PDF summaries sent to customers (spec 7, notifications for PDF): the hourly limit counts these. */
export const pdfSends = salesSchema.table(
  'pdf_sends',
  {
    id: text('id').primaryKey(),
    applicationId: text('application_id').notNull(),
    byUserId: text('by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('pdf_sends_application_idx').on(t.applicationId, t.createdAt)],
)
