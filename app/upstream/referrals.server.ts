/**
 * The referral calls (issue 15; services/referrals/routes.ts; docs/decisions/0048). The
 * customer's calls go as the signed-in user (`{ accessToken }`, through asUser's `call`), for
 * an account their token lists: the upstream refuses any other (403). Win Back and the invite
 * lookup are public. Account numbers, referral ids and invite codes ride in the query or the
 * signed body, never in a path.
 *
 * Refusals arrive as UpstreamError 'rejected' with the service's own words (serverMessage):
 *   403 not_eligible (why, e.g. "Account 1000000000004 is suspended. …"), eligibility_unconfirmed,
 *       account_not_linked; 409 self_referral, already_referred, already_confirmed, not_waiting;
 *   429 monthly_limit, too_many_resends, too_many_requests (codes); 422 a wrong, expired or
 *   locked code (fields.otp) or an invalid payload (fields by spec 3's names); 404 an unknown
 *   referral id.
 */
import { z } from 'zod'
import {
  REFERRAL_STATUSES,
  REFERRAL_TYPES,
  SERVICEABILITY_STATUSES,
  type ReferralPayload,
  type WinbackPayload,
} from '../../lib/referrals'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'
import { isUpstreamError } from './errors'

const Iso = z.iso.datetime({ offset: true })
const ChannelSchema = z.enum(['email', 'mobile'])
export type ReferralContactChannel = z.infer<typeof ChannelSchema>

export const ReferralEligibilitySchema = z.object({
  eligible: z.boolean(),
  /** Why the account may not refer, in plain words; null when it may. */
  reason: z.string().nullable(),
  /** The signed-in user confirmed with a one-time code that they may refer for the account. */
  confirmed: z.boolean(),
  /** Where a code can go: the account's registered contacts, masked. */
  contacts: z.array(z.object({ channel: ChannelSchema, masked: z.string() })).max(4),
  /** The code under way, or null. */
  code: z
    .object({
      channel: ChannelSchema,
      maskedDestination: z.string(),
      /** Goes back with the code (verifyCode). */
      reference: z.string(),
      expiresAt: Iso,
      state: z.enum(['live', 'expired', 'locked']),
      triesLeft: z.number().int().min(0),
    })
    .nullable(),
})
export type ReferralEligibility = z.infer<typeof ReferralEligibilitySchema>

export const ReferralSchema = z.object({
  id: z.string(),
  referenceNum: z.string(),
  type: z.enum(REFERRAL_TYPES),
  status: z.enum(REFERRAL_STATUSES),
  serviceabilityStatus: z.enum(SERVICEABILITY_STATUSES),
  referee: z.object({ firstName: z.string(), maskedEmail: z.string() }),
  createdAt: Iso,
  /** The reward credited for it, in pesos; null until credited. */
  rewardPesos: z.number().nonnegative().nullable(),
  /**
   * The reward's credit on the referrer's bills (docs/decisions/0076): what the next bill
   * still takes off, and the bills that took it; null before the reward, or for one given
   * before credits (a gateway that does not answer it: absent).
   */
  rewardCredit: z
    .object({
      pendingPesos: z.number().nonnegative(),
      appliedTo: z
        .array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), amountPesos: z.number().positive() }))
        .max(24),
    })
    .nullable()
    .optional(),
  /** Oldest first. */
  timeline: z.array(z.object({ status: z.enum(REFERRAL_STATUSES), at: Iso })).max(20),
})
export type Referral = z.infer<typeof ReferralSchema>

export const ReferralsOverviewSchema = z.object({
  programme: z.object({
    rewardPesos: z.number().nonnegative(),
    monthlyLimit: z.number().int().positive(),
    expiryDays: z.number().int().positive(),
    terms: z.array(z.string()).max(20),
  }),
  eligibility: ReferralEligibilitySchema,
  /** The account's invite code (the link is the portal's /referral?invite=CODE); null until eligible and confirmed. */
  invite: z.object({ code: z.string() }).nullable(),
  /** Newest first. */
  referrals: z.array(ReferralSchema).max(100),
  usedThisMonth: z.number().int().min(0),
})
export type ReferralsOverview = z.infer<typeof ReferralsOverviewSchema>

