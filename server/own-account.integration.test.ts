/**
 * Linking, unlinking, the default account and the spec 4 flags through the real portal,
 * the embedded provider and the upstream, with plain form posts (no JavaScript).
 * docs/security.md, Access control: every route that takes an account number (/get-started
 * and /customer, intents unlink and make-default) refuses one the user's token does not
 * list, including one the database links but the token does not yet know.
 */
import type { AppLoadContext } from 'react-router'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getUser } from '../tests/support/by-request.ts'
import { upstreamFor } from '../app/upstream/index.server.ts'
import { emailHashValueIn, HOLDER_EMAIL, newestCode } from '../tests/support/ownership.ts'
import { loadContextOf, signInByRequests, startTestPortal, type TestPortal } from '../tests/support/portal.ts'

const NOT_AUTHORIZED = 'Sorry, you are not authorized for the selected action.'
const CUSTOMER = { email: 'customer@example.com', password: 'Customer2024' }
const APPLICANT = { email: 'applicant@example.com', password: 'Applicant2024' }

let t: TestPortal
let context: AppLoadContext

beforeAll(async () => {
  // Send limits raised: this file proves many accounts as the same demo users (the limits have their own test, services/otp).
  t = await startTestPortal({
    DEMO_DATA: 'true',
    OTP_SENDS_PER_ACCOUNT_PER_HOUR: '100',
    OTP_SENDS_PER_USER_PER_HOUR: '100',
  })
  context = loadContextOf(t)
})
afterAll(() => t?.close())

type Browser = Awaited<ReturnType<typeof signInByRequests>>

function post(browser: Browser, path: string, fields: Record<string, string>) {
  return browser.go(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })
}

/** Posts a form and follows its redirect, as a browser does; returns where it landed and the page. */
async function submit(browser: Browser, path: string, fields: Record<string, string>) {
  const answer = await post(browser, path, fields)
  if (answer.status !== 302) return { status: answer.status, landed: path, html: await answer.text() }
  const landed = answer.headers.get('location')!
  const page = await browser.go(landed)
  return { status: page.status, landed: new URL(landed, t.base).pathname, html: await page.text() }
}

/** The claims the portal now holds for this browser's session (its ID token). */
async function claimsOf(browser: Browser) {
  const session = await upstreamFor(context).sessions.current(browser.id)
  return decodeJwt(session!.tokens.idToken) as {
    accountNumber?: string[]
    activeAccountNumber?: string | null
    realm_access?: { roles: string[] }
    displayWelcomeBanner?: boolean
    displaySuccessRegistration?: boolean
  }
}

/**
 * The whole ownership proof with plain posts, as a browser without JavaScript: the number
 * (posted from `from`), the contact (email), the code from the holder's mailbox.
 */
async function linkWithCode(browser: Browser, accountNumber: string, from = '/get-started') {
  const started = await submit(browser, from, { intent: 'link', accountNumber })
  expect(started.landed).toBe('/get-started')
  expect(started.html).toMatch(new RegExp(`data-testid="proof-account"[^>]*>${accountNumber}<`))
  const sent = await submit(browser, '/get-started', { intent: 'send-code', channel: 'email' })
  const code = await newestCode(context, HOLDER_EMAIL[accountNumber]!)
  return submit(browser, '/get-started', {
    intent: 'verify-code',
    otp: code,
    emailHashValue: emailHashValueIn(sent.html),
  })
}

/** Links an account upstream with the session's token, behind the portal's back (its stored claims stay as they were). */
async function linkBehindThePortal(browser: Browser, accountNumber: string) {
  const { tokens } = (await upstreamFor(context).sessions.current(browser.id))!
  const otp = upstreamFor(context).otp
  await otp.start(tokens.accessToken, accountNumber)
  const sent = await otp.send(tokens.accessToken, 'email')
  const code = await newestCode(context, HOLDER_EMAIL[accountNumber]!)
  await otp.verify(tokens.accessToken, code, sent.code!.emailHashValue)
}

const request = (browser: Browser) => new Request(`${t.base}/customer`, { headers: { cookie: browser.cookie } })

