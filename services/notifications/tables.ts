import { sql } from 'drizzle-orm'
import { index, integer, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const notificationsSchema = pgSchema('notifications')

/**
 * Every email and SMS is written here in the same transaction as the change that causes
 * it, then delivered by the configured sender. Without one, messages stay pending and
 * the dev mailbox reads them here.
 */
export const outbox = notificationsSchema.table(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    // Null once delivered: bodies carry live links, which should not outlive delivery.
    body: text('body'),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_recipient_created').on(sql`lower(${t.recipient})`, t.createdAt),
    index('outbox_status').on(t.status),
  ],
)