export const ReferralVideoSchema = z.object({
  title: z.string(),
  /** Null: no video is configured (REFERRAL_VIDEO_URL); say it in words instead. */
  url: z.string().nullable(),
  captionsUrl: z.string().nullable(),
})
export type ReferralVideo = z.infer<typeof ReferralVideoSchema>

export const FiledReferralSchema = z.object({
  status: z.literal(true),
  referralId: z.string(),
  referenceNum: z.string(),
})
export type FiledReferral = z.infer<typeof FiledReferralSchema>

export const ResentInvitationSchema = z.object({
  sent: z.literal(true),
  refereeFirstName: z.string(),
  resendsLeft: z.number().int().min(0),
})
export type ResentInvitation = z.infer<typeof ResentInvitationSchema>

export const FiledWinbackSchema = z.object({ status: z.literal(true), referralId: z.string() })
export type FiledWinback = z.infer<typeof FiledWinbackSchema>

export const InviteSchema = z.object({ referrerFirstName: z.string() })
export type Invite = z.infer<typeof InviteSchema>

type AsUser = { accessToken: string }

export function referralCalls(client: UpstreamClient) {
  return {
    /** The programme, the account's eligibility and invite, its referrals (newest first) and this month's count. */
    overview: (accountNumber: string, { accessToken }: AsUser) =>
      client.call({
        name: 'referrals.overview',
        method: 'GET',
        path: '/v1/referrals',
        query: { accountNumber },
        accessToken,
        schema: envelope(ReferralsOverviewSchema),
      }),

    /** The "how referring works" video; public, the token is optional. */
    video: ({ accessToken }: Partial<AsUser> = {}) =>
      client.call({
        name: 'referrals.video',
        method: 'GET',
        path: '/v1/referrals/video',
        accessToken,
        schema: envelope(ReferralVideoSchema),
      }),

    /** A one-time code to the account's registered email or mobile; answers the eligibility with the code under way. */
    sendCode: (input: { accountNumber: string; channel: ReferralContactChannel }, { accessToken }: AsUser) =>
      client.call({
        name: 'referrals.sendCode',
        method: 'POST',
        path: '/v1/referrals/eligibility/send',
        body: input,
        accessToken,
        schema: envelope(ReferralEligibilitySchema),
      }),

    /** The code back: { confirmed: true }, or 422 with fields.otp (tries left, expired, locked). */
    verifyCode: (input: { accountNumber: string; reference: string; otp: string }, { accessToken }: AsUser) =>
      client.call({
        name: 'referrals.verifyCode',
        method: 'POST',
        path: '/v1/referrals/eligibility/verify',
        body: input,
        accessToken,
        schema: envelope(z.object({ confirmed: z.literal(true) })),
      }),

    /** Files a friend's referral (spec 3's payload); the same referenceNum again answers the first one. */
    submit: (accountNumber: string, referral: ReferralPayload, { accessToken }: AsUser) =>
      client.call({
        name: 'referrals.submit',
        method: 'POST',
        path: '/v1/referrals',
        body: { accountNumber, referral },
        accessToken,
        schema: envelope(FiledReferralSchema),
      }),

    /** The invitation again (at most 3 times a referral, only while the friend has not applied). */
    notify: (input: { accountNumber: string; referralId: string }, { accessToken }: AsUser) =>
      client.call({
        name: 'referrals.notify',
        method: 'POST',
        path: '/v1/referrals/notify',
        body: input,
        accessToken,
        schema: envelope(ResentInvitationSchema),
      }),

    /** A former subscriber's Win Back (public). */
    winback: (payload: WinbackPayload) =>
      client.call({
        name: 'referrals.winback',
        method: 'POST',
        path: '/v1/referrals/winback',
        body: payload,
        schema: envelope(FiledWinbackSchema),
      }),

    /** Who invited the visitor, by first name; null for a code that is unknown, malformed or no longer valid. */
    async invite(code: string): Promise<Invite | null> {
      try {
        return await client.call({
          name: 'referrals.invite',
          method: 'GET',
          path: '/v1/referrals/invite',
          query: { code },
          schema: envelope(InviteSchema),
        })
      } catch (error) {
        if (isUpstreamError(error) && error.kind === 'rejected' && error.status === 404) return null
        throw error
      }
    },
  }
}
