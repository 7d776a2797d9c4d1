/**
 * Referrals (issue 15; spec 1, 3, 4, 9): what the portal and the referrals service both
 * read. The referee's details and the referral under way live in the visitor's draft
 * (the `referral` section, registered in lib/draft-sections.ts), never in the browser:
 * the old app's refereeDetails and applicationSubmitted keys are server state here.
 */
import { z } from 'zod'
import { LatitudeSchema, LongitudeSchema } from './coverage-schemas.ts'
import {
  AccountNumberSchema,
  EMAIL_MAX,
  EmailSchema,
  FIELD_REQUIRED,
  FirstNameSchema,
  INPUT_LIMIT_EXCEEDED,
  LastNameSchema,
  MobileNumberSchema,
} from './identity-schemas.ts'

/** spec 9: a subscriber's referral is 'MGM' (member gets member); a former subscriber's is a Win Back. */
export const REFERRAL_TYPES = ['MGM', 'WINBACK'] as const
export type ReferralType = (typeof REFERRAL_TYPES)[number]

/**
 * Where a referral stands (issue 15, item 4): invited, applied, installed, reward credited;
 * or it ended: expired (no application in time), declined (the application was not
 * approved), not serviceable (fibre does not reach the referee yet).
 */
export const REFERRAL_STATUSES = [
  'invited',
  'applied',
  'installed',
  'rewarded',
  'expired',
  'declined',
  'not_serviceable',
] as const
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number]

export const REFERRAL_STATUS_LABELS: Record<ReferralStatus, string> = {
  invited: 'Invited',
  applied: 'Applied',
  installed: 'Installed',
  rewarded: 'Reward credited',
  expired: 'Expired',
  declined: 'Not approved',
  not_serviceable: 'Not serviceable yet',
}

/** spec 3's serviceabilityStatus. */
export const SERVICEABILITY_STATUSES = ['Serviceable', 'Not Serviceable'] as const
export type ServiceabilityStatus = (typeof SERVICEABILITY_STATUSES)[number]

/**
 * An invite code: 22 characters of base64url (128 random bits), never the account number,
 * so codes cannot be guessed or walked through.
 */
export const InviteCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/)

/** The referee as the referrer types them (spec 3: name, email, mobile, additional mobile). */
export const RefereeSchema = z.object({
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  mobileNo: MobileNumberSchema,
  email: EmailSchema,
  alternateMobileNo: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    MobileNumberSchema.optional(),
  ),
})
export type Referee = z.output<typeof RefereeSchema>

/**
 * The draft's referral under way (issue 15): a subscriber's referral of a friend (MGM,
 * with the referee), a former subscriber's Win Back (WINBACK, with their own details as
 * the referee), or a visitor who came through an invite link (INVITE, with the code: the
 * applications service reads it from the draft when they apply, never from a form).
 */
export const ReferralSectionSchema = z.discriminatedUnion('kind', [
  // `failure`: the upstream's words when filing failed, for the failed page (spec 4, 8); the referee stays.
  z.strictObject({
    kind: z.literal('MGM'),
    referee: RefereeSchema.optional(),
    failure: z.string().max(500).optional(),
  }),
  z.strictObject({
    kind: z.literal('WINBACK'),
    referee: RefereeSchema.optional(),
    failure: z.string().max(500).optional(),
  }),
  z.strictObject({ kind: z.literal('INVITE'), inviteCode: InviteCodeSchema, referrerFirstName: z.string().max(50) }),
])
export type ReferralSection = z.output<typeof ReferralSectionSchema>

/** A referral that is still under way: it blocks another referral of the same person (issue 15). */
export const OPEN_REFERRAL_STATUSES = ['invited', 'applied', 'installed'] as const satisfies readonly ReferralStatus[]

/** The portal's public referral page: the invite link is this path with `?invite=<code>`. */
export const REFERRAL_PAGE_PATH = '/referral'
/** The customer's own referrals (spec 2): where the reward's notification leads. */
export const CUSTOMER_REFERRALS_PATH = '/customer/referrals'

const optionalText = (max: number) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.string().trim().max(max, { error: INPUT_LIMIT_EXCEEDED }).nullable(),
  )
const Place = z
  .string({ error: FIELD_REQUIRED })
  .trim()
  .min(1, { error: FIELD_REQUIRED, abort: true })
  .max(200, { error: INPUT_LIMIT_EXCEEDED })
const PlaceId = z
  .string({ error: FIELD_REQUIRED })
  .trim()
  .min(1, { error: FIELD_REQUIRED, abort: true })
  .max(64, { error: INPUT_LIMIT_EXCEEDED })
// A JSON body may carry the reference as a string or, from some gateways, a number.
const ReferenceNumSchema = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value),
  z
    .string({ error: 'A reference number is required.' })
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, { error: 'A reference number is required.' }),
)

/**
 * The referee's address as spec 3's referral payload spells it (names and ids from the
 * address cascade, the building or subdivision when there is one, the pin).
 */
const ReferralAddressShape = {
  region: Place,
  regionId: PlaceId,
  province: Place,
  provinceId: PlaceId,
  municipality: Place,
  municipalityId: PlaceId,
  barangay: Place,
  barangayId: PlaceId,
  subDivision: optionalText(200),
  subDivisionId: optionalText(64),
  building: optionalText(200),
  buildingId: optionalText(64),
  zipCode: optionalText(16),
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
}

const ContactShape = {
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  emailID: EmailSchema,
  mobileNumber: MobileNumberSchema,
  alternateMobileNumber: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    MobileNumberSchema.optional(),
  ),
}

/**
 * spec 3's referral payload (Refer and Earn), as the portal sends it and the referrals
 * service validates it. referrerEmailID and referrerAccountType are accepted and ignored:
 * the service takes the referrer's email from the signed-in user and the account's type
 * from the registry, never from the body (docs/security.md, Referrals).
 */
export const ReferralPayloadSchema = z.object({
  referenceNum: ReferenceNumSchema,
  referralType: z.literal('MGM', { error: "A subscriber's referral is of type MGM." }),
  referrerEmailID: z.string().max(EMAIL_MAX).nullish(),
  serviceabilityStatus: z.enum(SERVICEABILITY_STATUSES, { error: 'Serviceable or Not Serviceable.' }),
  referrerAccountNumber: AccountNumberSchema,
  referrerAccountType: z.string().max(64).nullish(),
  ...ContactShape,
  ...ReferralAddressShape,
})
export type ReferralPayload = z.output<typeof ReferralPayloadSchema>

/**
 * A Win Back (issue 15): a former subscriber's own details and address, the serviceability
 * check's reference and answer, and their former account number if they know it (13
 * digits, not verified, kept for the operator).
 */
export const WinbackPayloadSchema = z.object({
  referenceNum: ReferenceNumSchema,
  serviceabilityStatus: z.enum(SERVICEABILITY_STATUSES, { error: 'Serviceable or Not Serviceable.' }),
  formerAccountNumber: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    AccountNumberSchema.optional(),
  ),
  ...ContactShape,
  ...ReferralAddressShape,
})
export type WinbackPayload = z.output<typeof WinbackPayloadSchema>
