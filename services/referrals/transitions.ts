/**
 * Where a referral may go (issue 15, item 4), as one table: the referrals service moves a
 * referral only through `nextStatus`, so every rule of its life is here and unit-tested
 * (transitions.test.ts).
 *
 *   invited ──application submitted──▶ applied ──installed──▶ installed ──reward credited──▶ rewarded
 *      │                                  └──────rejected─────▶ declined
 *      └──no application in time──▶ expired
 *   not_serviceable, expired, declined, rewarded: final.
 *
 * A referral made when an invited friend applies starts at applied; a check that found no
 * fibre starts (and ends) at not_serviceable.
 */
import type { ReferralStatus } from '../../lib/referrals.ts'

export const REFERRAL_EVENTS = [
  'application_submitted',
  'application_installed',
  'application_rejected',
  'reward_credited',
  'expiry',
] as const
export type ReferralEvent = (typeof REFERRAL_EVENTS)[number]

const TRANSITIONS: Record<ReferralStatus, Partial<Record<ReferralEvent, ReferralStatus>>> = {
  invited: { application_submitted: 'applied', expiry: 'expired' },
  applied: { application_installed: 'installed', application_rejected: 'declined' },
  installed: { reward_credited: 'rewarded' },
  rewarded: {},
  expired: {},
  declined: {},
  not_serviceable: {},
}

/** The status a referral moves to on this event, or null when the event does not move it. */
export function nextStatus(current: ReferralStatus, event: ReferralEvent): ReferralStatus | null {
  return TRANSITIONS[current][event] ?? null
}
