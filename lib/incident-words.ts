/**
 * The incidents' words and limits (issue 37, item 2; docs/decisions/0075), without zod: what the
 * operator's screen needs in the browser. lib/incidents.ts adds the schemas and re-exports these.
 */
export const INCIDENT_KINDS = ['outage', 'maintenance'] as const
export type IncidentKind = (typeof INCIDENT_KINDS)[number]

/**
 * The operator's mark for rebates (issue 37, item 4): counted (`none`), or excluded as
 * planned maintenance announced at least 48 hours ahead, force majeure, a third party's or
 * the subscriber's cause.
 */
export const EXCLUSIONS = ['none', 'planned_announced', 'force_majeure', 'third_party', 'subscriber'] as const
export type Exclusion = (typeof EXCLUSIONS)[number]

/** How far ahead maintenance must be announced to be excluded as planned (HB 178; issue 37). */
export const PLANNED_NOTICE_HOURS = 48

export const AREA_LEVELS = ['barangay', 'municipality'] as const
export type AreaLevel = (typeof AREA_LEVELS)[number]

export const AUDIT_ACTIONS = ['open', 'update', 'estimate', 'resolve', 'exclusion', 'areas'] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export const CAUSE_MAX = 500
export const UPDATE_TEXT_MAX = 1000
/** The most areas one incident names (a big city has a few hundred barangays: name the city). */
export const AREAS_MAX = 200
