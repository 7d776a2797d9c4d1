import { describe, expect, it } from 'vitest'
import { creditWords } from './reward-credit'

describe('a referral reward’s credit in words', () => {
  it('says it comes off the next bill while no bill has taken it', () => {
    expect(creditWords({ pendingPesos: 500, appliedTo: [] })).toEqual(['It comes off your next bill.'])
  })

  it('names the bill that took it all', () => {
    expect(creditWords({ pendingPesos: 0, appliedTo: [{ month: '2031-05', amountPesos: 500 }] })).toEqual([
      'Taken off your bill of May 2031.',
    ])
  })

  it('names each bill that took a part, and the rest still to come', () => {
    expect(
      creditWords({
        pendingPesos: 224,
        appliedTo: [
          { month: '2031-05', amountPesos: 888 },
          { month: '2031-06', amountPesos: 888 },
        ],
      }),
    ).toEqual([
      '₱888.00 taken off your bill of May 2031.',
      '₱888.00 taken off your bill of June 2031.',
      '₱224.00 more comes off your next bill.',
    ])
  })
})
