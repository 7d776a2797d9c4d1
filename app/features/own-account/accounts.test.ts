import { describe, expect, it } from 'vitest'
import { defaultAccountNumber } from './accounts'

describe('default account number (spec 3)', () => {
  it('is the active account when it is in the list', () => {
    expect(defaultAccountNumber(['1000000000001', '1000000000002'], '1000000000002')).toBe('1000000000002')
  })
  it('is the first account when the active one is not in the list', () => {
    expect(defaultAccountNumber(['1000000000001', '1000000000002'], '9999999999999')).toBe('1000000000001')
  })
  it('is the first account when none is active', () => {
    expect(defaultAccountNumber(['1000000000001'], null)).toBe('1000000000001')
  })
  it('is null without accounts', () => {
    expect(defaultAccountNumber([], '1000000000001')).toBeNull()
  })
})
