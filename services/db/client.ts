/**
 * One Postgres dialect everywhere: embedded PGlite (real Postgres in WASM) stored under
 * DATA_DIR by default, a Postgres server when DATABASE_URL is set. Same migrations.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { TransactionRollbackError } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { preparedStatements } from './pglite-prepared.ts'

/**
 * Built without the services' tables: every query names the table it reads (nothing uses
 * drizzle's relational `db.query`), so this module knows no service (docs/architecture.md, 7).
 */
export type Database = PgDatabase<PgQueryResultHKT>

export type DatabaseHandle = {
  db: Database
  kind: 'pglite' | 'postgres'
  close: () => Promise<void>
  /**
   * Runs `work` while no other process starting on this database runs its own (migrations,
   * the seed): several upstream copies may start at once on a new or older database. A
   * Postgres advisory lock; PGlite is opened by one process only, so it just runs.
   */
  underStartLock?: <T>(work: () => Promise<T>) => Promise<T>
}

/** The advisory lock every starting process takes for migrations and the seed (any bigint; ours). */
const START_LOCK = 7_160_231_917

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

export type DatabaseOptions =
  | { url: string }
  // A folder, or 'memory://' for a throwaway in-memory database; tests start one from a
  // data-directory tarball (PGlite's dumpDataDir) instead of an empty one.
  | { dataDir: string; loadDataDir?: Blob }

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('url' in options) {
    const { default: pg } = await import('pg')
    const { drizzle } = await import('drizzle-orm/node-postgres')
    const { migrate } = await import('drizzle-orm/node-postgres/migrator')
    const pool = new pg.Pool({ connectionString: options.url, max: 10 })
    // An idle connection the server drops (a restart, a terminated backend) is an 'error'
    // event on the pool; without a listener Node would crash the process. The pool has
    // already discarded that connection and opens a new one when needed.
    pool.on('error', (error) => {
      process.stderr.write(JSON.stringify({ level: 40, msg: 'database connection dropped', err: error.message }) + '\n')
    })
    const db = drizzle(pool)
    const underStartLock = async <T>(work: () => Promise<T>): Promise<T> => {
      // The lock belongs to one connection (a session lock), held apart from the work's own.
      const holder = await pool.connect()
      try {
        await holder.query('SELECT pg_advisory_lock($1)', [START_LOCK])
        return await work()
      } finally {
        await holder.query('SELECT pg_advisory_unlock($1)', [START_LOCK]).catch(() => undefined)
        holder.release()
      }
    }
    await underStartLock(() => migrate(db, { migrationsFolder }))
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end(), underStartLock }
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  const dataDir = options.dataDir === 'memory://' ? undefined : path.resolve(options.dataDir, 'pglite')
  // Every statement a named prepared one after its first use: decision 0055.
  const client = preparedStatements(new PGlite({ dataDir, loadDataDir: options.loadDataDir }))
  const db = drizzle(client)
  await migrate(db, { migrationsFolder })
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() }
}

/** The database or an open transaction: functions that must join a caller's transaction take this. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
export type Executor = Database | Transaction

/**
 * Runs `work` in a transaction and rolls it back, returning what it returned: every check and
 * count of a real run, nothing written (the operator commands' --dry-run).
 */
export async function rehearse<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  let outcome: { value: T } | undefined
  try {
    await db.transaction(async (tx) => {
      outcome = { value: await work(tx) }
      tx.rollback()
    })
  } catch (error) {
    if (!(error instanceof TransactionRollbackError) || !outcome) throw error
  }
  return outcome!.value
}
