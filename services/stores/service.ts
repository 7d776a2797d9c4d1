/**
 * The stores service's functions (issue 16): the stores of a type, in a province or
 * everywhere, in province order (town, then store name), and the provinces that have
 * stores of a type. Names of places are the address service's, looked up when answering,
 * so a store reads the same as the address forms do.
 */
import { and, asc, count, eq, type SQL } from 'drizzle-orm'
import type { StorePaymentChannel, StoreService, StoreType } from '../../lib/stores.ts'
import type { ServiceDeps } from '../context.ts'
import { placesOf, provinceNames, regionNames } from './places.ts'
import { stores } from './tables.ts'

/** The most stores one answer lists (spec 7 pages nothing; a type nationwide stays well under it). */
export const STORES_LIMIT = 500

export type Store = {
  storeId: string
  type: StoreType
  name: string
  addressLine: string
  barangayCode: string
  barangayName: string
  municipalityCode: string
  municipalityName: string
  provinceCode: string
  provinceName: string
  regionCode: string
  regionName: string
  latitude: number
  longitude: number
  hours: string
  services: StoreService[]
  paymentChannels: StorePaymentChannel[]
  phone: string | null
  demo: boolean
}

export type StoreProvince = {
  provinceCode: string
  provinceName: string
  regionCode: string
  regionName: string
  stores: number
}

// Numeric-aware and the same on PGlite and on any server collation, as the address lists.
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

export function createStoresService(deps: Pick<ServiceDeps, 'db' | 'logger'>) {
  const { db } = deps

  return {
    /** The stores of a type (in one province when given), by town then name; at most STORES_LIMIT. */
    async list(type: StoreType, provinceCode?: string): Promise<Store[]> {
      const where: SQL[] = [eq(stores.type, type)]
      if (provinceCode !== undefined) where.push(eq(stores.provinceCode, provinceCode))
      const rows = await db
        .select()
        .from(stores)
        .where(and(...where))
      const places = await placesOf(
        db,
        rows.map((row) => row.barangayCode),
      )
      const regionName = await regionNames(
        db,
        rows.map((row) => row.regionCode),
      )
      const list: Store[] = []
      for (const row of rows) {
        const place = places.get(row.barangayCode)
        if (!place) {
          // Only if the address list lost a barangay since the import: say so, list the rest.
          deps.logger.warn({ storeId: row.id, barangayCode: row.barangayCode }, 'store in an unknown barangay left out')
          continue
        }
        list.push({
          storeId: row.id,
          type: row.type,
          name: row.name,
          addressLine: row.addressLine,
          barangayCode: row.barangayCode,
          barangayName: place.barangayName,
          municipalityCode: row.municipalityCode,
          municipalityName: place.municipalityName,
          provinceCode: row.provinceCode,
          provinceName: place.provinceName,
          regionCode: row.regionCode,
          regionName: regionName.get(row.regionCode) ?? '',
          latitude: row.latitude,
          longitude: row.longitude,
          hours: row.hours,
          services: row.services,
          paymentChannels: row.paymentChannels,
          phone: row.phone,
          demo: row.demo,
        })
      }
      list.sort(
        (a, b) =>
          collator.compare(a.municipalityName, b.municipalityName) ||
          collator.compare(a.name, b.name) ||
          a.storeId.localeCompare(b.storeId),
      )
      return list.slice(0, STORES_LIMIT)
    },

    /** The provinces with stores of a type, by name, with how many each has. */
    async provinces(type: StoreType): Promise<StoreProvince[]> {
      const counts = await db
        .select({ provinceCode: stores.provinceCode, stores: count() })
        .from(stores)
        .where(eq(stores.type, type))
        .groupBy(stores.provinceCode)
        .orderBy(asc(stores.provinceCode))
      const province = await provinceNames(
        db,
        counts.map((row) => row.provinceCode),
      )
      const regionName = await regionNames(
        db,
        [...province.values()].map((p) => p.regionCode),
      )
      return counts
        .flatMap((row) => {
          const place = province.get(row.provinceCode)
          if (!place) return []
          return [
            {
              provinceCode: row.provinceCode,
              provinceName: place.name,
              regionCode: place.regionCode,
              regionName: regionName.get(place.regionCode) ?? '',
              stores: row.stores,
            },
          ]
        })
        .sort((a, b) => collator.compare(a.provinceName, b.provinceName))
    },
  }
}
