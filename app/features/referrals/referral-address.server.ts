/**
 * The referee's address as spec 3's referral payload spells it, from the serviceability
 * section of the draft: the cascade's names and ids, the building or subdivision chosen,
 * the zip code and the pin; and the check's answer as serviceabilityStatus.
 */
import type { ServiceabilitySection } from '../../../lib/check-availability-sections'
import type { ServiceabilityStatus } from '../../../lib/referrals'

type Checked = ServiceabilitySection & { result: NonNullable<ServiceabilitySection['result']> }

export function serviceabilityStatusOf(section: Checked): ServiceabilityStatus {
  return section.result.outcome === 'serviceable' ? 'Serviceable' : 'Not Serviceable'
}

export function addressOf({ choice, names, zipCode }: ServiceabilitySection) {
  const place = choice.placeId ? { name: names.place ?? choice.placeId, id: choice.placeId } : null
  return {
    region: names.region ?? choice.regionId,
    regionId: choice.regionId,
    province: names.province ?? choice.provinceId,
    provinceId: choice.provinceId,
    municipality: names.municipality ?? choice.municipalityId,
    municipalityId: choice.municipalityId,
    barangay: names.barangay ?? choice.barangayId,
    barangayId: choice.barangayId,
    subDivision: choice.locationType === 'Subdivision' && place ? place.name : null,
    subDivisionId: choice.locationType === 'Subdivision' && place ? place.id : null,
    building: choice.locationType === 'Building' && place ? place.name : null,
    buildingId: choice.locationType === 'Building' && place ? place.id : null,
    zipCode,
    latitude: Number(choice.latitude),
    longitude: Number(choice.longitude),
  }
}
