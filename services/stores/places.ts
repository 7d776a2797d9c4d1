/**
 * The names of the places a store sits in, from the address service's functions
 * (services/address/lookup.ts): a barangay's town and province, a region's and a province's name.
 */
import { barangayPlaces, type BarangayPlace } from '../address/lookup.ts'
import type { Executor } from '../db/client.ts'

export { provinceNames, regionNames } from '../address/lookup.ts'

/** Where each barangay sits (the address service's answer), in batches. */
export async function placesOf(db: Executor, codes: string[]): Promise<Map<string, BarangayPlace>> {
  const unique = [...new Set(codes)]
  const places = new Map<string, BarangayPlace>()
  for (let i = 0; i < unique.length; i += 1000) {
    for (const [code, place] of await barangayPlaces(db, unique.slice(i, i + 1000))) places.set(code, place)
  }
  return places
}
