/**
 * docs/security.md, Input: random and hostile requests always get a 2xx, 3xx or 4xx with a
 * page, never a 5xx or a stack trace; redirects never leave the site. Runs the real
 * portal (createPortal, Vite middleware mode) over HTTP.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../lib/logger.ts'
import { serveMetrics } from '../lib/metrics.ts'
import { startTestPortal, type TestPortal } from '../tests/support/portal.ts'

let t: TestPortal
let base: string
const lines: string[] = []

beforeAll(async () => {
  const logger = createLogger({ LOG_LEVEL: 'info' }, 'test', { write: (line: string) => void lines.push(line) })
  t = await startTestPortal({}, { logger })
  base = t.base
})
afterAll(() => t?.close())

const HOSTILE = [
  '<img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '//evil.example',
  '/\\evil.example',
  'javascript:alert(1)',
  '%00',
  '\u0000',
  'a'.repeat(5000),
  '{"__proto__":{"x":1}}',
  '\r\nSet-Cookie: x=1',
]
const text = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom(...HOSTILE),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
)

function expectSafe(response: Response, body: string) {
  expect(response.status, body.slice(0, 200)).toBeLessThan(500)
  expect(body).not.toMatch(/\n\s+at .+:\d+:\d+/) // no stack trace
  const location = response.headers.get('location')
  if (location) expect(new URL(location, base).origin).toBe(base)
}

describe('hostile input', () => {
  it('the preferences form answers any body without a 5xx and redirects only on this site', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          intent: fc.oneof(fc.constantFrom('accept-cookies', 'close-cookie-banner', 'theme'), text),
          theme: text,
          redirectTo: text,
        }),
        async (fields) => {
          const response = await fetch(`${base}/preferences`, {
            method: 'POST',
            body: new URLSearchParams(fields),
            redirect: 'manual',
          })
          expectSafe(response, await response.text())
        },
      ),
      { numRuns: 60 },
    )
  })

  it('the account forms answer any body without a 5xx and keep hostile text inert', async () => {
    const forms = [
      '/register',
      '/register/sent',
      '/forgot-password',
      '/reset-password/not-a-token',
      '/verifyEmail/not-a-token',
    ]
    const field = fc.constantFrom(
      'firstName',
      'lastName',
      'email',
      'mobileNumber',
      'accountNumber',
      'password',
      'confirmPassword',
      'newPassword',
      'intent',
    )
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...forms), fc.dictionary(field, text, { maxKeys: 8 }), async (form, fields) => {
        const response = await fetch(base + form, {
          method: 'POST',
          body: new URLSearchParams(fields),
          redirect: 'manual',
        })
        const body = await response.text()
        expectSafe(response, body)
        expect(body).not.toContain('<img src=x onerror=alert(1)>')
      }),
      { numRuns: 60 },
    )
  })

  it('the legal pages answer any product and query without a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(text, text, async (product, other) => {
        const url = new URL('/terms-and-conditions', base)
        url.searchParams.set('product', product)
        url.searchParams.set(other.slice(0, 20) || 'x', other)
        const response = await fetch(url, { redirect: 'manual' })
        expectSafe(response, await response.text())
      }),
      { numRuns: 40 },
    )
  })

  it('any path answers without a 5xx, and hostile text in it renders inert', async () => {
    await fc.assert(
      fc.asyncProperty(text, async (segment) => {
        const response = await fetch(`${base}/${encodeURIComponent(segment)}`, { redirect: 'manual' })
        const body = await response.text()
        expectSafe(response, body)
        expect(body).not.toContain('<img src=x onerror=alert(1)>')
      }),
      { numRuns: 40 },
    )
  })

  it('a path starting with a backslash shows the not-found page (it answered 500; found by the path fuzzing)', async () => {
    for (const path of ['/%5C', '/%5Cp-c%2Fa', '/%5c%5Cevil.example']) {
      const response = await fetch(base + path, { redirect: 'manual' })
      const body = await response.text()
      expectSafe(response, body)
      expect(response.status, path).toBe(404)
    }
  })

  // issue 32, item 6: Express could not decode it and its default handler printed the stack.
  it('a malformed URL gets a 400 page and one JSON log line, never a stack trace', async () => {
    const response = await fetch(`${base}/compliance/%ED%A0%80`, { redirect: 'manual' })
    const body = await response.text()
    expectSafe(response, body)
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(body).toContain('This address could not be read.')
    const requestId = response.headers.get('x-request-id')!
    const mine = lines.filter((line) => line.includes(requestId))
    expect(mine).toHaveLength(1)
    expect(JSON.parse(mine[0]!)).toMatchObject({ requestId, status: 400, path: '/compliance/:token' })
  })

  // issue 32, item 6: Sec-Fetch-Site same-origin with a foreign Origin passed the portal's check and
  // React Router's own threw (a 500). Any mix of these headers, spoiled or missing, is a page, never a 5xx.
  it('a post with any mix of hostile Origin, Sec-Fetch-Site, Referer and forwarded host gets no 5xx', async () => {
    const own = new URL(base).host
    const value = <T>(...values: T[]) => fc.constantFrom<T | undefined>(undefined, ...values)
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          'sec-fetch-site': value('same-origin', 'same-site', 'cross-site', 'none', 'garbage'),
          origin: value(base, 'https://evil.example', 'null', 'http://[', `http://${own}.evil.example`),
          referer: value(`${base}/preferences`, 'https://evil.example/x', '::not a url'),
          'x-forwarded-host': value(own, 'evil.example'),
        }),
        async (headers) => {
          const sent = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<
            string,
            string
          >
          const response = await fetch(`${base}/preferences`, {
            method: 'POST',
            headers: sent,
            body: new URLSearchParams({ intent: 'theme', theme: 'dark' }),
            redirect: 'manual',
          })
          const body = await response.text()
          expectSafe(response, body)
          const foreign = sent.origin !== undefined && sent.origin !== base
          if (foreign || ['same-site', 'cross-site', 'garbage'].includes(sent['sec-fetch-site'] ?? '')) {
            expect(response.status, JSON.stringify(sent)).toBe(403)
            expect(body).toContain('This form was sent from another site.')
          }
        },
      ),
      { numRuns: 40 },
    )
    const remix = await fetch(`${base}/preferences`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' },
      body: new URLSearchParams({ intent: 'theme', theme: 'dark' }),
    })
    expect(remix.status).toBe(403)
  })

  it('a form body that is not a form, or is huge, gets a 4xx', async () => {
    for (const [type, body] of [
      ['application/json', '{"intent":'],
      ['multipart/form-data; boundary=x', '--x\r\nbroken'],
      ['application/x-www-form-urlencoded', 'intent=' + 'a'.repeat(2_000_000)],
    ] as const) {
      const response = await fetch(`${base}/preferences`, {
        method: 'POST',
        headers: { 'content-type': type },
        body,
        redirect: 'manual',
      })
      expectSafe(response, await response.text())
    }
  })
})

// issue 17, item 5: after the fuzzing above, the request metrics still name a few route
// patterns and never a path's text; they are answered on their own listener only.
describe('request metrics', () => {
  it('label requests by route pattern on the metrics listener, and the public port 404s /metrics', async () => {
    const publicMetrics = await fetch(`${base}/metrics`)
    expect(publicMetrics.status).toBe(404)
    await publicMetrics.text()
    for (const path of ['/plans/NO-SUCH-PLAN-ZQXJ', '/plans.data', '/healthz', '/no/such/page/zqxj']) {
      await (await fetch(base + path, { redirect: 'manual' })).text()
    }
    const listener = await serveMetrics(t.portal.metrics, { port: 0, host: '127.0.0.1' })
    try {
      const answer = await fetch(`http://127.0.0.1:${listener.port}/metrics`)
      const text = await answer.text()
      const routes = new Set(
        [...text.matchAll(/^hibla_http_requests_total\{method="[A-Z]+",route="([^"]*)",status="\d{3}"\} \d+$/gm)].map(
          (match) => match[1],
        ),
      )
      expect([...routes]).toEqual(expect.arrayContaining(['/plans/:code', '/plans', '/healthz', 'unmatched']))
      expect(text).not.toMatch(/zqxj/i)
      expect(routes.size, [...routes].join(' ')).toBeLessThan(30)
      for (const route of routes) expect(route).toMatch(/^(\/[\w:/.-]*|assets|oidc|sandbox|unmatched)$/)
    } finally {
      await listener.close()
    }
  })
})
