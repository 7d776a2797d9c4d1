/** The upstream process's request metrics (issue 17, item 5): labelled by the real gateway's route patterns. */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMetrics } from '../lib/metrics.ts'
import { upstreamRequestMetrics, upstreamRouteLabel } from './metrics.ts'
import { startTestGateway, type TestGateway } from './testing.ts'

let t: TestGateway
beforeAll(async () => {
  t = await startTestGateway()
})
afterAll(() => t?.close())

describe('upstream route labels', () => {
  it('name a call by the pattern of the gateway route that answers it, never by its ids', () => {
    expect(upstreamRouteLabel(t.gateway, 'GET', '/v1/drafts/Zx8_k2LqP0aB7cD9eF1gH3iJ')).toBe('/v1/drafts/:draftId')
    expect(upstreamRouteLabel(t.gateway, 'PUT', '/v1/drafts/Zx8_k2LqP0aB7cD9eF1gH3iJ/sections/address')).toBe(
      '/v1/drafts/:draftId/sections/:section',
    )
    expect(upstreamRouteLabel(t.gateway, 'HEAD', '/v1/plans')).toBe('/v1/plans')
    expect(upstreamRouteLabel(t.gateway, 'GET', '/v1/plans/categories')).toBe('/v1/plans/categories')
  })

  it('give the process’s own paths fixed names, and a path no route knows unmatched', () => {
    expect(upstreamRouteLabel(t.gateway, 'GET', '/healthz')).toBe('/healthz')
    expect(upstreamRouteLabel(t.gateway, 'GET', '/readyz')).toBe('/readyz')
    expect(upstreamRouteLabel(t.gateway, 'GET', '/realms/hibla/protocol/openid-connect/certs')).toBe('oidc')
    expect(upstreamRouteLabel(t.gateway, 'GET', '/sandbox/paymongo/checkout/cs_123')).toBe('sandbox')
    expect(upstreamRouteLabel(t.gateway, 'GET', '/v1/no-such-call/42')).toBe('unmatched')
    expect(upstreamRouteLabel(t.gateway, 'DELETE', '/v1/plans')).toBe('unmatched')
  })
})

describe('upstream request metrics', () => {
  it('count and time each request the process answers by its route, whatever the gateway answered', async () => {
    const metrics = createMetrics({ defaults: false })
    const server = http.createServer(getRequestListener(t.gateway.fetch))
    server.prependListener('request', upstreamRequestMetrics(metrics, t.gateway))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      // Unsigned: the gateway refuses it (401) on the route it names.
      expect((await fetch(`${base}/v1/drafts/Zx8_k2LqP0aB7cD9eF1gH3iJ`)).status).toBe(401)
      const text = await metrics.registry.metrics()
      expect(text).toContain('hibla_http_requests_total{method="GET",route="/v1/drafts/:draftId",status="401"} 1')
      expect(text).toContain('hibla_http_request_duration_seconds_count{method="GET",route="/v1/drafts/:draftId"} 1')
      expect(text).not.toContain('Zx8_k2LqP0aB7cD9eF1gH3iJ')
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
