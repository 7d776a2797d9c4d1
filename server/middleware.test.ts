import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { testConfig } from '../services/testing'
import { csrfGuard, loggedPath, maintenanceGate, securityHeaders, tileImageSource } from './middleware'

const servers: Array<{ close: () => void }> = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

async function serve(configure: (app: express.Express) => void) {
  const app = express()
  app.use((_req, res, next) => {
    res.locals.nonce = Math.random().toString(36).slice(2)
    next()
  })
  configure(app)
  app.all('*', (_req, res) => {
    res.send('reached')
  })
  const server = app.listen(0, '127.0.0.1')
  servers.push(server)
  await new Promise((resolve) => server.once('listening', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** A POST with exactly these headers (fetch sets Host itself). Without Host, Node answers 400 itself. */
function rawPost(base: string, headers: Record<string, string>) {
  const url = new URL(`${base}/preferences`)
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', setHost: !('host' in headers) },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'] ?? '', body }),
        )
      },
    )
    request.on('error', reject)
    for (const [name, value] of Object.entries(headers)) request.setHeader(name, value)
    request.end()
  })
}

describe('cross-site form posts', () => {
  it.each([
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site (another subdomain)', { 'sec-fetch-site': 'same-site' }],
    ['an Origin of another host', { origin: 'https://evil.example' }],
  ])('refuses a POST with %s', async (_, headers) => {
    const base = await serve((app) => app.use(csrfGuard(testConfig())))
    const response = await fetch(`${base}/preferences`, { method: 'POST', headers })
    expect(response.status).toBe(403)
  })

  it('lets a same-origin POST through', async () => {
    const base = await serve((app) => app.use(csrfGuard(testConfig())))
    const response = await fetch(`${base}/preferences`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin', origin: base },
    })
    expect(await response.text()).toBe('reached')
  })

  // issue 32, item 6: each signal present must name this site; Sec-Fetch-Site same-origin with a
  // foreign Origin passed here and React Router's own Origin check then threw (a 500).
  it.each([
    ['same-origin with a foreign Origin', { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' }],
    ['same-origin with an opaque Origin', { 'sec-fetch-site': 'same-origin', origin: 'null' }],
    ['a malformed Origin', { origin: 'http://[' }],
    ['an Origin of another port', { origin: 'http://127.0.0.1:1' }],
    ['a malformed Sec-Fetch-Site', { 'sec-fetch-site': 'same-origin, cross-site' }],
    ['a foreign Referer and no Origin', { referer: 'https://evil.example/form' }],
    ['a malformed Referer and no Origin', { referer: '::not a url' }],
    ['a Host that is not the Origin', { origin: 'http://portal.example', host: 'other.example' }],
    [
      'an untrusted X-Forwarded-Host matching a foreign Origin',
      { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' },
    ],
  ])('refuses a POST with %s: a 403 page', async (_, headers) => {
    const base = await serve((app) => app.use(csrfGuard(testConfig())))
    const response = await rawPost(base, headers)
    expect(response.status).toBe(403)
    expect(response.type).toMatch(/^text\/html/)
    expect(response.body).toContain('<h1>This form was sent from another site.</h1>')
  })

  it.each([
    ['its own Origin and Sec-Fetch-Site', (base: string) => ({ 'sec-fetch-site': 'same-origin', origin: base })],
    ['Sec-Fetch-Site none (typed or bookmarked)', () => ({ 'sec-fetch-site': 'none' })],
    ['its own Referer and no Origin', (base: string) => ({ referer: `${base}/preferences` })],
    ['none of them (a client that is no browser)', () => ({})],
  ])('lets a POST through with %s', async (_, headersOf) => {
    const base = await serve((app) => app.use(csrfGuard(testConfig())))
    const response = await rawPost(base, headersOf(base))
    expect(response.body).toBe('reached')
  })

  it('lets a cross-site GET through (links from other sites must work)', async () => {
    const base = await serve((app) => app.use(csrfGuard(testConfig())))
    const response = await fetch(`${base}/`, { headers: { 'sec-fetch-site': 'cross-site' } })
    expect(response.status).toBe(200)
  })
})

describe('maintenance gate', () => {
  it.each(['true', 'yes', 'on'])('shows the maintenance page with 503 when MAINTENANCE_MODE is %j', async (mode) => {
    const base = await serve((app) => app.use(maintenanceGate(testConfig({ MAINTENANCE_MODE: mode }))))
    for (const [path, method] of [
      ['/', 'GET'],
      ['/anything/deep', 'GET'],
      ['/preferences', 'POST'],
    ] as const) {
      const response = await fetch(base + path, { method })
      expect(response.status).toBe(503)
      const html = await response.text()
      expect(html).toContain("We'll be back shortly.")
      expect(html).toContain('Thank you for your patience.')
    }
  })

  it("serves the app when MAINTENANCE_MODE is the string 'false'", async () => {
    const base = await serve((app) => app.use(maintenanceGate(testConfig({ MAINTENANCE_MODE: 'false' }))))
    expect(await (await fetch(base)).text()).toBe('reached')
  })
})

describe('security headers', () => {
  it('sends an enforced CSP with a per-request nonce and the strict directives', async () => {
    const base = await serve((app) => app.use(securityHeaders(testConfig())))
    const [a, b] = await Promise.all([fetch(base), fetch(base)])
    const csp = a.headers.get('content-security-policy')!
    expect(a.headers.get('content-security-policy-report-only')).toBeNull()
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/)
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("base-uri 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toBe(b.headers.get('content-security-policy'))
    expect(a.headers.get('x-content-type-options')).toBe('nosniff')
    expect(a.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(a.headers.get('x-frame-options')).toBe('DENY')
  })

  it("lets images come from the map's tile server, and from nowhere else outside", async () => {
    const base = await serve((app) =>
      app.use(securityHeaders(testConfig({ MAP_TILE_URL: 'https://{s}.tiles.example.ph/{z}/{x}/{y}.png' }))),
    )
    const csp = (await fetch(base)).headers.get('content-security-policy')!
    expect(csp).toContain("img-src 'self' data: https://*.tiles.example.ph;")
    expect(tileImageSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual([
      'https://tile.openstreetmap.org',
    ])
    expect(tileImageSource('http://localhost:8080/{z}/{x}/{y}.png')).toEqual(['http://localhost:8080'])
    expect(tileImageSource('/tiles/{z}/{x}/{y}.png')).toEqual([])
  })

  it('sends HSTS for a year with subdomains in production only', async () => {
    const production = await serve((app) => app.use(securityHeaders(testConfig({ NODE_ENV: 'production' }))))
    expect((await fetch(production)).headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    )
    const development = await serve((app) => app.use(securityHeaders(testConfig({ NODE_ENV: 'development' }))))
    expect((await fetch(development)).headers.get('strict-transport-security')).toBeNull()
  })
})

describe('request log', () => {
  it('logs verification and reset link paths without their tokens', () => {
    const token = 'A'.repeat(43)
    expect(loggedPath(`/verifyEmail/${token}`)).toBe('/verifyEmail/:token')
    expect(loggedPath(`/reset-password/${token}`)).toBe('/reset-password/:token')
    expect(loggedPath('/register/sent')).toBe('/register/sent')
    expect(loggedPath(`/compliance/${token}`)).toBe('/compliance/:token')
    expect(loggedPath(`/upload/${token}`)).toBe('/upload/:token')
    expect(loggedPath(`/compliance/${token}/upload/proofOfBilling`)).toBe('/compliance/:token/upload/proofOfBilling')
    expect(loggedPath('/OO-261102-DEM001/demo.applicant@example.com')).toBe('/:refNo/:refIdentifier')
    expect(loggedPath('/oo-261102-dem001/9170000001')).toBe('/:refNo/:refIdentifier')
    expect(loggedPath('/check-status/lookup')).toBe('/check-status/lookup')
  })
})
