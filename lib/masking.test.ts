import { describe, expect, it } from 'vitest'
import { maskEmail, maskMobile } from './masking'

describe('contact masking (spec 9)', () => {
  it('keeps the first and last character of the local part and the whole domain', () => {
    expect(maskEmail('liza.santos@example.org')).toBe('l*********s@example.org')
    expect(maskEmail('abc@example.org')).toBe('a*c@example.org')
    expect(maskEmail('ab@example.org')).toBe('a*@example.org')
    expect(maskEmail('a@example.org')).toBe('a*@example.org')
  })
  it('shows only the last four digits of a mobile, in 3-3-4 groups', () => {
    expect(maskMobile('9170000103')).toBe('*** *** 0103')
    expect(maskMobile('+63 917 000 0103')).toBe('*** *** 0103')
    expect(maskMobile('09170000103')).toBe('*** *** 0103')
  })
})
