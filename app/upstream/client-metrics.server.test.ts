/** The upstream client's metrics (issue 17, item 5): each attempt counted and timed by its call's pattern. */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createMetrics } from '../../lib/metrics'
import { callLabel, createUpstreamClient, type FetchLike } from './client.server'
import { TRANSPORTS } from '../../tests/support/text-transport'

const options = {
  baseUrl: 'http://upstream.internal',
  channel: 'HiblaWeb',
  secret: 'client-test-secret-0123456789',
  scheme: 'hmac' as const,
  timeoutMs: 1000,
  retryDelayMs: 0,
  sleep: async () => {},
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function clientAnswering(answer: FetchLike, transport: (fetch: FetchLike) => FetchLike) {
  const metrics = createMetrics({ defaults: false })
  const client = createUpstreamClient({ ...options, fetch: transport(answer), metrics })
  const call = (schema: z.ZodType = z.unknown()) =>
    client.call({ name: 'plans.plan', method: 'GET', path: '/v1/plans/FIBER1500/faqs?lang=en', schema })
  return { metrics, client, call }
}

describe('call labels', () => {
  it('keep the method and the named segments, and replace ids, codes and references', () => {
    expect(callLabel('GET', '/v1/plans/FIBER1500/faqs?lang=en')).toBe('GET /v1/plans/:id/faqs')
    expect(callLabel('PUT', '/v1/drafts/Zx8_k2LqP0aB7cD9eF1gH3iJ/sections/personal-details')).toBe(
      'PUT /v1/drafts/:id/sections/personal-details',
    )
    expect(callLabel('GET', '/v1/sales/applications/OO-2024-000123/resume')).toBe(
      'GET /v1/sales/applications/:id/resume',
    )
    expect(callLabel('GET', '/notifications/0f8e2c1a-77aa-4d5e-9c1b-123456789abc')).toBe('GET /notifications/:id')
    expect(callLabel('GET', '/v1/support/tickets/carlos%40example.ph')).toBe('GET /v1/support/tickets/:id')
    expect(callLabel('POST', '/sessions/current/refresh')).toBe('POST /sessions/current/refresh')
  })
})

describe.each(TRANSPORTS)('upstream call metrics %s', (_way, transport) => {
  it('count an answered call by its pattern and status, and time it', async () => {
    const { metrics, call } = clientAnswering(async () => json({ ok: true }), transport)
    await call()
    const text = await metrics.registry.metrics()
    expect(text).toContain('hibla_upstream_calls_total{call="GET /v1/plans/:id/faqs",status="200"} 1')
    expect(text).toContain('hibla_upstream_call_duration_seconds_count{call="GET /v1/plans/:id/faqs"} 1')
    expect(text).not.toMatch(/^hibla_upstream_call_errors_total\{/m)
    expect(text).not.toContain('FIBER1500')
  })

  it('count a 5xx as a server error', async () => {
    const { metrics, call } = clientAnswering(async () => json({ error: { message: 'down' } }, 503), transport)
    await expect(call()).rejects.toThrow()
    const text = await metrics.registry.metrics()
    expect(text).toContain('hibla_upstream_calls_total{call="GET /v1/plans/:id/faqs",status="503"} 1')
    expect(text).toContain('hibla_upstream_call_errors_total{call="GET /v1/plans/:id/faqs",kind="server"} 1')
  })

  it('count a refused connection as a network error, with no status', async () => {
    const { metrics, call } = clientAnswering(() => Promise.reject(new TypeError('fetch failed')), transport)
    await expect(call()).rejects.toThrow()
    const text = await metrics.registry.metrics()
    expect(text).toContain('hibla_upstream_calls_total{call="GET /v1/plans/:id/faqs",status="none"} 1')
    expect(text).toContain('hibla_upstream_call_errors_total{call="GET /v1/plans/:id/faqs",kind="network"} 1')
  })

  it('count a call that outlived its time as a timeout', async () => {
    const { metrics, call } = clientAnswering(
      () => Promise.reject(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
      transport,
    )
    await expect(call()).rejects.toThrow()
    expect(await metrics.registry.metrics()).toContain(
      'hibla_upstream_call_errors_total{call="GET /v1/plans/:id/faqs",kind="timeout"} 1',
    )
  })

  it('count an answer of the wrong shape as invalid_response', async () => {
    const { metrics, call } = clientAnswering(async () => json({ unexpected: true }), transport)
    await expect(call(z.object({ data: z.array(z.string()) }))).rejects.toThrow()
    expect(await metrics.registry.metrics()).toContain(
      'hibla_upstream_call_errors_total{call="GET /v1/plans/:id/faqs",kind="invalid_response"} 1',
    )
  })

  it('count every attempt of a retried call', async () => {
    let attempts = 0
    const { metrics, client } = clientAnswering(
      async () => (++attempts < 3 ? json({}, 502) : json({ ok: true })),
      transport,
    )
    await client.call({
      name: 'reference.nationality',
      method: 'GET',
      path: '/v1/nationality',
      retry: true,
      schema: z.unknown(),
    })
    const text = await metrics.registry.metrics()
    expect(text).toContain('hibla_upstream_calls_total{call="GET /v1/nationality",status="502"} 2')
    expect(text).toContain('hibla_upstream_calls_total{call="GET /v1/nationality",status="200"} 1')
  })

  it('count a document download and a streamed upload too', async () => {
    const { metrics, client } = clientAnswering(async () => json({ id: 'f1' }), transport)
    await client.fetchRaw({ name: 'files.content', path: '/v1/files/abc123def/content' })
    await client.sendStream({
      name: 'files.upload',
      path: '/v1/files/upload',
      body: new Blob(['x']).stream(),
      size: 1,
      sha256: '2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881',
      contentType: 'text/plain',
      schema: z.unknown(),
    })
    const text = await metrics.registry.metrics()
    expect(text).toContain('hibla_upstream_calls_total{call="GET /v1/files/:id/content",status="200"} 1')
    expect(text).toContain('hibla_upstream_calls_total{call="POST /v1/files/upload",status="200"} 1')
  })
})
