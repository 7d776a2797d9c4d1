/**
 * Several upstream copies starting at once on one database (docs/operations.md, Several portal
 * copies): migrations and the seed run under one advisory lock, one process after another.
 */
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from './client.ts'

const NAME = `start_lock_${process.pid}`
let url: string
const opened: DatabaseHandle[] = []

async function admin(query: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await client.connect()
  try {
    await client.query(query)
  } finally {
    await client.end()
  }
}

beforeAll(async () => {
  await admin(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`)
  await admin(`CREATE DATABASE ${NAME}`)
  const server = new URL(process.env.TEST_DATABASE_URL!)
  server.pathname = `/${NAME}`
  url = server.toString()
})

afterAll(async () => {
  await Promise.all(opened.map((handle) => handle.close()))
  await admin(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`)
})

it('a second process waits for the first one’s start work before it migrates, then finds it done', async () => {
  const first = await openDatabase({ url })
  opened.push(first)
  let release!: () => void
  const held = first.underStartLock!(() => new Promise<void>((resolve) => (release = resolve)))

  let secondOpened = false
  const second = openDatabase({ url }).then((handle) => {
    secondOpened = true
    opened.push(handle)
    return handle
  })
  await new Promise((resolve) => setTimeout(resolve, 500))
  expect(secondOpened, 'opened while the other process held the start lock').toBe(false)

  release()
  await held
  const handle = await second
  expect(handle.kind).toBe('postgres')
  // Two opens on a new database at once, both fine: the migrations ran once.
  const [a, b] = await Promise.all([openDatabase({ url }), openDatabase({ url })])
  opened.push(a, b)
})
