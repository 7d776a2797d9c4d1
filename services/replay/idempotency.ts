/**
 * Idempotency keys (issue 37, item 2): a caller that may send a change twice (a network
 * monitoring system retrying after a timeout) names it with an `Idempotency-Key`. The first
 * call with a key does the work and keeps its answer; the same key with the same body gets
 * that answer again and changes nothing; the key with another body is refused (422), and the
 * key while its first call is still running waits for it (the row's primary key holds the
 * second insert until the first transaction ends).
 *
 * Beside the replay guard (guard.ts), which refuses a request id seen before: a retry carries
 * a new request id and a new signature, so only the key says it is the same change. Kept in
 * Postgres, in the transaction of the change itself, so every upstream copy agrees and a
 * change that fails keeps no answer.
 */
import { createHash } from 'node:crypto'
import { and, eq, lt } from 'drizzle-orm'
import type { Database, Transaction } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import { idempotentAnswers } from './tables.ts'

/** How long a key's answer is kept: a day, far beyond any caller's retries. */
export const IDEMPOTENCY_KEY_MS = 24 * 3_600_000

/** What a key may hold: the characters of a UUID or a ULID, and more, within reason. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,128}$/

export type KeptAnswer<T> = { status: number; answer: T; repeated: boolean }

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/**
 * Runs `work` in a transaction once per (scope, key): with no key, simply once. `body` is
 * what makes two calls the same (the parsed request, as text). Expired keys of the scope
 * are forgotten on the way.
 */
export async function onceForKey<T>(
  db: Database,
  request: { scope: string; key: string | null; body: unknown; now: Date },
  work: (tx: Transaction) => Promise<{ status: number; answer: T }>,
): Promise<KeptAnswer<T>> {
  const { scope, key, now } = request
  if (key === null) {
    const done = await db.transaction(work)
    return { ...done, repeated: false }
  }
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw new ServiceError(400, 'invalid_idempotency_key', 'The Idempotency-Key is 8 to 128 letters, digits or _.:-.')
  }
  const keySha256 = sha256(key)
  const bodySha256 = sha256(JSON.stringify(request.body ?? null))
  return db.transaction(async (tx) => {
    await tx
      .delete(idempotentAnswers)
      .where(and(eq(idempotentAnswers.scope, scope), lt(idempotentAnswers.expiresAt, now)))
    const claimed = await tx
      .insert(idempotentAnswers)
      .values({
        scope,
        keySha256,
        bodySha256,
        status: 0,
        answer: null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_MS),
      })
      .onConflictDoNothing()
      .returning({ keySha256: idempotentAnswers.keySha256 })
    if (claimed.length === 0) {
      const [kept] = await tx
        .select()
        .from(idempotentAnswers)
        .where(and(eq(idempotentAnswers.scope, scope), eq(idempotentAnswers.keySha256, keySha256)))
        .limit(1)
      if (!kept || kept.status === 0) {
        throw new ServiceError(409, 'idempotency_key_in_use', 'A call with this Idempotency-Key is still running.')
      }
      if (kept.bodySha256 !== bodySha256) {
        throw new ServiceError(
          422,
          'idempotency_key_reused',
          'This Idempotency-Key was used with another request body. Use a new key for a new change.',
        )
      }
      return { status: kept.status, answer: kept.answer as T, repeated: true }
    }
    const done = await work(tx)
    await tx
      .update(idempotentAnswers)
      .set({ status: done.status, answer: done.answer as object })
      .where(and(eq(idempotentAnswers.scope, scope), eq(idempotentAnswers.keySha256, keySha256)))
    return { ...done, repeated: false }
  })
}
