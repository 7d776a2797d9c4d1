/**
 * The outside geocoder behind the map's address search (issue 36, item 5; docs/decisions/0073):
 * a self-hosted Nominatim (its `/search` with `format=jsonv2`) or Photon (`/api`, GeoJSON) on
 * Philippine OpenStreetMap data, chosen by GEOCODER_URL and GEOCODER_KIND. Only the query text
 * leaves: the other parameters are fixed (the Philippines' country code and view box, the
 * number of results, English names). Each answer is validated, anything outside the
 * Philippines is dropped, and answers are kept in Postgres for every copy (geocoderAnswers).
 *
 * A geocoder that fails (time limit, an error status, an answer that does not parse) gives no
 * results: the caller shows the embedded search's alone, and the visitor is told nothing
 * (spec 8: "Geocode failure: not shown to user"). The log line says which geocoder failed and
 * how, never what was searched for (an address is personal data: docs/security.md).
 */
import crypto from 'node:crypto'
import type { Logger } from 'pino'
import { eq, inArray, lt, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { GeocoderSettings } from '../context.ts'
import type { Database } from '../db/client.ts'
import { normaliseForSearch } from './lookup.ts'
import { geocoderAnswers } from './tables.ts'

/** The Philippines' bounding box: west, north, east, south (Nominatim's viewbox order). */
export const PHILIPPINES_BOX = { west: 116.9, north: 21.2, east: 126.7, south: 4.5 } as const

/** How many results one search asks the geocoder for. */
export const GEOCODER_RESULTS = 5

/** One geocoder result, as kept in the cache and read by the coverage service's search. */
export type GeocodedPlace = {
  /** What the result is: a street, a building's name, a point of interest (may be empty). */
  name: string
  road: string
  houseNumber: string
  latitude: number
  longitude: number
  /** Names that may be its city or municipality (city, town, municipality …), most specific first. */
  townNames: string[]
  /** Names that may be its barangay (quarter, suburb, village …) and the rest of its label's parts. */
  areaNames: string[]
}

const CachedPlaces = z.array(
  z.object({
    name: z.string(),
    road: z.string(),
    houseNumber: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    townNames: z.array(z.string()),
    areaNames: z.array(z.string()),
  }),
) satisfies z.ZodType<GeocodedPlace[]>

export function insidePhilippines(latitude: number, longitude: number): boolean {
  return (
    latitude >= PHILIPPINES_BOX.south &&
    latitude <= PHILIPPINES_BOX.north &&
    longitude >= PHILIPPINES_BOX.west &&
    longitude <= PHILIPPINES_BOX.east
  )
}

const Coordinate = z.union([z.string(), z.number()]).transform(Number).pipe(z.number().finite())
const Text = z
  .string()
  .nullish()
  .transform((value) => value?.trim() ?? '')

// Nominatim's address keys, most specific first (https://nominatim.org/release-docs/latest/api/Output/).
const TOWN_KEYS = ['city', 'town', 'municipality', 'village', 'county'] as const
const AREA_KEYS = [
  'quarter',
  'neighbourhood',
  'suburb',
  'village',
  'hamlet',
  'city_block',
  'residential',
  'city_district',
  'district',
  'borough',
] as const

/** Nominatim's jsonv2 search answer: an array of places, each with `address` when addressdetails=1. */
const NominatimAnswer = z.array(
  z.object({
    lat: Coordinate,
    lon: Coordinate,
    name: Text,
    display_name: Text,
    address: z.record(z.string(), z.unknown()).default({}),
  }),
)

/** Photon's answer: a GeoJSON FeatureCollection of points with OSM's address parts as properties. */
const PhotonAnswer = z.object({
  features: z.array(
    z.object({
      geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([Coordinate, Coordinate]) }),
      properties: z.object({
        countrycode: Text,
        name: Text,
        street: Text,
        housenumber: Text,
        district: Text,
        locality: Text,
        city: Text,
        county: Text,
      }),
    }),
  ),
})

const distinct = (names: string[]) => [...new Set(names.filter((name) => name.length > 0))]
const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

function fromNominatim(body: unknown): GeocodedPlace[] {
  return NominatimAnswer.parse(body).flatMap((place) => {
    const address = place.address
    // With addressdetails=1 every place names its country; anything not the Philippines is dropped.
    if (textOf(address.country_code).toLowerCase() !== 'ph') return []
    if (!insidePhilippines(place.lat, place.lon)) return []
    return [
      {
        name: place.name,
        road: textOf(address.road),
        houseNumber: textOf(address.house_number),
        latitude: place.lat,
        longitude: place.lon,
        townNames: distinct(TOWN_KEYS.map((key) => textOf(address[key]))),
        areaNames: distinct([
          ...AREA_KEYS.map((key) => textOf(address[key])),
          ...place.display_name.split(',').map((part) => part.trim()),
        ]),
      },
    ]
  })
}

function fromPhoton(body: unknown): GeocodedPlace[] {
  return PhotonAnswer.parse(body).features.flatMap(({ geometry, properties: p }) => {
    const [longitude, latitude] = geometry.coordinates
    if (p.countrycode.toUpperCase() !== 'PH' || !insidePhilippines(latitude, longitude)) return []
    return [
      {
        name: p.name,
        road: p.street,
        houseNumber: p.housenumber,
        latitude,
        longitude,
        townNames: distinct([p.city, p.county]),
        areaNames: distinct([p.district, p.locality]),
      },
    ]
  })
}

