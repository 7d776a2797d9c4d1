/**
 * The draft sections /CheckAvailability owns (ARCHITECTURE.md 5; spec 3, 4): where the
 * visitor is on step 2 and what the last check said (`serviceability`), and the lead a
 * non-serviceable visitor filed (`lead`). Registered in lib/draft-sections.ts, so the
 * draft service validates them as it validates every section; lib/, because both the
 * portal and the service read them.
 */
import { z } from 'zod'

const Choice = z.string().max(64)
const Coordinate = z.string().max(32)

export const ServiceabilitySectionSchema = z.object({
  /** spec 3, Location choice: the cascade's ids, the location type, the building or subdivision, the pin. */
  choice: z.object({
    regionId: Choice,
    provinceId: Choice,
    municipalityId: Choice,
    barangayId: Choice,
    locationType: z.enum(['Subdivision', 'Building', 'Others', '']),
    placeId: Choice,
    latitude: Coordinate,
    longitude: Coordinate,
  }),
  /** The names the visitor chose, as the lead and the application need them (spec 3). */
  names: z
    .object({
      region: z.string().max(200),
      province: z.string().max(200),
      municipality: z.string().max(200),
      barangay: z.string().max(200),
      place: z.string().max(200),
    })
    .partial()
    .default({}),
  zipCode: z.string().max(16).nullable().default(null),
  /** The last check: its outcome and when it ran (spec 4, Result). */
  result: z
    .object({
      outcome: z.enum(['serviceable', 'not-serviceable']),
      checkedAt: z.string().max(40),
      referenceNo: z.string().max(64),
    })
    .nullable()
    .default(null),
})
export type ServiceabilitySection = z.infer<typeof ServiceabilitySectionSchema>

export const LeadSectionSchema = z.object({
  leadId: z.string().max(64),
  filedAt: z.string().max(40),
  /** The check the lead answers, so a second submit of the same form files nothing new. */
  referenceNo: z.string().max(64),
})
export type LeadSection = z.infer<typeof LeadSectionSchema>
