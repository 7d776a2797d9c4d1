/** The application payload of spec 3, built from the draft's sections and the cart, for both segments. */
import { describe, expect, it } from 'vitest'
import { ApplicationPayloadSchema, type PersonalDetailsSection } from '../../../lib/application'
import type { ServiceabilitySection } from '../../../lib/check-availability-sections'
import type { Cart } from '~/upstream/orders.server'
import { buildApplicationPayload } from './payload'

const serviceability: ServiceabilitySection = {
  choice: {
    regionId: '13',
    provinceId: '137',
    municipalityId: '13760',
    barangayId: '13760003',
    locationType: 'Building',
    placeId: 'BLD-1',
    latitude: '14.5547',
    longitude: '121.0244',
  },
  names: {
    region: 'National Capital Region (NCR)',
    province: 'METRO MANILA',
    municipality: 'City of Makati',
    barangay: 'Bel-Air',
    place: 'Demo Makati Tower',
  },
  zipCode: '1209',
  result: { outcome: 'serviceable', checkedAt: '2026-11-23T08:00:00Z', referenceNo: 'SVC-1' },
}

const details: PersonalDetailsSection = {
  firstName: 'ANA',
  lastName: 'REYES',
  mobileNumber: '9171234567',
  emailAddress: 'ana@example.net',
  alternateContactNumber: '9181234567',
  birthDate: '1990-05-17',
  civilStatus: 'Married',
  nationality: 'Filipino',
  gender: 'Female',
  business: null,
  residential: { buildingNo: '12F', streetName: 'Ayala Avenue', zipCode: '1209' },
  billing: { sameAsResidential: true },
}

const cart: Cart = {
  cartId: '0b8e0c59-5d0b-4a43-9a43-7d0e2a2d5a10',
  planCode: 'fiber-plan-1699',
  cartItems: [
    {
      productCode: 'fiber-plan-1699',
      productType: 'MAINLINE',
      productCategory: 'FIBER',
      name: 'Fiber Plan 1699',
      quantity: 1,
      maxQuantity: 1,
      monthlyFee: 1699,
      installationFee: 2500,
      staggerable: true,
      itemDetails: null,
    },
    {
      productCode: 'mesh-router',
      productType: 'ADDON',
      productCategory: 'ROUTERS',
      name: 'Mesh Wi-Fi 6 router',
      quantity: 2,
      maxQuantity: 3,
      monthlyFee: 150,
      installationFee: 0,
      staggerable: false,
      itemDetails: { itemName: 'Mesh Wi-Fi 6 router', quantity: 2 },
    },
  ],
  upfrontFeePaymentOption: 'STAGGERED',
  paymentModes: ['OUTRIGHT', 'STAGGERED'],
  upfrontPayment: 'FIRST_BILL',
  totals: {
    monthlyRecurringFee: 1999,
    installationFee: 2500,
    totalInstallationFee: 2500,
    dueUpfront: 0,
    dueAtInstallation: 0,
    instalments: null,
    promoDiscount: 0,
    firstBill: 1999,
  },
  promo: null,
  promoNotice: null,
  itemDetails: [{ itemName: 'Mesh Wi-Fi 6 router', quantity: 2 }],
  expiresAt: '2026-11-23T12:00:00.000Z',
}

const common = {
  serviceability,
  appointment: { slotId: '2026-11-24-AM', date: '2026-11-24', window: 'AM' as const },
  cart,
  consents: { newsletters: false, eBills: true },
  source: 'HiblaWeb',
  agentCode: 'self',
}

