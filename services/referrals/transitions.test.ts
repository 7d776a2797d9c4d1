import { describe, expect, it } from 'vitest'
import { REFERRAL_STATUSES, type ReferralStatus } from '../../lib/referrals.ts'
import { REFERRAL_EVENTS, nextStatus, type ReferralEvent } from './transitions.ts'

// Every move a referral may make; any other status and event pair moves nothing.
const ALLOWED: [ReferralStatus, ReferralEvent, ReferralStatus][] = [
  ['invited', 'application_submitted', 'applied'],
  ['invited', 'expiry', 'expired'],
  ['applied', 'application_installed', 'installed'],
  ['applied', 'application_rejected', 'declined'],
  ['installed', 'reward_credited', 'rewarded'],
]

describe('nextStatus', () => {
  it.each(ALLOWED)('%s on %s moves to %s', (from, event, to) => {
    expect(nextStatus(from, event)).toBe(to)
  })

  it('moves nothing else: every other status and event pair answers null', () => {
    for (const from of REFERRAL_STATUSES) {
      for (const event of REFERRAL_EVENTS) {
        if (ALLOWED.some(([f, e]) => f === from && e === event)) continue
        expect(nextStatus(from, event), `${from} on ${event}`).toBeNull()
      }
    }
  })

  it('leaves the final statuses final', () => {
    for (const from of ['rewarded', 'expired', 'declined', 'not_serviceable'] as const) {
      expect(REFERRAL_EVENTS.map((event) => nextStatus(from, event))).toEqual(REFERRAL_EVENTS.map(() => null))
    }
  })

  it('does not move a referral twice on the same event (a second installed changes nothing)', () => {
    expect(nextStatus('installed', 'application_installed')).toBeNull()
    expect(nextStatus('rewarded', 'application_installed')).toBeNull()
    expect(nextStatus('declined', 'application_rejected')).toBeNull()
  })
})