describe('every route that takes an account number refuses one outside the token', () => {
  for (const path of ['/get-started', '/customer']) {
    for (const intent of ['unlink', 'make-default']) {
      it(`${path} ${intent}: an account someone else holds, a malformed one, and none at all`, async () => {
        const customer = await signInByRequests(t.base, CUSTOMER)
        const before = await claimsOf(customer)
        for (const accountNumber of ['1000000000003', '10000000000019', 'abc', '']) {
          const answer = await submit(customer, path, { intent, accountNumber })
          expect(answer.landed).toBe(path)
          expect(answer.html).toContain(NOT_AUTHORIZED)
        }
        const after = await claimsOf(customer)
        expect(after.accountNumber).toEqual(before.accountNumber)
        expect(after.activeAccountNumber).toEqual(before.activeAccountNumber)
      })
    }
  }

  it('an account the database links but the token does not list yet is refused too (the token decides)', async () => {
    const customer = await signInByRequests(t.base, CUSTOMER)
    // Linked upstream behind the portal's back: the stored tokens still list two accounts.
    await linkBehindThePortal(customer, '1000000000004')
    for (const path of ['/get-started', '/customer']) {
      for (const intent of ['unlink', 'make-default']) {
        const answer = await submit(customer, path, { intent, accountNumber: '1000000000004' })
        expect(answer.html).toContain(NOT_AUTHORIZED)
      }
    }
    // Signed in again, the new token lists it, and unlinking it works.
    const again = await signInByRequests(t.base, CUSTOMER)
    expect((await claimsOf(again)).accountNumber).toContain('1000000000004')
    const unlinked = await submit(again, '/customer', { intent: 'unlink', accountNumber: '1000000000004' })
    expect(unlinked.html).toContain('The account ending in 0004 was unlinked.')
    expect((await claimsOf(again)).accountNumber).toEqual(['1000000000001', '1000000000002'])
  })
})

describe('a customer manages their accounts', () => {
  it('asks before unlinking (a plain link, NO goes back), then unlinks and re-links with new claims at once', async () => {
    const customer = await signInByRequests(t.base, CUSTOMER)
    // The question names the account by its place in the list: no account number in the URL.
    const page = await (await customer.go('/customer')).text()
    expect(page).toMatch(/href="\/customer\?unlink=1"[^>]*aria-label="Unlink account 1000000000001"/)
    // The one exception is a spec route that carries the owner's account number (docs/security.md,
    // Logs and privacy): the amount due's PAY, to /customer/bill-history/pay/{accountNumber}.
    expect(page.replace(/href="\/customer\/bill-history\/pay\/\d{13}"/g, '')).not.toMatch(/href="[^"]*\d{13}/)
    const question = await (await customer.go('/customer?unlink=1')).text()
    expect(question).toContain('Unlink account 1000000000001?')
    expect(question).toMatch(/href="\/customer"[^>]*>NO</)
    // A place with no account, or an account number instead of a place, asks nothing.
    for (const unlink of ['3', '0', '1000000000001', '-1']) {
      expect(await (await customer.go(`/customer?unlink=${unlink}`)).text()).not.toContain('role="alertdialog"')
    }

    const unlinked = await submit(customer, '/customer', { intent: 'unlink', accountNumber: '1000000000001' })
    expect(unlinked.html).toContain('The account ending in 0001 was unlinked.')
    expect((await claimsOf(customer)).accountNumber).toEqual(['1000000000002'])

    const linked = await linkWithCode(customer, '1000000000001')
    expect(linked.landed).toBe('/get-started')

    expect(linked.html).toContain('The account ending in 0001 is now linked.')
    expect((await claimsOf(customer)).accountNumber).toEqual(['1000000000002', '1000000000001'])
  })

  it('makes another account the default', async () => {
    const customer = await signInByRequests(t.base, CUSTOMER)
    // The toast rides a cookie to the next page: it names the last four digits only.
    const raw = await post(customer, '/customer', { intent: 'make-default', accountNumber: '1000000000002' })
    const toast = raw.headers.getSetCookie().find((line) => line.startsWith('toast='))!
    const decoded = Buffer.from(
      decodeURIComponent(toast.split(';')[0]!.slice('toast='.length)).split('.')[0]!,
      'base64',
    ).toString('utf8')
    expect(decoded).toContain('ending in 0002')
    expect(decoded).not.toMatch(/\d{13}/)

    const answer = await submit(customer, '/customer', { intent: 'make-default', accountNumber: '1000000000001' })
    expect(answer.html).toContain('The account ending in 0001 is now your default account.')
    expect(answer.html).toMatch(/data-testid="default-account"[^>]*>1000000000001</)
    expect((await claimsOf(customer)).activeAccountNumber).toBe('1000000000001')
  })

  it("refuses a number that is not the product's with spec 8's message beside the field, and keeps what was typed", async () => {
    const customer = await signInByRequests(t.base, CUSTOMER)
    const dsl = await submit(customer, '/get-started', { intent: 'link', accountNumber: '2000000000001' })
    expect(dsl.status).toBe(422)
    expect(dsl.html).toContain(
      'The account number you entered cannot be linked. This feature is available for Hibla accounts only.',
    )
    expect(dsl.html).toMatch(
      /name="accountNumber"[^>]*value="2000000000001"|value="2000000000001"[^>]*name="accountNumber"/,
    )
    const short = await submit(customer, '/get-started', { intent: 'link', accountNumber: '12345' })
    expect(short.status).toBe(400)
    expect(short.html).toContain('Account number must be 13 digits')
    const twice = await submit(customer, '/get-started', { intent: 'link', accountNumber: '1000000000002' })
    expect(twice.html).toContain('This account is already linked to you.')
  })

  it('shows the welcome banner until the customer closes it, for good', async () => {
    const customer = await signInByRequests(t.base, CUSTOMER)
    expect(await (await customer.go('/customer')).text()).toContain('data-testid="welcome-banner"')
    const closed = await submit(customer, '/customer', { intent: 'dismiss-welcome' })
    expect(closed.landed).toBe('/customer')
    expect(closed.html).not.toContain('data-testid="welcome-banner"')
    const later = await signInByRequests(t.base, CUSTOMER)
    expect(await (await later.go('/customer')).text()).not.toContain('data-testid="welcome-banner"')
  })
})

