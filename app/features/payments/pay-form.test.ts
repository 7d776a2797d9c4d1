import { describe, expect, it } from 'vitest'
import type { ChannelGroup } from '~/upstream/payments.server'
import { checkPayValues, readChoice, readPesos, upstreamFieldErrors } from './pay-form'

const GROUPS: ChannelGroup[] = [
  {
    name: 'E-WALLETS',
    kind: 'online',
    paymentMethods: [
      { code: 'gcash', name: 'GCash' },
      { code: 'paymaya', name: 'Maya' },
    ],
    serviceCharge: 0,
    postingTime: 'At once.',
    notes: [],
  },
  {
    name: 'INTERNET BANKING',
    kind: 'online',
    paymentMethods: [{ code: 'dob', name: 'Online banking' }],
    serviceCharge: 15,
    postingTime: 'At once.',
    notes: [],
  },
]
const LIMITS = { minimum: 20, maximum: 11_799 }

describe('readPesos', () => {
  it.each([
    ['1799', 1799],
    ['1,799.00', 1799],
    ['₱1,799.5', 1799.5],
    [' 20.05 ', 20.05],
    ['PHP 100', 100],
  ])('reads %s as %d', (typed, pesos) => expect(readPesos(typed)).toBe(pesos))

  it.each(['', 'abc', '1.234', '-5', '1e3', '12345678'])('refuses %s', (typed) => expect(readPesos(typed)).toBeNull())
})

describe('readChoice', () => {
  it('reads a group and one of its methods', () => {
    expect(readChoice(GROUPS, 'E-WALLETS|paymaya')).toEqual({ channelGroup: 'E-WALLETS', paymentMethod: 'paymaya' })
  })

  it('refuses a method of another group, a group not offered, and nonsense', () => {
    expect(readChoice(GROUPS, 'E-WALLETS|dob')).toBeNull()
    expect(readChoice(GROUPS, 'OVER THE COUNTER|bdo')).toBeNull()
    expect(readChoice(GROUPS, 'gcash')).toBeNull()
    expect(readChoice(GROUPS, '')).toBeNull()
  })
})

describe('checkPayValues', () => {
  it('accepts an amount within the limits and an offered channel', () => {
    expect(checkPayValues({ amount: '1799.00', channel: 'E-WALLETS|gcash' }, GROUPS, LIMITS)).toEqual({})
  })

  it('says what is wrong with each field', () => {
    expect(checkPayValues({ amount: '', channel: '' }, GROUPS, LIMITS)).toEqual({
      amount: ['Enter the amount to pay.'],
      channel: ['Choose how you would like to pay.'],
    })
    expect(checkPayValues({ amount: 'ten', channel: 'E-WALLETS|gcash' }, GROUPS, LIMITS).amount).toEqual([
      'Enter an amount in pesos, e.g. 1799.00.',
    ])
    expect(checkPayValues({ amount: '19.99', channel: 'E-WALLETS|gcash' }, GROUPS, LIMITS).amount).toEqual([
      'The smallest payment is ₱20.00.',
    ])
    expect(checkPayValues({ amount: '11799.01', channel: 'E-WALLETS|gcash' }, GROUPS, LIMITS).amount).toEqual([
      'The most you can pay now is ₱11,799.00.',
    ])
  })
})

describe('upstreamFieldErrors', () => {
  it('puts the group and method messages on the channel choice, and others on the form', () => {
    expect(
      upstreamFieldErrors({
        amount: ['Too much.'],
        paymentMethod: ['Not offered.'],
        accountNumber: ['No such account.'],
      }),
    ).toEqual({ errors: { amount: ['Too much.'], channel: ['Not offered.'] }, formError: 'No such account.' })
  })
})
