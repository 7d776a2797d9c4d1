import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import {
  BasicInfoSchema,
  CONSENT_REQUIRED,
  DRAFT_SECTIONS,
  DRAFT_SECTION_NAMES,
  PartialDraftSectionsSchema,
  isDraftSectionName,
  usableSections,
} from './draft-sections'

const VALID = {
  firstName: 'Ma. Ñina',
  lastName: 'dela Cruz-Santos',
  mobileNo: '(917) 123 4567',
  email: 'nina@example.com',
  checkTerms: true,
}

function messages(input: Record<string, unknown>) {
  const parsed = BasicInfoSchema.safeParse(input)
  if (parsed.success) return {}
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]))
}

describe('basicInfo (spec 5)', () => {
  it('upper-cases the names and keeps the mobile number as its 10 digits', () => {
    expect(BasicInfoSchema.parse(VALID)).toEqual({
      firstName: 'MA. ÑINA',
      lastName: 'DELA CRUZ-SANTOS',
      mobileNo: '9171234567',
      email: 'nina@example.com',
      checkTerms: true,
    })
  })

  it("says spec 5's words for each bad field, one message a field", () => {
    expect(messages({ ...VALID, firstName: '', lastName: '', mobileNo: '', email: '' })).toEqual({
      firstName: 'Please enter first name',
      lastName: 'Please enter last name',
      mobileNo: 'This field required',
      email: 'This field required',
    })
    expect(messages({ ...VALID, firstName: 'Juan2', lastName: 'Cruz  Santos', mobileNo: '7171234567' })).toEqual({
      firstName: 'Invalid first name',
      lastName: 'Invalid last name',
      mobileNo: 'Invalid mobile number',
    })
    expect(messages({ ...VALID, email: 'nina@' })).toEqual({ email: 'Invalid email format' })
    expect(messages({ ...VALID, firstName: 'A'.repeat(51), email: `${'a'.repeat(395)}@x.com` })).toEqual({
      firstName: 'Input limit exceeded',
      email: 'Input limit exceeded',
    })
    expect(messages({ ...VALID, checkTerms: false })).toEqual({ checkTerms: CONSENT_REQUIRED })
  })

  it('reads a posted form through Conform, the ticked box included', () => {
    const form = new FormData()
    for (const [name, value] of Object.entries({ ...VALID, checkTerms: 'on' })) form.set(name, String(value))
    const submission = parseWithZod(form, { schema: BasicInfoSchema })
    expect(submission.status).toBe('success')
    form.delete('checkTerms')
    expect(parseWithZod(form, { schema: BasicInfoSchema }).reply().error).toEqual({ checkTerms: [CONSENT_REQUIRED] })
  })
})

describe('the section registry', () => {
  it('stores what parses to itself, through JSON, so a stored section reads back unchanged', () => {
    const samples: Partial<Record<string, unknown>> = {
      basicInfo: VALID,
      plan: { planCode: 'fiber-plan-1699' },
      cart: { cartId: '0b6f1c9e-6a53-4f8e-9d43-3f3c8f7f2b11' },
      customerCategory: { category: 'SME', isWorkingGovtEmbassyWorker: true },
      serviceability: {
        choice: {
          regionId: '13',
          provinceId: '000',
          municipalityId: '80300',
          barangayId: '80300002',
          locationType: 'Building',
          placeId: 'DEMO-B-80300-1',
          latitude: '14.552968',
          longitude: '121.035477',
        },
        names: { region: 'National Capital Region (NCR)', barangay: 'Bel-Air' },
        zipCode: '1209',
        result: { outcome: 'serviceable', checkedAt: '2026-11-22T08:00:00.000Z', referenceNo: 'CA-1' },
      },
      lead: { leadId: 'L-1', filedAt: '2026-11-22T08:00:00.000Z', referenceNo: 'CA-1' },
      personalDetails: {
        firstName: 'Ana',
        lastName: 'Reyes',
        suffix: 'JR.',
        mobileNumber: '(917) 123 4567',
        emailAddress: 'ana@example.net',
        landlineNumber: '02 8123 4567',
        birthDate: '1990-05-17',
        civilStatus: 'Single',
        nationality: 'Filipino',
        gender: 'Female',
        business: {
          businessName: 'Sari-Sari Ventures',
          businessTin: '123-456-789-000',
          industryType: 'Retail and trade',
          representativeFirstName: 'Jose',
          representativeLastName: 'Cruz',
          department: 'Operations',
        },
        residential: { streetName: 'Ayala Avenue', zipCode: '1209' },
        billing: {
          sameAsResidential: false,
          streetName: 'Rizal Street',
          barangay: 'Poblacion',
          municipality: 'Taytay',
          province: 'Rizal',
          zipCode: '1920',
        },
      },
      appointment: { slotId: '2026-11-24-AM', date: '2026-11-24', window: 'AM' },
      submission: { token: 'a'.repeat(43) },
      documents: { businessType: 'PARTNERSHIP' },
      referral: {
        kind: 'MGM',
        referee: { firstName: 'JUAN', lastName: 'DELA CRUZ', mobileNo: '9171234567', email: 'juan@example.net' },
        failure: 'The referrals service is down.',
      },
    }
    expect(Object.keys(samples).sort()).toEqual([...DRAFT_SECTION_NAMES].sort())
    for (const name of DRAFT_SECTION_NAMES) {
      if (!(name in samples)) continue
      const stored = JSON.parse(JSON.stringify(DRAFT_SECTIONS[name].parse(samples[name])))
      expect(DRAFT_SECTIONS[name].parse(stored), name).toEqual(stored)
    }
  })

  it('lets only an SME customer carry the government or embassy flag (spec 4)', () => {
    const schema = DRAFT_SECTIONS.customerCategory
    expect(schema.safeParse({ category: 'RES', isWorkingGovtEmbassyWorker: true }).success).toBe(false)
    expect(schema.safeParse({ category: 'RES', isWorkingGovtEmbassyWorker: false }).success).toBe(true)
    expect(schema.safeParse({ category: 'GOV', isWorkingGovtEmbassyWorker: false }).success).toBe(false)
  })

  it('knows its own names only', () => {
    expect(isDraftSectionName('basicInfo')).toBe(true)
    expect(isDraftSectionName('toString')).toBe(false)
    expect(PartialDraftSectionsSchema.safeParse({ creditCard: {} }).success).toBe(false)
    expect(PartialDraftSectionsSchema.safeParse({}).success).toBe(true)
  })

  it('reads a stored draft leaving out sections that no longer pass and names it does not know', () => {
    const basicInfo = BasicInfoSchema.parse(VALID)
    expect(usableSections({ basicInfo, retired: { x: 1 } })).toEqual({ basicInfo })
    expect(usableSections({ basicInfo: { ...basicInfo, email: 'broken' } })).toEqual({})
    expect(usableSections(null)).toEqual({})
  })
})
