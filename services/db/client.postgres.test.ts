import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { DatabaseHandle } from './client.ts'
import { openTestDatabase } from '../testing.ts'

// A Postgres restart or a terminated backend drops the pool's idle connections. That must
// neither crash the process (an 'error' event nobody listens to) nor break later queries.
let database: DatabaseHandle
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database?.close())

it('survives the server dropping its idle connections and answers the next query', async () => {
  expect(database.kind).toBe('postgres')
  await database.db.execute(sql`select 1`)
  const unhandled: unknown[] = []
  const onUncaught = (error: unknown) => unhandled.push(error)
  process.on('uncaughtException', onUncaught)
  try {
    // From another connection: end every other backend on this database.
    const { default: pg } = await import('pg')
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
    const name = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[]
    }
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name.rows[0]!.name],
    )
    await admin.end()
    // A query may still meet a connection whose end has not arrived yet; the next one must work.
    let two: number | undefined
    for (let attempt = 0; attempt < 20 && two === undefined; attempt++) {
      const result = await database.db.execute(sql`select 2 as two`).catch(() => undefined)
      two = (result as unknown as { rows: { two: number }[] } | undefined)?.rows[0]?.two
      if (two === undefined) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(two).toBe(2)
    expect(unhandled).toEqual([])
  } finally {
    process.off('uncaughtException', onUncaught)
  }
})
