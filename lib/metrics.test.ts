import { describe, expect, it } from 'vitest'
import { createMetrics, serveMetrics, type Metrics } from './metrics.ts'

/** A metric's samples as prom-client reports them (histograms: their _bucket, _sum and _count). */
async function samples(metrics: Metrics, name: string) {
  const metric = metrics.registry.getSingleMetric(name)
  if (!metric) throw new Error(`no metric ${name}`)
  return (await metric.get()).values
}

async function valueOf(metrics: Metrics, name: string, labels: Record<string, string>) {
  const found = (await samples(metrics, name)).find((sample) =>
    Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )
  return found?.value
}

describe('request metrics', () => {
  it('counts a request by method, route and status and times it by method and route', async () => {
    const metrics = createMetrics({ defaults: false })
    metrics.observeRequest('GET', '/plans/:code', 200, 0.03)
    metrics.observeRequest('GET', '/plans/:code', 200, 0.3)
    metrics.observeRequest('GET', '/plans/:code', 404, 0.01)

    expect(
      await valueOf(metrics, 'hibla_http_requests_total', { method: 'GET', route: '/plans/:code', status: '200' }),
    ).toBe(2)
    const text = await metrics.registry.metrics()
    expect(text).toContain('hibla_http_request_duration_seconds_count{method="GET",route="/plans/:code"} 3')
    expect(text).toContain('hibla_http_request_duration_seconds_bucket{le="0.05",method="GET",route="/plans/:code"} 2')
  })

  it('names an unknown method other', async () => {
    const metrics = createMetrics({ defaults: false })
    metrics.observeRequest('PROPFIND', '/', 405, 0.001)
    expect(await valueOf(metrics, 'hibla_http_requests_total', { method: 'other', route: '/' })).toBe(1)
  })

  it('keeps the label set bounded even if a caller passes ever new routes: past 300, they are other', async () => {
    const metrics = createMetrics({ defaults: false })
    for (let n = 0; n < 310; n++) metrics.observeRequest('GET', `/leak/${n}`, 200, 0.001)
    const routes = new Set((await samples(metrics, 'hibla_http_requests_total')).map((s) => s.labels.route))
    expect(routes.size).toBe(301)
    expect(routes.has('other')).toBe(true)
    expect(routes.has('/leak/305')).toBe(false)
  })
})

describe('upstream call metrics', () => {
  it('counts answers by status, and a 5xx, a network failure and a timeout as errors of their kind', async () => {
    const metrics = createMetrics({ defaults: false })
    const call = 'GET /v1/plans/:id'
    metrics.observeUpstreamCall(call, { status: 200 }, 0.02)
    metrics.observeUpstreamCall(call, { status: 404 }, 0.02)
    metrics.observeUpstreamCall(call, { status: 503 }, 0.02)
    metrics.observeUpstreamCall(call, { failure: 'network' }, 0.001)
    metrics.observeUpstreamCall(call, { failure: 'timeout' }, 10)
    metrics.countUpstreamError(call, 'invalid_response')

    expect(await valueOf(metrics, 'hibla_upstream_calls_total', { call, status: '200' })).toBe(1)
    expect(await valueOf(metrics, 'hibla_upstream_calls_total', { call, status: 'none' })).toBe(2)
    const errors = await samples(metrics, 'hibla_upstream_call_errors_total')
    expect(Object.fromEntries(errors.map((s) => [s.labels.kind, s.value]))).toEqual({
      server: 1,
      network: 1,
      timeout: 1,
      invalid_response: 1,
    })
    expect(await metrics.registry.metrics()).toContain(
      'hibla_upstream_call_duration_seconds_count{call="GET /v1/plans/:id"} 5',
    )
  })
})

describe('job metrics', () => {
  it('report nothing while no process has registered a source', async () => {
    const metrics = createMetrics({ defaults: false })
    expect(await samples(metrics, 'hibla_job_queue_depth')).toEqual([])
    expect(await samples(metrics, 'hibla_job_failures_total')).toEqual([])
  })

  it('show each queue’s waiting and running jobs from the source, asked once per scrape', async () => {
    const metrics = createMetrics({ defaults: false })
    let asked = 0
    metrics.setJobStatsSource(async () => {
      asked++
      return [
        { queue: 'autopay', queued: 4, active: 1, failed: 0 },
        { queue: 'email', queued: 0, active: 2, failed: 3 },
      ]
    })
    const text = await metrics.registry.metrics()
    expect(asked).toBe(1)
    expect(text).toContain('hibla_job_queue_depth{queue="autopay",state="queued"} 4')
    expect(text).toContain('hibla_job_queue_depth{queue="email",state="active"} 2')
    expect(text).toContain('hibla_job_failures_total{queue="autopay"} 0')
    expect(text).toContain('hibla_job_failures_total{queue="email"} 3')
  })

  it('count failures as the source’s count grows, and lose none when it drops (old failures leave its window)', async () => {
    const metrics = createMetrics({ defaults: false })
    let failed = 3
    metrics.setJobStatsSource(async () => [{ queue: 'email', queued: 0, active: 0, failed }])
    await metrics.registry.metrics()
    failed = 5
    await metrics.registry.metrics()
    failed = 1
    await metrics.registry.metrics()
    failed = 2
    expect(await valueOf(metrics, 'hibla_job_failures_total', { queue: 'email' })).toBe(6)
  })

  it('leave the job metrics empty, and the rest of the scrape whole, when the source fails', async () => {
    const metrics = createMetrics({ defaults: false })
    metrics.observeRequest('GET', '/', 200, 0.01)
    metrics.setJobStatsSource(() => Promise.reject(new Error('database down')))
    const text = await metrics.registry.metrics()
    expect(text).toContain('hibla_http_requests_total{method="GET",route="/",status="200"} 1')
    expect(text).not.toMatch(/^hibla_job_queue_depth\{/m)
  })
})

describe('the metrics listener', () => {
  it('answers GET /metrics in the Prometheus text format, with the process’s event-loop lag', async () => {
    const metrics = createMetrics()
    metrics.observeRequest('GET', '/healthz', 200, 0.001)
    const listener = await serveMetrics(metrics, { port: 0, host: '127.0.0.1' })
    try {
      const answer = await fetch(`http://127.0.0.1:${listener.port}/metrics`)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
      const text = await answer.text()
      const line = text.split('\n').find((l) => l.startsWith('hibla_http_requests_total{'))
      expect(line).toMatch(/^hibla_http_requests_total\{method="GET",route="\/healthz",status="200"\} 1$/)
      expect(text).toMatch(/^# TYPE hibla_nodejs_eventloop_lag_seconds gauge$/m)
      expect(text).toMatch(/^hibla_nodejs_eventloop_lag_seconds \d/m)
    } finally {
      await listener.close()
    }
  })

  it('answers 404 to any other path or method', async () => {
    const listener = await serveMetrics(createMetrics({ defaults: false }), { port: 0, host: '127.0.0.1' })
    try {
      expect((await fetch(`http://127.0.0.1:${listener.port}/`)).status).toBe(404)
      expect((await fetch(`http://127.0.0.1:${listener.port}/metrics`, { method: 'POST' })).status).toBe(404)
    } finally {
      await listener.close()
    }
  })
})
