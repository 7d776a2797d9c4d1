import { describe, expect, it } from 'vitest'
import {
  AttributesUpdateSchema,
  EmailSchema,
  FirstNameSchema,
  LastNameSchema,
  MobileNumberSchema,
  PasswordSchema,
  RegistrationSchema,
} from './identity-schemas'

const messages = (
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) => schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? []

describe('spec 5 field rules', () => {
  it('names: required, limited to 50, letters, dot and Ñ with single spaces or hyphens; upper-cased', () => {
    expect(messages(FirstNameSchema, '')).toEqual(['Please enter first name'])
    expect(messages(LastNameSchema, '   ')).toEqual(['Please enter last name'])
    expect(messages(FirstNameSchema, 'A'.repeat(51))).toEqual(['Input limit exceeded'])
    expect(messages(FirstNameSchema, 'Juan  Carlos')).toEqual(['Invalid first name'])
    expect(messages(LastNameSchema, 'Cruz3')).toEqual(['Invalid last name'])
    expect(FirstNameSchema.parse('Ma. Niña')).toBe('MA. NIÑA')
    expect(LastNameSchema.parse('dela Cruz-Santos')).toBe('DELA CRUZ-SANTOS')
  })

  it('mobile number: 10 digits starting with 8 or 9, punctuation and +63 allowed', () => {
    expect(messages(MobileNumberSchema, '')).toEqual(['This field required'])
    expect(messages(MobileNumberSchema, undefined)).toEqual(['This field required'])
    expect(messages(MobileNumberSchema, '7171234567')).toEqual(['Invalid mobile number'])
    expect(messages(MobileNumberSchema, '917123456')).toEqual(['Invalid mobile number'])
    expect(MobileNumberSchema.parse('(917) 123 4567')).toBe('9171234567')
    expect(MobileNumberSchema.parse('+63 817-123-4567')).toBe('8171234567')
  })

  it('email: required, a standard format, at most 400 characters', () => {
    expect(messages(EmailSchema, '')).toEqual(['This field required'])
    expect(messages(EmailSchema, 'juan@')).toEqual(['Invalid email format'])
    expect(messages(EmailSchema, `${'a'.repeat(390)}@example.com`)).toEqual(['Input limit exceeded'])
    expect(EmailSchema.parse(' juan@example.ph ')).toBe('juan@example.ph')
  })

  it('password: at least 8 characters with a letter and a digit', () => {
    expect(messages(PasswordSchema, '')).toEqual(['This field required'])
    expect(messages(PasswordSchema, 'abc12')).toEqual(['Password must be at least 8 characters'])
    expect(messages(PasswordSchema, 'abcdefgh')).toEqual(['Password must contain a letter and a digit'])
    expect(messages(PasswordSchema, '12345678')).toEqual(['Password must contain a letter and a digit'])
    expect(messages(PasswordSchema, 'x1'.repeat(65))).toEqual(['Input limit exceeded'])
    expect(PasswordSchema.parse('Mabuhay2025')).toBe('Mabuhay2025')
  })

  it('registration: the account number is optional, but 13 digits when given', () => {
    const base = {
      firstName: 'Juan',
      lastName: 'Cruz',
      email: 'j@example.ph',
      mobileNumber: '9171234567',
      password: 'Mabuhay2025',
    }
    expect(RegistrationSchema.parse({ ...base, accountNumber: '' }).accountNumber).toBeUndefined()
    expect(RegistrationSchema.safeParse({ ...base, accountNumber: '123456789012' }).error?.issues[0]?.message).toBe(
      'Account number must be 13 digits',
    )
    expect(RegistrationSchema.parse({ ...base, accountNumber: '1000000000001' }).accountNumber).toBe('1000000000001')
  })

  it('attributes: only the flags and the active account; roles and agent code are dropped', () => {
    expect(
      AttributesUpdateSchema.parse({ displayCoachmarks: false, roles: ['sales-admin'], agentCode: 'AGT-1' }),
    ).toEqual({ displayCoachmarks: false })
  })
})
