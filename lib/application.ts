/**
 * The application wizard's words (issue 10; spec 3, 5, 9), shared by the portal's forms,
 * the drafts service (which validates every section it stores: lib/draft-sections.ts) and
 * the applications service (which validates the payload it is sent):
 * - the draft sections the wizard's pages fill (personalDetails, appointment, submission);
 * - the application payload of spec 3, as the portal sends it;
 * - the 18+ rule of spec 5, by the calendar in Manila, with `today` always passed in.
 */
import { z } from 'zod'
import { UpfrontPaymentSchema } from './catalog.ts'
import { CIVIL_STATUSES, GENDERS, INDUSTRY_TYPES, isCalendarDate, ISO_DATE, SUFFIXES } from './application-words.ts'
import {
  EmailSchema,
  FIELD_REQUIRED,
  FirstNameSchema,
  INPUT_LIMIT_EXCEEDED,
  LastNameSchema,
  MobileNumberSchema,
} from './identity-schemas.ts'

/** A required text field: trimmed, FIELD_REQUIRED when empty, INPUT_LIMIT_EXCEEDED past `max`. */
export const text = (max: number) =>
  z
    .string({ error: FIELD_REQUIRED })
    .trim()
    .min(1, { error: FIELD_REQUIRED, abort: true })
    .max(max, { error: INPUT_LIMIT_EXCEEDED })

/** An optional text field, trimmed, at most `max` characters. */
export const optionalText = (max: number) => z.string().trim().max(max, { error: INPUT_LIMIT_EXCEEDED }).optional()

const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: 'Please choose one' })

/** An optional mobile number: the same rule as the main one (spec 5). */
const OptionalMobileSchema = MobileNumberSchema.optional()
const OptionalEmailSchema = EmailSchema.optional()
export const EmailSchemaOptional = OptionalEmailSchema

/** A Philippine landline with its area code: 7 to 11 digits; spaces, brackets and hyphens allowed. */
export const LandlineSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/[\s()-]/g, '') : value),
  z.string().regex(/^\d{7,11}$/, { error: 'Invalid landline number' }),
)

/** The BIR's TIN: 9 digits, with a 3- or 5-digit branch code (000 for a head office); kept as digits. */
export const TinSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') : value),
  z
    .string({ error: FIELD_REQUIRED })
    .min(1, { error: FIELD_REQUIRED, abort: true })
    .regex(/^(\d{9}|\d{12}|\d{14})$/, { error: 'Invalid TIN' }),
)

export const ZipCodeSchema = z
  .string({ error: FIELD_REQUIRED })
  .trim()
  .min(1, { error: FIELD_REQUIRED, abort: true })
  .regex(/^\d{4}$/, { error: 'Invalid zip code' })

export const BirthDateSchema = z
  .string({ error: FIELD_REQUIRED })
  .min(1, { error: FIELD_REQUIRED, abort: true })
  .refine(isCalendarDate, { error: 'Invalid date' })

/**
 * What the personal details page stores (draft section `personalDetails`): the applicant,
 * the SME's business (null for a residential applicant), the residential address's
 * details typed on this page (the rest is the serviceability section's address) and the
 * billing address. Checks that need a clock (18+) are the form's and the applications
 * service's, not the stored section's: a section valid when saved stays valid.
 */
export const PersonalDetailsSectionSchema = z.object({
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  suffix: z.enum(SUFFIXES).optional(),
  mobileNumber: MobileNumberSchema,
  emailAddress: EmailSchema,
  alternateContactNumber: OptionalMobileSchema,
  alternateEmailAddress: OptionalEmailSchema,
  landlineNumber: LandlineSchema.optional(),
  birthDate: BirthDateSchema,
  civilStatus: choice(CIVIL_STATUSES),
  nationality: text(80),
  gender: choice(GENDERS),
  business: z
    .object({
      businessName: text(120),
      businessTin: TinSchema,
      industryType: choice(INDUSTRY_TYPES),
      representativeFirstName: FirstNameSchema,
      representativeLastName: LastNameSchema,
      department: text(80),
    })
    .nullable()
    .default(null),
  residential: z.object({
    buildingNo: optionalText(40),
    streetName: text(120),
    landmark: optionalText(120),
    zipCode: ZipCodeSchema,
  }),
  billing: z.discriminatedUnion('sameAsResidential', [
    z.object({ sameAsResidential: z.literal(true) }),
    z.object({
      sameAsResidential: z.literal(false),
      buildingNo: optionalText(40),
      streetName: text(120),
      barangay: text(120),
      municipality: text(120),
      province: text(120),
      zipCode: ZipCodeSchema,
    }),
  ]),
})
export type PersonalDetailsSection = z.output<typeof PersonalDetailsSectionSchema>