describe('an applicant', () => {
  it('sees the registration-success popup until closing it', async () => {
    // Demo users have seen it (services/identity/seed.ts); show it again, as for a new user.
    const before = await signInByRequests(t.base, APPLICANT)
    const { tokens } = (await upstreamFor(context).sessions.current(before.id))!
    await upstreamFor(context).identity.updateAttributes(tokens.accessToken, { displaySuccessRegistration: true })
    const applicant = await signInByRequests(t.base, APPLICANT)
    expect(await (await applicant.go('/get-started')).text()).toContain('Registration successful')
    const closed = await submit(applicant, '/get-started', { intent: 'dismiss-registration-success' })
    expect(closed.html).not.toContain('Registration successful')
    expect((await claimsOf(applicant)).displaySuccessRegistration).toBe(false)
  })

  it('becomes a customer by linking a first account, and lands on /customer with it', async () => {
    const applicant = await signInByRequests(t.base, APPLICANT)
    expect((await getUser(request(applicant), context))?.kind).toBe('applicant')
    const linked = await linkWithCode(applicant, '1000000000003')
    expect(linked.landed).toBe('/customer')
    expect(linked.html).toContain('The account ending in 0003 is now linked.')
    expect(linked.html).toMatch(/data-testid="default-account"[^>]*>1000000000003</)
    // The session's roles follow the new token: the guard now lets them into /customer.
    expect((await getUser(request(applicant), context))?.roles).toContain('customer')

    // Unlinking the only account makes them an applicant again.
    const unlinked = await submit(applicant, '/customer', { intent: 'unlink', accountNumber: '1000000000003' })
    expect(unlinked.landed).toBe('/get-started')
    expect((await getUser(request(applicant), context))?.kind).toBe('applicant')
  })
})

