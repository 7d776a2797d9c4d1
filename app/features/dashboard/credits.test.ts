import { describe, expect, it } from 'vitest'
import { creditView } from './credits'

describe('what the next bill takes off, in words', () => {
  it('a referral reward', () => {
    expect(
      creditView({ kind: 'referral_reward', description: 'Referral reward', detail: null, pendingAmount: 500 }).text,
    ).toBe("You'll get ₱500.00 back on your next bill for your referral reward.")
  })

  it('an outage rebate, from and to in Manila time', () => {
    const rebate = {
      kind: 'outage_rebate' as const,
      description: 'Outage rebate',
      detail: { from: '2031-02-10T00:00:00.000Z', to: '2031-02-11T06:30:00.000Z' },
      pendingAmount: 123.45,
    }
    expect(creditView(rebate).text).toBe(
      "You'll get ₱123.45 back on your next bill for the outage from February 10, 2031 • 08:00 AM to February 11, 2031 • 02:30 PM.",
    )
    // Without its outage's times, the rebate is named by its description.
    expect(creditView({ ...rebate, detail: null }).text).toBe(
      "You'll get ₱123.45 back on your next bill (Outage rebate).",
    )
  })
})
