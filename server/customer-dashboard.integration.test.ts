/**
 * The customer shell and dashboard through the real portal and upstream, with plain form
 * posts (no JavaScript): issue 11 items 1 and 2; docs/security.md, Access control. The
 * seeded customers CARLOS REYES (001, 002; active 002) and LIZA SANTOS (003).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_MODEMS } from '../services/devices/seed.ts'
import { DEMO_OUTAGE } from '../services/incidents/seed.ts'
import { signInByRequests, startTestPortal, type TestPortal } from '../tests/support/portal.ts'

const NOT_AUTHORIZED = 'Sorry, you are not authorized for the selected action.'
const UPSTREAM_FAILED = 'Something went wrong. Please try again later.'
const CARLOS = { email: 'customer@example.com', password: 'Customer2024' }
const LIZA = { email: 'customer2@example.com', password: 'Customer2024' }
const deviceOf = (accountNumber: string) => DEMO_MODEMS.find((m) => m.accountNumber === accountNumber)!.deviceId
const escaped = (text: string) => text.replaceAll("'", '&#x27;')

let t: TestPortal
beforeAll(async () => {
  t = await startTestPortal({ DEMO_DATA: 'true', DEVICES_RESTART_SECONDS: '2' })
}, 300_000)
afterAll(() => t?.close())

type Browser = Awaited<ReturnType<typeof signInByRequests>>

async function page(browser: Browser, path: string) {
  const answer = await browser.go(path)
  return { status: answer.status, html: await answer.text() }
}

/** Posts a form and follows its redirect, as a browser does. */
async function submit(browser: Browser, path: string, fields: Record<string, string>) {
  const answer = await browser.go(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })
  expect(answer.status).toBe(302)
  return page(browser, answer.headers.get('location')!)
}

/** The portal's upstream call attempts so far, by call label and status (its metrics registry). */
async function upstreamCalls(): Promise<Map<string, number>> {
  const metric = await t.portal.metrics.registry.getSingleMetric('hibla_upstream_calls_total')!.get()
  return new Map(metric.values.map((value) => [`${value.labels.call} ${value.labels.status}`, value.value]))
}

describe('what a signed-in page costs upstream (issue 35, item 2)', () => {
  it('reads the session once and makes 3 calls for the dashboard: the session, the bell and its cards', async () => {
    const carlos = await signInByRequests(t.base, CARLOS)
    const before = await upstreamCalls()
    const dashboard = await page(carlos, '/customer')
    expect(dashboard.status).toBe(200)
    const made = [...(await upstreamCalls())]
      .map(([call, count]) => [call, count - (before.get(call) ?? 0)] as const)
      .filter(([, count]) => count > 0)
    expect(new Map(made).get('POST /sessions/current 200')).toBe(1)
    expect(new Map(made).get('POST /v1/dashboard 200')).toBe(1)
    expect(made.reduce((total, [, count]) => total + count, 0)).toBe(3)
  })
})

describe('a card whose part fails (issue 35, item 2: one call, each part on its own)', () => {
  let broken: TestPortal | undefined
  afterAll(() => broken?.close())

  it('keeps the other cards when the modem cannot be read: its card says so', async () => {
    // A device link that cannot be reached: the devices part answers 503, the rest stand.
    broken = await startTestPortal({
      DEMO_DATA: 'true',
      DEVICES_DRIVER: 'genieacs',
      GENIEACS_NBI_URL: 'http://127.0.0.1:9',
    })
    const carlos = await signInByRequests(broken.base, CARLOS)
    const { status, html } = await page(carlos, '/customer')
    expect(status).toBe(200)
    expect(html).toContain('Fiber Plan 1699')
    expect(html).toMatch(/data-testid="amount-due-value"[^>]*>₱/)
    expect(html).toContain('No service interruptions reported in your area.')
    expect(html).toContain(UPSTREAM_FAILED)
    expect(html).not.toContain('Good signal')
  }, 300_000)
})

