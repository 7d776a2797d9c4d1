/**
 * The address and pin a visitor chooses on step 2, and spec 4's clearing rules as one
 * pure function: the server runs it on every submission (with or without JavaScript)
 * and the browser runs the same function as a select changes, so both always agree on
 * what a change leaves behind. No server code here: the browser imports it.
 */

export const LOCATION_TYPES = ['Subdivision', 'Building', 'Others'] as const
export type LocationType = (typeof LOCATION_TYPES)[number]

export const isLocationType = (value: unknown): value is LocationType =>
  typeof value === 'string' && (LOCATION_TYPES as readonly string[]).includes(value)

/** Every choice as the form posts it: strings, '' for nothing chosen. */
export type AddressChoice = {
  regionId: string
  provinceId: string
  municipalityId: string
  barangayId: string
  locationType: LocationType | ''
  /** The building's or subdivision's id; '' for Others. */
  placeId: string
  latitude: string
  longitude: string
}

export const EMPTY_CHOICE: AddressChoice = {
  regionId: '',
  provinceId: '',
  municipalityId: '',
  barangayId: '',
  locationType: '',
  placeId: '',
  latitude: '',
  longitude: '',
}

/** A building or subdivision of the chosen barangay, with its pin. */
export type Place = { id: string; name: string; latitude: number; longitude: number }

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
// An address level's or place's id is a code from a list (PSGC codes, place ids): anything else
// was never offered, so it reads as not chosen and never reaches a call's path or the logs.
const CODE = /^[A-Za-z0-9._-]{1,64}$/
const code = (value: unknown) => {
  const id = text(value)
  return CODE.test(id) ? id : ''
}

/** The choice a form posted, each field a string; anything unexpected reads as not chosen. */
export function choiceFromForm(form: FormData | URLSearchParams): AddressChoice {
  const locationType = text(form.get('locationType'))
  return {
    regionId: code(form.get('regionId')),
    provinceId: code(form.get('provinceId')),
    municipalityId: code(form.get('municipalityId')),
    barangayId: code(form.get('barangayId')),
    locationType: isLocationType(locationType) ? locationType : '',
    placeId: code(form.get('placeId')),
    latitude: text(form.get('latitude')),
    longitude: text(form.get('longitude')),
  }
}

/**
 * What is left of `submitted` after spec 4's rules, measured against `previous` (what the
 * visitor had before this change):
 * - changing the region clears the province, municipality, barangay, location type,
 *   building/subdivision, pin and coordinates;
 * - changing the province clears everything below it; changing the municipality clears
 *   the barangay and below (and so the location type, which waits for a barangay);
 * - changing the barangay clears the building/subdivision and the pin (its list is the
 *   barangay's); changing the location type clears the building/subdivision and the
 *   coordinates;
 * - without a barangay there is no location type (it is disabled until one is chosen);
 * - choosing a building or subdivision sets the pin to its coordinates, and a Building's
 *   pin cannot be moved (spec 2: read-only for Building).
 * `places` is the chosen barangay's buildings or subdivisions, when known: a place not
 * in it is cleared (a forged or stale id never reaches the check).
 */
