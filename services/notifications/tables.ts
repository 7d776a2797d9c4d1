import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { MessageAttachment } from './sender.ts'
import { allowanceTable } from '../rate-limit.ts'
import { NOTIFICATION_KINDS, NOTIFICATION_SEVERITIES } from '../../lib/notifications.ts'

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
    // Files sent with an email (an application's PDF summary, issue 13); null once delivered, like the body.
    attachments: jsonb('attachments').$type<MessageAttachment[]>(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    // When a deliverer claimed it ('sending'): a claim older than the lease (outbox.ts) was
    // left by a process that stopped mid-delivery, and another deliverer takes it over.
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    // Back-off (outbox.ts, retryDelayMs): a message that failed is not tried again before this.
    // On an SMS sent through a provider without receipts (Semaphore), when to ask about it
    // again (outbox.ts, askDeliveries).
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    // What the provider answered (an SMS gateway's message ids, one per part) and how many parts
    // the message took; its delivery receipt, when one comes, is kept in `delivery`.
    providerMessageIds: text('provider_message_ids').array(),
    segments: integer('segments'),
    // The provider's last word on the message: delivered to the handset, or the number cannot
    // be reached (a refused number, an undeliverable receipt). Null: not known (yet).
    delivery: text('delivery', { enum: ['delivered', 'undeliverable'] }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_recipient_created').on(sql`lower(${t.recipient})`, t.createdAt),
    index('outbox_status').on(t.status),
    // A delivery receipt names the provider's message id.
    index('outbox_provider_message_ids').using('gin', t.providerMessageIds),
  ],
)

/**
 * SMS sends per number in the current hour (SMS_PER_NUMBER_PER_HOUR; services/rate-limit.ts):
 * the key holds the number's digest, never the number.
 */
export const smsAllowances = allowanceTable(notificationsSchema, 'sms_allowances')

/**
 * In-app notifications (issue 11, item 4; spec 3; inbox.ts): one row per user. A
 * notification about an account is written once for each user whose proven links hold
 * it (fan-out at creation), and shows only while the user's token still lists that account.
 */
export const inbox = notificationsSchema.table(
  'inbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The identity service's user id (the token's subject); no foreign key across services' schemas.
    userId: uuid('user_id').notNull(),
    accountNumber: text('account_number'),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    severity: text('severity', { enum: NOTIFICATION_SEVERITIES }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    // Null while unseen (spec 3: the unseen count counts these).
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('inbox_user_created').on(t.userId, t.createdAt.desc(), t.id.desc())],
)
