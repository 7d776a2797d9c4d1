/**
 * The job queue on the services' database (PGlite here; Postgres in the postgres project),
 * with two pg-boss instances as two processes would run them: each with its own pool on
 * Postgres, both on the one PGlite handle embedded. Nothing waits a fixed time for work to
 * happen: each test polls for the state it expects, with pg-boss's polling set low.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ServiceDeps } from '../context.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { enqueueMessage } from '../notifications/outbox.ts'
import type { MessageSender, OutgoingMessage } from '../notifications/sender.ts'
import { outbox } from '../notifications/tables.ts'
import { openTestDatabase, silentLogger } from '../testing.ts'
import { jobStats, recentFailures, startJobs, type JobContext, type Jobs, type JobsOptions } from './index.ts'
import { deliverOutbox } from './work.ts'

let database: DatabaseHandle
const running: Jobs[] = []

beforeAll(async () => {
  database = await openTestDatabase()
})
afterEach(async () => {
  await Promise.all(running.splice(0).map((jobs) => jobs.stop()))
})
afterAll(async () => {
  await database.close()
})

async function instance(options: Partial<JobsOptions> = {}): Promise<Jobs> {
  const jobs = await startJobs({
    database,
    logger: silentLogger,
    workers: true,
    pollingIntervalSeconds: 0.5,
    cronMonitorIntervalSeconds: 1,
    stopTimeoutMs: 30_000,
    ...options,
  })
  running.push(jobs)
  return jobs
}

/** Polls until `check` holds (or the test's timeout ends it). */
async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await sleep(100)
  }
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows
}

const jobStates = (queue: string) =>
  rows<{ state: string; retry_count: number }>(
    sql`SELECT state::text AS state, retry_count FROM pgboss.job WHERE name = ${queue} ORDER BY created_on`,
  )

