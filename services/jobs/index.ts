/**
 * The services' background jobs on pg-boss 10 (docs/decisions/0050), over the services'
 * own database: with a Postgres server, pg-boss's own small pool on the same connection
 * string; with the embedded PGlite, its `db` option over the same handle
 * (pglite-executor.ts). Started by startServices; the queues, payloads and schedules are
 * in services/job-queues.ts.
 */
import PgBoss from 'pg-boss'
import { sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { PGlite } from '@electric-sql/pglite'
import type { Database, DatabaseHandle } from '../db/client.ts'
import { pgliteExecutor, tracked, type TrackedExecutor } from './pglite-executor.ts'
import {
  QUEUES,
  QUEUE_NAMES,
  type JobData,
  type JobSender,
  type QueueDefinition,
  type QueueName,
  type Schedule,
  type SendOptions,
} from '../job-queues.ts'

export { QUEUES, QUEUE_NAMES, schedules, type JobSender, type QueueName, type Schedule } from '../job-queues.ts'

export type JobsOptions = {
  database: DatabaseHandle
  logger: Logger
  /** JOBS_WORKERS: false for a process that enqueues jobs but leaves the work (and the schedules) to others. */
  workers: boolean
  /** DATABASE_URL; without it, a Postgres handle's own connection string. Unused with PGlite. */
  connectionString?: string
  /** How often an idle worker asks for a job (default 2 s; tests lower it). */
  pollingIntervalSeconds?: number
  /** How often the schedules are checked (default 30 s; tests lower it). */
  cronMonitorIntervalSeconds?: number
  /** How long stop() lets active jobs finish before failing them back to the queue (default 5 s, inside server.ts's 10). */
  stopTimeoutMs?: number
  /** Tests shorten a queue's retries (job-queues.ts holds the real ones). */
  retries?: Partial<Record<QueueName, Partial<Pick<QueueDefinition, 'retryLimit' | 'retryDelay' | 'retryBackoff'>>>>
}

export type JobContext = { id: string; retryCount: number }
export type JobHandler<Q extends QueueName> = (data: JobData<Q>, job: JobContext) => Promise<void>

export type JobStat = { queue: string; queued: number; active: number; failed: number }

export type Jobs = JobSender & {
  /** Whether this process works jobs (JOBS_WORKERS). */
  readonly workers: boolean
  /** Works `queue` with `handler`, one job at a time per process; a throw fails the attempt (retried per job-queues.ts). */
  work<Q extends QueueName>(queue: Q, handler: JobHandler<Q>): Promise<void>
  /** Stores the schedules in Postgres (replacing each queue's earlier one); every copy's timekeeper fires them once. */
  schedule(schedules: Schedule[]): Promise<void>
  jobStats(): Promise<JobStat[]>
  /** Stops taking jobs, waits for the active ones (stopTimeoutMs), then lets go of the database. */
  stop(): Promise<void>
}

export async function startJobs(options: JobsOptions): Promise<Jobs> {
  const { database, logger, workers } = options
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2
  let executor: TrackedExecutor | undefined
  let connection: PgBoss.DatabaseOptions
  const connectionString = options.connectionString ?? postgresConnectionString(database)
  if (database.kind === 'postgres' && connectionString) {
    // Its own pool: jobs never wait for a connection behind the requests', nor the other way round.
    connection = { connectionString, max: 3, application_name: 'pgboss' }
  } else {
    executor =
      database.kind === 'pglite'
        ? pgliteExecutor((database.db as unknown as { $client: PGlite }).$client)
        : poolExecutor(database.db)
    connection = { db: executor as PgBoss.Db }
  }
  const boss = new PgBoss({
    ...connection,
    // A copy that does not work jobs neither fires schedules nor maintains the tables.
    schedule: workers,
    supervise: workers,
    ...(options.cronMonitorIntervalSeconds ? { cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds } : {}),
    ...(options.cronMonitorIntervalSeconds ? { cronWorkerIntervalSeconds: options.cronMonitorIntervalSeconds } : {}),
  })
  boss.on('error', (error) => logger.warn({ err: error }, 'job queue error'))
  await boss.start()
  for (const name of QUEUE_NAMES) {
    const { policy, retryLimit, retryDelay, retryBackoff, expireInSeconds } = QUEUES[name]
    const settings = { policy, retryLimit, retryDelay, retryBackoff, expireInSeconds, ...options.retries?.[name] }
    await boss.createQueue(name, { name, ...settings })
    // An existing queue takes this release's settings too.
    await boss.updateQueue(name, { name, ...settings })
  }
  let stopped = false
  return {
    workers,
    async send(queue, data, sendOptions: SendOptions = {}) {
      const payload = QUEUES[queue].data.parse(data)
      return boss.send(queue, payload, {
        ...(sendOptions.startAfterSeconds ? { startAfter: Math.ceil(sendOptions.startAfterSeconds) } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
      })
    },
    async work(queue, handler) {
      if (!workers) return
      await boss.work<Record<string, unknown>>(
        queue,
        { pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
        async ([job]) => {
          if (!job) return
          try {
            // A payload that no longer fits its schema fails (and is kept, for an operator to read).
            const data = QUEUES[queue].data.parse(job.data ?? {}) as JobData<typeof queue>
            await handler(data, { id: job.id, retryCount: job.retryCount })
          } catch (error) {
            logger.warn(
              { err: error, queue, jobId: job.id, attempt: job.retryCount + 1, of: job.retryLimit + 1 },
              'job failed',
            )
            throw error
          }
        },
      )
    },
    async schedule(list) {
      if (!workers) return
      for (const { queue, cron } of list) await boss.schedule(queue, cron, {}, { tz: 'UTC' })
    },
    jobStats: () => jobStats(database.db),
    async stop() {
      if (stopped) return
      stopped = true
      await boss.stop({ graceful: true, wait: true, timeout: options.stopTimeoutMs ?? 5_000 })
      // pg-boss marks the last job done without waiting; the database must see that before it closes.
      await executor?.idle()
    },
  }
}

/**
 * pg-boss's schema and this release's queues, as its first start makes them: the test
 * databases' template has them (services/setup/test-databases.ts), so each test file's copy
 * does not pay for them again.
 */
export async function installJobsSchema(database: DatabaseHandle, logger: Logger): Promise<void> {
  const jobs = await startJobs({ database, logger, workers: false })
  await jobs.stop()
}

/** A Postgres handle's connection string (node-postgres keeps the pool's options), for pg-boss's own pool. */
function postgresConnectionString(database: DatabaseHandle): string | undefined {
  if (database.kind !== 'postgres') return undefined
  const pool = (database.db as unknown as { $client?: { options?: { connectionString?: string } } }).$client
  return pool?.options?.connectionString
}

/** pg-boss on the handle's own pool, when its connection string is not known. */
function poolExecutor(db: Database): TrackedExecutor {
  const pool = (db as unknown as { $client: { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } })
    .$client
  return tracked((text, values) => pool.query(text, values))
}

/**
 * Each queue's depth (waiting, including retries not yet due), jobs active now, and jobs
 * failed for good in the last 24 hours: the operator's view (`npm run jobs`) and the
 * metrics' gauges. Empty before pg-boss has made its schema.
 */
export async function jobStats(db: Database): Promise<JobStat[]> {
  if (!(await installed(db))) return []
  const { rows } = (await db.execute(sql`
    SELECT q.name AS queue,
      (SELECT count(*) FROM pgboss.job j WHERE j.name = q.name AND j.state IN ('created', 'retry'))::int AS queued,
      (SELECT count(*) FROM pgboss.job j WHERE j.name = q.name AND j.state = 'active')::int AS active,
      ((SELECT count(*) FROM pgboss.job j
          WHERE j.name = q.name AND j.state = 'failed' AND j.completed_on > now() - interval '24 hours')
        + (SELECT count(*) FROM pgboss.archive a
          WHERE a.name = q.name AND a.state = 'failed' AND a.completed_on > now() - interval '24 hours'))::int AS failed
    FROM pgboss.queue q
    WHERE q.name NOT LIKE '\\_\\_pgboss%'
    ORDER BY q.name
  `)) as unknown as { rows: JobStat[] }
  return rows.map((row) => ({
    queue: row.queue,
    queued: Number(row.queued),
    active: Number(row.active),
    failed: Number(row.failed),
  }))
}

export type JobFailure = { queue: string; id: string; failedAt: Date; attempts: number; error: string }

/** The newest jobs failed for good (after their retries), newest first, with the last attempt's error. */
export async function recentFailures(db: Database, limit = 10): Promise<JobFailure[]> {
  if (!(await installed(db))) return []
  const { rows } = (await db.execute(sql`
    SELECT name, id::text AS id, completed_on, retry_count, output FROM (
      SELECT name, id, completed_on, retry_count, output FROM pgboss.job WHERE state = 'failed'
      UNION ALL
      SELECT name, id, completed_on, retry_count, output FROM pgboss.archive WHERE state = 'failed'
    ) failed
    ORDER BY completed_on DESC
    LIMIT ${limit}
  `)) as unknown as {
    rows: Array<{ name: string; id: string; completed_on: Date | string; retry_count: number; output: unknown }>
  }
  return rows.map((row) => ({
    queue: row.name,
    id: row.id,
    failedAt: new Date(row.completed_on),
    attempts: Number(row.retry_count) + 1,
    error: errorText(row.output),
  }))
}

function errorText(output: unknown): string {
  const value = typeof output === 'string' ? safeParse(output) : output
  if (value && typeof value === 'object' && 'message' in value) return String(value.message)
  if (value && typeof value === 'object' && 'value' in value) return errorText(value.value)
  return value === null || value === undefined ? '(no error recorded)' : JSON.stringify(value)
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

async function installed(db: Database): Promise<boolean> {
  const { rows } = (await db.execute(sql`SELECT to_regclass('pgboss.queue') IS NOT NULL AS present`)) as unknown as {
    rows: Array<{ present: boolean }>
  }
  return rows[0]?.present === true
}
