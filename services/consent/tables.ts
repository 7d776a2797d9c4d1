import { index, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { CONSENT_NAMES, CONSENT_STATES } from './catalogue.ts'

export const consentSchema = pgSchema('consent')

/**
 * Every consent given or withdrawn (issue 11 item 6; Data Privacy Act: proof of consent).
 * Rows are only ever added: the current state is the newest row of a user's consent, and
 * the history stays. `channel` is the signed request's channel name (spec 7), so a change
 * made at a store's terminal or an app is told apart from the web portal's.
 */
export const consentEvents = consentSchema.table(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    consent: text('consent', { enum: CONSENT_NAMES }).notNull(),
    state: text('state', { enum: CONSENT_STATES }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    channel: text('channel').notNull(),
    requestId: text('request_id'),
  },
  (t) => [index('events_user_consent_at').on(t.userId, t.consent, t.at)],
)
