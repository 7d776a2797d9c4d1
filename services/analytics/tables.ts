/**
 * The analytics service's data (issue 17 item 5; docs/decisions/0051): counts only. A row is
 * a day (Philippine time), a page's route pattern, an event's name, or a web-vitals bucket,
 * with how many there were. No user, address, browser, visitor or time of day is kept, so
 * nothing here can follow a person, within a day or across days.
 */
import { date, integer, pgSchema, primaryKey, smallint, text } from 'drizzle-orm/pg-core'
import { ANALYTICS_EVENTS, HEADER_LINKS, WEB_VITALS } from '../../lib/analytics.ts'

export const analyticsSchema = pgSchema('analytics')

/** Page views per day and page (`/plans/:code`, never a URL). */
export const pageViews = analyticsSchema.table(
  'page_views',
  {
    day: date('day', { mode: 'string' }).notNull(),
    page: text('page').notNull(),
    views: integer('views').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.page] })],
)

/** Events per day: a header link's clicks by the link's name; Register and Login clicks ('' link). */
export const events = analyticsSchema.table(
  'events',
  {
    day: date('day', { mode: 'string' }).notNull(),
    name: text('name', { enum: ANALYTICS_EVENTS }).notNull(),
    link: text('link', { enum: ['', ...HEADER_LINKS] }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.name, t.link] })],
)

/**
 * Web-vitals samples per day, page and metric, counted in fixed geometric buckets
 * (services/analytics/buckets.ts): the 75th percentile is read from them, and however many
 * samples arrive the table cannot grow beyond pages × metrics × buckets a day.
 */
export const vitalBuckets = analyticsSchema.table(
  'vital_buckets',
  {
    day: date('day', { mode: 'string' }).notNull(),
    page: text('page').notNull(),
    metric: text('metric', { enum: WEB_VITALS }).notNull(),
    bucket: smallint('bucket').notNull(),
    samples: integer('samples').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.page, t.metric, t.bucket] })],
)