/** The request for one query: the query text and fixed parameters, nothing else. */
export function geocoderRequest(settings: { kind: GeocoderSettings['kind']; url: string }, query: string): URL {
  const base = settings.url.endsWith('/') ? settings.url : `${settings.url}/`
  const { west, north, east, south } = PHILIPPINES_BOX
  if (settings.kind === 'photon') {
    const url = new URL('api', base)
    url.searchParams.set('q', query)
    // Photon's bbox is minLon,minLat,maxLon,maxLat.
    url.searchParams.set('bbox', `${west},${south},${east},${north}`)
    url.searchParams.set('limit', String(GEOCODER_RESULTS))
    url.searchParams.set('lang', 'en')
    return url
  }
  const url = new URL('search', base)
  url.searchParams.set('q', query)
  url.searchParams.set('format', 'jsonv2')
  url.searchParams.set('countrycodes', 'ph')
  url.searchParams.set('viewbox', `${west},${north},${east},${south}`)
  url.searchParams.set('bounded', '1')
  url.searchParams.set('addressdetails', '1')
  url.searchParams.set('limit', String(GEOCODER_RESULTS))
  url.searchParams.set('accept-language', 'en')
  return url
}

/** Why a geocoder call gave nothing, for the log: never the query, the URL or the answer. */
class GeocoderFailure extends Error {
  constructor(readonly reason: string) {
    super(reason)
  }
}

export type Geocoder = {
  /** The places found for the query, in the geocoder's order; [] when it fails. */
  search(query: string): Promise<GeocodedPlace[]>
}

export type GeocoderDeps = {
  db: Database
  logger: Logger
  now: () => Date
  settings: GeocoderSettings
  /** Who is asking (Nominatim's usage policy wants an identifying User-Agent). */
  userAgent: string
  fetch?: typeof fetch
}

/** The configured geocoder, or null when GEOCODER_URL is not set (the embedded search alone). */
export function createGeocoder(deps: GeocoderDeps): Geocoder | null {
  const { db, logger, settings } = deps
  if (!settings.url) return null
  const fetchImpl = deps.fetch ?? fetch
  const url = settings.url

  async function ask(query: string): Promise<GeocodedPlace[]> {
    let response: Response
    try {
      response = await fetchImpl(geocoderRequest({ kind: settings.kind, url }, query), {
        headers: { accept: 'application/json', 'user-agent': deps.userAgent },
        redirect: 'error',
        signal: AbortSignal.timeout(settings.timeoutMs),
      })
    } catch (error) {
      const name = error instanceof Error ? error.name : 'Error'
      throw new GeocoderFailure(name === 'TimeoutError' ? 'time limit' : `no answer (${name})`)
    }
    if (!response.ok) {
      await response.body?.cancel()
      throw new GeocoderFailure(`status ${response.status}`)
    }
    let body: unknown
    try {
      body = await response.json()
    } catch {
      throw new GeocoderFailure('not JSON')
    }
    try {
      return settings.kind === 'photon' ? fromPhoton(body) : fromNominatim(body)
    } catch {
      throw new GeocoderFailure('an answer of the wrong shape')
    }
  }

  return {
    async search(query) {
      const normalised = normaliseForSearch(query)
      if (normalised.length < 3) return []
      const key = crypto.createHash('sha256').update(`${settings.kind}\n${url}\n${normalised}`).digest('hex')
      const now = deps.now()
      const freshFrom = new Date(now.getTime() - settings.cacheSeconds * 1000)
      try {
        const [cached] = await db
          .select({ results: geocoderAnswers.results, fetchedAt: geocoderAnswers.fetchedAt })
          .from(geocoderAnswers)
          .where(eq(geocoderAnswers.queryHash, key))
        // Checked like any answer: a row kept by an older version of this shape is a miss.
        const kept = cached && cached.fetchedAt > freshFrom ? CachedPlaces.safeParse(cached.results) : null
        if (kept?.success) return kept.data
      } catch (error) {
        logger.warn({ err: error }, 'geocoder cache not read')
      }
      let places: GeocodedPlace[]
      try {
        places = await ask(query.trim().replace(/\s+/g, ' '))
      } catch (error) {
        const reason = error instanceof GeocoderFailure ? error.reason : 'unexpected error'
        logger.warn({ geocoder: settings.kind, reason }, 'geocoder failed: the embedded search answers alone')
        return []
      }
      try {
        await db
          .insert(geocoderAnswers)
          .values({ queryHash: key, results: places, fetchedAt: now })
          .onConflictDoUpdate({ target: geocoderAnswers.queryHash, set: { results: places, fetchedAt: now } })
        // Bounded: stale answers go, and beyond the newest GEOCODER_CACHE_MAX_ENTRIES the oldest.
        const beyond = db
          .select({ queryHash: geocoderAnswers.queryHash })
          .from(geocoderAnswers)
          .orderBy(sql`${geocoderAnswers.fetchedAt} desc`)
          .offset(settings.cacheMaxEntries)
        await db
          .delete(geocoderAnswers)
          .where(or(lt(geocoderAnswers.fetchedAt, freshFrom), inArray(geocoderAnswers.queryHash, beyond)))
      } catch (error) {
        logger.warn({ err: error }, 'geocoder answer not cached')
      }
      return places
    },
  }
}
