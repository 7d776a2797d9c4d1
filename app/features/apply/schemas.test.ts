/**
 * The personal details form (issue 10; spec 5): the 18+ rule at its boundary with an
 * injected `today`, the SME fields, the billing address and the section it yields.
 */
import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import {
  AGE_MESSAGE,
  isAtLeast18,
  manilaDate,
  PersonalDetailsSectionSchema,
  type PersonalDetailsSection,
} from '../../../lib/application'
import { personalDetailsFormSchema, personalDetailsFormValues, ReviewFormSchema } from './schemas'

const TODAY = '2026-11-23'

function formData(values: Record<string, string>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(values)) form.set(name, value)
  return form
}

const RESIDENT = {
  firstName: 'Ana',
  lastName: 'dela Cruz',
  mobileNumber: '(917) 123 4567',
  emailAddress: 'ana@example.net',
  birthDate: '1990-05-17',
  civilStatus: 'Single',
  nationality: 'Filipino',
  gender: 'Female',
  streetName: 'Ayala Avenue',
  zipCode: '1209',
  billingSameAsResidential: 'on',
}

type Parsed =
  | { status: 'success'; value: PersonalDetailsSection; error?: undefined }
  | { status: 'error' | undefined; error?: Record<string, string[] | null> | null }

function parse(values: Record<string, string>, segment: 'RES' | 'SME' = 'RES', today = TODAY): Parsed {
  return parseWithZod(formData(values), { schema: personalDetailsFormSchema(segment, () => today) }) as Parsed
}

describe('the 18+ rule (spec 5)', () => {
  it('refuses the day before the 18th birthday, allows the birthday itself and the day after', () => {
    // Today 2026-11-23: born 2008-11-23 turns 18 today.
    expect(isAtLeast18('2008-11-24', TODAY)).toBe(false)
    expect(isAtLeast18('2008-11-23', TODAY)).toBe(true)
    expect(isAtLeast18('2008-11-22', TODAY)).toBe(true)
    // The same three days seen from the applicant's side: the day before, of and after their birthday.
    expect(isAtLeast18('2008-11-23', '2026-11-22')).toBe(false)
    expect(isAtLeast18('2008-11-23', '2026-11-23')).toBe(true)
    expect(isAtLeast18('2008-11-23', '2026-11-24')).toBe(true)
  })

  it('someone born on 29 February turns 18 on 1 March in a year without one', () => {
    expect(isAtLeast18('2008-02-29', '2026-02-28')).toBe(false)
    expect(isAtLeast18('2008-02-29', '2026-03-01')).toBe(true)
  })

  it('the form says spec 5’s words beside the birth date, by the injected today', () => {
    const young = parse({ ...RESIDENT, birthDate: '2008-11-24' })
    expect(young.status).toBe('error')
    expect(young.error?.birthDate).toEqual([AGE_MESSAGE])
    expect(parse({ ...RESIDENT, birthDate: '2008-11-23' }).status).toBe('success')
    // The same birth date the day before is refused: the clock is the one passed in.
    expect(parse({ ...RESIDENT, birthDate: '2008-11-23' }, 'RES', '2026-11-22').error?.birthDate).toEqual([AGE_MESSAGE])
  })

  it('refuses a date that is not on the calendar', () => {
    expect(parse({ ...RESIDENT, birthDate: '1990-02-30' }).error?.birthDate).toEqual(['Invalid date'])
  })

  it('Manila’s date is UTC+8', () => {
    expect(manilaDate(new Date('2026-11-23T15:59:59Z'))).toBe('2026-11-23')
    expect(manilaDate(new Date('2026-11-23T16:00:00Z'))).toBe('2026-11-24')
  })
})

