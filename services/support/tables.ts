import { index, integer, pgSchema, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { TICKET_KINDS, TICKET_STATUSES } from '../../lib/support.ts'

export const supportSchema = pgSchema('support')

/**
 * What a subscriber can file (spec 7, Support: concern types, sub-types, after-sales types).
 * A concern type has no parent; its sub-types name it as parent; after-sales types are
 * their own kind. Reference data an operator edits; seeded by services/support/seed.ts.
 */
export const ticketTypes = supportSchema.table(
  'ticket_types',
  {
    code: text('code').primaryKey(),
    kind: text('kind', { enum: TICKET_KINDS }).notNull(),
    parentCode: text('parent_code'),
    name: text('name').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('ticket_types_kind_parent').on(t.kind, t.parentCode, t.position)],
)

/**
 * Concerns and after-sales tickets (spec 7, Support: POST concern, POST after-sales ticket,
 * lists). Filed by a user (the token's subject) for one of their verified accounts; only
 * that user reads it back (docs/security.md, Access control).
 */
export const tickets = supportSchema.table(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referenceNumber: text('reference_number').notNull().unique(),
    kind: text('kind', { enum: TICKET_KINDS }).notNull(),
    userId: uuid('user_id').notNull(),
    accountNumber: text('account_number').notNull(),
    typeCode: text('type_code').notNull(),
    subTypeCode: text('sub_type_code'),
    description: text('description').notNull(),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('OPEN'),
    // The form's Idempotency-Key: the same key from the same user answers the same ticket.
    submissionKey: text('submission_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('tickets_user_created').on(t.userId, t.createdAt),
    uniqueIndex('tickets_user_submission').on(t.userId, t.submissionKey),
  ],
)
