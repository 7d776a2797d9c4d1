import { index, jsonb, pgSchema, text, timestamp } from 'drizzle-orm/pg-core'

export const draftsSchema = pgSchema('drafts')

/**
 * Drafts (docs/decisions/0018): what a visitor has entered so far, by section (lib/draft-sections.ts).
 * Only the SHA-256 of the id is kept, so a database reader cannot use a row as a cookie.
 */
export const drafts = draftsSchema.table(
  'drafts',
  {
    idHash: text('id_hash').primaryKey(),
    // Section name → its validated value.
    sections: jsonb('sections').$type<Record<string, unknown>>().notNull(),
    // The signed-in user or agent who claimed it (their token's subject); null while anyone holding the id may use it.
    ownerSub: text('owner_sub'),
    // The agent's code when an agent claimed it (spec 6: it goes with leads and applications).
    agentCode: text('agent_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    // spec 9: the last save plus 4 hours.
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('drafts_expires_at_idx').on(t.expiresAt), index('drafts_owner_sub_idx').on(t.ownerSub)],
)