/** An installation slot id: its day and window, e.g. 2026-11-24-AM. */
export const SlotIdSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}-(AM|PM)$/, { error: 'Please choose a slot' })
/** The installation appointment the visitor chose (draft section `appointment`). */
export const AppointmentSectionSchema = z.strictObject({
  slotId: SlotIdSchema,
  date: z.string().regex(ISO_DATE),
  window: z.enum(['AM', 'PM']),
})
export type AppointmentSection = z.output<typeof AppointmentSectionSchema>

/**
 * The submission token (draft section `submission`): made once per draft, when the review
 * page first shows, and posted back by its form. With the draft's id it makes the
 * idempotency key, so however often the form is sent, one application is made
 * (docs/decisions/0028).
 */
export const SubmissionSectionSchema = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) })
export type SubmissionSection = z.output<typeof SubmissionSectionSchema>

export * from './application-words.ts'

// ---------------------------------------------------------------------------------------
// The application payload (spec 3), as the portal sends it to the applications service.

const Nullable = <S extends z.ZodType>(schema: S) => schema.nullable()

export const AddressSchema = z.object({
  addressType: z.enum(['residential', 'billing']),
  region: Nullable(z.string().max(200)),
  regionId: Nullable(z.string().max(64)),
  province: z.string().min(1).max(200),
  provinceId: Nullable(z.string().max(64)),
  cityMunicipality: z.string().min(1).max(200),
  cityMunicipalityId: Nullable(z.string().max(64)),
  barangay: z.string().min(1).max(200),
  barangayId: Nullable(z.string().max(64)),
  locationType: Nullable(z.enum(['Building', 'Subdivision', 'Others'])),
  buildingId: Nullable(z.string().max(64)),
  buildingName: Nullable(z.string().max(200)),
  subdivisionId: Nullable(z.string().max(64)),
  subdivisionVillage: Nullable(z.string().max(200)),
  buildingNo: Nullable(z.string().max(40)),
  streetName: z.string().min(1).max(120),
  landmark: Nullable(z.string().max(120)),
  zipCode: z.string().regex(/^\d{4}$/),
  latitude: Nullable(z.string().max(32)),
  longitude: Nullable(z.string().max(32)),
})
export type ApplicationAddress = z.output<typeof AddressSchema>

/** A promo code as typed by an agent: letters, digits and dashes, upper-cased. */
export const PromoCodeTextSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{1,40}$/, { error: 'Please enter a promo code of letters and digits.' })

export const CONSENT_NAMES = [
  'termsAndConditions',
  'privacyNotice',
  'informationAccuracy',
  'notifications',
  'newsletters',
  'eBills',
] as const
export type ConsentName = (typeof CONSENT_NAMES)[number]
/** spec 5: the submit consents; newsletters "may be optional", and e-bills is a preference. */
export const REQUIRED_CONSENTS: readonly ConsentName[] = [
  'termsAndConditions',
  'privacyNotice',
  'informationAccuracy',
  'notifications',
]

