import { describe, expect, it } from 'vitest'
import type { AddressList } from './psgc.ts'
import { matchZipCodes, nameKey, type PostalRow } from './zip-codes.ts'

const list: AddressList = {
  regions: [],
  provinces: [
    { code: '000', regionCode: '13', name: 'Metro Manila' },
    { code: '056', regionCode: '04', name: 'Quezon' },
    { code: '021', regionCode: '04', name: 'Cavite' },
  ],
  municipalities: [
    { code: '81300', provinceCode: '000', regionCode: '13', parentCode: null, name: 'Quezon City', formerName: null },
    {
      code: '80600',
      provinceCode: '000',
      regionCode: '13',
      parentCode: null,
      name: 'City of Manila',
      formerName: null,
    },
    { code: '80608', provinceCode: '000', regionCode: '13', parentCode: '80600', name: 'Ermita', formerName: null },
    { code: '80606', provinceCode: '000', regionCode: '13', parentCode: '80600', name: 'Sampaloc', formerName: null },
    { code: '05623', provinceCode: '056', regionCode: '04', parentCode: null, name: 'Lucban', formerName: null },
    {
      code: '02103',
      provinceCode: '021',
      regionCode: '04',
      parentCode: null,
      name: 'City of General Trias',
      formerName: null,
    },
  ],
  barangays: [
    { code: '81300001', municipalityCode: '81300', provinceCode: '000', regionCode: '13', name: 'Bagong Silangan' },
    { code: '81300002', municipalityCode: '81300', provinceCode: '000', regionCode: '13', name: 'Nowhere In The List' },
    { code: '05623001', municipalityCode: '05623', provinceCode: '056', regionCode: '04', name: 'Ayuti' },
  ],
}

const postal: PostalRow[] = [
  { region: 'NCR', area: 'Quezon City', place: 'Quezon City CPO', zipCode: '1100' },
  { region: 'NCR', area: 'Quezon City', place: 'Bagong Silangan', zipCode: '1119' },
  { region: 'NCR', area: 'Manila', place: 'Manila CPO - Ermita', zipCode: '1000' },
  { region: 'NCR', area: 'Manila', place: 'Sampaloc East', zipCode: '1008' },
  { region: 'NCR', area: 'Manila', place: 'Sampaloc West', zipCode: '1015' },
  { region: 'IV-A', area: 'Quezon Province', place: 'Lucban', zipCode: '4328' },
  { region: 'IV-A', area: 'Cavite', place: 'Gen. Trias', zipCode: '4107' },
]

describe('nameKey', () => {
  it('reads PSGC and PHLPost spellings of one place alike', () => {
    expect(nameKey('City of General Trias')).toBe(nameKey('Gen. Trias'))
    expect(nameKey('Santa Cruz')).toBe(nameKey('Sta. Cruz'))
    expect(nameKey('City of Las Piñas')).toBe(nameKey('Las Piñas City'))
  })
})

describe('matchZipCodes', () => {
  const zip = matchZipCodes(list, postal)

  it("gives an NCR city its central post office's code and a named barangay its own", () => {
    expect(zip.municipalities.get('81300')).toBe('1100')
    expect(zip.barangays.get('81300001')).toBe('1119')
  })

  it('leaves a barangay of a city with many codes without one rather than guess', () => {
    expect(zip.barangays.has('81300002')).toBe(false)
  })

  it('tells Quezon Province from Quezon City', () => {
    expect(zip.municipalities.get('05623')).toBe('4328')
    expect(zip.barangays.get('05623001')).toBe('4328')
  })

  it("reads the district after a CPO's name and leaves split districts without a code", () => {
    expect(zip.municipalities.get('80608')).toBe('1000')
    expect(zip.municipalities.has('80606')).toBe(false)
  })

  it('matches across abbreviations', () => {
    expect(zip.municipalities.get('02103')).toBe('4107')
  })
})
