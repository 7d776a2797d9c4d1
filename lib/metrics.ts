/**
 * Prometheus metrics (issue 17, item 5), one registry per process (never prom-client's global
 * one, so a test can make several): the process's own (event-loop lag, memory, CPU, GC),
 * requests by route, upstream calls by call, and background-job queues. Both processes use
 * it: the portal (server.ts, server/metrics.ts) and the upstream (services/main.ts,
 * services/metrics.ts). `serveMetrics` answers them on a listener of their own, which the
 * public cannot reach (docs/operations.md, Metrics).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

const PREFIX = 'hibla_'

// Every label value comes from a fixed set by construction (route patterns, call patterns);
// this cap is the backstop should a pattern let an id through: past it, a new value is 'other'.
const MAX_VALUES_PER_LABEL = 300

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** Why an upstream call counts as failed: no answer, no answer in time, a 5xx, or an answer of the wrong shape. */
export type UpstreamErrorKind = 'network' | 'timeout' | 'server' | 'invalid_response'

/** One attempt's outcome: the answer's status, or why there was none. */
export type UpstreamCallOutcome = { status: number } | { failure: 'network' | 'timeout' }

/** What the portal's upstream client records (app/upstream/client.server.ts, through the load context). */
export type UpstreamCallMetrics = {
  /** One attempt of a call, timed until its answer's headers (or its failure). A 5xx counts as an error too. */
  observeUpstreamCall(call: string, outcome: UpstreamCallOutcome, seconds: number): void
  /** An answer the client could not use (its schema did not parse). */
  countUpstreamError(call: string, kind: UpstreamErrorKind): void
}

/**
 * One background-job queue as its process sees it (pg-boss: services/jobs). `failed` is the
 * number of failed jobs the queue reports; the failures counter adds what it grew by since
 * the last scrape, so a count that drops as old jobs are deleted is no loss to it.
 */
export type JobQueueStats = { queue: string; queued: number; active: number; failed: number }
export type JobStatsSource = () => Promise<JobQueueStats[]>

export type Metrics = UpstreamCallMetrics & {
  registry: Registry
  /** One request answered, by its route's pattern or fixed name (never its raw path). */
  observeRequest(method: string, route: string, status: number, seconds: number): void
  /** What feeds the job gauges at each scrape; without one they report nothing. */
  setJobStatsSource(source: JobStatsSource | undefined): void
}

export type MetricsOptions = {
  /** The process's own metrics (prom-client's defaults, event-loop lag among them). Default true. */
  defaults?: boolean
}

export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = new Registry()
  if (options.defaults ?? true) collectDefaultMetrics({ register: registry, prefix: PREFIX })
  const registers = [registry]

  const requests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'Requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  })
  const requestDuration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from a request arriving to its answer being sent, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  })
  const upstreamCalls = new Counter({
    name: `${PREFIX}upstream_calls_total`,
    help: "Upstream call attempts, by call (method and path pattern) and the answer's status ('none' without one).",
    labelNames: ['call', 'status'] as const,
    registers,
  })
  const upstreamDuration = new Histogram({
    name: `${PREFIX}upstream_call_duration_seconds`,
    help: "Time from an upstream call's start to its answer's headers (or its failure), by call.",
    labelNames: ['call'] as const,
    // The client gives up at UPSTREAM_TIMEOUT_MS (10 s by default).
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  })
  const upstreamErrors = new Counter({
    name: `${PREFIX}upstream_call_errors_total`,
    help: 'Upstream call attempts that failed, by call and kind: network, timeout, server (5xx), invalid_response.',
    labelNames: ['call', 'kind'] as const,
    registers,
  })

  let jobSource: JobStatsSource | undefined
  // Both job metrics collect in the same scrape: they share one call to the source.
  let jobStatsInFlight: Promise<JobQueueStats[]> | undefined
  function jobStats(): Promise<JobQueueStats[]> {
    if (!jobSource) return Promise.resolve([])
    jobStatsInFlight ??= jobSource()
      // A source that fails (its database down) leaves the job metrics empty, not the whole scrape failed.
      .catch(() => [])
      .finally(() => {
        jobStatsInFlight = undefined
      })
    return jobStatsInFlight
  }
  new Gauge({
    name: `${PREFIX}job_queue_depth`,
    help: 'Background jobs waiting (queued) and running (active), by queue.',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      const stats = await jobStats()
      this.reset()
      for (const { queue, queued, active } of stats) {
        this.set({ queue, state: 'queued' }, queued)
        this.set({ queue, state: 'active' }, active)
      }
    },
  })
  const failedSeen = new Map<string, number>()
  new Counter({
    name: `${PREFIX}job_failures_total`,
    help: 'Background jobs that failed, by queue.',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      for (const { queue, failed } of await jobStats()) {
        const grown = failed - (failedSeen.get(queue) ?? 0)
        if (grown > 0) this.inc({ queue }, grown)
        else if (!failedSeen.has(queue)) this.inc({ queue }, 0)
        failedSeen.set(queue, failed)
      }
    },
  })

  const routes = boundedLabel()
  const calls = boundedLabel()
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const labels = { method: methodLabel(method), route: routes(route) }
      requests.inc({ ...labels, status: String(status) })
      requestDuration.observe(labels, seconds)
    },
    observeUpstreamCall(call, outcome, seconds) {
      const label = calls(call)
      upstreamCalls.inc({ call: label, status: 'status' in outcome ? String(outcome.status) : 'none' })
      upstreamDuration.observe({ call: label }, seconds)
      if ('failure' in outcome) upstreamErrors.inc({ call: label, kind: outcome.failure })
      else if (outcome.status >= 500) upstreamErrors.inc({ call: label, kind: 'server' })
    },
    countUpstreamError(call, kind) {
      upstreamErrors.inc({ call: calls(call), kind })
    },
    setJobStatsSource(source) {
      jobSource = source
    },
  }
}

function methodLabel(method: string) {
  const upper = method.toUpperCase()
  return METHODS.has(upper) ? upper : 'other'
}

function boundedLabel() {
  const seen = new Set<string>()
  return (value: string) => {
    if (seen.has(value)) return value
    if (seen.size >= MAX_VALUES_PER_LABEL) return 'other'
    seen.add(value)
    return value
  }
}

/**
 * Times one request on a Node server and records it when its answer is sent. `route` names it
 * by pattern, asked then: it should read the path as it came, before a handler rewrote req.url.
 */
export function measureRequest(
  metrics: Pick<Metrics, 'observeRequest'>,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  route: () => string,
) {
  const started = process.hrtime.bigint()
  res.once('finish', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9
    metrics.observeRequest(req.method ?? 'GET', route(), res.statusCode, seconds)
  })
}

export type MetricsListener = { port: number; close: () => Promise<void> }

/**
 * The metrics on a listener of their own (METRICS_PORT, UPSTREAM_METRICS_PORT on
 * METRICS_HOST): GET /metrics answers the registry in Prometheus's text format; anything else 404.
 */
export function serveMetrics(metrics: Pick<Metrics, 'registry'>, at: { port: number; host: string }) {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n')
      return
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`${String(error)}\n`),
    )
  })
  return new Promise<MetricsListener>((resolve, reject) => {
    server.once('error', reject)
    server.listen(at.port, at.host, () => {
      server.off('error', reject)
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            server.closeAllConnections()
          }),
      })
    })
  })
}
