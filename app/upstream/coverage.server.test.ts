import { describe, expect, it } from 'vitest'
import { serviceabilityOutcome } from './coverage.server'

const gpon = (serviceable: 'Y' | 'N') => ({ serviceType: 'GPON', serviceable })

describe('serviceabilityOutcome (spec 4 and 8)', () => {
  it('is serviceable when any GPON item says Y', () => {
    expect(serviceabilityOutcome({ status: true, data: [gpon('N'), gpon('Y')], nearestNapMeters: 12 })).toBe(
      'serviceable',
    )
  })

  it('is not serviceable for a GPON N, or status false', () => {
    expect(serviceabilityOutcome({ status: true, data: [gpon('N')], nearestNapMeters: null })).toBe('not-serviceable')
    expect(serviceabilityOutcome({ status: false, data: [], nearestNapMeters: null })).toBe('not-serviceable')
  })

  it("is an error ('Some error occured') for status 0 or an answer without a GPON item", () => {
    expect(serviceabilityOutcome({ status: 0, data: [gpon('Y')], nearestNapMeters: null })).toBe('error')
    expect(
      serviceabilityOutcome({ status: true, data: [{ serviceType: 'DSL', serviceable: 'Y' }], nearestNapMeters: null }),
    ).toBe('error')
  })
})
