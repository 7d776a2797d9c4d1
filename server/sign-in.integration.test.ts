/**
 * Sign-in, sessions and logout through the real portal (server.ts createPortal) and the
 * real embedded provider with the seeded demo users, driven with fetch and plain form
 * posts as a browser without JavaScript would (docs/security.md, Sessions and Sign-in).
 */
import type { AppLoadContext } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { draftCookie } from '../app/visit/draft.server.ts'
import { upstreamFor } from '../app/upstream/index.server.ts'
import { CookieJar } from '../tests/support/identity-provider.ts'
import { silentLogger } from '../services/testing.ts'
import { sessionIdOf, startTestPortal, type TestPortal } from '../tests/support/portal.ts'
import type { Config } from '../lib/env.ts'

let t: TestPortal
let config: Config
let base: string

beforeAll(async () => {
  t = await startTestPortal({ DEMO_DATA: 'true' })
  ;({ config, base } = t)
})
afterAll(() => t?.close())

const DEMO = {
  applicant: { email: 'applicant@example.com', password: 'Applicant2024' },
  customer: { email: 'customer@example.com', password: 'Customer2024' },
  agent: { email: 'agent@example.com', password: 'Agent2024' },
  admin: { email: 'admin@example.com', password: 'Admin2024' },
}

/** Every body and Set-Cookie seen, to look for tokens afterwards. */
const seen: { url: string; body: string; cookies: string[] }[] = []
async function visit(jar: CookieJar, url: string, init: RequestInit = {}) {
  const response = await jar.fetch(new URL(url, base).toString(), init)
  const body = await response.text()
  seen.push({ url, body, cookies: response.headers.getSetCookie() })
  return { response, body, location: response.headers.get('location') }
}
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields),
})

/** /login → provider → login screen (unless the provider still knows the browser) → callback. Returns the callback's answer. */
async function signIn(jar: CookieJar, user: { email: string; password: string }, loginPath = '/login') {
  const start = await visit(jar, loginPath)
  expect(start.response.status, 'GET /login redirects to the provider').toBe(302)
  expect(start.location).toContain(`${config.oidc.issuer}/protocol/openid-connect/auth`)
  const authorize = new URL(start.location!)
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
  expect(authorize.searchParams.get('nonce')).toBeTruthy()
  expect(authorize.searchParams.get('scope')).toBe('openid')
  let next = (await visit(jar, start.location!)).location!
  for (let hops = 0; hops < 6; hops++) {
    const url = new URL(next, base)
    if (url.pathname === '/login/callback') return visit(jar, url.toString())
    const page = await visit(jar, url.toString())
    if (page.response.status === 200 && url.pathname.startsWith('/login/interaction/')) {
      const posted = await visit(jar, url.toString(), form(user))
      expect(posted.response.status, posted.body.slice(0, 300)).toBe(302)
      next = posted.location!
    } else {
      expect(page.response.status).toBeGreaterThanOrEqual(300)
      next = page.location!
    }
  }
  throw new Error('sign-in did not reach /login/callback')
}

