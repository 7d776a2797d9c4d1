/**
 * The gateway's replay guard (issue 17, item 1): a request id is accepted once within its
 * window, by whichever upstream copy sees it first. One statement decides it: the insert wins,
 * or it revives a row whose window has passed; a live row makes it a replay. Two copies racing
 * on one id cannot both win: the primary key serialises them.
 *
 * Expired rows are deleted now and then (at most once a window per process, off the request's
 * path), so the table holds about two windows of traffic.
 */
import { lt, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { Executor } from '../db/client.ts'
import { seenRequestIds } from './tables.ts'

export type ReplayGuard = {
  /** True the first time `id` is seen within the window; false for a replay. */
  remember(id: string, now: Date): Promise<boolean>
}

export function createReplayGuard(db: Executor, windowMs: number, logger?: Logger): ReplayGuard {
  let lastPrune = 0
  function prune(now: Date) {
    if (now.getTime() - lastPrune < windowMs) return
    lastPrune = now.getTime()
    db.delete(seenRequestIds)
      .where(lt(seenRequestIds.expiresAt, now))
      .catch((error: unknown) => logger?.warn({ err: String(error) }, 'replay guard: expired ids not pruned'))
  }
  return {
    async remember(id, now) {
      const expiresAt = new Date(now.getTime() + windowMs)
      const won = await db
        .insert(seenRequestIds)
        .values({ requestId: id, expiresAt })
        .onConflictDoUpdate({
          target: seenRequestIds.requestId,
          set: { expiresAt },
          setWhere: sql`${seenRequestIds.expiresAt} <= ${now}`,
        })
        .returning({ requestId: seenRequestIds.requestId })
      prune(now)
      return won.length === 1
    },
  }
}
