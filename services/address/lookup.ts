/**
 * The address service's functions for other services (docs/architecture.md, 7: services
 * call each other's functions, never read each other's tables): which barangays exist,
 * where a barangay sits in the cascade, region and province names by code, and a name search over the PSGC list for the
 * map's address search.
 */
import { eq, inArray } from 'drizzle-orm'
import type { Database, Executor } from '../db/client.ts'
import { barangays, municipalities, provinces, regions } from './tables.ts'

export type BarangayPlace = {
  barangayCode: string
  barangayName: string
  /** The barangay's own city or municipality (a sub-municipality in Manila). */
  municipalityCode: string
  municipalityName: string
  /** The city a sub-municipality belongs to (Manila), else null. */
  parentMunicipalityCode: string | null
  provinceCode: string
  provinceName: string
  regionCode: string
}

/** Of the given codes, those that name a barangay. */
export async function existingBarangayCodes(db: Executor, codes: string[]): Promise<Set<string>> {
  const found = new Set<string>()
  const unique = [...new Set(codes)]
  for (let i = 0; i < unique.length; i += 1000) {
    const rows = await db
      .select({ code: barangays.code })
      .from(barangays)
      .where(inArray(barangays.code, unique.slice(i, i + 1000)))
    for (const row of rows) found.add(row.code)
  }
  return found
}

/** Where each barangay sits, by code; unknown codes are left out. */
export async function barangayPlaces(db: Executor, codes: string[]): Promise<Map<string, BarangayPlace>> {
  const unique = [...new Set(codes)]
  if (unique.length === 0) return new Map()
  const rows = await db
    .select({
      barangayCode: barangays.code,
      barangayName: barangays.name,
      municipalityCode: barangays.municipalityCode,
      provinceCode: barangays.provinceCode,
      regionCode: barangays.regionCode,
    })
    .from(barangays)
    .where(inArray(barangays.code, unique))
  const municipalityRows = await db
    .select({ code: municipalities.code, name: municipalities.name, parentCode: municipalities.parentCode })
    .from(municipalities)
    .where(
      inArray(
        municipalities.code,
        rows.map((r) => r.municipalityCode),
      ),
    )
  const provinceRows = await db
    .select({ code: provinces.code, name: provinces.name })
    .from(provinces)
    .where(
      inArray(
        provinces.code,
        rows.map((r) => r.provinceCode),
      ),
    )
  const municipality = new Map(municipalityRows.map((m) => [m.code, m]))
  const province = new Map(provinceRows.map((p) => [p.code, p.name]))
  return new Map(
    rows.map((row) => [
      row.barangayCode,
      {
        ...row,
        municipalityName: municipality.get(row.municipalityCode)?.name ?? '',
        parentMunicipalityCode: municipality.get(row.municipalityCode)?.parentCode ?? null,
        provinceName: province.get(row.provinceCode) ?? '',
      },
    ]),
  )
}

/** Lower case, without accents (Ñ is typed as N as often as not), words separated by single spaces. */
export function normaliseForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

/** A city's or municipality's name as a geocoder may write it: 'City of Cebu', 'Cebu City' and 'Cebu' alike. */
export function townKey(name: string): string {
  return normaliseForSearch(name)
    .replace(/^city of /, '')
    .replace(/ city$/, '')
}

/** A barangay's name as a geocoder may write it: without 'Barangay' or 'Brgy.' before it, with and without what is in brackets. */
export function areaKeys(name: string): string[] {
  const strip = (text: string) => normaliseForSearch(text).replace(/^(barangay|brgy|bgy) /, '')
  return [...new Set([strip(name), strip(name.replace(/\([^)]*\)/g, ' '))])].filter(Boolean)
}

type SearchEntry = BarangayPlace & { words: string; name: string; towns: string[]; areas: string[] }

// The PSGC list changes only when the seed adds to it; the search keeps it in memory
// (42,011 barangays, a few MB), once per database, for the life of the process.
const catalogues = new WeakMap<Database, Promise<SearchEntry[]>>()

async function loadCatalogue(db: Database): Promise<SearchEntry[]> {
  const [barangayRows, municipalityRows, provinceRows] = await Promise.all([
    db.select().from(barangays),
    db.select().from(municipalities),
    db.select().from(provinces),
  ])
  const municipality = new Map(municipalityRows.map((m) => [m.code, m]))
  const province = new Map(provinceRows.map((p) => [p.code, p.name]))
  return barangayRows.map((b) => {
    const m = municipality.get(b.municipalityCode)
    const parent = m?.parentCode ? municipality.get(m.parentCode) : undefined
    const provinceName = province.get(b.provinceCode) ?? ''
    return {
      barangayCode: b.code,
      barangayName: b.name,
      municipalityCode: b.municipalityCode,
      municipalityName: m?.name ?? '',
      parentMunicipalityCode: m?.parentCode ?? null,
      provinceCode: b.provinceCode,
      provinceName,
      regionCode: b.regionCode,
      name: normaliseForSearch(b.name),
      // A Manila barangay answers to its district's name and to the city's.
      towns: [m?.name, parent?.name].filter((n): n is string => Boolean(n)).map(townKey),
      areas: areaKeys(b.name),
      // A leading space, so ' word' finds a word that starts with it.
      words: ` ${normaliseForSearch([b.name, m?.name, parent?.name, provinceName].filter(Boolean).join(' '))}`,
    }
  })
}

