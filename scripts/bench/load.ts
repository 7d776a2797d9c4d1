/**
 * Throughput with autocannon, and the server's CPU time per response (on a shared
 * machine req/s moves with the neighbours' load; CPU per request moves much less).
 */
import os from 'node:os'
import autocannon from 'autocannon'
import { groupCpuMs } from './processes.ts'
import { BROWSER_HEADERS, CONNECTIONS, ROUNDS, SECONDS, WARMUP_SECONDS } from './settings.ts'

export type Run = {
  round: number
  page: string
  seconds: number
  rps: number
  p99: number
  responses: number
  non200: number
  non2xx: number
  errors: number
  timeouts: number
  statusCodes: Record<string, number>
  /** CPU time the server's process group spent per response (Linux /proc), or null. */
  cpuMsPerRequest: number | null
  /** Cores the server kept busy on average (1.0 = one full core), or null. */
  serverCores: number | null
  loadBefore: number
}

async function cannon(url: string, seconds: number): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: BROWSER_HEADERS })
}

async function measureRun(round: number, page: string, base: string, pgid: number): Promise<Run> {
  const loadBefore = os.loadavg()[0]!
  const cpuBefore = groupCpuMs(pgid)
  const result = await cannon(base + page, SECONDS)
  const cpuAfter = groupCpuMs(pgid)
  const run = toRun(round, page, result, loadBefore)
  if (cpuBefore !== null && cpuAfter !== null && run.responses > 0) {
    run.cpuMsPerRequest = (cpuAfter - cpuBefore) / run.responses
    run.serverCores = (cpuAfter - cpuBefore) / (result.duration * 1000)
  }
  return run
}

function toRun(round: number, page: string, result: autocannon.Result, loadBefore: number): Run {
  const statusCodes: Record<string, number> = {}
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stats.count ?? 0
  const responses = Object.values(statusCodes).reduce((sum, count) => sum + count, 0)
  return {
    round,
    page,
    seconds: result.duration,
    rps: result.requests.mean,
    p99: result.latency.p99,
    responses,
    non200: responses - (statusCodes['200'] ?? 0),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    cpuMsPerRequest: null,
    serverCores: null,
    loadBefore,
  }
}

function summarise(runs: Run[], page: string) {
  const mine = runs.filter((run) => run.page === page)
  return {
    page,
    rps: mine.reduce((sum, run) => sum + run.rps, 0) / mine.length,
    p99: Math.max(...mine.map((run) => run.p99)),
    responses: mine.reduce((sum, run) => sum + run.responses, 0),
    cpuMsPerRequest: mine.every((run) => run.cpuMsPerRequest !== null)
      ? mine.reduce((sum, run) => sum + run.cpuMsPerRequest! * run.responses, 0) /
        mine.reduce((sum, run) => sum + run.responses, 0)
      : null,
  }
}

export type Throughput = Awaited<ReturnType<typeof measureThroughput>>

/**
 * The landing page against the framework floor: a warm-up per page (discarded), then
 * rounds alternating the order (floor, landing | landing, floor | …) so neither page
 * always runs later.
 */
export async function measureThroughput(base: string, pgid: number, paths: { floor: string; landing: string }) {
  console.log(`\n> warm-up: ${WARMUP_SECONDS} s per page, discarded`)
  for (const page of [paths.floor, paths.landing]) await cannon(base + page, WARMUP_SECONDS)
  const runs: Run[] = []
  for (let round = 1; round <= ROUNDS; round++) {
    const order = round % 2 === 1 ? [paths.floor, paths.landing] : [paths.landing, paths.floor]
    for (const page of order) {
      process.stdout.write(`> round ${round}/${ROUNDS}: ${page} for ${SECONDS} s … `)
      const run = await measureRun(round, page, base, pgid)
      console.log(`${Math.round(run.rps)} req/s`)
      runs.push(run)
    }
  }
  const floor = summarise(runs, paths.floor)
  const landing = summarise(runs, paths.landing)
  const ratio = landing.rps / floor.rps
  const cpuRatio =
    floor.cpuMsPerRequest !== null && landing.cpuMsPerRequest ? floor.cpuMsPerRequest / landing.cpuMsPerRequest : null
  return { runs, floor, landing, ratio, cpuRatio }
}
