/**
 * Readiness (issue 17, item 5): any dependency that fails or does not answer in time makes the
 * process not ready, and says which; the database probe fails while Postgres is down.
 */
import { describe, expect, it } from 'vitest'
import type { Executor } from './db/client.ts'
import { probeAll, readinessAnswer, servicesProbes } from './readiness.ts'
import { localStorage } from './storage/local.ts'
import { openTestDatabase } from './testing.ts'

describe('readiness', () => {
  it('is ready when every probe answers, and names the one that failed or hung otherwise', async () => {
    const ok = { name: 'database', check: () => Promise.resolve() }
    const down = { name: 'storage', check: () => Promise.reject(new Error('ECONNREFUSED')) }
    const hung = { name: 'upstream', check: () => new Promise(() => {}) }
    expect(await probeAll([ok])).toEqual({ ready: true, checks: { database: 'ok' } })
    expect(await probeAll([ok, down, hung], 50)).toEqual({
      ready: false,
      checks: { database: 'ok', storage: 'failed', upstream: 'failed' },
    })
    const answer = readinessAnswer(await probeAll([ok, down]))
    expect(answer.status).toBe(503)
    expect(await answer.json()).toEqual({ status: 'not ready', checks: { database: 'ok', storage: 'failed' } })
  })

  it('names the demo parts the process runs, if any (issue 32; docs/decisions/0061)', async () => {
    const ready = await probeAll([{ name: 'database', check: () => Promise.resolve() }])
    expect(await readinessAnswer(ready, ['PAYMENTS_SANDBOX', 'DEV_UI']).json()).toEqual({
      status: 'ready',
      checks: { database: 'ok' },
      demo: ['PAYMENTS_SANDBOX', 'DEV_UI'],
    })
    expect(await readinessAnswer(ready, []).json()).toEqual({ status: 'ready', checks: { database: 'ok' } })
  })

  it('probes the real database and storage; a database that refuses (Postgres stopped) is not ready', async () => {
    const database = await openTestDatabase()
    try {
      const storage = localStorage(process.cwd())
      expect(await probeAll(servicesProbes(database.db, storage))).toEqual({
        ready: true,
        checks: { database: 'ok', storage: 'ok' },
      })
      const stopped = {
        execute: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
      } as unknown as Executor
      expect((await probeAll(servicesProbes(stopped, storage))).checks).toEqual({ database: 'failed', storage: 'ok' })
    } finally {
      await database.close()
    }
  })
})
