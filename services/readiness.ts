/**
 * Readiness (issue 17, item 5): can this process serve now? Each dependency is probed with
 * a short time limit; any failure makes the whole answer "not ready" (503 at /readyz), so a
 * load balancer or a rolling restart sends no traffic to a copy whose database or storage is
 * gone. Liveness (/healthz) asks nothing of them: a process that answers is alive.
 */
import { sql } from 'drizzle-orm'
import type { Executor } from './db/client.ts'
import type { ObjectStorage } from './storage/index.ts'

export type Probe = { name: string; check: () => Promise<unknown> }
export type Readiness = { ready: boolean; checks: Record<string, 'ok' | 'failed'> }

const PROBE_TIMEOUT_MS = 2000

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

export async function probeAll(probes: Probe[], timeoutMs = PROBE_TIMEOUT_MS): Promise<Readiness> {
  const results = await Promise.all(
    probes.map(async (probe) => {
      try {
        await withinTime(probe.check(), timeoutMs)
        return [probe.name, 'ok'] as const
      } catch {
        return [probe.name, 'failed'] as const
      }
    }),
  )
  return { ready: results.every(([, state]) => state === 'ok'), checks: Object.fromEntries(results) }
}

// A key the files service never makes: asking whether it exists reaches the store and changes nothing.
const PROBE_KEY = 'readiness/00000000-0000-0000-0000-000000000000'

/** The upstream's own dependencies: its database and its object storage. */
export function servicesProbes(db: Executor, storage: ObjectStorage): Probe[] {
  return [
    { name: 'database', check: () => db.execute(sql`select 1`) },
    { name: 'storage', check: () => storage.exists(PROBE_KEY) },
  ]
}

/** /healthz and /readyz as plain answers, for the upstream process and the portal alike. */
export const healthAnswer = () => Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } })

/**
 * `demo` names the demo parts the process runs (Config.demo; docs/decisions/0061), so an
 * operator or a monitor sees a deployment that simulates payments or shows demo pages; it
 * is left out when there are none.
 */
export const readinessAnswer = (readiness: Readiness, demo: readonly string[] = []) =>
  Response.json(
    { status: readiness.ready ? 'ready' : 'not ready', checks: readiness.checks, ...(demo.length ? { demo } : {}) },
    { status: readiness.ready ? 200 : 503, headers: { 'cache-control': 'no-store' } },
  )
