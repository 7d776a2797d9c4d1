/**
 * Issue 17, Performance: the scale-out set-up (tests/scale-out/cluster.ts: nginx round robin
 * in front of portal processes, and in front of upstream processes on a Postgres database of
 * their own, all started by deploy/process.sh) measured on this machine, when a Postgres
 * server answers (BENCH_DATABASE_URL, else TEST_DATABASE_URL):
 *   1. throughput through nginx of one portal and one upstream against three portals and two
 *      upstreams, both set-ups running side by side, for the landing page (a first visit) and
 *      a signed-in dashboard (/customer with the demo customer's session cookie, signed in
 *      once by plain requests); rounds rotate the order of every target, so the set-ups
 *      alternate, and a target's req/s is its median round, as in load.ts. The bare React Router app
 *      (bare.ts) takes the same rounds on its page, as the floor for memory;
 *   2. each process's memory (VmRSS) idle and after the rounds, beside the bare app's;
 *   3. start to ready on the seeded database, as a rolling restart waits for it: one portal
 *      and one upstream stopped (SIGTERM) and started again, spawn to /readyz 200, several
 *      times; the median is checked against 2 s, and each start's log lines give where
 *      the time went.
 * Server CPU per response is split by role (portals, upstreams, nginx, the Postgres server's
 * processes, and this process, the load generator): on a machine of two cores what the
 * load generator and Postgres take is not left for the portals.
 */
import pg from 'pg'
import fs from 'node:fs'
import path from 'node:path'
import { DEMO_USERS } from '../../services/identity/demo-users.ts'
import { startCluster, type Cluster, type ProcessName } from '../../tests/scale-out/cluster.ts'
import { signInByRequests } from '../../tests/support/portal.ts'
import { startBareApp, stopBareApp } from './bare.ts'
import { cannon, measureRun, median, summarise, type Run, type Target } from './load.ts'
import { freePort, listProcesses, pidsCpuMs, rssBytes } from './processes.ts'
import { printChecks, table } from './report.ts'
import { positiveNumber, ROUNDS, SECONDS, WARMUP_SECONDS } from './settings.ts'

export const MAX_START_TO_READY_MS = 2000
/** Issue 35, item 2: a signed-in dashboard, 1 portal + 1 upstream, CPU across portal, upstream and Postgres. */
export const MAX_DASHBOARD_CPU_MS = 20
const RESTARTS = Math.round(positiveNumber('BENCH_RESTARTS', 5))
const BASE_PORT = Math.round(positiveNumber('BENCH_SCALE_OUT_BASE_PORT', 3300))
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL || 'info'
const BARE_LABEL = 'bare app /'
const MB = 1024 * 1024

// Each set-up on a database of its own; the first upstream migrates and seeds it.
const SETUPS = [
  { key: 'one', name: '1 portal + 1 upstream', portals: 1, upstreams: 1, database: 'hibla_bench_one', port: 0 },
  { key: 'three', name: '3 portals + 2 upstreams', portals: 3, upstreams: 2, database: 'hibla_bench_three', port: 20 },
] as const
type SetupKey = (typeof SETUPS)[number]['key']

const PAGES = [
  { key: 'landing', path: '/', signedIn: false },
  { key: 'dashboard', path: '/customer', signedIn: true },
  { key: 'bill history', path: '/customer/bill-history', signedIn: true },
] as const

const ROLES = ['portals', 'upstreams', 'nginx', 'postgres', 'load generator'] as const
type Role = (typeof ROLES)[number]

export type ScaleOutRun = Run & { setup: string; cpuByRole: Record<Role, number | null> }

export type ScaleOutBench =
  | { skipped: string }
  | {
      database: string
      setups: { name: string; portals: number; upstreams: number }[]
      runs: ScaleOutRun[]
      summaries: (ReturnType<typeof summarise> & { cpuMsByRole: Record<Role, number | null> })[]
      /** Three portals' median req/s over one portal's, per page. */
      ratios: { landing: number; dashboard: number }
      memory: { process: string; setup: string; idleMB: number | null; afterLoadMB: number | null }[]
      startToReady: {
        /** The first start of each set-up's first upstream, on an empty database: migrations and the seed. */
        firstStartThatSeedsMs: number[]
        portalMs: number[]
        upstreamMs: number[]
        portalMedianMs: number
        upstreamMedianMs: number
        /** The last restart's log lines: ms after spawn, message. */
        portalTimeline: { ms: number; msg: string }[]
        upstreamTimeline: { ms: number; msg: string }[]
      }
    }