const sessionCookieName = () => 'session'
function upstream() {
  return upstreamFor({
    config,
    upstreamFetch: t.portal.upstreamFetch,
    logger: silentLogger,
    requestId: 't',
    nonce: 'n',
  } as AppLoadContext)
}
/** Revokes a refresh token at the provider, as an administrator or another device would. */
async function revokeAtProvider(refreshToken: string) {
  const credentials = Buffer.from(
    `${encodeURIComponent(config.oidc.clientId)}:${encodeURIComponent(config.oidc.clientSecret)}`,
  ).toString('base64')
  const response = await fetch(`${config.oidc.issuer}/protocol/openid-connect/revoke`, {
    method: 'POST',
    headers: { authorization: `Basic ${credentials}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: refreshToken, token_type_hint: 'refresh_token' }),
  })
  expect(response.status).toBe(200)
}

describe('sign-in lands each role where spec 4 says', () => {
  const cases = [
    { who: 'applicant (base only)', user: DEMO.applicant, home: '/get-started', shows: 'Hi ANA, let' },
    { who: 'customer', user: DEMO.customer, home: '/customer', shows: '1000000000002' },
    { who: 'sales agent', user: DEMO.agent, home: '/sales', shows: 'AGT-0001' },
    { who: 'sales admin', user: DEMO.admin, home: '/sales', shows: 'Sales admin' },
  ]
  for (const { who, user, home, shows } of cases) {
    it(`${who} → ${home}`, async () => {
      const jar = new CookieJar()
      const callback = await signIn(jar, user)
      expect(callback.response.status).toBe(302)
      expect(callback.location).toBe(home)
      const page = await visit(jar, home)
      expect(page.response.status).toBe(200)
      expect(page.response.headers.get('cache-control')).toBe('no-store')
      expect(page.body).toContain(shows)
      // Logout is a link to the question (public header), or the customer top bar's form that logs out at once.
      expect(page.body).toMatch(/href="\/logout"|action="\/logout"/)
      expect(page.body).not.toMatch(/href="\/login"/)
    })
  }

  it('shows the customer the default (active) account, every linked account, and the greeting in the drawer', async () => {
    const jar = new CookieJar()
    await signIn(jar, DEMO.customer)
    const { body } = await visit(jar, '/customer')
    expect(body).toMatch(/data-testid="default-account"[^>]*>1000000000002</)
    expect(body).toContain('1000000000001')
    expect(body).toContain('Hi CARLOS')
    expect(body).toMatch(/<a href="\/customer"[^>]*aria-label="Hibla home"/)
  })

  it('keeps a customer out of /sales with the not-authorized toast', async () => {
    const jar = new CookieJar()
    await signIn(jar, DEMO.customer)
    const refused = await visit(jar, '/sales')
    expect(refused.response.status).toBe(302)
    expect(refused.location).toBe('/customer')
    const home = await visit(jar, '/customer')
    expect(home.body).toContain('Sorry, you are not authorized for the selected action.')
    expect(home.body).not.toContain('AGT-')
  })

  it('sends a customer on /terms-of-use to the customer home with the terms of use open, and CLOSE closes them', async () => {
    const jar = new CookieJar()
    await signIn(jar, DEMO.customer)
    const moved = await visit(jar, '/terms-of-use')
    expect(moved.location).toBe('/customer?showTermsOfUse=true')
    const page = await visit(jar, moved.location!)
    expect(page.body).toMatch(/role="dialog" aria-label="Terms of Use"/)
    expect(page.body).toMatch(/<a href="\/customer"[^>]*>CLOSE<\/a>/)
    expect((await visit(jar, '/customer')).body).not.toContain('role="dialog"')
  })

  it('pushes a signed-in sales user from the landing page to /sales, and lets the others stay', async () => {
    const agent = new CookieJar()
    await signIn(agent, DEMO.agent)
    expect((await visit(agent, '/')).location).toBe('/sales')
    const customer = new CookieJar()
    await signIn(customer, DEMO.customer)
    expect((await visit(customer, '/')).response.status).toBe(200)
  })

  it('follows a safe redirectTo and ignores one to another origin', async () => {
    const safe = await signIn(new CookieJar(), DEMO.applicant, '/login?redirectTo=%2Fprivacy-notice')
    expect(safe.location).toBe('/privacy-notice')
    const unsafe = await signIn(new CookieJar(), DEMO.applicant, '/login?redirectTo=%2F%2Fevil.example%2F')
    expect(unsafe.location).toBe('/get-started')
  })

  it('sends an anonymous visitor of a private page to /login with redirectTo, and back there after sign-in', async () => {
    const jar = new CookieJar()
    const refused = await visit(jar, '/customer?tab=accounts')
    expect(refused.location).toBe('/login?redirectTo=%2Fcustomer%3Ftab%3Daccounts')
    const callback = await signIn(jar, DEMO.customer, refused.location!)
    expect(callback.location).toBe('/customer?tab=accounts')
  })
})

describe('sessions', () => {
  it('sets a session cookie holding only an id: HttpOnly, SameSite=Lax, path /, no Max-Age (a browser-session cookie)', async () => {
    const callback = await signIn(new CookieJar(), DEMO.customer)
    const cookie = callback.response.headers.getSetCookie().find((line) => line.startsWith(`${sessionCookieName()}=`))!
    expect(cookie).toMatch(/; HttpOnly/i)
    expect(cookie).toMatch(/; SameSite=Lax/i)
    expect(cookie).toMatch(/; Path=\//i)
    expect(cookie).not.toMatch(/max-age|expires/i)
    expect(sessionIdOf(cookie.split(';')[0]!.split('=').slice(1).join('='))).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('gives sales roles the short kiosk idle timeout and others the long one', async () => {
    const idleMinutes = async (user: { email: string; password: string }) => {
      const jar = new CookieJar()
      await signIn(jar, user)
      const session = await upstream().sessions.current(sessionIdOf(jar.cookies.get(sessionCookieName())!))
      return (Date.parse(session!.idleExpiresAt) - Date.parse(session!.lastSeenAt)) / 60_000
    }
    expect(await idleMinutes(DEMO.agent)).toBe(15)
    expect(await idleMinutes(DEMO.customer)).toBe(30)
  })

  it('starts a new session at sign-in: a cookie the browser had before is revoked, and is anonymous afterwards', async () => {
    const first = new CookieJar()
    await signIn(first, DEMO.customer)
    const before = first.cookies.get(sessionCookieName())!
    // A browser that starts signing in while holding that cookie (planted, or the previous kiosk user's).
    const browser = new CookieJar()
    const start = await visit(browser, '/login')
    browser.cookies.set(sessionCookieName(), before)
    const callback = await visit(browser, await continueUntilCallback(browser, start.location!, DEMO.agent))
    expect(callback.location).toBe('/sales')
    const after = browser.cookies.get(sessionCookieName())!
    expect(sessionIdOf(after)).not.toBe(sessionIdOf(before))

    const replay = new CookieJar()
    replay.cookies.set(sessionCookieName(), before)
    const page = await visit(replay, '/customer')
    expect(page.response.status).toBe(302)
    expect(page.location).toBe('/login?redirectTo=%2Fcustomer')
    expect((await visit(browser, '/sales')).response.status).toBe(200)
  })

  it('refuses a callback carrying another browser state (400), and starts no session', async () => {
    const victim = new CookieJar()
    const attacker = new CookieJar()
    await visit(attacker, '/login') // the attacker's browser has its own state cookie
    const victimStart = await visit(victim, '/login')
    const stolen = await continueUntilCallback(victim, victimStart.location!, DEMO.customer)
    const replayed = await visit(attacker, stolen)
    expect(replayed.response.status).toBe(400)
    expect(replayed.body).toContain('We could not complete your sign-in. Please log in again.')
    expect(attacker.cookies.has(sessionCookieName())).toBe(false)
  })
})

describe('logout', () => {
  it('asks first; NO goes back home; the page works as plain HTML', async () => {
    const jar = new CookieJar()
    await signIn(jar, DEMO.agent)
    const page = await visit(jar, '/logout')
    expect(page.response.status).toBe(200)
    expect(page.response.headers.get('cache-control')).toBe('no-store')
    expect(page.body).toContain('Do you want to log out?')
    expect(page.body).toMatch(/<a href="\/sales"[^>]*>NO<\/a>/)
    expect(page.body).toMatch(/<form method="post" action="\/logout">/)
  })

  it('YES ends the session upstream and at the provider, clears site data, and lands on / with the toast; the old cookie is refused', async () => {
    const jar = new CookieJar()
    await signIn(jar, DEMO.customer)
    const old = jar.cookies.get(sessionCookieName())!
    const yes = await visit(jar, '/logout', form({}))
    expect(yes.response.status).toBe(302)
    expect(yes.response.headers.get('clear-site-data')).toBe('"cache", "storage"')
    expect(jar.cookies.has(sessionCookieName())).toBe(false)
    // The provider's session ended from the server (spec 3: the logout body is the tokens):
    // straight home, no provider page to click through, no ID token in any URL.
    expect(yes.location).toBe('/')
    // Meanwhile the browser asks for /favicon.ico (the page links no icon): a missing image must not use up the toast.
    expect((await visit(jar, '/favicon.ico', { headers: { 'sec-fetch-dest': 'image' } })).response.status).toBe(404)
    const home = await visit(jar, '/')
    expect(home.body).toContain('Successfully Logged Out')
    expect(home.body).toMatch(/href="\/login"/)

    const replay = new CookieJar()
    replay.cookies.set(sessionCookieName(), old)
    const refused = await visit(replay, '/customer')
    expect(refused.location).toBe('/login?redirectTo=%2Fcustomer')
    expect(refused.response.headers.getSetCookie().some((line) => line.startsWith(`${sessionCookieName()}=;`))).toBe(
      true,
    )

    // The provider's session ended too: on this same browser (a kiosk), signing in again asks for the password.
    const login = await visit(jar, '/login')
    expect(login.location).toContain('/protocol/openid-connect/auth')
    const authorize = await visit(jar, login.location!)
    expect(new URL(authorize.location!, base).pathname).toMatch(/^\/login\/interaction\//)
  })

  it('YES discards the draft the user claimed and expires its cookie: nothing of it stays in the browser', async () => {
    const jar = new CookieJar()
    await signIn(jar, DEMO.customer)
    const session = await upstream().sessions.current(sessionIdOf(jar.cookies.get(sessionCookieName())!))
    const accessToken = session!.tokens.accessToken
    const basicInfo = {
      firstName: 'CARLOS',
      lastName: 'REYES',
      mobileNo: '9171234567',
      email: 'customer@example.com',
      checkTerms: true as const,
    }
    const { draftId } = await upstream().drafts.create({ basicInfo }, accessToken)
    const draft = await draftCookie(config).serialize(draftId)
    jar.cookies.set('draft', draft.split(';')[0]!.slice('draft='.length))
    expect(await upstream().drafts.read(draftId, accessToken)).not.toBeNull()

    const yes = await visit(jar, '/logout', form({}))
    expect(yes.response.status).toBe(302)
    const expired = yes.response.headers.getSetCookie().find((line) => line.startsWith('draft='))
    expect(expired).toMatch(/^draft=;.*Max-Age=0/i)
    expect(jar.cookies.has('draft')).toBe(false)
    // Deleted upstream, not merely out of reach: even the owner's token finds nothing.
    expect(await upstream().drafts.read(draftId, accessToken)).toBeNull()
  })

  it("falls back to the provider's logout page when the server-side logout is refused", async () => {
    const jar = new CookieJar()
    await signIn(jar, DEMO.customer)
    // The grant is gone at the provider (revoked elsewhere), so its server-side logout refuses the refresh token.
    const session = await upstream().sessions.current(sessionIdOf(jar.cookies.get(sessionCookieName())!))
    await revokeAtProvider(session!.tokens.refreshToken)
    const yes = await visit(jar, '/logout', form({}))
    const endSession = new URL(yes.location!)
    expect(endSession.origin + endSession.pathname).toBe(`${config.oidc.issuer}/protocol/openid-connect/logout`)
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${base}/`)
    const confirm = await visit(jar, yes.location!)
    expect(confirm.body).toContain('op.logoutForm')
  })
})

