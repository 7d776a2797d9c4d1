import { bigint, boolean, char, index, jsonb, pgSchema, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { REPAIR_STEP_KINDS, VISIT_NOTICE_KINDS, VISIT_STATES } from '../../lib/repairs.ts'

export const repairsSchema = pgSchema('repairs')

/**
 * "No internet" reports (issue 37, item 6): a subscriber's modem stopped reporting with no
 * incident covering their area. One open report per account at a time; it records what the
 * modem last said (the proof the ticket carries) when it was made. Read back only by the user
 * who made it, for an account still theirs (docs/security.md, Access control).
 */
export const reports = repairsSchema.table(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountNumber: char('account_number', { length: 13 }).notNull(),
    // The identity service's user (the token's subject) who reported; no foreign key across schemas.
    userId: uuid('user_id').notNull(),
    deviceId: text('device_id').notNull(),
    // The modem's last report and its last readings before it went silent, as the devices service gave them.
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    recentSignal: jsonb('recent_signal').$type<{ at: string; signalDbm: number }[]>().notNull(),
    // The support ticket opened when a restart did not help (support's reference number).
    ticketReference: text('ticket_reference'),
    // Open until the subscriber says a restart helped (or, later, the repair is done).
    open: boolean('open').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('reports_one_open_per_account')
      .on(t.accountNumber)
      .where(sql`${t.open}`),
    index('reports_ticket_idx').on(t.ticketReference),
  ],
)

/** Each step of a report, in order: what the ticket's page shows (restart tried, ticket opened, visit booked…). */
export const reportSteps = repairsSchema.table(
  'report_steps',
  {
    // In the order written: steps in one instant (a restart refused, then the ticket) keep it.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REPAIR_STEP_KINDS }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    // The words the step needs: the slot's label, the technician's name and window.
    detail: text('detail'),
  },
  (t) => [index('report_steps_report_idx').on(t.reportId, t.id)],
)

/**
 * Repair visits, each holding one crew of an appointment slot (the applications service's
 * crew slots). Moving a visit books the new slot as a new row and marks the old one moved, so
 * a visit's notices ("assigned", "today") go once for each booking.
 */
export const visits = repairsSchema.table(
  'visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    slotId: text('slot_id').notNull(),
    date: text('date').notNull(),
    state: text('state', { enum: VISIT_STATES }).notNull(),
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull(),
    technicianName: text('technician_name'),
    arrivalFrom: timestamp('arrival_from', { withTimezone: true }),
    arrivalTo: timestamp('arrival_to', { withTimezone: true }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
  },
  (t) => [
    index('visits_report_idx').on(t.reportId, t.bookedAt),
    index('visits_state_date_idx').on(t.state, t.date),
    uniqueIndex('visits_one_booked_per_report')
      .on(t.reportId)
      .where(sql`${t.state} = 'booked'`),
  ],
)

/**
 * Every visit notice sent: one row per visit, kind and channel, written in the same
 * transaction as the notification or outbox message, under a unique index, so each goes
 * once across copies and reruns (the reminders' pattern, docs/decisions/0074).
 */
export const visitNotices = repairsSchema.table(
  'visit_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    visitId: uuid('visit_id').notNull(),
    kind: text('kind', { enum: VISIT_NOTICE_KINDS }).notNull(),
    channel: text('channel', { enum: ['inbox', 'email', 'sms'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('visit_notices_once').on(t.visitId, t.kind, t.channel)],
)
