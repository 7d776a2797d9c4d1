/**
 * Referrals (issue 15; spec 1, 3, 4, 9): what the portal and the referrals service both
 * read. The referee's details and the referral under way live in the visitor's draft
 * (the `referral` section, registered in lib/draft-sections.ts), never in the browser:
 * the old app's refereeDetails and applicationSubmitted keys are server state here.
 */
import { z } from 'zod'
import { EmailSchema, FirstNameSchema, LastNameSchema, MobileNumberSchema } from './identity-schemas.ts'

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
  z.strictObject({ kind: z.literal('MGM'), referee: RefereeSchema.optional() }),
  z.strictObject({ kind: z.literal('WINBACK'), referee: RefereeSchema.optional() }),
  z.strictObject({ kind: z.literal('INVITE'), inviteCode: InviteCodeSchema, referrerFirstName: z.string().max(50) }),
])
export type ReferralSection = z.output<typeof ReferralSectionSchema>
