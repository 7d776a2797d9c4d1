import { boolean, index, integer, jsonb, pgSchema, text, timestamp } from 'drizzle-orm/pg-core'

export const cmsSchema = pgSchema('cms')

/** A named content document (legal pages, banners, footers, landing image), stored as JSON. */
export const documents = cmsSchema.table('documents', {
  name: text('name').primaryKey(),
  content: jsonb('content').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The help centre's topics (spec 1, help centre; spec 7, Content: help categories). `id` is
 * the slug in the portal's URLs (/help/{id}).
 */
export const helpCategories = cmsSchema.table('help_categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  position: integer('position').notNull(),
})

/**
 * The help centre's entries (spec 7, Content: featured FAQs, help answers by id, knowledge
 * base, videos): one table, three kinds, so one search covers them all. `id` is spec 7's
 * faqId. The answer is plain text: paragraphs split by a blank line, lists as lines starting
 * with "- " or "1. " (never HTML, so nothing needs sanitizing). A video is a link to its URL,
 * never an embed (no third-party player loads without consent); its answer holds the same
 * steps in words, so it helps before an operator has published the video.
 */
export const helpEntries = cmsSchema.table(
  'help_entries',
  {
    id: text('id').primaryKey(),
    categoryId: text('category_id')
      .notNull()
      .references(() => helpCategories.id),
    kind: text('kind', { enum: ['faq', 'article', 'video'] }).notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    featured: boolean('featured').notNull().default(false),
    videoUrl: text('video_url'),
    position: integer('position').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('help_entries_category').on(t.categoryId, t.position)],
)
