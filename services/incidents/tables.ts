/**
 * Incidents that operators run (issue 37, item 2; docs/decisions/0075): outages and planned
 * maintenance, the areas they cover by PSGC code, every update and estimate posted, and every
 * change with who made it. Replaces devices.outages (keyed by a network area name): an
 * incident reaches an account through the barangay of its service address
 * (accounts.subscriptions.barangay_code).
 */
import { AREA_LEVELS, AUDIT_ACTIONS, EXCLUSIONS, INCIDENT_KINDS } from '../../lib/incidents.ts'
import { bigserial, boolean, index, jsonb, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const incidentsSchema = pgSchema('incidents')

export const incidents = incidentsSchema.table(
  'incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: INCIDENT_KINDS }).notNull(),
    // As the operator wrote it: shown to subscribers as is.
    cause: text('cause').notNull(),
    // An outage's start; maintenance's scheduled start.
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    // Maintenance only: the scheduled end, and when subscribers were told of it.
    scheduledEndAt: timestamp('scheduled_end_at', { withTimezone: true }),
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    estimatedRestoreAt: timestamp('estimated_restore_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    exclusion: text('exclusion', { enum: EXCLUSIONS }).notNull().default('none'),
    openedBy: text('opened_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    // Seeded demonstration data, so an operator can find and remove it.
    demo: boolean('demo').notNull().default(false),
  },
  (t) => [index('incidents_started_idx').on(t.startedAt), index('incidents_resolved_idx').on(t.resolvedAt)],
)

/** The areas an incident covers: barangays, or whole cities and municipalities (which cover every barangay in them). */
export const incidentAreas = incidentsSchema.table(
  'incident_areas',
  {
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    level: text('level', { enum: AREA_LEVELS }).notNull(),
    psgcCode: text('psgc_code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.incidentId, t.psgcCode] }), index('incident_areas_code_idx').on(t.psgcCode)],
)

/** What subscribers read, in order: each posted update, and each change of the estimated restore time. */
export const incidentUpdates = incidentsSchema.table(
  'incident_updates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['update', 'estimate', 'resolved'] }).notNull(),
    text: text('text'),
    estimatedRestoreAt: timestamp('estimated_restore_at', { withTimezone: true }),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull(),
    postedBy: text('posted_by').notNull(),
  },
  (t) => [index('incident_updates_incident_idx').on(t.incidentId, t.id)],
)

/**
 * Every change, with who made it ('user:<subject>' for an operator signed in, 'channel:<name>'
 * for a signed system such as the NMS) and what it changed, before and after. Append-only.
 */
export const incidentAudit = incidentsSchema.table(
  'incident_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    actor: text('actor').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    detail: jsonb('detail').notNull(),
  },
  (t) => [index('incident_audit_incident_idx').on(t.incidentId, t.id)],
)