export const ApplicationPayloadSchema = z
  .object({
    customerSegment: z.enum(['Residential', 'SME']),
    firstName: z.string().min(1).max(50),
    lastName: z.string().min(1).max(50),
    suffix: Nullable(z.enum(SUFFIXES)),
    emailAddress: z.string().min(3).max(400),
    mobileNumber: z.string().regex(/^[89]\d{9}$/),
    alternateContactNumber: Nullable(z.string().regex(/^[89]\d{9}$/)),
    alternateEmailAddress: Nullable(z.string().max(400)),
    landlineNumber: Nullable(z.string().regex(/^\d{7,11}$/)),
    birthDate: z.string().refine(isCalendarDate),
    civilStatus: z.enum(CIVIL_STATUSES),
    nationality: z.string().min(1).max(80),
    gender: z.enum(GENDERS),
    businessName: Nullable(z.string().max(120)),
    businessTin: Nullable(z.string().regex(/^(\d{9}|\d{12}|\d{14})$/)),
    industryType: Nullable(z.enum(INDUSTRY_TYPES)),
    representativeFirstName: Nullable(z.string().max(50)),
    representativeLastName: Nullable(z.string().max(50)),
    department: Nullable(z.string().max(80)),
    hasEmpOfGovtOrForeignEmbassy: z.boolean(),
    privacyNotice: z.literal(true),
    consents: z.object({
      termsAndConditions: z.literal(true),
      privacyNotice: z.literal(true),
      informationAccuracy: z.literal(true),
      notifications: z.literal(true),
      newsletters: z.boolean(),
      eBills: z.boolean(),
    }),
    addresses: z.array(AddressSchema).length(2),
    latitude: Nullable(z.string().max(32)),
    longitude: Nullable(z.string().max(32)),
    planCode: z.string().min(1).max(64),
    planName: z.string().min(1).max(200),
    itemDetails: z.array(z.object({ itemName: z.string().min(1).max(200), quantity: z.number().int().positive() })),
    upfrontFeePaymentOption: Nullable(z.enum(['OUTRIGHT', 'STAGGERED'])),
    /**
     * Issue 33 (spec 9, Pay via installer): what is due upfront paid with the first bill or in
     * cash to the installer, and that cash in pesos (the cart's dueAtInstallation, upstream's).
     */
    upfrontPayment: UpfrontPaymentSchema.optional(),
    dueAtInstallation: z.number().nonnegative().max(10_000_000).optional(),
    /** spec 3 names it; its content is not shown. Null from the web. */
    customerBehavior: z.null(),
    /** spec 9: the process step, stored as its index plus 1 (verify and submit: 5). */
    step: z.number().int().min(1).max(5),
    source: z.string().min(1).max(40),
    /** spec 9: 'self' when no agent is involved. */
    agentCode: z.string().min(1).max(40),
    /**
     * issue 13: filed by a sales agent, the customer gave the consents above in the agent's
     * presence; the agent's code. Kept upstream only for an agent-claimed draft.
     */
    consentsWitnessedBy: Nullable(z.string().min(1).max(40)).optional(),
    /** issue 13, spec 4: the promo code the agent entered (checked by the sales service when entered and when filed). */
    promoCode: Nullable(PromoCodeTextSchema).optional(),
    appointment: z.object({ slotId: SlotIdSchema }),
  })
  .refine(
    (payload) =>
      payload.customerSegment === 'Residential'
        ? payload.businessName === null && !payload.hasEmpOfGovtOrForeignEmbassy
        : payload.businessName !== null && payload.businessTin !== null && payload.industryType !== null,
    { error: 'The business details do not match the customer segment', path: ['customerSegment'] },
  )
  .refine(
    (payload) =>
      payload.addresses.some((a) => a.addressType === 'residential') &&
      payload.addresses.some((a) => a.addressType === 'billing'),
    { error: 'A residential and a billing address are required', path: ['addresses'] },
  )
export type ApplicationPayload = z.output<typeof ApplicationPayloadSchema>

/** The reference numbers of web applications (docs/decisions/0028): OO, the Manila date, 6 characters. */
export const REFERENCE_PATTERN = /^OO-\d{6}-[0-9A-HJKMNP-TV-Z]{6}$/
export const ReferenceNumberSchema = z.string().regex(REFERENCE_PATTERN)

/** The idempotency key the portal sends: base64url of a SHA-256 (43 characters). */
export const IdempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/)
