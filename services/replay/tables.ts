/**
 * The gateway's replay memory (issue 17, item 1; docs/security.md, Upstream signing): every
 * request id it accepted, until the signature window has passed twice over. In Postgres, so
 * a captured call replayed to another upstream copy is refused as it is by the first.
 */
import { index, integer, jsonb, pgSchema, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

export const replaySchema = pgSchema('replay')

export const seenRequestIds = replaySchema.table(
  'seen_request_ids',
  {
    requestId: text('request_id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('seen_request_ids_expires_idx').on(t.expiresAt)],
)

/**
 * Answers kept by Idempotency-Key (issue 37, item 2: the network monitoring system's calls):
 * one row per caller's scope and key, with the SHA-256 of the body it came with and the answer
 * given. The same key and body again gets the same answer and changes nothing; another body
 * under the key is refused (idempotency.ts). In Postgres, so every upstream copy agrees.
 */
export const idempotentAnswers = replaySchema.table(
  'idempotent_answers',
  {
    // Who may reuse the key: the channel or the user that sent it, and the operation.
    scope: text('scope').notNull(),
    keySha256: text('key_sha256').notNull(),
    bodySha256: text('body_sha256').notNull(),
    status: integer('status').notNull(),
    // Null while the first call with the key runs (status 0).
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.keySha256] }), index('idempotent_answers_expires_idx').on(t.expiresAt)],
)
