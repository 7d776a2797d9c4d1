/**
 * The application payload of spec 3, built from what the draft holds (basicInfo,
 * customerCategory, serviceability, personalDetails, appointment) and the cart, with the
 * consents the review form gave. Pure, so both segments are tested without a server.
 */
import type {
  ApplicationAddress,
  ApplicationPayload,
  AppointmentSection,
  PersonalDetailsSection,
} from '../../../lib/application'
import type { CustomerCategorySection } from '../../../lib/draft-sections'
import type { ServiceabilitySection } from '../../../lib/check-availability-sections'
import type { Cart } from '~/upstream/orders.server'

export type PayloadInputs = {
  category: CustomerCategorySection
  serviceability: ServiceabilitySection
  details: PersonalDetailsSection
  appointment: AppointmentSection
  cart: Cart
  consents: { newsletters: boolean; eBills: boolean }
  /** spec 9: '{product}Web'. */
  source: string
  /** spec 9: 'self' when no agent is involved. */
  agentCode: string
  /** Filed by an agent (issue 13): the consents were given in their presence, and their promo code. */
  agent?: { consentsWitnessedBy: string; promoCode: string | null }
}

const orNull = (value: string | undefined | null) => (value ? value : null)

/** The serviceability check's address plus what the personal details page added. */
export function residentialAddress(
  serviceability: ServiceabilitySection,
  details: PersonalDetailsSection,
): ApplicationAddress {
  const { choice, names } = serviceability
  const locationType = choice.locationType || null
  const building = locationType === 'Building'
  const subdivision = locationType === 'Subdivision'
  return {
    addressType: 'residential',
    region: orNull(names.region),
    regionId: orNull(choice.regionId),
    province: names.province ?? '',
    provinceId: orNull(choice.provinceId),
    cityMunicipality: names.municipality ?? '',
    cityMunicipalityId: orNull(choice.municipalityId),
    barangay: names.barangay ?? '',
    barangayId: orNull(choice.barangayId),
    locationType,
    buildingId: building ? orNull(choice.placeId) : null,
    buildingName: building ? orNull(names.place) : null,
    subdivisionId: subdivision ? orNull(choice.placeId) : null,
    subdivisionVillage: subdivision ? orNull(names.place) : null,
    buildingNo: orNull(details.residential.buildingNo),
    streetName: details.residential.streetName,
    landmark: orNull(details.residential.landmark),
    zipCode: details.residential.zipCode,
    latitude: orNull(choice.latitude),
    longitude: orNull(choice.longitude),
  }
}

/** The billing address: the residential one again, or the one typed (names only: no ids, no pin). */
export function billingAddress(residential: ApplicationAddress, details: PersonalDetailsSection): ApplicationAddress {
  const billing = details.billing
  if (billing.sameAsResidential) return { ...residential, addressType: 'billing' }
  return {
    addressType: 'billing',
    region: null,
    regionId: null,
    province: billing.province,
    provinceId: null,
    cityMunicipality: billing.municipality,
    cityMunicipalityId: null,
    barangay: billing.barangay,
    barangayId: null,
    locationType: null,
    buildingId: null,
    buildingName: null,
    subdivisionId: null,
    subdivisionVillage: null,
    buildingNo: orNull(billing.buildingNo),
    streetName: billing.streetName,
    landmark: null,
    zipCode: billing.zipCode,
    latitude: null,
    longitude: null,
  }
}

export function buildApplicationPayload(inputs: PayloadInputs): ApplicationPayload {
  const { details, cart, category } = inputs
  const sme = category.category === 'SME'
  const residential = residentialAddress(inputs.serviceability, details)
  const plan = cart.cartItems.find((item) => item.productType === 'MAINLINE')
  if (!plan) throw new Error('buildApplicationPayload: the cart has no plan')
  const business = sme ? details.business : null
  return {
    customerSegment: sme ? 'SME' : 'Residential',
    firstName: details.firstName,
    lastName: details.lastName,
    suffix: details.suffix ?? null,
    emailAddress: details.emailAddress,
    mobileNumber: details.mobileNumber,
    alternateContactNumber: orNull(details.alternateContactNumber),
    alternateEmailAddress: orNull(details.alternateEmailAddress),
    landlineNumber: orNull(details.landlineNumber),
    birthDate: details.birthDate,
    civilStatus: details.civilStatus,
    nationality: details.nationality,
    gender: details.gender,
    businessName: business?.businessName ?? null,
    businessTin: business?.businessTin ?? null,
    industryType: business?.industryType ?? null,
    representativeFirstName: business?.representativeFirstName ?? null,
    representativeLastName: business?.representativeLastName ?? null,
    department: business?.department ?? null,
    hasEmpOfGovtOrForeignEmbassy: sme && category.isWorkingGovtEmbassyWorker,
    privacyNotice: true,
    consents: {
      termsAndConditions: true,
      privacyNotice: true,
      informationAccuracy: true,
      notifications: true,
      newsletters: inputs.consents.newsletters,
      eBills: inputs.consents.eBills,
    },
    addresses: [residential, billingAddress(residential, details)],
    latitude: residential.latitude,
    longitude: residential.longitude,
    planCode: plan.productCode,
    planName: plan.name,
    itemDetails: cart.itemDetails,
    upfrontFeePaymentOption: cart.upfrontFeePaymentOption,
    upfrontPayment: cart.upfrontPayment,
    dueAtInstallation: cart.totals.dueAtInstallation,
    customerBehavior: null,
    // spec 9: the process step as its index plus 1; verify and submit is the fifth stage.
    step: 5,
    source: inputs.source,
    agentCode: inputs.agentCode,
    ...(inputs.agent
      ? { consentsWitnessedBy: inputs.agent.consentsWitnessedBy, promoCode: inputs.agent.promoCode }
      : {}),
    appointment: { slotId: inputs.appointment.slotId },
  }
}
