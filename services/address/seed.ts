/**
 * Loads the real PSGC address list (psgc.ts) with PHLPost zip codes (zip-codes.ts).
 * Rows that already exist are left alone, so a second run adds nothing.
 */
import type { Database } from '../db/client.ts'
import { loadPsgc } from './psgc.ts'
import { barangays, municipalities, provinces, regions } from './tables.ts'
import { loadPostalRows, matchZipCodes } from './zip-codes.ts'

// PGlite slows down sharply on single statements with tens of thousands of rows.
const BATCH_SIZE = 1000

export async function seedAddress(db: Database): Promise<Record<string, number>> {
  const list = await loadPsgc()
  const zipCodes = matchZipCodes(list, loadPostalRows())

  return db.transaction(async (tx) => ({
    regions: await inBatches(list.regions, (batch) =>
      tx.insert(regions).values(batch).onConflictDoNothing().returning({ code: regions.code }),
    ),
    provinces: await inBatches(list.provinces, (batch) =>
      tx.insert(provinces).values(batch).onConflictDoNothing().returning({ code: provinces.code }),
    ),
    municipalities: await inBatches(
      list.municipalities.map(({ formerName: _formerName, ...m }) => ({ ...m, zipCode: zipCodes.municipalities.get(m.code) ?? null })),
      (batch) => tx.insert(municipalities).values(batch).onConflictDoNothing().returning({ code: municipalities.code }),
    ),
    barangays: await inBatches(
      list.barangays.map((b) => ({ ...b, zipCode: zipCodes.barangays.get(b.code) ?? null })),
      (batch) => tx.insert(barangays).values(batch).onConflictDoNothing().returning({ code: barangays.code }),
    ),
  }))
}

/** Inserts in batches and counts the rows actually added. */
async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown[]>): Promise<number> {
  let added = 0
  for (let i = 0; i < rows.length; i += BATCH_SIZE) added += (await insert(rows.slice(i, i + BATCH_SIZE))).length
  return added
}
