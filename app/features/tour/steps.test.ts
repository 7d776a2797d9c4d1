import { describe, expect, it } from 'vitest'
import { pageOfStep, parseStep, pathAfterStep, TOUR_LENGTH, TOUR_STEPS } from './steps'

const ACCOUNT = '1000000000002'

describe('the guided tour (spec 2, 4, 9)', () => {
  it('has the 9 steps of spec 2, in order', () => {
    expect(TOUR_LENGTH).toBe(9)
    expect(TOUR_STEPS.map((step) => step.name)).toEqual([
      'account-info',
      'modem-temperature',
      'signal-strength',
      'subscribed-account',
      'switch-account',
      'download-statement',
      'payment-channels',
      'help-categories',
      'help-videos',
    ])
  })

  it.each([
    [0, null],
    [1, null],
    [2, '/account/subscription'],
    [3, null],
    [4, '/customer/bill-history'],
    [5, `/customer/bill-history/pay/${ACCOUNT}`],
    [6, '/customer/help'],
    [7, null],
    [8, null],
  ])('Next on step %i goes to %s (null: stays on the page)', (index, path) => {
    expect(pathAfterStep(index, ACCOUNT)).toBe(path)
  })

  it('shows each step on the page the navigation before it reached', () => {
    expect(Array.from({ length: TOUR_LENGTH }, (_, index) => pageOfStep(index, ACCOUNT))).toEqual([
      '/customer',
      '/customer',
      '/customer',
      '/account/subscription',
      '/account/subscription',
      '/customer/bill-history',
      `/customer/bill-history/pay/${ACCOUNT}`,
      '/customer/help',
      '/customer/help',
    ])
  })

  it('reads a step index from the query, nothing else', () => {
    expect(parseStep('0')).toBe(0)
    expect(parseStep('8')).toBe(8)
    for (const bad of ['9', '-1', '1.5', '', null, undefined, '01', 'x']) expect(parseStep(bad)).toBeNull()
  })
})
