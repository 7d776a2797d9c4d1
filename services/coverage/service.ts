/**
 * The coverage service's functions: the building and subdivision lists of a barangay,
 * the serviceability check (engine.ts) with its log, leads, and the address search of
 * the map (spec 9: restricted to the Philippines, over the seeded places).
 */
import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm'
import type { ValidLead, ValidServiceabilityOrder } from '../../lib/coverage-schemas.ts'
import { barangayPlaces, searchBarangays, type BarangayPlace } from '../address/lookup.ts'
import { settingsOf, type ServiceDeps } from '../context.ts'
import { ServiceError } from '../errors.ts'
import { createCoverageEngine } from './engine.ts'
import { leads, serviceabilityChecks, sites, townCentres } from './tables.ts'

export const SEARCH_LIMIT = 10

export type SiteKind = 'building' | 'subdivision'

export type SearchHit = {
  kind: 'barangay' | SiteKind
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
  const engine = createCoverageEngine(db, { maxDropMeters: settingsOf(deps).coverageMaxDropMeters })
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

    /** Buildings and subdivisions by name first, then barangays (with their town's centre). */
    async search(query: string): Promise<SearchHit[]> {
      const words = query
        .trim()
        .split(/[\s,]+/)
        .filter((word) => word.length > 0)
      if (words.join('').length < 2) return []
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
    },
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
