/**
 * Public pages kept rendered (issue 35, item 3; docs/decisions/0069), through the real portal
 * over HTTP: one render per variant, the CSP by hashes, compression once, revalidation,
 * what is never kept, and the content revision that drops everything kept.
 */
import crypto from 'node:crypto'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { importStores, parseStoresCsv } from '../services/stores/importer.ts'
import { startTestPortal, type TestPortal } from '../tests/support/portal.ts'
import { inlineHashes, policyWithHashes } from './page-cache.ts'

let t: TestPortal
// An upstream path that answers 503 while set (the landing page's banners).
let failing: string | null = null
// While set, the content revision's question hangs until released.
let hanging: Promise<Response> | null = null
beforeAll(async () => {
  t = await startTestPortal(
    // The content itself is asked on every render, so a failing call is one this render made.
    { DEMO_DATA: 'true', PAGE_CACHE_SECONDS: '60', CMS_CACHE_SECONDS: '0' },
    {
      pageCacheRevisionCheckMs: 0,
      upstreamFault: (request) => {
        const path = new URL(request.url).pathname
        if (hanging && path === '/v1/content/revision') return hanging
        return failing !== null && path === failing ? new Response(null, { status: 503 }) : undefined
      },
    },
  )
  // A page is kept only when the content revision it was rendered at is known. The first
  // question is waited for 50 ms at most, which a busy machine's cold start can exceed (the
  // first page is then served once, not kept): know it before the tests count.
  await vi.waitFor(
    async () => {
      const warm = await fetch(new URL('/plans?warm=1', t.base))
      expect(warm.headers.get('x-page-cache')).toBe('hit')
    },
    { timeout: 30_000, interval: 100 },
  )
}, 300_000)
afterAll(() => t?.close())

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(new URL(path, t.base), { headers: { 'accept-encoding': 'identity', ...headers }, redirect: 'manual' })

const counts = () => ({ ...t.portal.pageCache!.counts })

