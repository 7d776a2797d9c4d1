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

export async function cannon(target: Pick<Target, 'url' | 'headers'>, seconds: number): Promise<autocannon.Result> {
  const headers = { ...BROWSER_HEADERS, ...target.headers }
  return autocannon({ url: target.url, connections: CONNECTIONS, duration: seconds, headers })
}

const serverCpuMs = (target: Target) =>
  target.cpuMs ? target.cpuMs() : target.pgid === undefined ? null : groupCpuMs(target.pgid)

export async function measureRun(round: number, target: Target): Promise<Run> {
  const loadBefore = os.loadavg()[0]!
  const cpuBefore = serverCpuMs(target)
  const result = await cannon(target, SECONDS)
  const cpuAfter = serverCpuMs(target)
  const run = toRun(round, target.label, result, loadBefore)
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

/**
 * A page to measure and the process group that serves it (for its CPU time), or a function
 * that reads the serving processes' CPU time (several processes not in one group); headers
 * beside the browser's, such as a signed-in session's cookie.
 */
export type Target = {
  label: string
  page: string
  url: string
  pgid?: number
  cpuMs?: () => number | null
  headers?: Record<string, string>
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

export function summarise(runs: Run[], target: Pick<Target, 'label' | 'page'>) {
  const mine = runs.filter((run) => run.page === target.label)
  return {
    label: target.label,
    page: target.page,
    /** The median round's req/s: one disturbed round does not move it. */
    rps: median(mine.map((run) => run.rps)),
    p99: Math.max(...mine.map((run) => run.p99)),
    responses: mine.reduce((sum, run) => sum + run.responses, 0),
    cpuMsPerRequest: mine.every((run) => run.cpuMsPerRequest !== null)
      ? mine.reduce((sum, run) => sum + run.cpuMsPerRequest! * run.responses, 0) /
        mine.reduce((sum, run) => sum + run.responses, 0)
      : null,
  }
}

export type Throughput = Awaited<ReturnType<typeof measureThroughput>>
export type Summary = Throughput['summaries'][number]

/**
 * Every target side by side: a warm-up each (discarded), then rounds in which the order
 * rotates (a b c | b c a | c a b …), so no page always runs first or last.
 */
export async function measureThroughput(targets: Target[]) {
  console.log(`\n> warm-up: ${WARMUP_SECONDS} s per page, discarded`)
  for (const target of targets) await cannon(target, WARMUP_SECONDS)
  const runs: Run[] = []
  for (let round = 1; round <= ROUNDS; round++) {
    const shift = (round - 1) % targets.length
    const order = [...targets.slice(shift), ...targets.slice(0, shift)]
    for (const target of order) {
      process.stdout.write(`> round ${round}/${ROUNDS}: ${target.label} for ${SECONDS} s … `)
      const run = await measureRun(round, target)
      console.log(`${Math.round(run.rps)} req/s`)
      runs.push(run)
    }
  }
  return { runs, summaries: targets.map((target) => summarise(runs, target)) }
}

/**
 * Many pages, one round each (issue 35, item 3: every public page against the bare app): a
 * short warm-up each, then one run per target in order. Coarser than measureThroughput, for
 * pages whose target has room.
 */
export async function measureEach(targets: Target[]) {
  const runs: Run[] = []
  for (const target of targets) {
    await cannon(target, 1)
    process.stdout.write(`> ${target.label} for ${SECONDS} s … `)
    const run = await measureRun(1, target)
    console.log(`${Math.round(run.rps)} req/s`)
    runs.push(run)
  }
  return { runs, summaries: targets.map((target) => summarise(runs, target)) }
}

/** `of`'s throughput as a share of `against`'s, and the same by server CPU per request. */
export function ratio(of: Summary, against: Summary) {
  return {
    rps: of.rps / against.rps,
    cpu: of.cpuMsPerRequest && against.cpuMsPerRequest ? against.cpuMsPerRequest / of.cpuMsPerRequest : null,
  }
}