describe('proof of ownership (docs/security.md, Ownership proof)', () => {
  it('links nothing on the number alone: the page asks where to send a code, masked, and keeps the number upstream', async () => {
    const applicant = await signInByRequests(t.base, APPLICANT)
    const started = await submit(applicant, '/get-started', { intent: 'link', accountNumber: '1000000000005' })
    // The number is on the page, not in its address; the contacts are masked.
    expect(started.landed).toBe('/get-started')
    expect(started.html).toContain('Prove that this account is yours')
    expect(started.html).toContain('Email: a********m@example.org')
    expect(started.html).toContain('SMS to mobile number *** *** 0106')
    expect(started.html).not.toContain('andrea.lim@')
    expect((await claimsOf(applicant)).accountNumber ?? []).toEqual([])
    // A crafted verify without a code sent links nothing.
    const guess = await submit(applicant, '/get-started', {
      intent: 'verify-code',
      otp: '123456',
      emailHashValue: 'made-up',
    })
    expect(guess.status).toBe(422)
    expect(guess.html).toContain('Please ask for a code first.')
    expect((await claimsOf(applicant)).accountNumber ?? []).toEqual([])
    // Cancel: the plain link form again.
    const cancelled = await submit(applicant, '/get-started', { intent: 'cancel-proof' })
    expect(cancelled.html).not.toContain('Prove that this account is yours')
    expect(cancelled.html).toContain('LINK ACCOUNT')
  })

  it('a wrong code: its message beside the field, the account number still shown, the code not sent back; the fifth locks it', async () => {
    const applicant = await signInByRequests(t.base, APPLICANT)
    await submit(applicant, '/get-started', { intent: 'link', accountNumber: '1000000000006' })
    const sent = await submit(applicant, '/get-started', { intent: 'send-code', channel: 'email' })
    expect(sent.html).toContain('We sent a 6-digit code to p*******n@example.org.')
    const code = await newestCode(context, HOLDER_EMAIL['1000000000006']!)
    const wrongCode = code === '000000' ? '000001' : '000000'
    const fields = { intent: 'verify-code', otp: wrongCode, emailHashValue: emailHashValueIn(sent.html) }
    const wrong = await submit(applicant, '/get-started', fields)
    expect(wrong.status).toBe(422)
    expect(wrong.html).toContain('That code is not right. You have 4 tries left.')
    expect(wrong.html).toMatch(/data-testid="proof-account"[^>]*>1000000000006</)
    expect(wrong.html).not.toContain(`value="${wrongCode}"`)
    expect(wrong.html).toMatch(/name="otp"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="otp"/)
    for (let i = 0; i < 3; i++) await submit(applicant, '/get-started', fields)
    const locked = await submit(applicant, '/get-started', fields)
    expect(locked.html).toContain('Too many wrong codes. This code no longer works: please ask for a new one.')
    const page = await (await applicant.go('/get-started')).text()
    expect(page).toContain('Too many wrong codes. Send a new one.')
    expect(page).not.toContain('name="otp"')
    expect((await claimsOf(applicant)).accountNumber ?? []).toEqual([])
    await submit(applicant, '/get-started', { intent: 'cancel-proof' })
  })

  it('a link awaiting proof shows as Needs verification, is never the default, and VERIFY NOW proves it', async () => {
    // A user registered with an account number (docs/decisions/0034): linked, unverified.
    const email = `awaiting.${Date.now()}@example.net`
    await upstreamFor(context).identity.register({
      firstName: 'LIZA',
      lastName: 'SANTOS',
      email,
      mobileNumber: '9171234567',
      accountNumber: '1000000000003',
      password: 'Mabuhay2025',
    })
    const [verification] = await upstreamFor(context).identity.devOutbox(email)
    const token = /verifyEmail\/([A-Za-z0-9_-]{43})/.exec(verification!.body!)![1]!
    await upstreamFor(context).identity.verifyEmail(token)
    const user = await signInByRequests(t.base, { email, password: 'Mabuhay2025' })

    const home = await (await user.go('/customer')).text()
    expect(home).toContain('No account number available')
    expect(home).not.toContain('data-testid="default-account"')
    expect(home).toContain('Needs verification')
    expect(home).toContain('aria-label="Verify now, account 1000000000003"')
    // Not the default, not switchable: make-default is refused for it.
    const refused = await submit(user, '/customer', { intent: 'make-default', accountNumber: '1000000000003' })
    expect(refused.html).toContain(NOT_AUTHORIZED)
    // Only a listed unverified account can be proven from here.
    const other = await submit(user, '/customer', { intent: 'prove', accountNumber: '1000000000004' })
    expect(other.html).toContain(NOT_AUTHORIZED)

    const started = await submit(user, '/customer', { intent: 'prove', accountNumber: '1000000000003' })
    expect(started.landed).toBe('/get-started')
    expect(started.html).toMatch(/data-testid="proof-account"[^>]*>1000000000003</)
    const sent = await submit(user, '/get-started', { intent: 'send-code', channel: 'email' })
    const code = await newestCode(context, HOLDER_EMAIL['1000000000003']!)
    const proven = await submit(user, '/get-started', {
      intent: 'verify-code',
      otp: code,
      emailHashValue: emailHashValueIn(sent.html),
    })
    expect(proven.html).toContain('The account ending in 0003 is now linked.')
    expect(await claimsOf(user)).toMatchObject({
      accountNumber: ['1000000000003'],
      activeAccountNumber: '1000000000003',
    })
    const after = await (await user.go('/customer')).text()
    expect(after).toMatch(/data-testid="default-account"[^>]*>1000000000003</)
    expect(after).not.toContain('Needs verification')
  })
})

describe('with account management off (ACCOUNT_MGMT_ENABLED=false)', () => {
  let off: TestPortal
  beforeAll(async () => {
    off = await startTestPortal({ DEMO_DATA: 'true', ACCOUNT_MGMT_ENABLED: 'false' })
  })
  afterAll(() => off?.close())

  it('a customer sees no way to link another account, and a crafted post links nothing', async () => {
    const customer = await signInByRequests(off.base, CUSTOMER)
    const home = await (await customer.go('/customer')).text()
    expect(home).toContain('data-testid="default-account"')
    expect(home).not.toContain('LINK ANOTHER ACCOUNT')
    expect(await (await customer.go('/get-started')).text()).not.toContain('LINK ACCOUNT')

    const answer = await customer.go('/get-started', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'link', accountNumber: '1000000000004' }),
    })
    expect(answer.status).toBe(302)
    expect(await (await customer.go(answer.headers.get('location')!)).text()).toContain(NOT_AUTHORIZED)
    const offContext = { ...context, config: off.config, upstreamFetch: off.portal.upstreamFetch } as AppLoadContext
    const session = await upstreamFor(offContext).sessions.current(customer.id)
    expect((decodeJwt(session!.tokens.idToken) as { accountNumber: string[] }).accountNumber).toEqual([
      '1000000000001',
      '1000000000002',
    ])
  })
})
