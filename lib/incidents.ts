/**
 * Incidents (issue 37, item 2; docs/decisions/0075): the words and shapes the incidents
 * service, its API for a network monitoring system and the operator's screen share. An
 * incident is an outage or planned maintenance over areas named by PSGC code: barangays, or
 * whole cities and municipalities.
 */
import { z } from 'zod'

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

/** A barangay's PSGC code as the address list keeps it (PPPMMBBB), or a city's or municipality's (PPPMM). */
export const BarangayCodeSchema = z.string().regex(/^\d{8,10}$/, { error: 'Not a barangay code.' })
export const MunicipalityCodeSchema = z.string().regex(/^\d{5,6}$/, { error: 'Not a city or municipality code.' })

export const IncidentAreasSchema = z
  .strictObject({
    barangays: z.array(BarangayCodeSchema).max(AREAS_MAX).default([]),
    municipalities: z.array(MunicipalityCodeSchema).max(AREAS_MAX).default([]),
  })
  .refine((areas) => areas.barangays.length + areas.municipalities.length > 0, {
    error: 'Choose at least one barangay or a whole city or municipality.',
  })
export type IncidentAreasInput = z.infer<typeof IncidentAreasSchema>

export const IncidentIdSchema = z.uuid()

/** The Idempotency-Key header (the NMS's retries; services/replay/idempotency.ts). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key'
