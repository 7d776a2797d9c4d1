/**
 * The coverage calls (spec 7): a barangay's buildings and subdivisions (`GET /v2/address`),
 * the serviceability check (`POST /v2/servicability`, spelling kept), the non-serviceable
 * lead (`POST /channels/lead`, `emaiID` kept) and the map's address search. Inside the
 * portal a building or subdivision is `{ id, name, latitude, longitude }`; the odd upstream
 * names stop here (docs/conventions.md, Names).
 */
import { z } from 'zod'
import type { Lead, ServiceabilityOrder } from '../../lib/coverage-schemas'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'

// A building list changes when the operator imports coverage: keep it briefly.
const SITE_LIST_CACHE_SECONDS = 60

const Id = z.union([z.string().min(1), z.number()]).transform(String)
const Coordinate = z.coerce.number().refine(Number.isFinite)

export const BuildingSchema = z
  .object({ buildingId: Id, buildingName: z.string().trim().min(1), latitude: Coordinate, longitude: Coordinate })
  .transform((b) => ({ id: b.buildingId, name: b.buildingName, latitude: b.latitude, longitude: b.longitude }))
export type Building = z.infer<typeof BuildingSchema>

export const SubdivisionSchema = z
  .object({
    subDivisionId: Id,
    subDivisionName: z.string().trim().min(1),
    latitude: Coordinate,
    longitude: Coordinate,
  })
  .transform((s) => ({ id: s.subDivisionId, name: s.subDivisionName, latitude: s.latitude, longitude: s.longitude }))
export type Subdivision = z.infer<typeof SubdivisionSchema>

const GponItemSchema = z.object({ serviceType: z.string(), serviceable: z.enum(['Y', 'N']) })

/**
 * spec 3: the serviceability result, `{ status, data: [{ serviceType, serviceable }] }`,
 * read directly or from `data` when wrapped (spec 7). `status` may be false or 0 (spec 8:
 * 'Some error occured'); the screen decides with `serviceabilityOutcome`.
 */
const ServiceabilityResultSchema = z.object({
  status: z.union([z.boolean(), z.number()]),
  data: z
    .array(GponItemSchema)
    .nullish()
    .transform((items) => items ?? []),
  nearestNapMeters: z
    .number()
    .nullish()
    .transform((meters) => meters ?? null),
})
export type ServiceabilityResult = z.infer<typeof ServiceabilityResultSchema>

const ServiceabilityAnswerSchema = z.union([
  z.object({ status: z.literal(true), data: ServiceabilityResultSchema }).transform((body) => body.data),
  ServiceabilityResultSchema,
])

/**
 * spec 4 and 8: any GPON item 'Y' is serviceable; any 'N', or status false, is not;
 * status 0 (or no GPON item at all) is an error.
 */
export function serviceabilityOutcome(result: ServiceabilityResult): 'serviceable' | 'not-serviceable' | 'error' {
  if (result.status === 0) return 'error'
  const gpon = result.data.filter((item) => item.serviceType === 'GPON')
  if (result.status === true && gpon.some((item) => item.serviceable === 'Y')) return 'serviceable'
  if (result.status === false || gpon.some((item) => item.serviceable === 'N')) return 'not-serviceable'
  return 'error'
}

// spec 5: the serviceable-lead call requires status true.
const LeadAnswerSchema = envelope(z.object({ status: z.literal(true), leadId: z.string().min(1) }))

export const AddressSearchHitSchema = z.object({
  /** 'street': a geocoder's place (docs/decisions/0073), ranked after the seeded ones, its pin the geocoder's point. */
  kind: z.enum(['barangay', 'building', 'subdivision', 'street']),
  label: z.string().min(1),
  regionId: Id,
  provinceId: Id,
  municipalityId: Id,
  barangayId: Id,
  latitude: Coordinate,
  longitude: Coordinate,
  /** Comma-separated parts of the label: spec 9's zoom (1 → 10, 2 → 12, 3 → 13, 4+ → 15). */
  parts: z.number().int().min(1),
})
export type AddressSearchHit = z.infer<typeof AddressSearchHitSchema>

export function coverageCalls(client: UpstreamClient) {
  return {
    buildings: (barangayCode: string) =>
      client.call({
        name: 'coverage.buildings',
        method: 'GET',
        path: '/v2/address',
        query: { type: 'building', barangayOrSEZCode: barangayCode },
        schema: envelope(z.array(BuildingSchema)),
        cacheSeconds: SITE_LIST_CACHE_SECONDS,
      }),

    subdivisions: (barangayCode: string) =>
      client.call({
        name: 'coverage.subdivisions',
        method: 'GET',
        path: '/v2/address',
        query: { type: 'subdivision', barangayOrSEZCode: barangayCode },
        schema: envelope(z.array(SubdivisionSchema)),
        cacheSeconds: SITE_LIST_CACHE_SECONDS,
      }),

    /** An agent passes its access token: the upstream then records the token's agent code. */
    check: (order: ServiceabilityOrder, options: { accessToken?: string } = {}) =>
      client.call({
        name: 'coverage.check',
        method: 'POST',
        path: '/v2/servicability',
        body: order,
        accessToken: options.accessToken,
        schema: ServiceabilityAnswerSchema,
      }),

    /** As for a check, an agent passes its access token: the lead is filed under the token's agent code. */
    fileLead: (payload: Lead, options: { accessToken?: string } = {}) =>
      client.call({
        name: 'coverage.fileLead',
        method: 'POST',
        path: '/channels/lead',
        body: payload,
        accessToken: options.accessToken,
        schema: LeadAnswerSchema,
      }),

    search: (q: string) =>
      client.call({
        name: 'coverage.search',
        method: 'GET',
        path: '/v2/address/search',
        query: { q },
        schema: envelope(z.array(AddressSearchHitSchema)),
      }),
  }
}
