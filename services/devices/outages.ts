/**
 * Network outages by area (spec 7, outage status): the dashboard says so before the user
 * thinks of calling (issue 11). Operators record them; the demo seed records one.
 */
import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import { outages } from './tables.ts'

export type Outage = typeof outages.$inferSelect

/** Records an outage in an area from `startedAt`. */
export async function startOutage(
  db: Executor,
  outage: { areaCode: string; cause: string; startedAt: Date; estimatedRestoreAt: Date | null; demo?: boolean },
): Promise<Outage> {
  const [row] = await db.insert(outages).values(outage).returning()
  // notify: outage
  return row!
}

/** The outage open in the area at `now` (the latest begun, if several), or null. */
export async function openOutage(db: Executor, areaCode: string, now: Date): Promise<Outage | null> {
  const [row] = await db
    .select()
    .from(outages)
    .where(
      and(
        eq(outages.areaCode, areaCode),
        lte(outages.startedAt, now),
        or(isNull(outages.resolvedAt), gt(outages.resolvedAt, now)),
      ),
    )
    .orderBy(desc(outages.startedAt))
    .limit(1)
  return row ?? null
}
