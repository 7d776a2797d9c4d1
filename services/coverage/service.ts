/**
 * The coverage service's functions: the building and subdivision lists of a barangay,
 * the serviceability check (engine.ts) with its log, leads, and the address search of
 * the map (spec 9: restricted to the Philippines): the seeded places, then, when a geocoder
 * is configured (GEOCODER_URL; docs/decisions/0073), the streets and places it finds.
 */
import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm'
import type { ValidLead, ValidServiceabilityOrder } from '../../lib/coverage-schemas.ts'
import { haversineMeters } from '../../lib/geo.ts'
import { createGeocoder, type GeocodedPlace } from '../address/geocoder.ts'
import {
  barangayPlaces,
  barangaysNamed,
  normaliseForSearch,
  searchBarangays,
  type BarangayPlace,
} from '../address/lookup.ts'
import { settingsOf, type ServiceDeps } from '../context.ts'
import { ServiceError } from '../errors.ts'
import { createCoverageEngine } from './engine.ts'
import { leads, serviceabilityChecks, sites, townCentres } from './tables.ts'

export const SEARCH_LIMIT = 10

/** At most this many of a geocoder's places follow the seeded ones. */
export const STREET_LIMIT = 5

/**
 * How far a geocoded place may be from the centre of the town its address names: further,
 * and the name belongs to another town of the same name (the point is the geocoder's, the
 * town centre ours). Wide, as a big municipality's barangays lie far from its centre.
 */
const TOWN_REACH_METERS = 60_000

export type SiteKind = 'building' | 'subdivision'

export type SearchHit = {
  /** 'street': a geocoder's place (a street, a building, a landmark), its pin the geocoder's point. */
  kind: 'barangay' | SiteKind | 'street'
  label: string
  regionId: string
  provinceId: string
  municipalityId: string
  barangayId: string
  latitude: number
  longitude: number
  /** Comma-separated parts of the label (spec 9 picks the map's zoom from it). */
  parts: number
}

export type CoverageService = ReturnType<typeof createCoverageService>

