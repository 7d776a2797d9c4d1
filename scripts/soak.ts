/**
 * npm run soak (issue 32, item 8; not in CI or npm test): builds (deploy/process.sh build),
 * starts the production process as `npm start` does (node build/process/server.js,
 * NODE_ENV=production, the embedded defaults: PGlite, the upstream on its thread, the sign-in
 * provider, the payment sandbox) in a fresh DATA_DIR on a free port (3500-3599), then runs
 * SOAK_USERS virtual users at once in mixed journeys (scripts/soak/journeys.ts: landing,
 * plans, check availability, apply with uploads, some broken on purpose, sign in, the
 * dashboard, a payment in the sandbox) for a warm-up and then SOAK_SECONDS, and waits
 * SOAK_IDLE_SECONDS with no load.
 *
 * Prints each step's requests, errors, p50 and p99, the unexpected errors (every 5xx, every
 * connection the server reset or closed, every time-out, every page other than the journey
 * expects), and the server's memory (VmRSS of its process, whose threads the embedded
 * upstream's is one of, and of any process it started) after the warm-up, at the end and after
 * the idle wait, as a table. Exits 1 unless: no unexpected error, the process never exited,
 * the memory after the idle wait is at most 10 % above the memory after the warm-up, and
 * nothing is left in the server's temp folder (its own TMPDIR, DATA_DIR/tmp: the upload
 * reader's portal-upload-* folders) or as a partial file in its storage folder
 * (DATA_DIR/uploads, `*.part`). Writes soak-results.json. The server is always stopped.
 *
 * Environment: SOAK_USERS (default 200), SOAK_SECONDS (measured, default 60),
 * SOAK_WARMUP_SECONDS (the same load before, not measured but checked, default 15),
 * SOAK_IDLE_SECONDS (default 300), SOAK_ABORTS (share of apply journeys that also send a
 * broken upload, 0 to 1, default 0.25; 0 turns them off), SOAK_THINK_MS (mean pause between a
 * journey's steps, default 500), SOAK_PORT (else the first free of 3500-3599), SOAK_BUILD
 * (false: use the build/ there is).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  freePort,
  serverDataDir,
  serverExit,
  serverGroup,
  serverLog,
  startServer,
  stopServer,
} from './bench/processes.ts'
import { printChecks, runInfo, type Check } from './bench/report.ts'
import { positiveNumber, sleep } from './bench/settings.ts'
import { Browser, Stats } from './soak/browser.ts'
import { JOURNEYS, virtualUser, type SoakContext } from './soak/journeys.ts'
import { mb, sampleMemory, type MemorySample } from './soak/memory.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

const USERS = Math.round(positiveNumber('SOAK_USERS', 200))
const SECONDS = positiveNumber('SOAK_SECONDS', 60)
const WARMUP_SECONDS = positiveNumber('SOAK_WARMUP_SECONDS', 15)
const IDLE_SECONDS = positiveNumber('SOAK_IDLE_SECONDS', 300)
const THINK_MS = process.env.SOAK_THINK_MS === '0' ? 0 : positiveNumber('SOAK_THINK_MS', 500)
const ABORTS = (() => {
  const raw = process.env.SOAK_ABORTS
  const value = raw === undefined || raw === '' ? 0.25 : Number(raw)
  if (!Number.isFinite(value) || value < 0 || value > 1)
    throw new Error(`SOAK_ABORTS must be a share from 0 to 1 (got ${JSON.stringify(raw)})`)
  return value
})()
export const MAX_GROWTH = 0.1

/** Files under `folder` (relative paths), or [] when it does not exist. */
function filesUnder(folder: string, keep: (name: string) => boolean = () => true): string[] {
  if (!fs.existsSync(folder)) return []
  return (fs.readdirSync(folder, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
}

async function main(): Promise<number> {
  if (process.env.SOAK_BUILD !== 'false') {
    console.log('> bash deploy/process.sh build')
    const build = spawnSync('bash', ['deploy/process.sh', 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    })
    if (build.status !== 0) throw new Error(`build failed (exit ${build.status ?? build.signal})`)
  }
  const port = process.env.SOAK_PORT ? Number(process.env.SOAK_PORT) : await freePort([3500, 3599])
  console.log(`\n> NODE_ENV=production node build/process/server.js on port ${port}, a fresh DATA_DIR`)
  const direct = await startServer(port, { timeoutMs: 600_000, privateTmp: true })
  const pid = serverGroup()
  const dataDir = serverDataDir()

  const stats = new Stats()
  // Set by the watch below, read everywhere: the process's exit ends the run at once.
  const state: { exited: { how: string; atSecond: number; errorsBefore: number } | null } = { exited: null }
  const started = Date.now()
  const warmupEnd = started + WARMUP_SECONDS * 1000
  const end = warmupEnd + SECONDS * 1000
  const watch = setInterval(() => {
    const how = serverExit()
    if (how && !state.exited)
      state.exited = { how, atSecond: (Date.now() - started) / 1000, errorsBefore: stats.errors.length }
  }, 100)

  const context: SoakContext = {
    direct,
    base: `http://localhost:${port}`,
    stats,
    aborts: ABORTS,
    thinkMs: THINK_MS,
    done: () => state.exited !== null || Date.now() >= end,
  }
  const memory: MemorySample[] = []
  console.log(
    `> ${USERS} virtual users: a warm-up of ${WARMUP_SECONDS} s, then ${SECONDS} s measured; ` +
      `journeys ${JOURNEYS.map((journey) => `${journey.name} ${journey.weight} %`).join(', ')}; ` +
      `broken uploads in ${Math.round(ABORTS * 100)} % of applications; ${THINK_MS} ms between steps on average`,
  )
  // Started over the first seconds, not all in the same millisecond.
  const ramp = Math.min(5_000, WARMUP_SECONDS * 500)
  const users = Array.from({ length: USERS }, (_, n) => sleep((n * ramp) / USERS).then(() => virtualUser(context, n)))
  await sleep(Math.max(0, warmupEnd - Date.now()))
  if (!state.exited) memory.push(sampleMemory('after the warm-up (start)', pid))
  stats.measuring = true
  const progress = setInterval(() => {
    const second = Math.round((Date.now() - warmupEnd) / 1000)
    const sample = state.exited ? null : sampleMemory('', pid)
    console.log(
      `  ${second} s: ${stats.errors.length} errors${sample ? `, RSS ${mb(sample.rss)} MB` : ''}${state.exited ? `, the process exited (${state.exited.how})` : ''}`,
    )
  }, 10_000)
  await Promise.all(users)
  clearInterval(progress)
  stats.measuring = false
  const measuredSeconds = (Math.min(Date.now(), end) - warmupEnd) / 1000
  if (!state.exited) memory.push(sampleMemory('at the end of the load', pid))

  if (!state.exited) {
    console.log(`> idle for ${IDLE_SECONDS} s`)
    const idleEnd = Date.now() + IDLE_SECONDS * 1000
    while (!state.exited && Date.now() < idleEnd) await sleep(Math.min(1_000, idleEnd - Date.now()))
    if (!state.exited) memory.push(sampleMemory(`${IDLE_SECONDS} s later, idle`, pid))
  }
  // And it still serves.
  let after = 'not asked: the process exited'
  if (!state.exited) {
    const browser = new Browser(context.base, stats)
    try {
      after = String((await browser.get('landing after the idle wait', '/')).status)
    } catch (error) {
      after = String(error)
    } finally {
      browser.close()
    }
  }
  clearInterval(watch)
  const how = state.exited

  // What the server left behind: its temp folder (uploads being read) and partial stored files.
  const tmpLeft = filesUnder(path.join(dataDir, 'tmp'))
  const partsLeft = filesUnder(path.join(dataDir, 'uploads'), (name) => name.endsWith('.part'))
  const log = serverLog()
  const errorLines = log.split('\n').filter((line) => /"level":(5|6)\d/.test(line))

  // Report.
  const steps = stats.table()
  const counts = Object.fromEntries(stats.counts)
  console.log(`\nSteps (${measuredSeconds.toFixed(0)} s measured, after the warm-up), ms:`)
  console.log('| Step | Requests | Errors | p50 | p99 | Slowest |')
  console.log('|---|---|---|---|---|---|')
  for (const step of steps) {
    console.log(
      `| ${step.step} | ${step.requests} | ${step.errors} | ${step.p50.toFixed(0)} | ${step.p99.toFixed(0)} | ${step.max.toFixed(0)} |`,
    )
  }
  console.log(
    `Journeys and broken uploads (measured part): ${Object.entries(counts)
      .map(([name, count]) => `${name} ${count}`)
      .join(', ')}`,
  )
  const byKind = new Map<string, number>()
  for (const error of stats.errors) byKind.set(error.kind, (byKind.get(error.kind) ?? 0) + 1)
  console.log(
    `\nUnexpected errors (warm-up included): ${stats.errors.length}${stats.errors.length ? ` (${[...byKind].map(([kind, n]) => `${kind} ${n}`).join(', ')})` : ''}`,
  )
  for (const error of stats.errors.slice(0, 10)) console.log(`  ${error.step}: ${error.kind}: ${error.message}`)
  if (how) {
    console.log(
      `\nTHE PROCESS EXITED (${how.how}) ${how.atSecond.toFixed(1)} s into the run, after ${how.errorsBefore} errors; the last lines of its log:`,
    )
    console.log(log.trimEnd().split('\n').slice(-15).join('\n'))
  }
  console.log('\nMemory of the server process (VmRSS, its threads and any process it started):')
  console.log('| When | RSS MB | Processes |')
  console.log('|---|---|---|')
  for (const sample of memory) console.log(`| ${sample.label} | ${mb(sample.rss)} | ${sample.processes} |`)
  const start = memory[0]
  const idle = memory.length === 3 ? memory[2] : undefined
  const growth = start && idle ? idle.rss / start.rss - 1 : Number.NaN

  const checks: Check[] = [
    {
      name: 'no process exit',
      pass: !how,
      detail: how ? `${how.how} at ${how.atSecond.toFixed(1)} s` : 'ran to the end',
    },
    {
      name: 'no unexpected error (5xx, reset or closed connection, time-out, unexpected page)',
      pass: stats.errors.length === 0,
      detail: `${stats.errors.length} over ${Object.entries(counts)
        .filter(([name]) => name.startsWith('journey'))
        .reduce((sum, [, n]) => sum + n, 0)} measured journeys and the warm-up`,
    },
    {
      name: `memory ${IDLE_SECONDS} s after the load at most ${MAX_GROWTH * 100} % above the memory after the warm-up`,
      pass: Number.isFinite(growth) && growth <= MAX_GROWTH,
      detail: Number.isFinite(growth)
        ? `${mb(start!.rss)} MB -> ${mb(idle!.rss)} MB (${(growth * 100).toFixed(1)} %)`
        : 'not measured: the process exited',
    },
    { name: 'the landing page after the idle wait answers 200', pass: after === '200', detail: after },
    {
      name: "nothing left in the server's temp folder (uploads being read)",
      pass: tmpLeft.length === 0,
      detail: tmpLeft.length ? `${tmpLeft.length}: ${tmpLeft.slice(0, 3).join(', ')}` : 'empty',
    },
    {
      name: 'no partial file in the storage folder',
      pass: partsLeft.length === 0,
      detail: partsLeft.length ? `${partsLeft.length}: ${partsLeft.slice(0, 3).join(', ')}` : 'none',
    },
  ]
  console.log(`\nLog lines at error level or above: ${errorLines.length}`)
  for (const line of errorLines.slice(0, 3)) console.log(`  ${line.slice(0, 300)}`)
  console.log('\nTargets:')
  printChecks(checks, '  ')

  const results = {
    ...runInfo(root),
    settings: {
      users: USERS,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      idleSeconds: IDLE_SECONDS,
      aborts: ABORTS,
      thinkMs: THINK_MS,
    },
    steps,
    counts,
    errors: stats.errors,
    exited: how,
    memory,
    errorLogLines: errorLines.length,
    checks,
    pass: checks.every((check) => check.pass),
  }
  fs.writeFileSync(path.join(root, 'soak-results.json'), JSON.stringify(results, null, 2) + '\n')
  // The DATA_DIR goes with the server; its log stays for reading.
  fs.writeFileSync(path.join(root, 'soak-server.log'), log)
  console.log("\nwrote soak-results.json and soak-server.log (the server's log)")
  return results.pass ? 0 : 1
}

main()
  .then((code) => {
    process.exitCode = code
  })
  .catch((error: unknown) => {
    console.error(`\nsoak failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 1
  })
  .finally(async () => {
    await stopServer()
  })
