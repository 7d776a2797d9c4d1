import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { addressCheckSchema, DetailsSchema, LeadSchema } from './schemas'

const form = (entries: Record<string, string>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(entries)) data.set(name, value)
  return data
}

const errorsOf = (submission: { status?: string; error?: Record<string, string[] | null> | null }) =>
  submission.status === 'success' ? {} : submission.error

const ADDRESS = {
  regionId: '13',
  provinceId: '1339',
  municipalityId: '133901',
  barangayId: '133901001',
  locationType: 'Building',
  placeId: 'B-1',
  latitude: '14.55',
  longitude: '121.02',
}

describe('step 2 submission (spec 5)', () => {
  const visitor = addressCheckSchema({ agent: false })
  const agent = addressCheckSchema({ agent: true })

  it('accepts a complete building choice with its pin', () => {
    expect(parseWithZod(form(ADDRESS), { schema: visitor }).status).toBe('success')
  })

  it('names every missing level beside its field', () => {
    const errors = errorsOf(parseWithZod(form({}), { schema: visitor }))
    expect(errors).toMatchObject({
      regionId: ['Please select a region'],
      provinceId: ['Please select a province'],
      municipalityId: ['Please select a municipality or city'],
      barangayId: ['Please select a barangay'],
      locationType: ['Please select a location type'],
    })
  })

  it('needs the building or subdivision for those types', () => {
    expect(errorsOf(parseWithZod(form({ ...ADDRESS, placeId: '' }), { schema: visitor }))).toMatchObject({
      placeId: ['Please select a building'],
    })
    expect(
      errorsOf(parseWithZod(form({ ...ADDRESS, locationType: 'Subdivision', placeId: '' }), { schema: visitor })),
    ).toMatchObject({ placeId: ['Please select a subdivision'] })
  })

  it('needs a pin, and coordinates in range', () => {
    expect(errorsOf(parseWithZod(form({ ...ADDRESS, latitude: '' }), { schema: visitor }))).toMatchObject({
      latitude: ['Please pin your location on the map'],
    })
    expect(
      errorsOf(
        parseWithZod(form({ ...ADDRESS, locationType: 'Others', placeId: '', latitude: '95' }), { schema: visitor }),
      ),
    ).toMatchObject({ latitude: ['Latitude is a number from -90 to 90'] })
  })

  it('refuses a pin outside the Philippines', () => {
    expect(
      errorsOf(
        parseWithZod(
          form({ ...ADDRESS, locationType: 'Others', placeId: '', latitude: '35.68', longitude: '139.76' }),
          {
            schema: visitor,
          },
        ),
      ),
    ).toMatchObject({ latitude: ['Coordinates must lie in the Philippines.'] })
  })

  it('an agent must give both coordinates', () => {
    expect(
      errorsOf(
        parseWithZod(form({ ...ADDRESS, locationType: 'Others', placeId: '', longitude: '' }), { schema: agent }),
      ),
    ).toMatchObject({ longitude: ['Please enter the longitude'] })
  })

  it('refuses a location type that is not one of the three', () => {
    expect(errorsOf(parseWithZod(form({ ...ADDRESS, locationType: 'Castle' }), { schema: visitor }))).toMatchObject({
      locationType: ['Please select a location type'],
    })
  })
})

describe('step 1 (spec 5)', () => {
  const DETAILS = {
    firstName: 'maria',
    lastName: 'dela cruz',
    mobileNo: '(917) 123 4567',
    email: 'maria@example.ph',
  }
  it('upper-cases names and reads the mobile number in its shown format', () => {
    const submission = parseWithZod(form({ ...DETAILS, checkTerms: 'on' }), { schema: DetailsSchema })
    expect(submission.status === 'success' && submission.value).toEqual({
      firstName: 'MARIA',
      lastName: 'DELA CRUZ',
      mobileNo: '9171234567',
      email: 'maria@example.ph',
      checkTerms: true,
    })
  })
  it('needs the consent', () => {
    expect(errorsOf(parseWithZod(form(DETAILS), { schema: DetailsSchema }))).toMatchObject({
      checkTerms: ['Please agree to the Privacy Notice to continue'],
    })
  })
  it.each([
    ['firstName', '', 'Please enter first name'],
    ['firstName', 'Mar1a', 'Invalid first name'],
    ['lastName', '', 'Please enter last name'],
    ['lastName', 'Dela  Cruz', 'Invalid last name'],
    ['firstName', 'A'.repeat(51), 'Input limit exceeded'],
    ['mobileNo', '', 'This field required'],
    ['mobileNo', '7171234567', 'Invalid mobile number'],
    ['email', '', 'This field required'],
    ['email', 'maria@', 'Invalid email format'],
    ['email', `${'a'.repeat(400)}@example.ph`, 'Input limit exceeded'],
  ])('%s %j: %s', (field, value, message) => {
    const errors = errorsOf(
      parseWithZod(form({ ...DETAILS, checkTerms: 'on', [field]: value }), { schema: DetailsSchema }),
    )
    expect(errors).toEqual({ [field]: [message] })
  })
})

describe('lead form (spec 5)', () => {
  const LEAD = { fullName: 'MARIA DELA CRUZ', mobileNumber: '9171234567', email: 'maria@example.ph' }
  it('takes an empty additional mobile as none', () => {
    const submission = parseWithZod(form({ ...LEAD, additionalMobile: '' }), { schema: LeadSchema })
    expect(submission.status === 'success' && submission.value.additionalMobile).toBeUndefined()
  })
  it('says "Please provide valid mobile number" for a bad additional mobile', () => {
    expect(errorsOf(parseWithZod(form({ ...LEAD, additionalMobile: '12345' }), { schema: LeadSchema }))).toEqual({
      additionalMobile: ['Please provide valid mobile number'],
    })
  })
  it('says "Please enter valid email" and "Please provide valid mobile number" for the read-only fields', () => {
    expect(errorsOf(parseWithZod(form({ ...LEAD, email: 'nope', mobileNumber: '1' }), { schema: LeadSchema }))).toEqual(
      { email: ['Please enter valid email'], mobileNumber: ['Please provide valid mobile number'] },
    )
  })
})