export function createCoverageService(deps: ServiceDeps) {
  const { db } = deps
  const settings = settingsOf(deps)
  const engine = createCoverageEngine(db, { maxDropMeters: settings.coverageMaxDropMeters })
  const geocoder = createGeocoder({
    db,
    logger: deps.logger,
    now: deps.now,
    settings: settings.geocoder,
    userAgent: `${deps.productName}-portal (+${settings.publicUrl})`,
  })
  // Every check is logged: the insert is built once (a prepared query, values as placeholders).
  const checkLog = db
    .insert(serviceabilityChecks)
    .values({
      referenceNo: sql.placeholder('referenceNo'),
      locationType: sql.placeholder('locationType'),
      siteCode: sql.placeholder('siteCode'),
      serviceable: sql.placeholder('serviceable'),
      servedBy: sql.placeholder('servedBy'),
      napCode: sql.placeholder('napCode'),
      nearestNapMeters: sql.placeholder('nearestNapMeters'),
      coverageVersion: sql.placeholder('coverageVersion'),
      agentCode: sql.placeholder('agentCode'),
      checkedAt: sql.placeholder('checkedAt'),
    })
    .prepare('coverage_check_log')

  return {
    engine,

    /** The buildings or subdivisions of a barangay, by name; null when there is no such barangay. */
    async sitesOf(kind: SiteKind, barangayCode: string) {
      const places = await barangayPlaces(db, [barangayCode])
      if (!places.has(barangayCode)) return null
      return db
        .select({ code: sites.code, name: sites.name, latitude: sites.latitude, longitude: sites.longitude })
        .from(sites)
        .where(and(eq(sites.barangayCode, barangayCode), eq(sites.kind, kind)))
        .orderBy(asc(sites.name))
    },

    /** spec 3 and 4: the check, logged for the operator. */
    async check(order: ValidServiceabilityOrder, agentCode: string | null) {
      const siteCode =
        order.locationType !== 'Others' && order.buildingOrSubdiviCode ? order.buildingOrSubdiviCode : null
      // The site is read with the NAPs' ports (one query); a code that names no such site is refused.
      const { site, ...assessment } = await engine.assess(order, siteCode)
      if (siteCode) {
        const kind: SiteKind = order.locationType === 'Building' ? 'building' : 'subdivision'
        if (!site || site.kind !== kind) {
          throw new ServiceError(422, 'invalid_input', 'Some fields are not valid.', {
            buildingOrSubdiviCode: [`No such ${kind} in the list.`],
          })
        }
      }
      await checkLog.execute({
        referenceNo: order.referenceNo,
        locationType: order.locationType,
        siteCode: site?.code ?? null,
        serviceable: assessment.serviceable ? 'Y' : 'N',
        servedBy: assessment.servedBy,
        napCode: assessment.nap?.code ?? null,
        nearestNapMeters: assessment.nearestNapMeters,
        coverageVersion: assessment.coverageVersion,
        agentCode,
        checkedAt: deps.now(),
      })
      deps.logger.info(
        {
          referenceNo: order.referenceNo,
          serviceable: assessment.serviceable,
          servedBy: assessment.servedBy,
          nearestNapMeters: assessment.nearestNapMeters,
          agentCode,
        },
        'serviceability checked',
      )
      return assessment
    },

    async fileLead(lead: ValidLead): Promise<string> {
      const [row] = await db
        .insert(leads)
        .values({
          email: lead.emaiID,
          firstName: lead.firstName,
          lastName: lead.lastName,
          mobileNumber: lead.mobileNumber,
          alternateMobileNumber: lead.alternateMobileNumber ?? null,
          region: lead.region,
          province: lead.province,
          municipality: lead.municipality,
          barangay: lead.barangay,
          agentCode: lead.agentCode,
          source: lead.source,
          latitude: lead.latitude,
          longitude: lead.longitude,
          createdAt: deps.now(),
        })
        .returning({ id: leads.id })
      return row!.id
    },

    /**
     * Buildings and subdivisions by name first, then barangays (with their town's centre), then
     * the geocoder's places that lie in a known barangay (asked at the same time; nothing when
     * it fails).
     */
    async search(query: string): Promise<SearchHit[]> {
      const words = query
        .trim()
        .split(/[\s,]+/)
        .filter((word) => word.length > 0)
      if (words.join('').length < 2) return []
      const streets = geocoder
        ? geocoder
            .search(query)
            .then(streetHits)
            .catch((error: unknown) => {
              deps.logger.warn({ err: error }, 'geocoded places not placed: the seeded search answers alone')
              return []
            })
        : Promise.resolve([])
      const seeded = await seededHits(words, query)
      const seen = new Set(seeded.map((h) => normaliseForSearch(h.label)))
      for (const street of await streets) {
        if (seen.has(normaliseForSearch(street.label))) continue
        seen.add(normaliseForSearch(street.label))
        seeded.push(street)
      }
      return seeded
    },
  }

  async function seededHits(words: string[], query: string): Promise<SearchHit[]> {
    const siteRows = await db
      .select()
      .from(sites)
      .where(and(...words.map((word) => ilike(sites.name, `%${escapeLike(word)}%`))))
      .orderBy(asc(sites.name))
      .limit(SEARCH_LIMIT)
    const sitePlaces = await barangayPlaces(
      db,
      siteRows.map((s) => s.barangayCode),
    )
    const hits: SearchHit[] = []
    for (const site of siteRows) {
      const place = sitePlaces.get(site.barangayCode)
      if (!place) continue
      hits.push(hit(site.kind, [site.name, ...placeNames(place)], place, site))
    }
    const barangayHits = await searchBarangays(db, query, SEARCH_LIMIT - hits.length)
    const centres = await centresOf(barangayHits)
    for (const place of barangayHits) {
      const centre = centres.get(place.barangayCode)
      if (centre) hits.push(hit('barangay', [place.barangayName, ...placeNames(place).slice(1)], place, centre))
    }
    return hits
  }

  /**
   * Each geocoded place as a hit in the barangay its address names, in the town of that name
   * nearest the point; a place whose town or barangay is not in the PSGC list is left out (it
   * could not fill the address), and so is one that is the barangay or town itself (the
   * seeded search has those).
   */
  async function streetHits(places: GeocodedPlace[]): Promise<SearchHit[]> {
    const hits: SearchHit[] = []
    for (const found of places) {
      const primary = primaryName(found)
      if (!primary) continue
      let candidates = await barangaysNamed(db, found.townNames, found.areaNames)
      if (candidates.length === 0) {
        candidates = await barangaysNamed(db, [...found.townNames, ...found.areaNames], found.areaNames)
      }
      const centres = await centresOf(candidates)
      let best: { place: BarangayPlace; meters: number } | null = null
      for (const place of candidates) {
        const centre = centres.get(place.barangayCode)
        if (!centre) continue
        const meters = haversineMeters(found.latitude, found.longitude, centre.latitude, centre.longitude)
        if (meters <= TOWN_REACH_METERS && (!best || meters < best.meters)) best = { place, meters }
      }
      if (!best) continue
      const own = normaliseForSearch(primary)
      const names = placeNames(best.place)
      if (names.some((name) => normaliseForSearch(name) === own)) continue
      hits.push(hit('street', [primary, ...names], best.place, found))
      if (hits.length === STREET_LIMIT) break
    }
    return hits
  }

  /** Each barangay's town centre: its own, its city's (Manila's districts), else its province's middle. */
  async function centresOf(places: BarangayPlace[]) {
    const codes = places.flatMap((p) => [p.municipalityCode, p.parentMunicipalityCode ?? p.municipalityCode])
    const rows =
      codes.length === 0 ? [] : await db.select().from(townCentres).where(inArray(townCentres.municipalityCode, codes))
    const byTown = new Map(rows.map((r) => [r.municipalityCode, r]))
    const missingProvinces = places
      .filter((p) => !byTown.has(p.municipalityCode) && !byTown.has(p.parentMunicipalityCode ?? ''))
      .map((p) => p.provinceCode)
    const byProvince = new Map<string, { latitude: number; longitude: number }>()
    if (missingProvinces.length > 0) {
      const towns = await db
        .select()
        .from(townCentres)
        .where(inArray(townCentres.provinceCode, [...new Set(missingProvinces)]))
      for (const code of new Set(missingProvinces)) {
        const mine = towns.filter((t) => t.provinceCode === code)
        if (mine.length === 0) continue
        byProvince.set(code, {
          latitude: mine.reduce((sum, t) => sum + t.latitude, 0) / mine.length,
          longitude: mine.reduce((sum, t) => sum + t.longitude, 0) / mine.length,
        })
      }
    }
    const result = new Map<string, { latitude: number; longitude: number }>()
    for (const place of places) {
      const centre =
        byTown.get(place.municipalityCode) ??
        byTown.get(place.parentMunicipalityCode ?? '') ??
        byProvince.get(place.provinceCode)
      if (centre) result.set(place.barangayCode, { latitude: centre.latitude, longitude: centre.longitude })
    }
    return result
  }
}

/** Barangay, city or municipality, province: the label's address parts after the place's own name. */
function placeNames(place: BarangayPlace): string[] {
  return [place.barangayName, place.municipalityName, place.provinceName].filter((name) => name.length > 0)
}

/** A street with its house number, or the place's own name (a building, a landmark). */
function primaryName(place: GeocodedPlace): string {
  if (place.road && (!place.name || place.name === place.road)) {
    return [place.houseNumber, place.road].filter(Boolean).join(' ')
  }
  return place.name || place.road
}

function hit(
  kind: SearchHit['kind'],
  labelParts: string[],
  place: BarangayPlace,
  at: { latitude: number; longitude: number },
): SearchHit {
  return {
    kind,
    label: labelParts.join(', '),
    regionId: place.regionCode,
    provinceId: place.provinceCode,
    // As the barangay list's cityId: a Manila barangay's own district (decision 0007).
    municipalityId: place.municipalityCode,
    barangayId: place.barangayCode,
    latitude: at.latitude,
    longitude: at.longitude,
    parts: labelParts.length,
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}
