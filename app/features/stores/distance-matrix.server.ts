/**
 * How far each store is from where the visitor is (issue 16; spec 7: a distance-matrix request
 * with origins and destinations, highways and tolls not avoided; spec 8: an answer is used only
 * when its status is OK). One interface, two answers:
 * - straight-line: the great-circle distance on the mean sphere (lib/geo.ts, the one the
 *   coverage rule uses too), in process, the embedded set-up's default, labelled "as the crow flies";
 * - road: an OSRM-compatible table service (`DISTANCE_MATRIX_URL`, docs/configuration.md), asked
 *   for driving distances from one origin to the stores. OSRM's profiles avoid neither highways nor
 *   tolls unless told to, as the spec wants. An answer whose `code` is not 'Ok', that does not parse,
 *   that is late or that lacks a distance is not used: the straight line is, with its label.
 *
 * Nothing here keeps the origin: it is measured from and forgotten.
 */
import { z } from 'zod'
import { haversineMeters } from '../../../lib/geo'

export type Point = { lat: number; lng: number }

export type DistanceKind = 'road' | 'straight-line'

/** Metres from the origin to each destination, in the destinations' order. */
export type Distances = { kind: DistanceKind; meters: number[] }

export interface DistanceMatrix {
  measure(origin: Point, destinations: Point[]): Promise<Distances>
}

export function straightLineMeters(from: Point, to: Point): number {
  return haversineMeters(from.lat, from.lng, to.lat, to.lng)
}

export const straightLineMatrix: DistanceMatrix = {
  async measure(origin, destinations) {
    return { kind: 'straight-line', meters: destinations.map((destination) => straightLineMeters(origin, destination)) }
  },
}

/**
 * OSRM's table service (http://project-osrm.org/docs/v5.24.0/api/#table-service): one source,
 * the stores as destinations, distances in metres. Only `code: 'Ok'` with a finite distance for
 * every store is an answer.
 */
const OsrmTableSchema = z.object({
  code: z.literal('Ok'),
  distances: z.array(z.array(z.number().nonnegative().nullable())).length(1),
})

export type RoadMatrixOptions = {
  /** The service's base URL, e.g. https://router.example.ph (the profile's path is added). */
  baseUrl: string
  profile?: string
  timeoutMs: number
  fetch?: typeof fetch
  /** Told when an answer is not used (logged as a warning: the visitor still gets distances). */
  onUnusable?: (reason: string) => void
}

// OSRM's public servers and most deployments refuse tables of more than 100 places.
export const ROAD_DESTINATIONS_MAX = 99

export function roadMatrix(options: RoadMatrixOptions): DistanceMatrix {
  const fetchImpl = options.fetch ?? fetch
  const profile = options.profile ?? 'driving'
  return {
    async measure(origin, destinations) {
      if (destinations.length === 0) return { kind: 'road', meters: [] }
      if (destinations.length > ROAD_DESTINATIONS_MAX) {
        options.onUnusable?.(`${destinations.length} destinations, more than ${ROAD_DESTINATIONS_MAX}`)
        return straightLineMatrix.measure(origin, destinations)
      }
      // OSRM writes longitude first; six decimals are about 10 cm.
      const coordinates = [origin, ...destinations].map((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`).join(';')
      const url = new URL(
        `table/v1/${encodeURIComponent(profile)}/${coordinates}`,
        options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`,
      )
      url.searchParams.set('sources', '0')
      url.searchParams.set('destinations', destinations.map((_, index) => index + 1).join(';'))
      url.searchParams.set('annotations', 'distance')
      try {
        const response = await fetchImpl(url, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs),
        })
        const parsed = OsrmTableSchema.safeParse(await response.json())
        const row = parsed.success ? parsed.data.distances[0]! : null
        if (!row || row.length !== destinations.length || row.some((meters) => meters === null)) {
          options.onUnusable?.(
            parsed.success ? 'a destination without a distance' : `status ${response.status}, no 'Ok' answer`,
          )
          return straightLineMatrix.measure(origin, destinations)
        }
        return { kind: 'road', meters: row as number[] }
      } catch (error) {
        options.onUnusable?.(error instanceof Error ? error.message : String(error))
        return straightLineMatrix.measure(origin, destinations)
      }
    },
  }
}

/** The configured matrix: the road service when `DISTANCE_MATRIX_URL` is set, the straight line otherwise. */
export function distanceMatrixFor(
  config: { DISTANCE_MATRIX_URL?: string | undefined; DISTANCE_MATRIX_TIMEOUT_MS: number },
  onUnusable?: (reason: string) => void,
): DistanceMatrix {
  if (!config.DISTANCE_MATRIX_URL) return straightLineMatrix
  return roadMatrix({ baseUrl: config.DISTANCE_MATRIX_URL, timeoutMs: config.DISTANCE_MATRIX_TIMEOUT_MS, onUnusable })
}
