/**
 * issue 32, finding 2: a failed query once logged Drizzle's error whole, whose parameters held
 * an applicant's name, mobile and email. A database error is logged by its statement's label and
 * SQLSTATE only (lib/logger.ts; docs/security.md, Logs and privacy), on PGlite and Postgres alike.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../lib/logger.ts'
import type { DatabaseHandle } from './client.ts'
import { openTestDatabase } from '../testing.ts'

let database: DatabaseHandle
beforeAll(async () => {
  database = await openTestDatabase()
  await database.db.execute(sql`create table logged_error_people (email text unique, details jsonb)`)
})
afterAll(() => database?.close())

const PERSONAL = ['Maria Zqxclara', 'maria.zqx@example.net', '9171234567']

/** The error the query fails with, logged at error level as the services do, and the line written. */
async function loggedLine(query: Promise<unknown>) {
  const error = await query.then(
    () => undefined,
    (failure: unknown) => failure,
  )
  expect(error, 'the query should fail').toBeInstanceOf(Error)
  const lines: string[] = []
  const logger = createLogger({ LOG_LEVEL: 'info' }, 'test', { write: (line: string) => void lines.push(line) })
  logger.error({ err: error }, 'upstream service failed')
  expect(lines).toHaveLength(1)
  return { line: lines[0]!, err: (JSON.parse(lines[0]!) as { err: Record<string, unknown> }).err }
}

describe('a failed query in the log', () => {
  it('names the statement and its SQLSTATE, never a parameter: a NUL in a JSON value', async () => {
    const details = JSON.stringify({ name: PERSONAL[0], email: PERSONAL[1], mobile: PERSONAL[2], landmark: 'a\u0000b' })
    const { line, err } = await loggedLine(
      database.db.execute(
        sql`insert into logged_error_people (email, details) values (${PERSONAL[1]}, ${details}::jsonb)`,
      ),
    )
    for (const value of PERSONAL) expect(line).not.toContain(value)
    expect(err).toMatchObject({ statement: 'insert logged_error_people', code: '22P05' })
    expect(err.stack).toMatch(/^\s+at /)
  })

  it("keeps out the driver's detail that quotes a value: a unique violation", async () => {
    await database.db.execute(sql`insert into logged_error_people (email) values (${PERSONAL[1]})`)
    const { line, err } = await loggedLine(
      database.db.execute(sql`insert into logged_error_people (email) values (${PERSONAL[1]})`),
    )
    expect(line).not.toContain(PERSONAL[1])
    expect(err).toMatchObject({ code: '23505', constraint: 'logged_error_people_email_key' })
  })

  it("keeps out the driver's message that quotes a value: a name where a number belongs", async () => {
    const { line, err } = await loggedLine(
      database.db.execute(sql`select email from logged_error_people where email = ${PERSONAL[0]}::int::text`),
    )
    expect(line).not.toContain(PERSONAL[0])
    expect(err).toMatchObject({ statement: 'select logged_error_people', code: '22P02' })
  })
})
