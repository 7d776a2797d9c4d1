/**
 * `npm run jobs` (docs/operations.md, Jobs; build/process/jobs.js in the image): each queue's
 * depth, active jobs and jobs failed for good in the last 24 hours, then the newest failures
 * with their errors. Reads pg-boss's tables; starts no worker. Exit code 0, or 1 when a job failed in the last 24 hours (for a
 * cron check).
 *
 * With the embedded database (no DATABASE_URL) stop the portal first: PGlite is opened by
 * one process at a time. With a Postgres server, run it while the portal runs.
 */
import { loadConfigOrExit } from '../../lib/start.ts'
import { commandLineOrExit } from '../operator-command.ts'
import { openDatabase } from '../db/client.ts'
import { QUEUES, type QueueName } from '../job-queues.ts'
import { jobStats, recentFailures } from './index.ts'

commandLineOrExit({
  name: 'jobs',
  synopsis: '',
  about: [
    "Prints each job queue's depth, active jobs and jobs failed for good in the last 24 hours, then",
    'the newest failures with their errors. Starts no worker. Exits 1 when a job failed in the last',
    '24 hours, for a cron check (docs/operations.md, Jobs).',
  ].join('\n'),
  flags: {},
  file: false,
})
const config = loadConfigOrExit()
const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR })
try {
  const stats = await jobStats(database.db)
  if (stats.length === 0) {
    console.log('no job queues yet: the services make them at their first start')
  } else {
    const width = Math.max(...stats.map((row) => row.queue.length), 'queue'.length)
    console.log(`${'queue'.padEnd(width)}  queued  active  failed (24 h)`)
    for (const row of stats) {
      console.log(
        `${row.queue.padEnd(width)}  ${String(row.queued).padStart(6)}  ${String(row.active).padStart(6)}  ${String(row.failed).padStart(13)}`,
      )
    }
    console.log('')
    for (const row of stats) {
      const purpose = row.queue in QUEUES ? QUEUES[row.queue as QueueName].purpose : 'not used by this release'
      console.log(`${row.queue}: ${purpose}`)
    }
  }
  const failures = await recentFailures(database.db, 10)
  if (failures.length > 0) {
    console.log('\nlatest failures (after their retries):')
    for (const failure of failures) {
      console.log(
        `  ${failure.failedAt.toISOString()}  ${failure.queue}  job ${failure.id}  ${failure.attempts} attempt(s): ${failure.error}`,
      )
    }
  }
  process.exitCode = stats.some((row) => row.failed > 0) ? 1 : 0
} finally {
  await database.close()
}
