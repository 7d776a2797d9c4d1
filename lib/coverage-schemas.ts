/**
 * The coverage calls' bodies as the upstream receives them (spec 3: the serviceability
 * order payload and the non-serviceable lead payload, odd spellings included:
 * `buildingOrSubdiviCode`, `emaiID`). Shared by the coverage service, which always
 * validates, and the portal's typed client, so both sides agree on names and messages.
 */
import { z } from 'zod'
import { EMAIL_MAX, FIELD_REQUIRED, FirstNameSchema, INPUT_LIMIT_EXCEEDED, LastNameSchema } from './identity-schemas.ts'
import { MOBILE_PATTERN, normaliseMobile } from './mobile.ts'

/**
 * The Philippines' bounding box, generous by a little: Y'Ami (Batanes) in the north,
 * the Turtle Islands and Tawi-Tawi in the south, the Kalayaan islands (Palawan) in the
 * west, Davao Oriental's coast in the east.
 */
export const PHILIPPINES_BOUNDS = { south: 4.2, north: 21.4, west: 114.0, east: 127.0 } as const

export const OUTSIDE_PHILIPPINES = 'Coordinates must lie in the Philippines.'

export function inPhilippines(latitude: number, longitude: number): boolean {
  const b = PHILIPPINES_BOUNDS
  return latitude >= b.south && latitude <= b.north && longitude >= b.west && longitude <= b.east
}

function coordinate(which: 'latitude' | 'longitude') {
  const [min, max] =
    which === 'latitude'
      ? [PHILIPPINES_BOUNDS.south, PHILIPPINES_BOUNDS.north]
      : [PHILIPPINES_BOUNDS.west, PHILIPPINES_BOUNDS.east]
  // A form posts strings; a JSON body may carry either.
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: `A ${which} is required.` })
      .refine(Number.isFinite, { error: `A ${which} is required.`, abort: true })
      .min(min, { error: OUTSIDE_PHILIPPINES })
      .max(max, { error: OUTSIDE_PHILIPPINES }),
  )
}
export const LatitudeSchema = coordinate('latitude')
export const LongitudeSchema = coordinate('longitude')

export const LOCATION_TYPES = ['Building', 'Subdivision', 'Others'] as const
export type LocationType = (typeof LOCATION_TYPES)[number]

/** Codes of NAPs, buildings and subdivisions: what an operator's inventory uses, kept plain. */
export const SITE_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/
const AGENT_CODE_PATTERN = /^[A-Za-z0-9._-]{1,64}$/

const optionalText = (schema: z.ZodType<string>) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional())

/** spec 3: the serviceability order payload. */
export const ServiceabilityOrderSchema = z
  .object({
    referenceNo: z
      .string({ error: 'A reference number is required.' })
      .trim()
      .min(1, { error: 'A reference number is required.', abort: true })
      .max(64, { error: INPUT_LIMIT_EXCEEDED }),
    buildingOrSubdiviCode: optionalText(
      z.string().trim().regex(SITE_CODE_PATTERN, { error: 'Not a building or subdivision code.' }),
    ),
    locationType: z.enum(LOCATION_TYPES, { error: 'Location type is Building, Subdivision or Others.' }),
    latitude: LatitudeSchema,
    longitude: LongitudeSchema,
    subscriberName: z
      .string({ error: FIELD_REQUIRED })
      .trim()
      .min(1, { error: FIELD_REQUIRED, abort: true })
      // First and last name, 50 each (spec 9), and the space between.
      .max(101, { error: INPUT_LIMIT_EXCEEDED }),
    agentCode: optionalText(z.string().trim().regex(AGENT_CODE_PATTERN, { error: 'Not an agent code.' })),
  })
  .superRefine((order, ctx) => {
    // spec 5: a building or subdivision must be chosen for those location types.
    if (order.locationType !== 'Others' && !order.buildingOrSubdiviCode) {
      ctx.addIssue({
        code: 'custom',
        path: ['buildingOrSubdiviCode'],
        message: `Choose a ${order.locationType === 'Building' ? 'building' : 'subdivision'}.`,
      })
    }
  })
/** What a caller sends (spec 3). */
export type ServiceabilityOrder = {
  referenceNo: string
  buildingOrSubdiviCode?: string
  locationType: LocationType
  latitude: number
  longitude: number
  subscriberName: string
  agentCode?: string
}
export type ValidServiceabilityOrder = z.output<typeof ServiceabilityOrderSchema>

// spec 5, lead form: 'Please provide valid mobile number', 'Please enter valid email'.
export const LEAD_MOBILE_MESSAGE = 'Please provide valid mobile number'
export const LEAD_EMAIL_MESSAGE = 'Please enter valid email'
const LeadMobileSchema = z.preprocess(
  (value) => (typeof value === 'string' ? normaliseMobile(value) : value),
  z.string({ error: LEAD_MOBILE_MESSAGE }).regex(MOBILE_PATTERN, { error: LEAD_MOBILE_MESSAGE }),
)
const PlaceSchema = z
  .string({ error: FIELD_REQUIRED })
  .trim()
  .min(1, { error: FIELD_REQUIRED, abort: true })
  .max(200, { error: INPUT_LIMIT_EXCEEDED })

/** spec 3: the non-serviceable lead payload. agentCode is the agent's code, or 'self' (spec 9). */
export const LeadSchema = z.object({
  emaiID: z
    .string({ error: LEAD_EMAIL_MESSAGE })
    .trim()
    .max(EMAIL_MAX, { error: INPUT_LIMIT_EXCEEDED, abort: true })
    .regex(z.regexes.email, { error: LEAD_EMAIL_MESSAGE }),
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  mobileNumber: LeadMobileSchema,
  alternateMobileNumber: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    LeadMobileSchema.optional(),
  ),
  province: PlaceSchema,
  barangay: PlaceSchema,
  municipality: PlaceSchema,
  region: PlaceSchema,
  agentCode: z
    .string({ error: 'An agent code or self is required.' })
    .trim()
    .regex(AGENT_CODE_PATTERN, { error: 'An agent code or self is required.' })
    .default('self'),
  source: z
    .string({ error: 'A source is required.' })
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,40}$/, { error: 'A source is required.' }),
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
})
/** What a caller sends (spec 3). */
export type Lead = {
  emaiID: string
  firstName: string
  lastName: string
  mobileNumber: string
  alternateMobileNumber?: string
  province: string
  barangay: string
  municipality: string
  region: string
  agentCode: string
  source: string
  latitude: number
  longitude: number
}
export type ValidLead = z.output<typeof LeadSchema>
