/**
 * The gateway's replay memory (issue 17, item 1; docs/security.md, Upstream signing): every
 * request id it accepted, until the signature window has passed twice over. In Postgres, so
 * a captured call replayed to another upstream copy is refused as it is by the first.
 */
import { index, pgSchema, text, timestamp } from 'drizzle-orm/pg-core'

export const replaySchema = pgSchema('replay')

export const seenRequestIds = replaySchema.table(
  'seen_request_ids',
  {
    requestId: text('request_id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('seen_request_ids_expires_idx').on(t.expiresAt)],
)
