import type { AddressInfo } from 'node:net'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import type { ServerBuild } from 'react-router'
import express from 'express'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import routeConfig from '../app/routes.ts'
import { createMetrics } from '../lib/metrics.ts'
import { portalRouteLabel, rememberedLabels, REMEMBERED_LABELS, requestMetrics, routeTree } from './metrics.ts'

/** The build's flat route manifest as React Router makes it from app/routes.ts (ids, parents, paths). */
function manifestOf(entries: RouteConfigEntry[]): Pick<ServerBuild, 'routes'> {
  const routes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean }> = {
    root: { id: 'root', path: '' },
  }
  const add = (list: RouteConfigEntry[], parentId: string) =>
    list.forEach((entry) => {
      const id = entry.id ?? entry.file.replace(/\.tsx?$/, '')
      routes[id] = { id, parentId, path: entry.path, index: entry.index }
      if (entry.children) add(entry.children, id)
    })
  add(entries, 'root')
  return { routes } as unknown as Pick<ServerBuild, 'routes'>
}

const build = manifestOf(routeConfig)
const tree = routeTree(build)

/** Every pattern in app/routes.ts, as a label shows it (the catch-all is the not-found page). */
function patternsOf(entries: RouteConfigEntry[], prefix = ''): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${prefix}/${entry.path}` : prefix
    return entry.children ? patternsOf(entry.children, here) : [here || '/']
  })
}
const FIXED = ['/healthz', '/readyz', 'oidc', 'sandbox', 'assets', '/__manifest', 'unmatched']
const ALLOWED = new Set([...FIXED, ...patternsOf(routeConfig).filter((pattern) => pattern !== '/*')])

describe('portal route labels', () => {
  it('name a page by its route pattern, never by the ids in its path', () => {
    expect(portalRouteLabel('/customer/bill-history/pay/1000000000001', tree)).toBe(
      '/customer/bill-history/pay/:accountNumber',
    )
    expect(portalRouteLabel('/customer/notifications/0f8e2c1a-77aa-4d5e-9c1b-123456789abc', tree)).toBe(
      '/customer/notifications/:id',
    )
    expect(portalRouteLabel('/plans/FIBER1500', tree)).toBe('/plans/:code')
  })

  it('prefer a fixed path over a pattern that would also match it, as React Router does', () => {
    expect(portalRouteLabel('/plans/cart', tree)).toBe('/plans/cart')
  })

  it('name a single-fetch data request by its page, and the root data by /', () => {
    expect(portalRouteLabel('/plans/FIBER1500.data', tree)).toBe('/plans/:code')
    expect(portalRouteLabel('/_root.data', tree)).toBe('/')
    expect(portalRouteLabel('/', tree)).toBe('/')
  })

  it('give what Express answers before React Router a fixed name', () => {
    expect(portalRouteLabel('/healthz', tree)).toBe('/healthz')
    expect(portalRouteLabel('/readyz', tree)).toBe('/readyz')
    expect(portalRouteLabel('/realms/hibla/protocol/openid-connect/auth', tree)).toBe('oidc')
    expect(portalRouteLabel('/sandbox/paymongo/checkout/cs_0123456789', tree)).toBe('sandbox')
    expect(portalRouteLabel('/assets/entry.client-Bx9f3.js', tree)).toBe('assets')
    expect(portalRouteLabel('/favicon.ico', tree)).toBe('assets')
    expect(portalRouteLabel('/@vite/client', tree)).toBe('assets')
  })

  it('name a path no route knows unmatched (the not-found page)', () => {
    expect(portalRouteLabel('/no/such/page/42', tree)).toBe('unmatched')
    expect(portalRouteLabel('/metrics', tree)).toBe('unmatched')
    expect(portalRouteLabel('/plans', undefined)).toBe('unmatched')
  })

  it('stay within the fixed names and app/routes.ts patterns for any path, and never carry its text', () => {
    const segment = fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9._~%-]{1,24}$/),
      fc.constantFrom('customer', 'plans', 'help', 'onboard', 'residential', 'bill-history', 'pay', 'assets'),
    )
    const id = fc.stringMatching(/^[0-9]{6,13}$/)
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), id, fc.boolean(), (segments, accountNumber, data) => {
        const path = `/${[...segments, accountNumber].join('/')}${data ? '.data' : ''}`
        const label = portalRouteLabel(path, tree)
        expect(ALLOWED.has(label), `${path} → ${label}`).toBe(true)
        expect(label).not.toContain(accountNumber)
      }),
      { numRuns: 200 },
    )
  })
})

describe('remembered labels', () => {
  it('answer as portalRouteLabel, again and past the number kept, and per tree', () => {
    const label = rememberedLabels()
    const paths = ['/plans/FIBER1500', '/plans/cart', '/no/such/page', '/_root.data', '/healthz']
    for (const path of [...paths, ...paths]) expect(label(path, tree), path).toBe(portalRouteLabel(path, tree))
    for (let n = 0; n < REMEMBERED_LABELS + 50; n++) {
      expect(label(`/customer/bill-history/pay/${n}`, tree)).toBe('/customer/bill-history/pay/:accountNumber')
    }
    expect(label('/plans/cart', tree)).toBe('/plans/cart')
    // Another build's tree is asked anew: a path it does not have is unmatched there.
    const other = routeTree({ routes: {} })
    expect(label('/plans/cart', other)).toBe('unmatched')
    expect(label('/plans/cart', undefined)).toBe('unmatched')
  })
})

describe('the request metrics middleware', () => {
  it('counts and times a request with its route pattern once it is answered', async () => {
    const metrics = createMetrics({ defaults: false })
    const app = express()
    app.use(requestMetrics(metrics, () => build as ServerBuild))
    app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }))
    app.get('/customer/bill-history/pay/:accountNumber', (_req, res) => void res.status(302).end())
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      // Each answer read whole: its 'finish' has been seen by then.
      await (await fetch(`${base}/customer/bill-history/pay/1000000000001`, { redirect: 'manual' })).text()
      await (await fetch(`${base}/healthz`)).text()
      await (await fetch(`${base}/nothing-here`)).text()
      const text = await metrics.registry.metrics()
      expect(text).toContain(
        'hibla_http_requests_total{method="GET",route="/customer/bill-history/pay/:accountNumber",status="302"} 1',
      )
      expect(text).toContain('hibla_http_requests_total{method="GET",route="/healthz",status="200"} 1')
      expect(text).toContain('hibla_http_requests_total{method="GET",route="unmatched",status="404"} 1')
      expect(text).toMatch(
        /^hibla_http_request_duration_seconds_count\{method="GET",route="\/customer\/bill-history\/pay\/:accountNumber"\} 1$/m,
      )
      expect(text).not.toContain('1000000000001')
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