describe('the customer shell', () => {
  it('frames /customer, /dashboard and /account/subscription with the customer top bar', async () => {
    const carlos = await signInByRequests(t.base, CARLOS)
    for (const path of ['/customer', '/dashboard', '/account/subscription']) {
      const { status, html } = await page(carlos, path)
      expect(status, path).toBe(200)
      // The bell, with its unread count (the notifications feature's).
      expect(html).toMatch(/aria-label="Notifications(, \d+ unread)?"/)
      expect(html).toContain('href="/customer/notifications"')
      expect(html).toContain('>My Account</summary>')
      expect(html).toContain('href="/consent"')
      expect(html).toContain('Hi CARLOS')
      // Logout asks first (spec 4; issue 33): a link to /logout's question.
      expect(html).toMatch(/<a href="\/logout"/)
      // The public header's PLANS link is not there.
      expect(html).not.toContain('>PLANS<')
    }
  })
})

describe('the dashboard', () => {
  it('shows the default account, its subscription, its modem and no outage', async () => {
    const carlos = await signInByRequests(t.base, CARLOS)
    const { html } = await page(carlos, '/customer')
    expect(html).toMatch(/data-testid="default-account"[^>]*>1000000000002</)
    expect(html).toContain('Fiber Plan 1699')
    expect(html).toMatch(/data-testid="modem-state"[^>]*>.*Online/)
    expect(html).toContain('Good signal')
    expect(html).toContain('<polyline')
    expect(html).toContain('No service interruptions reported in your area.')
    // The seeded referral reward, a credit the next bill takes (docs/decisions/0076).
    expect(html).toContain(escaped("You'll get ₱500.00 back on your next bill for your referral reward."))
  })

  it('switches to the other proven account, where the outage and the offline modem show', async () => {
    const carlos = await signInByRequests(t.base, CARLOS)
    const switched = await submit(carlos, '/dashboard', { intent: 'make-default', accountNumber: '1000000000001' })
    expect(switched.html).toMatch(/data-testid="default-account"[^>]*>1000000000001</)
    expect(switched.html).toContain(escaped(DEMO_OUTAGE.cause))
    expect(switched.html).toContain('Estimated restoration:')
    expect(switched.html).toContain('No signal')
    expect(switched.html).not.toContain('data-testid="pending-credits"')
    await submit(carlos, '/dashboard', { intent: 'make-default', accountNumber: '1000000000002' })
  })

  it('confirms a restart on the page, reports it requested, then done', async () => {
    const carlos = await signInByRequests(t.base, CARLOS)
    const asked = await page(carlos, '/customer?restart=confirm')
    expect(asked.html).toContain('Restart your modem?')
    const requested = await submit(carlos, '/customer', {
      intent: 'restart-modem',
      accountNumber: '1000000000002',
      deviceId: deviceOf('1000000000002'),
    })
    expect(requested.html).toContain('Restart requested. It takes a few minutes')
    expect(requested.html).toMatch(/data-state="requested"/)
    await new Promise((resolve) => setTimeout(resolve, 2500))
    const later = await page(carlos, '/customer')
    expect(later.html).toMatch(/data-state="done"/)
    expect(later.html).toContain('Your modem restarted at')
  })
})

describe("another customer's account is refused", () => {
  it("refuses a restart of another customer's modem, by account number or by device id", async () => {
    const carlos = await signInByRequests(t.base, CARLOS)
    const byAccount = await submit(carlos, '/customer', {
      intent: 'restart-modem',
      accountNumber: '1000000000003',
      deviceId: deviceOf('1000000000003'),
    })
    expect(byAccount.html).toContain(NOT_AUTHORIZED)
    const byDevice = await submit(carlos, '/dashboard', {
      intent: 'restart-modem',
      accountNumber: '1000000000002',
      deviceId: deviceOf('1000000000003'),
    })
    expect(byDevice.html).toContain(NOT_AUTHORIZED)
    // Her modem was not restarted.
    const liza = await signInByRequests(t.base, LIZA)
    const hers = await page(liza, '/customer')
    expect(hers.html).toMatch(/data-testid="default-account"[^>]*>1000000000003</)
    expect(hers.html).not.toContain('data-testid="restart-state"')
  })

  it("refuses switching to another customer's account on /customer and /dashboard", async () => {
    const liza = await signInByRequests(t.base, LIZA)
    for (const path of ['/customer', '/dashboard']) {
      const answer = await submit(liza, path, { intent: 'make-default', accountNumber: '1000000000002' })
      expect(answer.html).toContain(NOT_AUTHORIZED)
      expect(answer.html).toMatch(/data-testid="default-account"[^>]*>1000000000003</)
      expect(answer.html).not.toContain('Fiber Plan 1699')
    }
  })
})
