/**
 * The three forms of /CheckAvailability, one schema each (docs/conventions.md, Forms): the
 * server always validates with them, and the browser loads them after the page runs
 * (docs/decisions/0012). spec 5's messages word for word.
 */
import { z } from 'zod'
import { FIELD_REQUIRED } from '../../../lib/identity-schemas'
import { inPhilippines, OUTSIDE_PHILIPPINES } from '../../../lib/coverage-schemas'
import { BasicInfoSchema } from '../../../lib/draft-sections'
import { RefereeSchema } from '../../../lib/referrals'
import { hasPin, LOCATION_TYPES, type AddressChoice } from './address-choice'
import { CHECK_TEXT as TEXT, REFERRAL_CHECK_TEXT } from './texts'

/**
 * Step 1 (spec 2, 5): the draft's basicInfo section is the form (lib/draft-sections.ts):
 * the details, then the privacy-notice consent Continue needs.
 */
export const DetailsSchema = BasicInfoSchema
export type Details = z.output<typeof DetailsSchema>

/** The details alone: when they pass, the consent checkbox is enabled (spec 5). */
export const DetailsOnlySchema = DetailsSchema.omit({ checkTerms: true })

/** A box that must be ticked, coerced from a form's checkbox (as BasicInfoSchema's consent). */
const consent = (message: string) =>
  z
    .boolean({ error: message })
    .refine((value) => value, { error: message })
    .transform((): true => true)

/**
 * Step 1 in a referral (issue 15): the referee as lib/referrals.ts has them (an optional
 * additional mobile besides spec 5's fields), and the mode's consent: the referrer says their
 * friend agreed to be contacted; a Win Back's former subscriber agrees to the Privacy Notice.
 */
export const ReferDetailsSchema = RefereeSchema.extend({
  checkTerms: consent(REFERRAL_CHECK_TEXT.refer.consentRequired),
})
export const WinbackDetailsSchema = RefereeSchema.extend({
  checkTerms: consent(REFERRAL_CHECK_TEXT.winback.consentRequired),
})
export type RefereeDetails = z.output<typeof ReferDetailsSchema>
/** The referee's details alone (the consent is enabled when they pass). */
export const RefereeOnlySchema = RefereeSchema

const chosen = (message: string) => z.string({ error: message }).trim().min(1, { error: message })

const latitude = z
  .string()
  .trim()
  .refine((value) => value === '' || (Number.isFinite(Number(value)) && Math.abs(Number(value)) <= 90), {
    error: TEXT.latitudeInvalid,
  })
const longitude = z
  .string()
  .trim()
  .refine((value) => value === '' || (Number.isFinite(Number(value)) && Math.abs(Number(value)) <= 180), {
    error: TEXT.longitudeInvalid,
  })

/**
 * Step 2's CHECK SERVICEABILITY (spec 5): every level, the location type, the building or
 * subdivision for those types, and the pin; a sales agent gives the coordinates
 * themselves. What it checks is what `isReadyToCheck` enables the button for.
 */
export function addressCheckSchema({ agent }: { agent: boolean }) {
  return agent ? AGENT_ADDRESS_CHECK : VISITOR_ADDRESS_CHECK
}

// Made once each: zod compiles a schema on its first parse (issue 8's profile), and every check posts one.
function makeAddressCheckSchema(agent: boolean) {
  return z
    .object({
      regionId: chosen(TEXT.required.region),
      provinceId: chosen(TEXT.required.province),
      municipalityId: chosen(TEXT.required.municipality),
      barangayId: chosen(TEXT.required.barangay),
      locationType: z.enum(LOCATION_TYPES, { error: TEXT.required.locationType }),
      placeId: z.string().trim().default(''),
      latitude: latitude.default(''),
      longitude: longitude.default(''),
    })
    .superRefine((value, ctx) => {
      if (value.locationType === 'Building' && !value.placeId)
        ctx.addIssue({ code: 'custom', message: TEXT.required.building, path: ['placeId'] })
      if (value.locationType === 'Subdivision' && !value.placeId)
        ctx.addIssue({ code: 'custom', message: TEXT.required.subdivision, path: ['placeId'] })
      if (agent || value.locationType === 'Others') {
        if (!value.latitude) ctx.addIssue({ code: 'custom', message: TEXT.required.latitude, path: ['latitude'] })
        if (!value.longitude) ctx.addIssue({ code: 'custom', message: TEXT.required.longitude, path: ['longitude'] })
      } else if (!hasPin(value)) {
        ctx.addIssue({ code: 'custom', message: TEXT.required.pin, path: ['latitude'] })
      }
      // The coverage service checks the Philippines only: a pin elsewhere is told so, beside the field.
      if (hasPin(value) && !inPhilippines(Number(value.latitude), Number(value.longitude)))
        ctx.addIssue({ code: 'custom', message: OUTSIDE_PHILIPPINES, path: ['latitude'] })
    })
}
const AGENT_ADDRESS_CHECK = makeAddressCheckSchema(true)
const VISITOR_ADDRESS_CHECK = makeAddressCheckSchema(false)
export type AddressCheck = z.output<ReturnType<typeof addressCheckSchema>>

/** The address a check runs for: a complete, validated choice with its pin as numbers. */
export type CheckedAddress = AddressCheck & { lat: number; lng: number }

export function toCheckedAddress(value: AddressCheck): CheckedAddress {
  return { ...value, lat: Number(value.latitude), lng: Number(value.longitude) }
}

export type { AddressChoice }

// spec 5, lead form: 10 digits starting with 8 or 9, '+63' or spaces allowed around them.
const leadMobile = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/[\s()-]/g, '').replace(/^\+63/, '') : value),
  z.string({ error: TEXT.leadMobileInvalid }).regex(/^[89]\d{9}$/, { error: TEXT.leadMobileInvalid }),
)

/**
 * The non-serviceable lead form (spec 5): full name, mobile and email come read-only from
 * step 1 (the server takes them from the draft, never from the post); the additional
 * mobile is optional, with the same pattern and message.
 */
export const LeadSchema = z.object({
  fullName: z.string({ error: FIELD_REQUIRED }).trim().min(1, { error: FIELD_REQUIRED }),
  mobileNumber: leadMobile,
  email: z.string({ error: TEXT.leadEmailInvalid }).trim().regex(z.regexes.email, { error: TEXT.leadEmailInvalid }),
  additionalMobile: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    leadMobile.optional(),
  ),
})
export type Lead = z.output<typeof LeadSchema>
