import { pgSchema, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

export const remindersSchema = pgSchema('reminders')

export const REMINDER_KINDS = ['before_due', 'due_today'] as const
export type ReminderKind = (typeof REMINDER_KINDS)[number]

export const REMINDER_CHANNELS = ['inbox', 'email', 'sms'] as const
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number]

/**
 * Every due-date reminder sent (issue 36, item 2): one row per bill, user, channel and kind,
 * written in the same transaction as the notification or the outbox message it stands for.
 * The unique index is what makes a reminder go once across every copy and every rerun of the
 * daily job: a second writer's insert finds the row and sends nothing.
 */
export const sentReminders = remindersSchema.table(
  'sent',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The billing service's bill and the identity service's user; no foreign keys across services' schemas.
    billId: uuid('bill_id').notNull(),
    userId: uuid('user_id').notNull(),
    channel: text('channel', { enum: REMINDER_CHANNELS }).notNull(),
    kind: text('kind', { enum: REMINDER_KINDS }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sent_once').on(t.billId, t.userId, t.channel, t.kind)],
)