describe('jobs on pg-boss', () => {
  it('two workers on one queue: each job runs once and each outbox message is sent once', async () => {
    const sent: string[] = []
    const sender: MessageSender = {
      channels: ['email'],
      async send(message: OutgoingMessage) {
        await sleep(5) // a mail server's round trip, so deliveries overlap
        sent.push(message.recipient)
      },
    }
    const deps: ServiceDeps = {
      db: database.db,
      logger: silentLogger,
      productName: 'Hibla',
      now: () => new Date(),
      sender,
    }
    const messages = 30
    for (let i = 0; i < messages; i++) {
      await enqueueMessage(
        database.db,
        { channel: 'email', recipient: `person${i}@example.ph`, subject: 'Hello', body: 'Hi' },
        new Date(),
      )
    }
    const [first, second] = [await instance(), await instance()]
    // Each job waits until both workers hold one, so the two provably run side by side.
    const takenBy: Record<string, string[]> = { first: [], second: [] }
    let bothWorking!: () => void
    const bothTookOne = new Promise<void>((resolve) => (bothWorking = resolve))
    const handler = (name: 'first' | 'second') => async (_data: object, job: JobContext) => {
      takenBy[name]!.push(job.id)
      if (takenBy.first!.length > 0 && takenBy.second!.length > 0) bothWorking()
      await bothTookOne
      await deliverOutbox(deps)({}, job)
    }
    await first.work('outbox-deliver', handler('first'))
    await second.work('outbox-deliver', handler('second'))
    // One job per message, half sent by each copy (a kick per write would collapse into fewer).
    const jobs = 10
    for (let i = 0; i < jobs; i++) {
      await (i % 2 ? first : second).send('outbox-deliver', {}, { singletonKey: `message-${i}` })
    }
    await until(
      async () => (await jobStates('outbox-deliver')).filter((job) => job.state === 'completed').length === jobs,
      `all ${jobs} jobs completed`,
    )

    const ran = [...takenBy.first!, ...takenBy.second!]
    expect(takenBy.first!.length).toBeGreaterThan(0)
    expect(takenBy.second!.length).toBeGreaterThan(0)
    expect(new Set(ran).size).toBe(jobs)
    expect(ran).toHaveLength(jobs)
    expect(sent).toHaveLength(messages)
    expect(new Set(sent).size).toBe(messages)
    const statuses = await database.db.select({ status: outbox.status }).from(outbox)
    expect(statuses.every((row) => row.status === 'sent')).toBe(true)
  })

  it('retries a failing job with growing delays, then marks it failed, counted by jobStats', async () => {
    const jobs = await instance({ retries: { 'autopay-run': { retryLimit: 2, retryDelay: 1, retryBackoff: true } } })
    const attempts: number[] = []
    await jobs.work('autopay-run', async () => {
      attempts.push(Date.now())
      throw new Error('the gateway is down')
    })
    await jobs.send('autopay-run', {})
    await until(async () => (await jobStates('autopay-run'))[0]?.state === 'failed', 'the job failed for good')

    expect(attempts).toHaveLength(3) // the first attempt and retryLimit retries
    // Back-off: the n-th retry waits at least retryDelay × 2^(n-1) seconds (plus jitter up to as much again).
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(1_000 - 50)
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(2_000 - 50)
    expect(await jobStats(database.db)).toContainEqual({ queue: 'autopay-run', queued: 0, active: 0, failed: 1 })
    expect(await jobs.jobStats()).toContainEqual({ queue: 'autopay-run', queued: 0, active: 0, failed: 1 })
    const [failure] = await recentFailures(database.db)
    expect(failure).toMatchObject({ queue: 'autopay-run', attempts: 3, error: 'the gateway is down' })
  })

  it('stop() waits for the active job to finish, and the job is recorded completed', async () => {
    const jobs = await instance()
    let started = false
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    await jobs.work('wifi-settle', async () => {
      started = true
      await released
    })
    await jobs.send('wifi-settle', { changeId: 'change-1' })
    await until(() => started, 'the job started')

    let stopped = false
    const stopping = jobs.stop().then(() => (stopped = true))
    await sleep(1_500) // pg-boss looks for active jobs every 500 ms while stopping
    expect(stopped).toBe(false)
    expect((await jobStates('wifi-settle'))[0]?.state).toBe('active')
    release()
    await stopping
    expect((await jobStates('wifi-settle'))[0]?.state).toBe('completed')
  })

  // Waits for the next minute's cron slot (up to 60 s): on one database only, Postgres when the run has one.
  const scheduleDatabase = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'
  const onThisDatabase = (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite') === scheduleDatabase
  it.runIf(onThisDatabase)(
    'a schedule kept by two instances fires once per cron slot, and its job runs once',
    async () => {
      const [first, second] = [await instance(), await instance()]
      const runs: string[] = []
      for (const jobs of [first, second]) {
        await jobs.work('drafts-purge', async (_data, job) => void runs.push(job.id))
        await jobs.schedule([{ queue: 'drafts-purge', cron: '* * * * *' }])
      }
      await until(() => runs.length > 0, 'the schedule fired')
      // Both timekeepers check the schedules every second: give each several chances to fire it again.
      await sleep(4_000)

      // pg-boss turns a due schedule into one "send it" job per cron slot (a minute), unique across instances.
      const slots = await rows<{ slot: string }>(
        sql`SELECT DISTINCT singleton_on::text AS slot FROM pgboss.job WHERE name = '__pgboss__send-it' AND singleton_key = 'drafts-purge'`,
      )
      const queued = await jobStates('drafts-purge')
      expect(slots.length).toBeGreaterThanOrEqual(1)
      expect(slots.length).toBeLessThanOrEqual(2) // the wait may cross one minute's end
      expect(queued).toHaveLength(slots.length)
      expect(runs).toHaveLength(slots.length)
      expect(new Set(runs).size).toBe(runs.length)
      await database.db.execute(sql`DELETE FROM pgboss.schedule`)
    },
  )
})
