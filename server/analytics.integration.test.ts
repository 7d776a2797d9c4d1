/**
 * First-party analytics through the real portal and upstream (issue 17 item 5;
 * docs/decisions/0051): without ACCEPT nothing is counted, neither a page nor a beacon; after
 * it, pages count by route pattern on the server and beacons are checked and forwarded; the
 * report at /ops/analytics is the operator's only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { preferenceCookies } from '../app/features/shell/preferences.server.ts'
import { signInByRequests, startTestPortal, type TestPortal } from '../tests/support/portal.ts'

const OPERATOR = { email: 'operator@example.com', password: 'Operator2024' }
const CUSTOMER = { email: 'customer@example.com', password: 'Customer2024' }

let t: TestPortal
let accepted: string
let operator: Awaited<ReturnType<typeof signInByRequests>>

beforeAll(async () => {
  t = await startTestPortal({ DEMO_DATA: 'true' })
  accepted = (await preferenceCookies(t.config).cookieAccepted.serialize(true)).split(';')[0]!
  operator = await signInByRequests(t.base, OPERATOR)
})
afterAll(() => t?.close())

function visit(path: string, cookie?: string, init: RequestInit = {}) {
  return fetch(new URL(path, t.base), {
    redirect: 'manual',
    ...init,
    headers: { ...(cookie ? { cookie } : {}), ...(init.headers as Record<string, string>) },
  })
}

function beacon(body: string, cookie?: string) {
  return visit('/analytics/events', cookie, { method: 'POST', body, headers: { 'content-type': 'text/plain' } })
}

/** The report page as the operator sees it. */
async function reportPage() {
  const answer = await operator.go('/ops/analytics')
  expect(answer.status).toBe(200)
  return answer.text()
}

/** Today's views of a page, read from the report's first table (0 when it has no row). */
async function viewsOf(page: string) {
  const html = await reportPage()
  const match = new RegExp(`<td[^>]*>${page.replaceAll('/', '\\/')}</td><td[^>]*>(\\d+)</td>`).exec(html)
  return match ? Number(match[1]) : 0
}

describe('analytics in the portal', () => {
  it('counts a page view only after ACCEPT, by its route pattern, without JavaScript', async () => {
    expect((await visit('/terms-of-use')).status).toBe(200)
    expect((await visit('/privacy-notice')).status).toBe(200)
    expect(await viewsOf('/terms-of-use')).toBe(0)

    expect((await visit('/terms-of-use', accepted)).status).toBe(200)
    expect((await visit('/terms-of-use?from=footer', accepted)).status).toBe(200)
    await expect.poll(() => viewsOf('/terms-of-use')).toBe(2)
    expect(await reportPage()).not.toContain('from=footer')
    // A browser's speculative prefetch is not a visit.
    expect((await visit('/terms-of-use', accepted, { headers: { 'sec-purpose': 'prefetch' } })).status).toBe(200)
    expect(await viewsOf('/terms-of-use')).toBe(2)
  })

  it('forwards a beacon only after ACCEPT, and refuses an oversized or malformed one', async () => {
    const clicks = JSON.stringify({ events: [{ name: 'header-link', link: 'help' }, { name: 'register' }] })
    expect((await beacon(clicks)).status).toBe(204)
    expect(await reportPage()).not.toContain('Header link')

    expect((await beacon(clicks, accepted)).status).toBe(204)
    const html = await reportPage()
    expect(html).toMatch(/<td[^>]*>Header link<\/td><td[^>]*>help<\/td><td[^>]*>1<\/td>/)
    expect(html).toMatch(/<td[^>]*>Register<\/td><td[^>]*>–<\/td><td[^>]*>1<\/td>/)

    expect((await beacon('x'.repeat(9000), accepted)).status).toBe(413)
    expect((await beacon('{"events":[{"name":"purchase"}]}', accepted)).status).toBe(400)
    // A page the portal does not have is dropped: a made-up pattern never reaches the report.
    expect((await beacon(JSON.stringify({ pageViews: [{ page: '/made/up' }] }), accepted)).status).toBe(204)
    expect(await reportPage()).not.toContain('/made/up')
  })

  it('shows the report to the operator only: a customer goes home with the refusal, a visitor to login', async () => {
    const customer = await signInByRequests(t.base, CUSTOMER)
    const refused = await customer.go('/ops/analytics')
    expect(refused.status).toBe(302)
    expect(refused.headers.get('location')).toBe('/customer')
    const anonymous = await visit('/ops/analytics')
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('location')).toBe('/login?redirectTo=%2Fops%2Fanalytics')
    const html = await reportPage()
    // Each table is named by its caption, the table's first child.
    for (const caption of ['Page views per day', 'Events per day', 'Web vitals (75th percentile per page)']) {
      const name = caption.replace(/[()]/g, '\\$&')
      expect(html).toMatch(new RegExp(`<table[^>]*><caption[^>]*>${name}</caption>`))
    }
  })
})
