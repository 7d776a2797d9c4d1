/**
 * The store locator's calls (spec 7: store locator and store provinces, GET v1 with a `type`
 * query): the stores of a type, in a province or all, in the upstream's province order
 * (town, then name); and the provinces that have stores of a type.
 */
import { z } from 'zod'
import { STORE_PAYMENT_CHANNELS, STORE_SERVICES, STORE_TYPES, type StoreType } from '../../lib/stores'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'

// The operator imports stores now and then; a few minutes' staleness is harmless.
const STORES_CACHE_SECONDS = 5 * 60

const Code = z.union([z.string().min(1), z.number()]).transform(String)
const Coordinate = z.coerce.number().refine(Number.isFinite)

export const StoreSchema = z.object({
  storeId: Code,
  type: z.enum(STORE_TYPES),
  name: z.string().trim().min(1),
  addressLine: z.string().trim().nullish(),
  barangayName: z.string().trim().min(1),
  municipalityName: z.string().trim().min(1),
  provinceCode: Code,
  provinceName: z.string().trim().min(1),
  latitude: Coordinate,
  longitude: Coordinate,
  hours: z.string().trim().min(1),
  // A service or channel this portal does not know yet is left out, not a failure.
  services: z.array(z.string()).transform((list) => list.filter(isOneOf(STORE_SERVICES))),
  paymentChannels: z.array(z.string()).transform((list) => list.filter(isOneOf(STORE_PAYMENT_CHANNELS))),
  phone: z.string().trim().nullish(),
  demo: z.boolean().optional().default(false),
})
export type Store = z.infer<typeof StoreSchema>

export const StoreProvinceSchema = z.object({
  provinceCode: Code,
  provinceName: z.string().trim().min(1),
  regionName: z.string().trim().nullish(),
  stores: z.number().int().nonnegative(),
})
export type StoreProvince = z.infer<typeof StoreProvinceSchema>

function isOneOf<T extends string>(values: readonly T[]) {
  return (value: string): value is T => (values as readonly string[]).includes(value)
}

export function storeCalls(client: UpstreamClient) {
  return {
    stores: (type: StoreType, provinceCode?: string) =>
      client.call({
        name: 'stores.list',
        method: 'GET',
        path: '/v1/stores',
        query: { type, province: provinceCode },
        schema: envelope(z.array(StoreSchema)),
        cacheSeconds: STORES_CACHE_SECONDS,
      }),

    provinces: (type: StoreType) =>
      client.call({
        name: 'stores.provinces',
        method: 'GET',
        path: '/v1/stores/provinces',
        query: { type },
        schema: envelope(z.array(StoreProvinceSchema)),
        cacheSeconds: STORES_CACHE_SECONDS,
      }),
  }
}