function policy(response: Response) {
  return Object.fromEntries(
    (response.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  )
}

describe('an anonymous visitor', () => {
  it('gets a public page rendered once, then the same bytes from memory', async () => {
    const first = await get('/plans?kept=1')
    const again = await get('/plans?kept=1')
    expect(first.status).toBe(200)
    expect(first.headers.get('x-page-cache')).toBe('miss')
    expect(again.headers.get('x-page-cache')).toBe('hit')
    expect(await again.text()).toBe(await first.text())
    // Every other answer header is the page's own, and each response still has its request id.
    expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'))
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'))
  })

  it('allows the kept page’s inline scripts by their hashes, with no nonce in the page or the policy', async () => {
    await get('/terms-of-use')
    const response = await get('/terms-of-use')
    expect(response.headers.get('x-page-cache')).toBe('hit')
    const html = await response.text()
    expect(html).not.toMatch(/\snonce=/)
    const scriptSrc = policy(response)['script-src'] ?? []
    expect(scriptSrc.some((source) => source.startsWith("'nonce-"))).toBe(false)
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!)
    expect(inline.length).toBeGreaterThan(0)
    for (const script of inline) {
      const hash = `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`
      expect(scriptSrc).toContain(hash)
    }
    // The rest of the policy is the one every page has.
    expect(policy(response)['frame-ancestors']).toEqual(["'none'"])
  })

  it('keeps one copy per theme and cookie-banner state, each rendered with it', async () => {
    const light = await (await get('/help')).text()
    const dark = await get('/help', { cookie: 'theme=ImRhcmsi' })
    expect(dark.headers.get('x-page-cache')).toBe('miss')
    const darkHtml = await dark.text()
    expect(darkHtml).not.toBe(light)
    // Rendered in the dark theme: its toggle offers the light one (the light copy's, the dark).
    expect(darkHtml).toContain('aria-label="Switch to light theme"')
    expect(darkHtml).not.toContain('aria-label="Switch to dark theme"')
    expect(light).toContain('aria-label="Switch to dark theme"')
    expect((await get('/help', { cookie: 'theme=ImRhcmsi' })).headers.get('x-page-cache')).toBe('hit')
    // The banner closed (a browser-session cookie): no banner in that copy.
    const closed = await (await get('/help', { cookie: 'cookieBannerClosed=dHJ1ZQ%3D%3D' })).text()
    expect(light).toContain('ACCEPT')
    expect(closed).not.toContain('ACCEPT')
  })

  it('keeps one copy per query', async () => {
    await get('/help?from=a')
    expect((await get('/help?from=b')).headers.get('x-page-cache')).toBe('miss')
    expect((await get('/help?from=a')).headers.get('x-page-cache')).toBe('hit')
  })

  it('compresses each kept page once per encoding', async () => {
    const identity = Buffer.from(await (await get('/terms-and-conditions')).arrayBuffer())
    const before = counts().compressions
    const brotli = await raw('/terms-and-conditions', 'br')
    expect(brotli.encoding).toBe('br')
    expect(zlib.brotliDecompressSync(brotli.body).equals(identity)).toBe(true)
    expect((await raw('/terms-and-conditions', 'br')).body.equals(brotli.body)).toBe(true)
    const gzipped = await raw('/terms-and-conditions', 'gzip, deflate')
    expect(gzipped.encoding).toBe('gzip')
    expect(zlib.gunzipSync(gzipped.body).equals(identity)).toBe(true)
    expect((await raw('/terms-and-conditions', 'gzip')).body.equals(gzipped.body)).toBe(true)
    expect(counts().compressions - before).toBe(2)
  })

  it('makes a page asked again and again brotli’s best once more, in the background', async () => {
    const identity = Buffer.from(await (await get('/help?popular=1')).arrayBuffer())
    const first = await raw('/help?popular=1', 'br')
    const before = counts().compressions
    for (let i = 0; i < 4; i++) await raw('/help?popular=1', 'br')
    await new Promise((resolve) => setTimeout(resolve, 500))
    const best = await raw('/help?popular=1', 'br')
    expect(counts().compressions - before).toBe(1)
    expect(zlib.brotliDecompressSync(best.body).equals(identity)).toBe(true)
    expect(best.body.length).toBeLessThanOrEqual(first.body.length)
  })

  it('answers a revalidation of an unchanged page with 304', async () => {
    const first = await get('/cookie-policy')
    const etag = first.headers.get('etag')!
    expect(etag).toBeTruthy()
    // As a browser revalidates (fetch would add Cache-Control: no-cache to a conditional request).
    const revalidated = await raw('/cookie-policy', 'identity', { 'if-none-match': etag })
    expect(revalidated.status).toBe(304)
    expect(revalidated.body.length).toBe(0)
    expect((await raw('/cookie-policy', 'identity', { 'if-none-match': 'W/"other"' })).status).toBe(200)
  })

  it('gets the headers alone for HEAD', async () => {
    await get('/privacy-notice')
    const head = await fetch(new URL('/privacy-notice', t.base), { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('x-page-cache')).toBe('hit')
    expect(await head.text()).toBe('')
  })
})

describe('what is never kept', () => {
  it('a visitor with any other cookie (a session, a draft) is rendered as before, with a nonce', async () => {
    const response = await get('/help', { cookie: 'draft=abc' })
    expect(response.headers.get('x-page-cache')).toBeNull()
    expect((policy(response)['script-src'] ?? []).some((source) => source.startsWith("'nonce-"))).toBe(true)
  })

  it('a page that is not public (the check, the cart)', async () => {
    for (const path of ['/CheckAvailability', '/plans/cart']) {
      await get(path)
      expect((await get(path)).headers.get('x-page-cache'), path).toBeNull()
    }
  })

  it('a page rendered while an upstream call failed: the landing page without its banners', async () => {
    failing = '/v1/banners'
    try {
      const first = await get('/?banners=down')
      expect(first.status).toBe(200)
      expect((await get('/?banners=down')).headers.get('x-page-cache')).toBe('miss')
    } finally {
      failing = null
    }
    expect((await get('/?banners=down')).headers.get('x-page-cache')).toBe('miss')
    expect((await get('/?banners=down')).headers.get('x-page-cache')).toBe('hit')
  })

  it('an answer other than 200: a plan that does not exist', async () => {
    const first = await get('/plans/NO-SUCH-PLAN')
    expect(first.status).toBe(404)
    expect((await get('/plans/NO-SUCH-PLAN')).headers.get('x-page-cache')).toBe('miss')
  })
})

describe('the content revision', () => {
  it('holds no visitor while the question hangs: the kept page is served meanwhile', async () => {
    await get('/privacy-notice?hang=1')
    let release: (answer: Response) => void = () => undefined
    hanging = new Promise((resolve) => (release = resolve))
    try {
      const started = performance.now()
      const answer = await get('/privacy-notice?hang=1')
      expect(answer.headers.get('x-page-cache')).toBe('hit')
      expect(performance.now() - started).toBeLessThan(2000)
    } finally {
      hanging = null
      release(new Response(null, { status: 503 }))
    }
  })

  it('drops every kept page when the content changes upstream', async () => {
    const bohol = '/help/stores?type=business-centre&province=012'
    const before = await (await get(bohol)).text()
    expect((await get(bohol)).headers.get('x-page-cache')).toBe('hit')
    expect(before).not.toContain('Tagbilaran Page Cache Centre')
    const csv = [
      'store_id,type,name,address_line,barangay_code,latitude,longitude,hours,services,payment_channels,phone',
      'PC-TEST-1,business-centre,Tagbilaran Page Cache Centre,CPG Avenue,01242001,9.6475,123.8544,Mon-Fri 08:00-17:00,payments|applications,cash,',
    ].join('\n')
    await importStores({ db: t.database.db, now: () => new Date() }, parseStoresCsv(csv), { mode: 'merge' })
    const after = await get(bohol)
    expect(after.headers.get('x-page-cache')).toBe('miss')
    expect(await after.text()).toContain('Tagbilaran Page Cache Centre')
    expect(counts().invalidations).toBeGreaterThan(0)
  })
})

describe('the policy by hashes', () => {
  it('hashes each inline script and style, never one with a src', () => {
    const html = '<script>a()</script><script src="/x.js"></script><script type="module">b()</script><style>p{}</style>'
    const hashes = inlineHashes(html)
    expect(hashes.scripts).toHaveLength(2)
    expect(hashes.styles).toHaveLength(1)
  })

  it('puts the hashes where the nonce was, in script-src and style-src only', () => {
    const policy = "default-src 'self'; script-src 'self' 'nonce-abc'; style-src 'self' 'nonce-abc'; img-src 'self'"
    expect(policyWithHashes(policy, { scripts: ["'sha256-s'"], styles: ["'sha256-t'"] })).toBe(
      "default-src 'self'; script-src 'self' 'sha256-s'; style-src 'self' 'sha256-t'; img-src 'self'",
    )
  })
})

/** A body's bytes as the server sent them, and its encoding (Node's fetch would decode them). */
async function raw(
  path: string,
  acceptEncoding: string,
  headers: Record<string, string> = {},
): Promise<{ status?: number; encoding?: string; body: Buffer }> {
  const http = await import('node:http')
  return new Promise((resolve, reject) => {
    http
      .get(new URL(path, t.base), { headers: { 'accept-encoding': acceptEncoding, ...headers } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({ status: res.statusCode, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
        )
      })
      .on('error', reject)
  })
}
