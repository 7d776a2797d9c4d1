/**
 * Zip codes for the PSGC list. The PSGC has none; PHLPost's list comes from the
 * use-postal-ph package (MIT), whose rows name a place, the area it is in and a code:
 * outside NCR the area is the province and the place a city or municipality (plus some
 * estates, airports and bases); in NCR the area is the city and the place a district,
 * village or barangay. The two lists share no codes, so they meet by name, within a
 * province (outside NCR) or a city (in NCR). Nothing is guessed: a name that matches
 * no row, or rows with different codes, keeps a null zip code.
 *
 * - City or municipality outside NCR: the row with its name (or former name) in its
 *   province.
 * - NCR city: its central post office ('… CPO'), else the row named like the city.
 *   Manila's sub-municipalities and NCR barangays: the row with their name in the city.
 * - Barangay without a row of its own: its city's or municipality's code when that
 *   place has only one code in PHLPost's list (so not Quezon City's barangays, say).
 */
import usePostalPH from 'use-postal-ph'
import { METRO_MANILA_PROVINCE_CODE, type AddressList } from './psgc.ts'

export type PostalRow = { region: string; area: string; place: string; zipCode: string }

export function loadPostalRows(): PostalRow[] {
  return usePostalPH()
    .fetchDataLists()
    .data.filter((row) => row.location && row.municipality && row.post_code !== undefined)
    .map((row) => ({
      region: row.region ?? '',
      area: row.location!,
      place: row.municipality!,
      // Stored as numbers upstream; Philippine zip codes are four digits.
      zipCode: String(row.post_code).padStart(4, '0'),
    }))
}

/** A spelling-blind key: 'City of Sta. Rosa' and 'Santa Rosa City' both become 'santa rosa'. */
export function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\bsta\.?\s/g, 'santa ')
    .replace(/\bsto\.?\s/g, 'santo ')
    .replace(/\bgen\.?\s/g, 'general ')
    .replace(/^city of\s+|\s+city$|\s+province$/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/\s+city$/, '')
}

// PHLPost's province names that differ from the PSGC's beyond spelling.
const PROVINCE_ALIASES: Record<string, string[]> = {
  'north cotabato': ['cotabato'],
  maguindanao: ['maguindanao del norte', 'maguindanao del sur'],
}

function areaKey(area: string) {
  // 'Caloocan City (North)', 'Caloocan area (North)' → 'caloocan'
  return nameKey(area).replace(/\s+area$/, '')
}

/** Names a postal place answers to: 'Manila CPO - Ermita' also answers to 'Ermita'. */
function placeKeys(place: string): string[] {
  const [head = '', ...rest] = place.split(/\s+-\s+/)
  const keys = [nameKey(head)]
  if (/\bcpo\b/i.test(head)) keys.push(...rest.map(nameKey))
  return keys
}

class CodeIndex {
  private codes = new Map<string, Set<string>>()
  add(scope: string, key: string, zipCode: string) {
    const id = `${scope}|${key}`
    const set = this.codes.get(id) ?? new Set()
    set.add(zipCode)
    this.codes.set(id, set)
  }
  /** The one code under this name, or null when there is none or more than one. */
  unique(scope: string, key: string): string | null {
    const set = this.codes.get(`${scope}|${key}`)
    return set?.size === 1 ? [...set][0]! : null
  }
}

export type ZipCodes = {
  municipalities: Map<string, string>
  barangays: Map<string, string>
}

export function matchZipCodes(list: AddressList, postal: PostalRow[]): ZipCodes {
  const ncrCityKeys = new Set(
    list.municipalities
      .filter((m) => m.provinceCode === METRO_MANILA_PROVINCE_CODE && m.parentCode === null)
      .map((m) => nameKey(m.name)),
  )
  const provinceKeyToCodes = new Map<string, string[]>()
  for (const p of list.provinces) provinceKeyToCodes.set(nameKey(p.name), [p.code])
  for (const [alias, names] of Object.entries(PROVINCE_ALIASES)) {
    provinceKeyToCodes.set(
      alias,
      names.flatMap((n) => provinceKeyToCodes.get(n) ?? []),
    )
  }

  const byPlace = new CodeIndex() // scope: province code, or NCR city key
  const cpo = new CodeIndex() // scope: NCR city key
  const allInScope = new CodeIndex() // every code of an NCR city, key ''
  for (const row of postal) {
    const area = areaKey(row.area)
    // By region first: 'Quezon Province' and Quezon City share a key.
    if (row.region === 'NCR') {
      if (!ncrCityKeys.has(area)) continue // 'Companies/Institutions': not places
      allInScope.add(area, '', row.zipCode)
      if (/\bcpo\b/i.test(row.place)) cpo.add(area, '', row.zipCode)
      for (const key of placeKeys(row.place)) byPlace.add(area, key, row.zipCode)
      continue
    }
    for (const provinceCode of provinceKeyToCodes.get(area) ?? []) {
      for (const key of placeKeys(row.place)) byPlace.add(provinceCode, key, row.zipCode)
    }
  }

  const municipalities = new Map<string, string>()
  const municipalityScope = new Map<string, string>() // NCR city key a place's barangays look up in
  const onlyCodeOf = new Map<string, string>() // municipality → its only code, for barangays
  const byCode = new Map(list.municipalities.map((m) => [m.code, m]))
  for (const m of list.municipalities) {
    let zipCode: string | null
    if (m.provinceCode === METRO_MANILA_PROVINCE_CODE) {
      const parent = m.parentCode ? byCode.get(m.parentCode) : undefined
      const city = nameKey((parent ?? m).name)
      municipalityScope.set(m.code, city)
      zipCode = parent
        ? byPlace.unique(city, nameKey(m.name))
        : (cpo.unique(city, '') ?? byPlace.unique(city, nameKey(m.name)) ?? allInScope.unique(city, ''))
      if (!parent && allInScope.unique(city, '')) onlyCodeOf.set(m.code, zipCode!)
      if (parent && zipCode) onlyCodeOf.set(m.code, zipCode)
    } else {
      zipCode =
        byPlace.unique(m.provinceCode, nameKey(m.name)) ??
        (m.formerName ? byPlace.unique(m.provinceCode, nameKey(m.formerName)) : null)
      // Outside NCR a town has one post office and one code.
      if (zipCode) onlyCodeOf.set(m.code, zipCode)
    }
    if (zipCode) municipalities.set(m.code, zipCode)
  }

  const barangays = new Map<string, string>()
  for (const b of list.barangays) {
    const scope = municipalityScope.get(b.municipalityCode)
    const own = scope ? byPlace.unique(scope, nameKey(b.name)) : null
    const zipCode = own ?? onlyCodeOf.get(b.municipalityCode) ?? null
    if (zipCode) barangays.set(b.code, zipCode)
  }
  return { municipalities, barangays }
}
