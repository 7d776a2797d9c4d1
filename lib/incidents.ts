/**
 * Incidents (issue 37, item 2; docs/decisions/0075): the words and shapes the incidents
 * service, its API for a network monitoring system and the operator's screen share. An
 * incident is an outage or planned maintenance over areas named by PSGC code: barangays, or
 * whole cities and municipalities.
 */
import { z } from 'zod'
import { AREAS_MAX } from './incident-words.ts'

// The words without zod, for the operator's screen in the browser (its first-visit JS).
export * from './incident-words.ts'

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
