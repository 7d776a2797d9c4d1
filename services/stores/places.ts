/**
 * The names of the places a store sits in, from the address service. Its functions
 * (services/address/lookup.ts) name a barangay's town and province from the barangay's
 * code; they name no region, nor a province from its own code. regionNames and
 * provinceNames therefore read its reference tables (18 regions, 83 provinces), read-only:
 * they belong in lookup.ts, beside barangayPlaces.
 */
import { inArray } from 'drizzle-orm'
import { barangayPlaces, type BarangayPlace } from '../address/lookup.ts'
import { provinces, regions } from '../address/tables.ts'
import type { Executor } from '../db/client.ts'

/** Where each barangay sits (the address service's answer), in batches. */
export async function placesOf(db: Executor, codes: string[]): Promise<Map<string, BarangayPlace>> {
  const unique = [...new Set(codes)]
  const places = new Map<string, BarangayPlace>()
  for (let i = 0; i < unique.length; i += 1000) {
    for (const [code, place] of await barangayPlaces(db, unique.slice(i, i + 1000))) places.set(code, place)
  }
  return places
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
