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

  return db.transaction(async (tx) => {
    // Runs at every start-up: reading the codes present and inserting only the missing
    // rows keeps a re-run to a fraction of a second instead of 42,000 conflicting inserts.
    const missing = async <T extends { code: string }>(table: AddressTable, rows: T[]) => {
      const present = new Set((await tx.select({ code: table.code }).from(table)).map((row) => row.code))
      return rows.filter((row) => !present.has(row.code))
    }
    return {
      regions: await inBatches(await missing(regions, list.regions), (batch) =>
        tx.insert(regions).values(batch).onConflictDoNothing().returning({ code: regions.code }),
      ),
      provinces: await inBatches(await missing(provinces, list.provinces), (batch) =>
        tx.insert(provinces).values(batch).onConflictDoNothing().returning({ code: provinces.code }),
      ),
      municipalities: await inBatches(
        (await missing(municipalities, list.municipalities)).map(({ formerName: _formerName, ...m }) => ({
          ...m,
          zipCode: zipCodes.municipalities.get(m.code) ?? null,
        })),
        (batch) =>
          tx.insert(municipalities).values(batch).onConflictDoNothing().returning({ code: municipalities.code }),
      ),
      barangays: await inBatches(
        (await missing(barangays, list.barangays)).map((b) => ({
          ...b,
          zipCode: zipCodes.barangays.get(b.code) ?? null,
        })),
        (batch) => tx.insert(barangays).values(batch).onConflictDoNothing().returning({ code: barangays.code }),
      ),
    }
  })
}

type AddressTable = typeof regions | typeof provinces | typeof municipalities | typeof barangays

/** Inserts in batches and counts the rows actually added. */
async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown[]>): Promise<number> {
  let added = 0
  for (let i = 0; i < rows.length; i += BATCH_SIZE) added += (await insert(rows.slice(i, i + BATCH_SIZE))).length
  return added
}
