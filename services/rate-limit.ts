/**
 * The one rate-limit counter of the services (docs/security.md, Abuse; issue 32, item 4): a
 * fixed window per key, kept in Postgres (never process memory, so every copy agrees), counted
 * with one upsert per key, so concurrent calls cannot both take the last allowance (a read
 * and then a write could: both read 29 of 30). Each service keeps its counters in a table of
 * its own schema, made by `allowanceTable` (docs/architecture.md, 7); keys hold digests, never
 * the value (an email, an account number, an address).
 */
import crypto from 'node:crypto'
import { and, eq, gt, lt, sql } from 'drizzle-orm'
import { index, integer, text, timestamp, type PgSchema } from 'drizzle-orm/pg-core'
import type { Executor } from './db/client.ts'

export type Window = { limit: number; windowMs: number }

/** A counter table in a service's schema: the key, the count in the window, when the window ends. */
export function allowanceTable(schema: PgSchema, name: string) {
  return schema.table(
    name,
    {
      key: text('key').primaryKey(),
      count: integer('count').notNull(),
      windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    },
    (t) => [index(`${name}_window_ends_at`).on(t.windowEndsAt)],
  )
}

export type AllowanceTable = ReturnType<typeof allowanceTable>

/** What a key is counted in: a name for the key's kind, the hashed value and its window. */
export type Allowance = { key: string; window: Window }

/** A key's value as stored: the SHA-256 in base64url, so the table holds no email, account or address. */
export function limitDigest(value: string): string {
  return crypto.createHash('sha256').update(value).digest('base64url')
}

/**
 * Counts one call against the key's current window (a window that ended starts again at 1)
 * and answers whether it is within the limit. One statement: the row's lock orders
 * concurrent calls, and each sees the count the one before it left.
 */
export async function takeAllowance(
  db: Executor,
  table: AllowanceTable,
  { key, window }: Allowance,
  now: Date,
): Promise<boolean> {
  const windowEnd = new Date(now.getTime() + window.windowMs)
  const [row] = await db
    .insert(table)
    .values({ key, count: 1, windowEndsAt: windowEnd })
    .onConflictDoUpdate({
      target: table.key,
      set: {
        count: sql`CASE WHEN ${table.windowEndsAt} <= ${now} THEN 1 ELSE ${table.count} + 1 END`,
        windowEndsAt: sql`CASE WHEN ${table.windowEndsAt} <= ${now} THEN ${windowEnd} ELSE ${table.windowEndsAt} END`,
      },
    })
    .returning({ count: table.count })
  return row!.count <= window.limit
}

/**
 * Counts one call against every key, in the order given, and answers the first key whose
 * limit it passes (null: all within). Every key is counted, even after one is passed, so
 * hammering one key does not spare the others.
 */
export async function takeAllowances(
  db: Executor,
  table: AllowanceTable,
  allowances: Allowance[],
  now: Date,
): Promise<Allowance | null> {
  let refused: Allowance | null = null
  // One after another, not at once: two calls taking the same keys in the same order cannot deadlock.
  for (const allowance of allowances) {
    if (!(await takeAllowance(db, table, allowance, now)) && !refused) refused = allowance
  }
  return refused
}

/**
 * Gives back a call counted in the key's live window: for limits that count failures, a call
 * is counted before it is checked (so a burst cannot slip past while the first are checked)
 * and given back once it turns out a success.
 */
export async function giveBackAllowance(db: Executor, table: AllowanceTable, key: string, now: Date): Promise<void> {
  await db
    .update(table)
    .set({ count: sql`GREATEST(${table.count} - 1, 0)` })
    .where(and(eq(table.key, key), gt(table.windowEndsAt, now)))
}

/** Drops windows that ended (an indexed range delete), so the table holds only live windows. */
export async function pruneAllowances(db: Executor, table: AllowanceTable, now: Date): Promise<void> {
  await db.delete(table).where(lt(table.windowEndsAt, now))
}