/**
 * Barangays whose name, city or municipality, and province together hold every word of
 * the query as the start of a word: 'lahug cebu' finds Lahug in the City of Cebu. Those
 * whose own name matches the query come first.
 */
export async function searchBarangays(db: Database, query: string, limit: number): Promise<BarangayPlace[]> {
  const normalised = normaliseForSearch(query)
  const words = normalised.split(' ').filter(Boolean)
  if (words.length === 0) return []
  const catalogue = catalogueOf(db)
  const needles = words.map((word) => ` ${word}`)
  const hits: { entry: SearchEntry; rank: number }[] = []
  for (const entry of await catalogue) {
    if (!needles.every((needle) => entry.words.includes(needle))) continue
    const rank =
      entry.name === normalised ? 0 : normalised.startsWith(entry.name) ? 1 : entry.name.startsWith(words[0]!) ? 2 : 3
    hits.push({ entry, rank })
  }
  const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })
  hits.sort(
    (a, b) =>
      a.rank - b.rank ||
      collator.compare(a.entry.barangayName, b.entry.barangayName) ||
      collator.compare(a.entry.municipalityName, b.entry.municipalityName),
  )
  return hits
    .slice(0, limit)
    .map(({ entry: { words: _words, name: _name, towns: _towns, areas: _areas, ...place } }) => place)
}

function catalogueOf(db: Database): Promise<SearchEntry[]> {
  let catalogue = catalogues.get(db)
  if (!catalogue) {
    catalogue = loadCatalogue(db)
    catalogues.set(db, catalogue)
    catalogue.catch(() => catalogues.delete(db))
  }
  return catalogue
}

/**
 * The barangays a geocoded place may lie in, by the names its address gives: a barangay one
 * of `areaNames` names, in a city or municipality one of `townNames` names ('Makati' finds
 * the City of Makati; 'Manila' the City of Manila's districts). Several towns share a name
 * (there are many a San Isidro): the caller picks by distance.
 */
export async function barangaysNamed(db: Database, townNames: string[], areaNames: string[]): Promise<BarangayPlace[]> {
  const towns = new Set(townNames.map(townKey).filter(Boolean))
  const areas = new Set(areaNames.flatMap(areaKeys))
  if (towns.size === 0 || areas.size === 0) return []
  const found: BarangayPlace[] = []
  for (const entry of await catalogueOf(db)) {
    if (!entry.towns.some((town) => towns.has(town)) || !entry.areas.some((area) => areas.has(area))) continue
    const { words: _words, name: _name, towns: _towns, areas: _areas, ...place } = entry
    found.push(place)
  }
  return found
}

/** Every city and municipality (the coverage seed places them on the map). */
export async function municipalityList(db: Executor) {
  return db
    .select({
      code: municipalities.code,
      name: municipalities.name,
      regionCode: municipalities.regionCode,
      provinceCode: municipalities.provinceCode,
    })
    .from(municipalities)
}

/** The barangays of one city or municipality. */
export async function barangaysIn(db: Executor, municipalityCode: string) {
  return db
    .select({ code: barangays.code, name: barangays.name })
    .from(barangays)
    .where(eq(barangays.municipalityCode, municipalityCode))
}

/** Each region's name, by code. */
export async function regionNames(db: Executor, codes: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(codes)]
  if (unique.length === 0) return new Map()
  const rows = await db
    .select({ code: regions.code, name: regions.name })
    .from(regions)
    .where(inArray(regions.code, unique))
  return new Map(rows.map((row) => [row.code, row.name]))
}

/** Each province's name and region, by code. */
export async function provinceNames(
  db: Executor,
  codes: string[],
): Promise<Map<string, { name: string; regionCode: string }>> {
  const unique = [...new Set(codes)]
  if (unique.length === 0) return new Map()
  const rows = await db
    .select({ code: provinces.code, name: provinces.name, regionCode: provinces.regionCode })
    .from(provinces)
    .where(inArray(provinces.code, unique))
  return new Map(rows.map((row) => [row.code, { name: row.name, regionCode: row.regionCode }]))
}

export type MunicipalityPlace = {
  code: string
  name: string
  /** The city a sub-municipality belongs to (Manila), else null. */
  parentCode: string | null
  provinceCode: string
  provinceName: string
}

/** Where each city or municipality sits, by code; unknown codes are left out. */
export async function municipalityPlaces(db: Executor, codes: string[]): Promise<Map<string, MunicipalityPlace>> {
  const unique = [...new Set(codes)]
  if (unique.length === 0) return new Map()
  const rows = await db
    .select({
      code: municipalities.code,
      name: municipalities.name,
      parentCode: municipalities.parentCode,
      provinceCode: municipalities.provinceCode,
    })
    .from(municipalities)
    .where(inArray(municipalities.code, unique))
  const names = await provinceNames(
    db,
    rows.map((row) => row.provinceCode),
  )
  return new Map(rows.map((row) => [row.code, { ...row, provinceName: names.get(row.provinceCode)?.name ?? '' }]))
}

/** The sub-municipalities of a city (Manila's districts), by the city's code; none for any other. */
export async function subMunicipalitiesOf(db: Executor, parentCode: string): Promise<string[]> {
  const rows = await db
    .select({ code: municipalities.code })
    .from(municipalities)
    .where(eq(municipalities.parentCode, parentCode))
  return rows.map((row) => row.code)
}
