import { describe, expect, it } from 'vitest'
import {
  EMPTY_CHOICE,
  isReadyToCheck,
  keepKnown,
  mapZoom,
  reconcileChoice,
  type AddressChoice,
  type Place,
} from './address-choice'

const PLACES: Place[] = [
  { id: 'B-1', name: 'TOWER ONE', latitude: 14.55, longitude: 121.02 },
  { id: 'B-2', name: 'TOWER TWO', latitude: 14.56, longitude: 121.03 },
]

const FULL: AddressChoice = {
  regionId: '13',
  provinceId: '1339',
  municipalityId: '133901',
  barangayId: '133901001',
  locationType: 'Building',
  placeId: 'B-1',
  latitude: '14.55',
  longitude: '121.02',
}

describe('spec 4 clearing rules (reconcileChoice)', () => {
  it('changing the region clears the province, municipality, barangay, location type, place, pin and coordinates', () => {
    expect(reconcileChoice(FULL, { ...FULL, regionId: '07' })).toEqual({ ...EMPTY_CHOICE, regionId: '07' })
  })

  it('changing the province clears the municipality, barangay, location type, place and pin, and keeps the region', () => {
    expect(reconcileChoice(FULL, { ...FULL, provinceId: '1374' })).toEqual({
      ...EMPTY_CHOICE,
      regionId: '13',
      provinceId: '1374',
    })
  })

  it('changing the municipality clears the barangay and below', () => {
    expect(reconcileChoice(FULL, { ...FULL, municipalityId: '133902' })).toEqual({
      ...EMPTY_CHOICE,
      regionId: '13',
      provinceId: '1339',
      municipalityId: '133902',
    })
  })

  it('changing the location type clears the building or subdivision and the coordinates', () => {
    expect(reconcileChoice(FULL, { ...FULL, locationType: 'Subdivision' })).toEqual({
      ...FULL,
      locationType: 'Subdivision',
      placeId: '',
      latitude: '',
      longitude: '',
    })
  })

  it('a first choice at an empty level clears nothing below it (a search hit sets every level at once)', () => {
    expect(reconcileChoice(EMPTY_CHOICE, FULL, PLACES)).toEqual(FULL)
  })

  it('changing the barangay clears the building or subdivision and the pin, and keeps the location type', () => {
    expect(reconcileChoice(FULL, { ...FULL, barangayId: '133901002' }, PLACES)).toEqual({
      ...FULL,
      barangayId: '133901002',
      placeId: '',
      latitude: '',
      longitude: '',
    })
  })

  it('a province posted together with a new region is cleared too (one no-JS submit changing both)', () => {
    expect(reconcileChoice(FULL, { ...FULL, regionId: '07', provinceId: '0722' }).provinceId).toBe('')
  })

  it('choosing a building sets the pin to the building, and a building pin cannot be moved', () => {
    const chosen = reconcileChoice(
      { ...FULL, placeId: '', latitude: '', longitude: '' },
      { ...FULL, placeId: 'B-2' },
      PLACES,
    )
    expect(chosen).toMatchObject({ placeId: 'B-2', latitude: '14.56', longitude: '121.03' })
    const moved = reconcileChoice(chosen, { ...chosen, latitude: '10', longitude: '120' }, PLACES)
    expect(moved).toMatchObject({ latitude: '14.56', longitude: '121.03' })
  })

  it('a subdivision pin set from the list can then be dragged', () => {
    const subdivision = { ...FULL, locationType: 'Subdivision' as const }
    const dragged = reconcileChoice(subdivision, { ...subdivision, latitude: '14.5512', longitude: '121.0209' }, PLACES)
    expect(dragged).toMatchObject({ placeId: 'B-1', latitude: '14.5512', longitude: '121.0209' })
  })

  it('a place that is not in the barangay list is refused with its pin', () => {
    const forged = reconcileChoice(FULL, { ...FULL, placeId: 'NOPE' }, PLACES)
    expect(forged).toMatchObject({ placeId: '', latitude: '', longitude: '' })
  })

  it('no location type without a barangay, and Others has no place', () => {
    expect(
      reconcileChoice(EMPTY_CHOICE, { ...EMPTY_CHOICE, regionId: '13', locationType: 'Others' }).locationType,
    ).toBe('')
    const others = reconcileChoice(FULL, { ...FULL, locationType: 'Others', placeId: 'B-1' })
    expect(others).toMatchObject({ locationType: 'Others', placeId: '', latitude: '', longitude: '' })
  })

  it('typed coordinates for Others are kept', () => {
    const others = { ...FULL, locationType: 'Others' as const, placeId: '', latitude: '', longitude: '' }
    expect(reconcileChoice(others, { ...others, latitude: '14.6', longitude: '121' })).toMatchObject({
      latitude: '14.6',
      longitude: '121',
    })
  })
})

describe('ids not among the options', () => {
  const known = { regions: ['13'], provinces: ['1339'], municipalities: ['133901'], barangays: ['133901001'] }
  it('keeps a choice whose every level is known', () => {
    expect(keepKnown(FULL, known)).toEqual(FULL)
  })
  it('clears an unknown province with everything below it', () => {
    expect(keepKnown({ ...FULL, provinceId: '9999' }, known)).toEqual({ ...EMPTY_CHOICE, regionId: '13' })
  })
})

describe('spec 5: CHECK SERVICEABILITY is enabled only when the choice is complete', () => {
  it('needs every level, the type, the place for Building or Subdivision, and a pin', () => {
    expect(isReadyToCheck(FULL)).toBe(true)
    expect(isReadyToCheck({ ...FULL, placeId: '' })).toBe(false)
    expect(isReadyToCheck({ ...FULL, latitude: '' })).toBe(false)
    expect(isReadyToCheck({ ...FULL, latitude: '91' })).toBe(false)
    expect(isReadyToCheck({ ...FULL, barangayId: '' })).toBe(false)
    expect(isReadyToCheck({ ...FULL, locationType: 'Others', placeId: '' })).toBe(true)
  })
})

describe('spec 9 map zoom', () => {
  it('is 8 with nothing, 10/12/13/15 by parts, 18 on a place', () => {
    expect(mapZoom(EMPTY_CHOICE)).toBe(8)
    expect(mapZoom({ ...EMPTY_CHOICE, regionId: '13' })).toBe(10)
    expect(mapZoom({ ...EMPTY_CHOICE, regionId: '13', provinceId: '1' })).toBe(12)
    expect(mapZoom({ ...EMPTY_CHOICE, regionId: '13', provinceId: '1', municipalityId: '2' })).toBe(13)
    expect(mapZoom({ ...FULL, placeId: '' })).toBe(15)
    expect(mapZoom(FULL)).toBe(18)
    // spec 9: a referral's pin shows at 18 whatever the location type; without a pin, by the parts.
    const others = { ...FULL, locationType: 'Others' as const, placeId: '' }
    expect(mapZoom(others)).toBe(15)
    expect(mapZoom(others, { referral: true })).toBe(18)
    expect(mapZoom({ ...others, latitude: '', longitude: '' }, { referral: true })).toBe(15)
  })
})