describe('the personal details form', () => {
  it('yields the section: names upper-cased, the mobile as 10 digits, billing the same', () => {
    const parsed = parse(RESIDENT)
    expect(parsed.status).toBe('success')
    if (parsed.status !== 'success') return
    expect(parsed.value).toMatchObject({
      firstName: 'ANA',
      lastName: 'DELA CRUZ',
      mobileNumber: '9171234567',
      business: null,
      residential: { streetName: 'Ayala Avenue', zipCode: '1209' },
      billing: { sameAsResidential: true },
    })
    // The section parses to itself (lib/draft-sections.ts), and back into the form it came from.
    expect(PersonalDetailsSectionSchema.parse(JSON.parse(JSON.stringify(parsed.value)))).toEqual(parsed.value)
    expect(personalDetailsFormValues(parsed.value)).toMatchObject({ firstName: 'ANA', billingSameAsResidential: 'on' })
  })

  it('spec 5’s messages for names and optional numbers', () => {
    const parsed = parse({
      ...RESIDENT,
      firstName: 'An@',
      lastName: '',
      alternateContactNumber: '12345',
      landlineNumber: '12',
    })
    expect(parsed.error).toMatchObject({
      firstName: ['Invalid first name'],
      lastName: ['Please enter last name'],
      alternateContactNumber: ['Invalid mobile number'],
      landlineNumber: ['Invalid landline number'],
    })
  })

  it('without "same as residential" the billing address is required and kept', () => {
    const { billingSameAsResidential: _same, ...rest } = RESIDENT
    const missing = parse(rest)
    expect(Object.keys(missing.error ?? {})).toEqual(
      expect.arrayContaining([
        'billingStreetName',
        'billingBarangay',
        'billingMunicipality',
        'billingProvince',
        'billingZipCode',
      ]),
    )
    const given = parse({
      ...rest,
      billingStreetName: 'Rizal Street',
      billingBarangay: 'Poblacion',
      billingMunicipality: 'Taytay',
      billingProvince: 'Rizal',
      billingZipCode: '1920',
    })
    expect(given.status).toBe('success')
    if (given.status === 'success')
      expect(given.value.billing).toEqual({
        sameAsResidential: false,
        buildingNo: undefined,
        streetName: 'Rizal Street',
        barangay: 'Poblacion',
        municipality: 'Taytay',
        province: 'Rizal',
        zipCode: '1920',
      })
  })

  it('an SME form needs the business, its TIN and representative; a residential one ignores them', () => {
    const missing = parse(RESIDENT, 'SME')
    expect(Object.keys(missing.error ?? {})).toEqual(
      expect.arrayContaining([
        'businessName',
        'businessTin',
        'industryType',
        'representativeFirstName',
        'representativeLastName',
        'department',
      ]),
    )
    const business = {
      businessName: 'Sari-Sari Ventures',
      businessTin: '123-456-789-000',
      industryType: 'Retail and trade',
      representativeFirstName: 'Jose',
      representativeLastName: 'Cruz',
      department: 'Operations',
    }
    const sme = parse({ ...RESIDENT, ...business }, 'SME')
    expect(sme.status).toBe('success')
    if (sme.status === 'success')
      expect(sme.value.business).toEqual({
        ...business,
        businessTin: '123456789000',
        representativeFirstName: 'JOSE',
        representativeLastName: 'CRUZ',
      })
    expect(parse({ ...RESIDENT, businessTin: '12' }, 'SME').error?.businessTin).toEqual(['Invalid TIN'])
    const res = parse({ ...RESIDENT, ...business })
    expect(res.status === 'success' && res.value.business).toBe(null)
  })
})

describe('the review form', () => {
  const token = 'a'.repeat(43)
  it('needs the four consents spec 5 requires; newsletters and e-bills are optional', () => {
    const none = parseWithZod(formData({ token }), { schema: ReviewFormSchema }) as Parsed
    expect(Object.keys(none.error ?? {}).sort()).toEqual([
      'informationAccuracy',
      'notifications',
      'privacyNotice',
      'termsAndConditions',
    ])
    const given = parseWithZod(
      formData({
        token,
        termsAndConditions: 'on',
        privacyNotice: 'on',
        informationAccuracy: 'on',
        notifications: 'on',
      }),
      { schema: ReviewFormSchema },
    )
    expect(given.status).toBe('success')
  })
})