describe('the application payload (spec 3)', () => {
  it('residential: privacyNotice true, the checked address as residential and billing, plan and item details', () => {
    const payload = buildApplicationPayload({
      ...common,
      category: { category: 'RES', isWorkingGovtEmbassyWorker: false },
      details,
    })
    expect(ApplicationPayloadSchema.safeParse(payload).success).toBe(true)
    expect(payload).toMatchObject({
      customerSegment: 'Residential',
      firstName: 'ANA',
      lastName: 'REYES',
      mobileNumber: '9171234567',
      alternateContactNumber: '9181234567',
      alternateEmailAddress: null,
      landlineNumber: null,
      businessName: null,
      hasEmpOfGovtOrForeignEmbassy: false,
      privacyNotice: true,
      consents: { termsAndConditions: true, newsletters: false, eBills: true },
      latitude: '14.5547',
      longitude: '121.0244',
      planCode: 'fiber-plan-1699',
      planName: 'Fiber Plan 1699',
      itemDetails: [{ itemName: 'Mesh Wi-Fi 6 router', quantity: 2 }],
      upfrontFeePaymentOption: 'STAGGERED',
      step: 5,
      source: 'HiblaWeb',
      agentCode: 'self',
      appointment: { slotId: '2026-11-24-AM' },
    })
    const [residential, billing] = payload.addresses
    expect(residential).toEqual({
      addressType: 'residential',
      region: 'National Capital Region (NCR)',
      regionId: '13',
      province: 'METRO MANILA',
      provinceId: '137',
      cityMunicipality: 'City of Makati',
      cityMunicipalityId: '13760',
      barangay: 'Bel-Air',
      barangayId: '13760003',
      locationType: 'Building',
      buildingId: 'BLD-1',
      buildingName: 'Demo Makati Tower',
      subdivisionId: null,
      subdivisionVillage: null,
      buildingNo: '12F',
      streetName: 'Ayala Avenue',
      landmark: null,
      zipCode: '1209',
      latitude: '14.5547',
      longitude: '121.0244',
    })
    expect(billing).toEqual({ ...residential, addressType: 'billing' })
  })

  it('SME: the business, the representative, the government flag, and a billing address of its own', () => {
    const payload = buildApplicationPayload({
      ...common,
      category: { category: 'SME', isWorkingGovtEmbassyWorker: true },
      details: {
        ...details,
        business: {
          businessName: 'Sari-Sari Ventures',
          businessTin: '123456789000',
          industryType: 'Retail and trade',
          representativeFirstName: 'JOSE',
          representativeLastName: 'CRUZ',
          department: 'Operations',
        },
        billing: {
          sameAsResidential: false,
          streetName: 'Rizal Street',
          barangay: 'Poblacion',
          municipality: 'Taytay',
          province: 'Rizal',
          zipCode: '1920',
        },
      },
    })
    expect(ApplicationPayloadSchema.safeParse(payload).success).toBe(true)
    expect(payload).toMatchObject({
      customerSegment: 'SME',
      businessName: 'Sari-Sari Ventures',
      businessTin: '123456789000',
      industryType: 'Retail and trade',
      representativeFirstName: 'JOSE',
      representativeLastName: 'CRUZ',
      department: 'Operations',
      hasEmpOfGovtOrForeignEmbassy: true,
      privacyNotice: true,
    })
    expect(payload.addresses[1]).toMatchObject({
      addressType: 'billing',
      streetName: 'Rizal Street',
      barangay: 'Poblacion',
      cityMunicipality: 'Taytay',
      province: 'Rizal',
      zipCode: '1920',
      latitude: null,
    })
  })

  it('a residential applicant never carries the government flag (an SME-only flag, spec 4)', () => {
    const payload = buildApplicationPayload({
      ...common,
      category: { category: 'RES', isWorkingGovtEmbassyWorker: true },
      details,
    })
    expect(payload.hasEmpOfGovtOrForeignEmbassy).toBe(false)
  })

  it("an agent's filing names its witness and promo code (issue 13); a visitor's carries neither", () => {
    const category = { category: 'RES' as const, isWorkingGovtEmbassyWorker: false }
    const filed = buildApplicationPayload({
      ...common,
      category,
      details,
      agentCode: 'AGT-0001',
      agent: { consentsWitnessedBy: 'AGT-0001', promoCode: 'HOME1000' },
    })
    expect(ApplicationPayloadSchema.safeParse(filed).success).toBe(true)
    expect(filed).toMatchObject({ agentCode: 'AGT-0001', consentsWitnessedBy: 'AGT-0001', promoCode: 'HOME1000' })
    const visitor = buildApplicationPayload({ ...common, category, details })
    expect(visitor).not.toHaveProperty('consentsWitnessedBy')
    expect(visitor).not.toHaveProperty('promoCode')
  })
})