/** Signs a user in with plain requests (tests/support/portal.ts) against production processes; answers the cookie header. */
async function signIn(base: string, user: { email: string; password: string }) {
  return (await signInByRequests(base, user, '__Host-session')).jar.header()
}

const databaseServer = () => process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL

async function postgresAnswers(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

const mb = (bytes: number | null) => (bytes === null ? null : Math.round((bytes / MB) * 10) / 10)

/** Each role's CPU time now, ms (null off Linux). */
function cpuByRole(cluster: Cluster): Record<Role, number | null> {
  const running = cluster.running()
  const pidsOf = (kind: string) => running.filter((name) => name.startsWith(kind)).map((name) => cluster.pid(name))
  const processes = listProcesses() ?? []
  const nginx = cluster.nginxPid()
  const postgres = processes.filter((entry) => entry.comm === 'postgres')
  const postgresPids = new Set(postgres.map((entry) => entry.pid))
  const self = process.cpuUsage()
  return {
    portals: pidsCpuMs(pidsOf('portal')),
    upstreams: pidsCpuMs(pidsOf('upstream')),
    nginx: pidsCpuMs([nginx, ...processes.filter((entry) => entry.ppid === nginx).map((entry) => entry.pid)]),
    // Every process of the Postgres server (its backends serve both set-ups and nothing else here),
    // and through its postmaster those that exited (an idle pool connection closed).
    postgres: pidsCpuMs(
      postgres.map((entry) => entry.pid),
      postgres.filter((entry) => !postgresPids.has(entry.ppid)).map((entry) => entry.pid),
    ),
    'load generator': (self.user + self.system) / 1000,
  }
}

/** The JSON log lines a start wrote, as ms after its spawn. */
function timeline(cluster: Cluster, name: ProcessName) {
  const start = cluster.lastStart(name)
  if (!start) return []
  const text = fs.readFileSync(cluster.logFile(name)).subarray(start.logOffset).toString('utf8')
  const lines: { ms: number; msg: string }[] = []
  for (const line of text.split('\n')) {
    try {
      const entry = JSON.parse(line) as { time?: number; msg?: string }
      if (typeof entry.time === 'number' && entry.msg) lines.push({ ms: entry.time - start.spawnedAt, msg: entry.msg })
    } catch {
      // not a log line (node's own warnings)
    }
  }
  lines.push({ ms: Math.round(start.readyAfterMs), msg: '/readyz answered 200' })
  return lines
}

async function dropDatabases(server: string) {
  const admin = new pg.Client({ connectionString: server })
  try {
    await admin.connect()
    for (const setup of SETUPS) await admin.query(`DROP DATABASE IF EXISTS ${setup.database} WITH (FORCE)`)
  } catch {
    // left for the next run, which drops them before it starts
  } finally {
    await admin.end().catch(() => undefined)
  }
}

export async function measureScaleOut(): Promise<ScaleOutBench> {
  console.log('\n> scale-out: nginx in front of portal and upstream processes (tests/scale-out/cluster.ts)')
  const server = databaseServer()
  if (!server || !(await postgresAnswers(server))) {
    console.log('  skipped: no Postgres (set BENCH_DATABASE_URL or TEST_DATABASE_URL)')
    return { skipped: 'no Postgres' }
  }
  const clusters = new Map<SetupKey, Cluster>()
  try {
    const firstStartThatSeedsMs: number[] = []
    for (const setup of SETUPS) {
      process.stdout.write(`> starting ${setup.name} on database ${setup.database} … `)
      const cluster = await startCluster({
        portals: setup.portals,
        upstreams: setup.upstreams,
        basePort: BASE_PORT + setup.port,
        logLevel: LOG_LEVEL,
        databaseServer: server,
        databaseName: setup.database,
      })
      clusters.set(setup.key, cluster)
      firstStartThatSeedsMs.push(cluster.lastStart('upstream-1')!.readyAfterMs)
      console.log(`ready (logs in ${cluster.workDir})`)
    }

    const barePort = await freePort()
    const bare = await startBareApp(barePort)

    // The demo customer, signed in once per set-up by plain requests; its cookies go with every request.
    const customer = DEMO_USERS.find((user) => user.email === 'customer@example.com')!
    const targets: (Target & { setup: string; cluster?: Cluster })[] = [
      { label: BARE_LABEL, setup: 'bare app', page: '/', url: `${bare.base}/`, pgid: bare.pgid },
    ]
    for (const setup of SETUPS) {
      const cluster = clusters.get(setup.key)!
      const cookie = await signIn(cluster.publicUrl, customer)
      for (const page of PAGES) {
        const url = `http://127.0.0.1:${cluster.ports.public}${page.path}`
        const headers: Record<string, string> = page.signedIn ? { cookie } : {}
        const answer = await fetch(url, { headers, redirect: 'manual' })
        if (answer.status !== 200)
          throw new Error(`${setup.name} ${page.path} answered ${answer.status} before the load`)
        targets.push({
          label: `${setup.name}: ${page.key}`,
          setup: setup.name,
          page: page.path,
          url,
          headers,
          cluster,
          cpuMs: () => {
            const roles = cpuByRole(cluster)
            return roles.portals === null ? null : roles.portals + (roles.upstreams ?? 0) + (roles.nginx ?? 0)
          },
        })
      }
    }

    const processNames = () =>
      SETUPS.flatMap((setup) =>
        clusters
          .get(setup.key)!
          .running()
          .map((name) => ({ setup, name })),
      )
    const memoryNow = () => [
      ...processNames().map(({ setup, name }) => ({
        process: name,
        setup: setup.name,
        rss: rssBytes(clusters.get(setup.key)!.pid(name)),
      })),
      { process: 'bare app (react-router-serve)', setup: 'bare app', rss: rssBytes(bare.pgid) },
    ]
    const idle = memoryNow()

    console.log(`\n> scale-out warm-up: ${WARMUP_SECONDS} s per target, discarded`)
    for (const target of targets) await cannon(target, WARMUP_SECONDS)
    const runs: ScaleOutRun[] = []
    for (let round = 1; round <= ROUNDS; round++) {
      const shift = (round - 1) % targets.length
      for (const target of [...targets.slice(shift), ...targets.slice(0, shift)]) {
        process.stdout.write(`> scale-out round ${round}/${ROUNDS}: ${target.label} for ${SECONDS} s … `)
        const before = target.cluster ? cpuByRole(target.cluster) : undefined
        const run = await measureRun(round, target)
        const after = target.cluster ? cpuByRole(target.cluster) : undefined
        const byRole = Object.fromEntries(
          ROLES.map((role) => {
            const spent = before?.[role] != null && after?.[role] != null ? after[role]! - before[role]! : null
            return [role, spent === null || run.responses === 0 ? null : spent / run.responses]
          }),
        ) as Record<Role, number | null>
        console.log(`${Math.round(run.rps)} req/s`)
        runs.push({ ...run, setup: target.setup, cpuByRole: byRole })
      }
    }
    const afterLoad = memoryNow()
    await stopBareApp()

    const summaries = targets.map((target) => {
      const mine = runs.filter((run) => run.page === target.label)
      const cpuMsByRole = Object.fromEntries(
        ROLES.map((role) => [
          role,
          mine.every((run) => run.cpuByRole[role] !== null) ? median(mine.map((run) => run.cpuByRole[role]!)) : null,
        ]),
      ) as Record<Role, number | null>
      return { ...summarise(runs, target), cpuMsByRole }
    })
    const rpsOf = (label: string) => summaries.find((summary) => summary.label === label)!.rps
    const ratio = (page: string) => rpsOf(`${SETUPS[1].name}: ${page}`) / rpsOf(`${SETUPS[0].name}: ${page}`)

    // Start to ready on the seeded database: the bigger set-up's last portal and last upstream.
    const three = clusters.get('three')!
    const portalName: ProcessName = `portal-${SETUPS[1].portals}`
    const upstreamName: ProcessName = `upstream-${SETUPS[1].upstreams}`
    const portalMs: number[] = []
    const upstreamMs: number[] = []
    console.log()
    for (let n = 1; n <= RESTARTS; n++) {
      upstreamMs.push(await three.restart(upstreamName))
      portalMs.push(await three.restart(portalName))
      console.log(
        `> restart ${n}/${RESTARTS}: ${upstreamName} ready in ${Math.round(upstreamMs.at(-1)!)} ms, ` +
          `${portalName} in ${Math.round(portalMs.at(-1)!)} ms`,
      )
    }

    return {
      database: new URL(server).host,
      setups: SETUPS.map(({ name, portals, upstreams }) => ({ name, portals, upstreams })),
      runs,
      summaries,
      ratios: { landing: ratio('landing'), dashboard: ratio('dashboard') },
      memory: idle.map((entry, n) => ({
        process: entry.process,
        setup: entry.setup,
        idleMB: mb(entry.rss),
        afterLoadMB: mb(afterLoad[n]?.rss ?? null),
      })),
      startToReady: {
        firstStartThatSeedsMs,
        portalMs,
        upstreamMs,
        portalMedianMs: median(portalMs),
        upstreamMedianMs: median(upstreamMs),
        portalTimeline: timeline(three, portalName),
        upstreamTimeline: timeline(three, upstreamName),
      },
    }
  } finally {
    await stopBareApp()
    for (const cluster of clusters.values()) await cluster.stop()
    await dropDatabases(server!)
  }
}

const fixed = (value: number | null, digits = 2) => (value === null ? 'n/a' : value.toFixed(digits))

export function printScaleOut(bench: ScaleOutBench) {
  console.log('\nScale-out (issue 17, Performance)')
  if ('skipped' in bench) {
    console.log(`  skipped: ${bench.skipped}`)
    return
  }
  console.log(
    `nginx round robin in front of the portals, and in front of the upstreams (each upstream its own process,` +
      `\non Postgres at ${bench.database}); ${ROUNDS} rounds × ${SECONDS} s per target in rotating order, median round.` +
      `\nCPU ms per response by role: the set-up's processes, the whole Postgres server, and this process (autocannon).\n`,
  )
  const rows = bench.summaries.map((summary) => [
    summary.label,
    summary.rps.toFixed(0),
    summary.p99,
    ...ROLES.map((role) => fixed(summary.cpuMsByRole[role])),
    Math.max(...bench.runs.filter((run) => run.page === summary.label).map((run) => run.loadBefore)).toFixed(1),
  ])
  console.log(
    table(
      ['target', 'req/s', 'p99 ms', ...ROLES.map((role) => `${role} ms/req`), 'load 1m (max)'],
      rows,
      rows[0]!.map((_, column) => column > 0),
    ),
  )
  console.log(
    `\n3 portals / 1 portal: landing ${bench.ratios.landing.toFixed(2)}×, signed-in dashboard ${bench.ratios.dashboard.toFixed(2)}×`,
  )
  const { dashboardCpu, bareCpu } = dashboardCost(bench)
  if (dashboardCpu !== null && bareCpu)
    console.log(
      `The machine's yardstick in this run: the bare app costs ${bareCpu.toFixed(2)} ms of CPU per response; ` +
        `a signed-in dashboard (${SETUPS[0].name}: portal, upstream, Postgres) ${dashboardCpu.toFixed(1)} ms, ` +
        `${(dashboardCpu / bareCpu).toFixed(1)}× it.`,
    )
  console.log('\nMemory (VmRSS, MB): idle after start and sign-in, and after the rounds\n')
  console.log(
    table(
      ['set-up', 'process', 'idle', 'after load'],
      bench.memory.map((entry) => [entry.setup, entry.process, fixed(entry.idleMB, 0), fixed(entry.afterLoadMB, 0)]),
      [false, false, true, true],
    ),
  )
  const { startToReady: s } = bench
  const list = (values: number[]) => values.map((value) => Math.round(value)).join(', ')
  console.log(`\nStart to ready (spawn → /readyz 200), seeded database, ms:`)
  console.log(`  upstream: ${list(s.upstreamMs)} (median ${Math.round(s.upstreamMedianMs)})`)
  console.log(`  portal:   ${list(s.portalMs)} (median ${Math.round(s.portalMedianMs)})`)
  console.log(`  first start of an upstream on an empty database (migrations, seed): ${list(s.firstStartThatSeedsMs)}`)
  for (const [name, lines] of [
    ['upstream', s.upstreamTimeline],
    ['portal', s.portalTimeline],
  ] as const) {
    console.log(`  last ${name} start, ms after spawn: ${lines.map((line) => `${line.ms} ${line.msg}`).join('; ')}`)
  }
  console.log()
}

/**
 * The dashboard's CPU per response in the first set-up (portal, upstream, Postgres), and the
 * bare app's in the same run: a yardstick for the machine's speed, which moves with its
 * neighbours (docs/operations.md, Capacity: threefold within an hour on a shared machine).
 */
function dashboardCost(bench: Exclude<ScaleOutBench, { skipped: string }>) {
  const dashboard = bench.summaries.find((summary) => summary.label === `${SETUPS[0].name}: dashboard`)
  const parts = dashboard
    ? (['portals', 'upstreams', 'postgres'] as const).map((role) => dashboard.cpuMsByRole[role])
    : []
  const dashboardCpu = parts.length > 0 && parts.every((ms) => ms !== null) ? parts.reduce((a, b) => a! + b!, 0)! : null
  const bareCpu = bench.summaries.find((summary) => summary.label === BARE_LABEL)?.cpuMsPerRequest ?? null
  return { dashboard, parts, dashboardCpu, bareCpu }
}

export function scaleOutChecks(bench: ScaleOutBench) {
  if ('skipped' in bench) return []
  const bad = bench.runs.filter((run) => run.non200 > 0 || run.errors > 0 || run.timeouts > 0)
  const limit = `${MAX_START_TO_READY_MS / 1000} s`
  const { dashboard, parts, dashboardCpu, bareCpu } = dashboardCost(bench)
  const yardstick =
    dashboardCpu !== null && bareCpu
      ? `, ${(dashboardCpu / bareCpu).toFixed(1)}× the bare app's ${bareCpu.toFixed(2)}`
      : ''
  return [
    {
      name: `scale-out: a signed-in dashboard costs at most ${MAX_DASHBOARD_CPU_MS} ms of CPU across portal, upstream and Postgres (${SETUPS[0].name})`,
      pass: dashboardCpu !== null && dashboardCpu <= MAX_DASHBOARD_CPU_MS,
      detail:
        dashboardCpu === null
          ? 'not measured (no CPU reading for a role)'
          : `${dashboardCpu.toFixed(1)} ms per response: portal ${parts[0]!.toFixed(1)}, upstream ${parts[1]!.toFixed(1)}, ` +
            `Postgres ${parts[2]!.toFixed(1)}${yardstick}; ${Math.round(dashboard!.rps)} req/s`,
    },
    {
      name: `scale-out: a portal copy's start to ready at most ${limit} (seeded database)`,
      pass: bench.startToReady.portalMedianMs <= MAX_START_TO_READY_MS,
      detail: `median ${Math.round(bench.startToReady.portalMedianMs)} ms of ${bench.startToReady.portalMs.length}`,
    },
    {
      name: `scale-out: an upstream copy's start to ready at most ${limit} (seeded database)`,
      pass: bench.startToReady.upstreamMedianMs <= MAX_START_TO_READY_MS,
      detail: `median ${Math.round(bench.startToReady.upstreamMedianMs)} ms of ${bench.startToReady.upstreamMs.length}`,
    },
    {
      name: 'scale-out: every response was 200, no errors or timeouts',
      pass: bad.length === 0,
      detail:
        bad.length === 0
          ? `${bench.runs.reduce((sum, run) => sum + run.responses, 0)} responses`
          : bad
              .map((run) => `round ${run.round} ${run.page}: ${JSON.stringify(run.statusCodes)}, ${run.errors} errors`)
              .join('; '),
    },
  ]
}

// Alone: BENCH_DATABASE_URL=postgres://… node --import tsx scripts/bench/scale-out.ts (after npm run build)
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  measureScaleOut()
    .then((bench) => {
      printScaleOut(bench)
      const checks = scaleOutChecks(bench)
      process.exitCode = printChecks(checks) ? 0 : 1
    })
    .catch((error: unknown) => {
      console.error(error)
      process.exitCode = 1
    })
}
