/**
 * Network outages by area (spec 7, outage status): the dashboard says so before the user
 * thinks of calling (issue 11). Operators record them; the demo seed records one.
 */
import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm'
import { formatDate } from '../../lib/dates.ts'
import { accountsInArea } from '../accounts/registry.ts'
import type { Executor } from '../db/client.ts'
import { notify } from '../notifications/inbox.ts'
import { outages } from './tables.ts'

export type Outage = typeof outages.$inferSelect

/** Records an outage in an area from `startedAt`. */
export async function startOutage(
  db: Executor,
  outage: { areaCode: string; cause: string; startedAt: Date; estimatedRestoreAt: Date | null; demo?: boolean },
): Promise<Outage> {
  const [row] = await db.insert(outages).values(outage).returning()
  // Every user holding an account served from the area hears of it (a seeded demo outage does not).
  if (!outage.demo) {
    const served = await accountsInArea(db, outage.areaCode)
    const until = outage.estimatedRestoreAt
      ? `We expect service back by ${formatDate(outage.estimatedRestoreAt, 'dateTime')}.`
      : 'We will tell you as soon as we know when service will be back.'
    for (const accountNumber of served) {
      await notify(
        db,
        {
          accountNumber,
          kind: 'outage',
          title: 'Service interruption in your area',
          body: `${outage.cause} ${until}`,
          link: '/customer',
        },
        outage.startedAt,
      )
    }
  }
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
