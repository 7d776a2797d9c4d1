/**
 * The address cascade: region → province → municipality → barangay, and zip codes.
 * Upstream items are the spec's address options (id, name, isActive, regionId,
 * provinceId, cityId, zipCode); inside the portal a city is a municipality, ids are
 * strings whatever the gateway sends, and Metro Manila reads 'METRO MANILA'.
 */
import { z } from 'zod'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'
import { isUpstreamError } from './errors'

// The list is the PSGC, which changes quarterly at most.
const ADDRESS_CACHE_SECONDS = 24 * 60 * 60

const Id = z.union([z.string().min(1), z.number()]).transform(String)
const Option = {
  id: Id,
  name: z.string().trim().min(1),
  isActive: z
    .boolean()
    .optional()
    .transform((value) => value ?? true),
}
const ZipCode = z
  .string()
  .nullish()
  .transform((value) => value || null)

export const RegionSchema = z.object(Option)
export type Region = z.infer<typeof RegionSchema>

// spec 5: Metro Manila province names display as 'METRO MANILA'. Gateways name NCR's
// pseudo-province (or its four districts) in several ways; this is the one place it
// is mapped.
const METRO_MANILA = /metro manila|national capital region|\bncr\b/i

export const ProvinceSchema = z.object({ ...Option, regionId: Id }).transform((province) => ({
  ...province,
  name: METRO_MANILA.test(province.name) ? 'METRO MANILA' : province.name,
}))
export type Province = z.infer<typeof ProvinceSchema>

export const MunicipalitySchema = z.object({ ...Option, regionId: Id, provinceId: Id, zipCode: ZipCode })
export type Municipality = z.infer<typeof MunicipalitySchema>

export const BarangaySchema = z
  .object({ ...Option, regionId: Id, provinceId: Id, cityId: Id, zipCode: ZipCode })
  .transform(({ cityId, ...barangay }) => ({ ...barangay, municipalityId: cityId }))
export type Barangay = z.infer<typeof BarangaySchema>

const ZipCodeAnswerSchema = z.object({ zipCode: z.string().min(1) })

export type ZipCodeQuery = { provinceCode?: string; municipalityCode: string; barangayCode?: string }

export function addressCalls(client: UpstreamClient) {
  return {
    regions: () =>
      client.call({
        name: 'address.regions',
        method: 'GET',
        path: '/v1/region',
        schema: envelope(z.array(RegionSchema)),
        cacheSeconds: ADDRESS_CACHE_SECONDS,
      }),

    provinces: (regionCode: string) =>
      client.call({
        name: 'address.provinces',
        method: 'GET',
        path: `/v1/province/${encodeURIComponent(regionCode)}`,
        schema: envelope(z.array(ProvinceSchema)),
        cacheSeconds: ADDRESS_CACHE_SECONDS,
      }),

    municipalities: (provinceCode: string) =>
      client.call({
        name: 'address.municipalities',
        method: 'GET',
        path: `/v1/municipality/${encodeURIComponent(provinceCode)}`,
        schema: envelope(z.array(MunicipalitySchema)),
        cacheSeconds: ADDRESS_CACHE_SECONDS,
      }),

    barangays: (municipalityCode: string) =>
      client.call({
        name: 'address.barangays',
        method: 'GET',
        path: `/v1/barangay/${encodeURIComponent(municipalityCode)}`,
        schema: envelope(z.array(BarangaySchema)),
        cacheSeconds: ADDRESS_CACHE_SECONDS,
      }),

    /** The zip code of an address, or null when none is known for it. */
    async zipCode(query: ZipCodeQuery): Promise<string | null> {
      try {
        const answer = await client.call({
          name: 'address.zipCode',
          method: 'GET',
          path: '/v1/zipcode',
          query: { province: query.provinceCode, municipality: query.municipalityCode, barangay: query.barangayCode },
          schema: envelope(ZipCodeAnswerSchema),
          cacheSeconds: ADDRESS_CACHE_SECONDS,
        })
        return answer.zipCode
      } catch (error) {
        // The user types it in then; any other failure is the upstream's and surfaces.
        if (isUpstreamError(error) && error.kind === 'rejected' && error.status === 404) return null
        throw error
      }
    },
  }
}
