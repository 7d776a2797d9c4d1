/**
 * Strangers cannot lock a user out of a browser that signed in before (issue 32, item 4;
 * OWASP's device cookies, docs/decisions/0062): through the real portal and the embedded
 * provider, with plain form posts. Every request here comes from the same address, as
 * people behind one carrier-grade NAT do; the directory's counters take no address at all
 * (services/identity/identity.integration.test.ts, Lock-out), so another address is no different.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CookieJar } from '../tests/support/identity-provider.ts'
import { startTestPortal, type TestPortal } from '../tests/support/portal.ts'

let t: TestPortal
// A portal with the seeded demo users takes a while to start on a busy machine.
beforeAll(async () => {
  t = await startTestPortal({ DEMO_DATA: 'true' })
}, 300_000)
afterAll(() => t?.close())

const customer = { email: 'customer@example.com', password: 'Customer2024' }

/** From /login to the login screen, then one password: 'signed-in' when it sends the browser on, else 'refused'. */
async function tryPassword(jar: CookieJar, email: string, password: string) {
  const get = (url: string) => jar.fetch(new URL(url, t.base).toString())
  let next = (await get('/login')).headers.get('location')!
  for (let hops = 0; hops < 6; hops++) {
    const url = new URL(next, t.base)
    const page = await get(url.toString())
    if (page.status === 200 && url.pathname.startsWith('/login/interaction/')) {
      await page.text()
      const posted = await jar.fetch(url.toString(), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email, password }),
      })
      return { outcome: posted.status === 302 ? 'signed-in' : 'refused', setCookies: posted.headers.getSetCookie() }
    }
    next = page.headers.get('location')!
  }
  throw new Error('no login screen')
}

/** The browser after a restart: only its lasting cookies (the device cookie), no session. */
function restarted(jar: CookieJar) {
  const fresh = new CookieJar()
  const device = jar.cookies.get('device')
  if (device) fresh.cookies.set('device', device)
  return fresh
}

describe('device cookies (docs/decisions/0062)', () => {
  it("a stranger's wrong passwords lock out unknown browsers, never the user's browser that signed in before", async () => {
    const users = new CookieJar()
    const first = await tryPassword(users, customer.email, customer.password)
    expect(first.outcome).toBe('signed-in')
    // The device cookie: HttpOnly, SameSite=Lax, kept a year, and nothing of the user in it.
    const cookie = first.setCookies.find((line) => line.startsWith('device='))!
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).toMatch(/Max-Age=31536000/)
    const value = decodeURIComponent(cookie.split(';')[0]!.slice('device='.length))
    expect(Buffer.from(value.split('.')[0]!, 'base64').toString()).not.toMatch(/customer|example|CARLOS/i)

    // A stranger, from the same address, guesses until the username locks.
    const stranger = new CookieJar()
    for (let n = 0; n < 7; n++)
      expect((await tryPassword(stranger, customer.email, `Wrong${n}pass`)).outcome).toBe('refused')
    // An unknown browser is refused even with the right password: the per-account ceiling holds.
    expect((await tryPassword(stranger, customer.email, customer.password)).outcome).toBe('refused')
    expect((await tryPassword(new CookieJar(), customer.email, customer.password)).outcome).toBe('refused')

    // The user's browser, restarted (no session), still signs in.
    expect((await tryPassword(restarted(users), customer.email, customer.password)).outcome).toBe('signed-in')
  })

  it("a device cookie stolen into another browser is still the user's only: its own wrong passwords lock it", async () => {
    const users = new CookieJar()
    expect((await tryPassword(users, 'agent@example.com', 'Agent2024')).outcome).toBe('signed-in')
    const guessing = restarted(users)
    for (let n = 0; n < 5; n++) await tryPassword(guessing, 'agent@example.com', `Wrong${n}pass`)
    expect((await tryPassword(guessing, 'agent@example.com', 'Agent2024')).outcome).toBe('refused')
    // A cookie made for one user does not vouch for another: the stranger's browser is unknown there.
    const forOther = await tryPassword(restarted(users), 'admin@example.com', 'Admin2024')
    expect(forOther.outcome).toBe('signed-in')
  })
})
