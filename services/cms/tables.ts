import { jsonb, pgSchema, text, timestamp } from 'drizzle-orm/pg-core'

export const cmsSchema = pgSchema('cms')

/** A named content document (legal pages, banners, footers, landing image), stored as JSON. */
export const documents = cmsSchema.table('documents', {
  name: text('name').primaryKey(),
  content: jsonb('content').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
