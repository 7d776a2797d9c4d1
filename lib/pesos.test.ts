import { describe, expect, it } from 'vitest'
import { formatPesos } from './pesos'

describe('formatPesos', () => {
  it('writes pesos with the sign, grouped thousands and the centavos (en-PH)', () => {
    expect(formatPesos(1699)).toBe('₱1,699.00')
    expect(formatPesos(1234567.5)).toBe('₱1,234,567.50')
    expect(formatPesos(3.47)).toBe('₱3.47')
    expect(formatPesos(0)).toBe('₱0.00')
  })

  it('puts the minus before the sign, and never writes minus zero', () => {
    expect(formatPesos(-1000)).toBe('-₱1,000.00')
    expect(formatPesos(-0)).toBe('₱0.00')
    expect(formatPesos(-0.001)).toBe('₱0.00')
  })

  it("writes the currency's code for the PDFs, whose fonts have no peso sign", () => {
    expect(formatPesos(1598, { code: true })).toBe('PHP 1,598.00')
    expect(formatPesos(-1000, { code: true })).toBe('-PHP 1,000.00')
  })
})
