import { index, integer, pgSchema, text, timestamp } from 'drizzle-orm/pg-core'

export const sessionsSchema = pgSchema('sessions')

/**
 * Portal sign-in sessions (docs/decisions/0008). Only the SHA-256 of the id is kept, so
 * a database reader cannot use a row as a cookie; the tokens are one AES-256-GCM blob.
 */
export const portalSessions = sessionsSchema.table(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    sub: text('sub').notNull(),
    roles: text('roles').array().notNull(),
    displayName: text('display_name').notNull(),
    // iv.ciphertext.tag (base64url) of the JSON tokens, authenticated with the id hash.
    tokensEncrypted: text('tokens_encrypted').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    idleTimeoutSeconds: integer('idle_timeout_seconds').notNull(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    // While set and in the future, one portal process is redeeming this session's refresh
    // token; the others wait for its result instead of redeeming it again (decision 0008).
    refreshLeaseUntil: timestamp('refresh_lease_until', { withTimezone: true }),
  },
  (t) => [index('sessions_sub_idx').on(t.sub), index('sessions_absolute_expires_at_idx').on(t.absoluteExpiresAt)],
)
