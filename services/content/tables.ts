/**
 * The content revision (issue 35, item 3): one row whose number goes up whenever the public
 * content changes: the plan catalogue, the CMS documents and help entries, the stores. The
 * portal keeps rendered public pages and its copy of that content until the number moves.
 *
 * Triggers on those tables raise it (migration 0032), so every write counts: a service's
 * own, the seed, an operator's import, or an ISP editing a table by hand. No service's code
 * writes this table, and the content services do not know of it.
 */
import { bigint, integer, pgSchema, timestamp } from 'drizzle-orm/pg-core'

export const contentSchema = pgSchema('content')

export const revision = contentSchema.table('revision', {
  // Always 1: the table holds one row.
  id: integer('id').primaryKey(),
  revision: bigint('revision', { mode: 'number' }).notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
})