describe('tokens stay on the server', () => {
  it('no JWT in any HTML or data answer, and no token in any cookie a script could read', async () => {
    const jar = new CookieJar()
    await signIn(jar, DEMO.customer)
    await visit(jar, '/customer.data')
    await visit(jar, '/customer')
    expect(seen.length).toBeGreaterThan(20)
    for (const { url, body, cookies } of seen) {
      // The logout redirect carries id_token_hint in its Location header, never in a body.
      expect(body, `body of ${url}`).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\./)
      for (const cookie of cookies) {
        expect(cookie, `cookie from ${url}`).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\./)
        if (/eyJ/.test(cookie)) expect(cookie, `cookie from ${url}`).toMatch(/; HttpOnly/i)
      }
    }
  })
})

/** From the provider's authorization URL to the portal's callback URL (not visited). */
async function continueUntilCallback(jar: CookieJar, authorizeUrl: string, user: { email: string; password: string }) {
  let next = (await visit(jar, authorizeUrl)).location!
  for (let hops = 0; hops < 6; hops++) {
    const url = new URL(next, base)
    if (url.pathname === '/login/callback') return url.toString()
    const page = await visit(jar, url.toString())
    if (page.response.status === 200) next = (await visit(jar, url.toString(), form(user))).location!
    else next = page.location!
  }
  throw new Error('sign-in did not reach /login/callback')
}