export function reconcileChoice(previous: AddressChoice, submitted: AddressChoice, places?: readonly Place[]) {
  const next = { ...submitted }
  const clearFrom = (level: 'province' | 'municipality' | 'barangay' | 'locationType' | 'place') => {
    const order = ['province', 'municipality', 'barangay', 'locationType', 'place'] as const
    for (const field of order.slice(order.indexOf(level))) {
      if (field === 'province') next.provinceId = ''
      if (field === 'municipality') next.municipalityId = ''
      if (field === 'barangay') next.barangayId = ''
      if (field === 'locationType') next.locationType = ''
      if (field === 'place') next.placeId = ''
    }
    next.latitude = ''
    next.longitude = ''
  }

  // A first choice at a level (nothing was chosen there) clears nothing: that is how a
  // search hit sets every level at once.
  if (next.regionId !== previous.regionId) {
    if (previous.regionId) clearFrom('province')
  } else if (next.provinceId !== previous.provinceId) {
    if (previous.provinceId) clearFrom('municipality')
  } else if (next.municipalityId !== previous.municipalityId) {
    if (previous.municipalityId) clearFrom('barangay')
  } else if (next.barangayId !== previous.barangayId) {
    if (previous.barangayId) clearFrom('place')
  } else if (next.locationType !== previous.locationType) {
    clearFrom('place')
  }

  // A level without its parent is not chosen (a hand-made post, or a cleared parent).
  if (!next.regionId) next.provinceId = ''
  if (!next.provinceId) next.municipalityId = ''
  if (!next.municipalityId) next.barangayId = ''
  if (!next.barangayId) next.locationType = ''
  if (next.locationType === '' || next.locationType === 'Others') next.placeId = ''

  if (next.placeId && places) {
    const place = places.find((candidate) => candidate.id === next.placeId)
    if (!place) {
      next.placeId = ''
      next.latitude = ''
      next.longitude = ''
    } else if (next.placeId !== previous.placeId || next.locationType === 'Building') {
      // Choosing a place puts the pin on it; a building's pin stays on the building.
      next.latitude = String(place.latitude)
      next.longitude = String(place.longitude)
    }
  } else if (next.placeId !== previous.placeId && previous.placeId) {
    // The place was taken away: its pin goes with it.
    next.latitude = ''
    next.longitude = ''
  }
  if (!next.locationType) {
    next.latitude = ''
    next.longitude = ''
  }
  return next
}

/** The options each level offers, to refuse an id that is not among them (a forged or stale post). */
export type KnownOptions = {
  regions: readonly string[]
  provinces: readonly string[]
  municipalities: readonly string[]
  barangays: readonly string[]
}

/** The choice with every level that is not among its parent's options cleared, with all below it. */
export function keepKnown(choice: AddressChoice, known: KnownOptions): AddressChoice {
  const next = { ...choice }
  const unknown = (id: string, options: readonly string[]) => id !== '' && !options.includes(id)
  if (unknown(next.regionId, known.regions)) next.regionId = ''
  if (!next.regionId || unknown(next.provinceId, known.provinces)) next.provinceId = ''
  if (!next.provinceId || unknown(next.municipalityId, known.municipalities)) next.municipalityId = ''
  if (!next.municipalityId || unknown(next.barangayId, known.barangays)) next.barangayId = ''
  if (!next.barangayId) return { ...next, locationType: '', placeId: '', latitude: '', longitude: '' }
  return next
}

/** True when the choice has a pin: both coordinates are numbers in range. */
export function hasPin(choice: Pick<AddressChoice, 'latitude' | 'longitude'>): boolean {
  const lat = Number(choice.latitude)
  const lng = Number(choice.longitude)
  return (
    choice.latitude !== '' &&
    choice.longitude !== '' &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180
  )
}

/**
 * spec 5: CHECK SERVICEABILITY waits for region, province, municipality, barangay, the
 * location type, the building or subdivision for those types, and the pin.
 */
export function isReadyToCheck(choice: AddressChoice): boolean {
  if (!choice.regionId || !choice.provinceId || !choice.municipalityId || !choice.barangayId) return false
  if (!choice.locationType) return false
  if (choice.locationType !== 'Others' && !choice.placeId) return false
  return hasPin(choice)
}

/** spec 9: the map's zoom, 18 on a building or subdivision, else by how many address parts are chosen. */
export function mapZoom(choice: AddressChoice, { referral = false }: { referral?: boolean } = {}): number {
  // spec 9: 18 for a building or subdivision, and for a referral's pin.
  if (choice.placeId || (referral && hasPin(choice))) return 18
  const parts = [choice.regionId, choice.provinceId, choice.municipalityId, choice.barangayId].filter(Boolean).length
  return zoomForParts(parts)
}

/** spec 9: 1 part gives 10, 2 give 12, 3 give 13, 4 or more give 15; none gives 8. */
export function zoomForParts(parts: number): number {
  if (parts <= 0) return 8
  if (parts === 1) return 10
  if (parts === 2) return 12
  if (parts === 3) return 13
  return 15
}
