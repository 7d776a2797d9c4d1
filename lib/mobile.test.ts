import { describe, expect, it } from 'vitest'
import { PersonalDetailsSectionSchema } from './application.ts'
import { normaliseIdentifier } from './application-status-words.ts'
import { LEAD_MOBILE_MESSAGE, LeadSchema } from './coverage-schemas.ts'
import { BasicInfoSchema } from './draft-sections.ts'
import { MobileNumberSchema, RegistrationSchema } from './identity-schemas.ts'
import { displayMobile, formatMobile, normaliseMobile } from './mobile.ts'
import { ReferralPayloadSchema, RefereeSchema } from './referrals.ts'

// Issue 33, item 5: the ways people write one number.
const WRITTEN = [
  '9171234567',
  '09171234567',
  '0917 123 4567',
  '0917-123-4567',
  '0917.123.4567',
  '(0917) 123-4567',
  '(917) 123 4567',
  '+639171234567',
  '+63 917 123 4567',
  '+63 (917) 123-4567',
  '+63 0917 123 4567',
  '639171234567',
  '63 917 123 4567',
  ' 0917 123 4567 ',
]

describe('normaliseMobile', () => {
  it.each(WRITTEN)('reads %j as the ten digits', (written) => {
    expect(normaliseMobile(written)).toBe('9171234567')
  })

  it.each([
    ['a number on its own starting 8', '0817 123 4567', '8171234567'],
    ['letters kept for the rule to refuse', '0917 abc 4567', '0917abc4567'],
    ['too short: only separators go', '0917 123', '0917123'],
    ['too long: nothing is cut', '0917 123 45678', '091712345678'],
    ['a landline keeps its digits', '(02) 8123 4567', '0281234567'],
  ])('%s', (_, written, expected) => {
    expect(normaliseMobile(written)).toBe(expected)
  })
})

describe('formatMobile', () => {
  it('shows what is typed key by key as (9XX) XXX XXXX, without the trunk 0 or the country code', () => {
    for (const typed of ['09171234567', '+639171234567', '9171234567']) {
      let value = ''
      for (const key of typed) value = formatMobile(value + key)
      expect(value, typed).toBe('(917) 123 4567')
    }
  })

  it('formats partial numbers and a stored number', () => {
    expect(formatMobile('')).toBe('')
    expect(formatMobile('9')).toBe('(9')
    expect(formatMobile('91712')).toBe('(917) 12')
    expect(displayMobile('9171234567')).toBe('+63 (917) 123 4567')
  })
})

describe('every mobile field reads the number as written, then applies spec 5', () => {
  const fields: [string, (value: string) => { success: boolean; data?: unknown; message?: string }][] = [
    ['identity (registration, profile, account)', (v) => result(MobileNumberSchema.safeParse(v))],
    ['registration body', (v) => result(RegistrationSchema.shape.mobileNumber.safeParse(v))],
    ['check availability, step 1', (v) => result(BasicInfoSchema.shape.mobileNo.safeParse(v))],
    ['lead form', (v) => result(LeadSchema.shape.mobileNumber.safeParse(v))],
    ['lead form, additional mobile', (v) => result(LeadSchema.shape.alternateMobileNumber.safeParse(v))],
    ['application', (v) => result(PersonalDetailsSectionSchema.shape.mobileNumber.safeParse(v))],
    ['application, alternate', (v) => result(PersonalDetailsSectionSchema.shape.alternateContactNumber.safeParse(v))],
    ['referee', (v) => result(RefereeSchema.shape.mobileNo.safeParse(v))],
    ['referral payload', (v) => result(ReferralPayloadSchema.shape.mobileNumber.safeParse(v))],
  ]

  it.each(fields)('%s', (_, parse) => {
    for (const written of WRITTEN) expect(parse(written), written).toMatchObject({ success: true, data: '9171234567' })
    // spec 5's rule and its words are unchanged for a number that is not one.
    for (const bad of ['0717 123 4567', '+63 917 123 456', '917 123 45678', '0917 abc 4567']) {
      const outcome = parse(bad)
      expect(outcome.success, bad).toBe(false)
      expect([LEAD_MOBILE_MESSAGE, 'Invalid mobile number']).toContain(outcome.message)
    }
  })

  it("the status lookup's identifier", () => {
    for (const written of WRITTEN) expect(normaliseIdentifier(written), written).toBe('9171234567')
    expect(normaliseIdentifier('0717 123 4567')).toBeNull()
  })
})

function result(parsed: { success: boolean; data?: unknown; error?: { issues: { message: string }[] } }) {
  return { success: parsed.success, data: parsed.data, message: parsed.error?.issues[0]?.message }
}
