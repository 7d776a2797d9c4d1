/**
 * The embedded OpenID provider's state: one table for every oidc-provider model
 * (sessions, interactions, codes, tokens, grants), and its signing keys. Owned by the
 * identity service's provider alone.
 */
import { index, jsonb, pgSchema, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

export const oidcSchema = pgSchema('oidc')

export const oidcModels = oidcSchema.table(
  'models',
  {
    // The model's name (Session, AuthorizationCode, RefreshToken, Grant, …): ids are only unique within one.
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.id] }),
    index('models_grant_id_idx').on(table.grantId),
    index('models_uid_idx').on(table.uid),
    index('models_user_code_idx').on(table.userCode),
    index('models_expires_at_idx').on(table.expiresAt),
  ],
)

export const oidcSigningKeys = oidcSchema.table('signing_keys', {
  kid: text('kid').primaryKey(),
  /** The private JWK (with its kid, alg and use). */
  jwk: jsonb('jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
