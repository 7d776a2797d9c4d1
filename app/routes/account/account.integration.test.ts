/**
 * Registration, email verification, password reset and the dev mailbox: the routes'
 * loaders and actions with real Requests against the real gateway and a fresh database.
 * Expiry is proven by moving Date (Vitest fake timers), never by sleeping; the portal's
 * signatures and the gateway's clock move together, so calls still pass the clock window.
 */
import type { AppLoadContext } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { serviceSettingsFromConfig } from '../../../services/context'
import { TOO_MANY_FROM_ADDRESS_MESSAGE, TOO_MANY_REQUESTS_MESSAGE } from '../../../services/identity/allowances'
import { createIdentityDirectory } from '../../../services/identity/directory'
import { notLinkableMessage } from '../../../services/identity/service'
import { latestMessagesFor } from '../../../services/notifications/outbox'
import { silentLogger } from '../../../services/testing'
import { startTestUpstream, type TestUpstream } from '../../../tests/support/upstream'
import { PASSWORDS_DIFFER } from '~/features/account/schemas'
import { isUpstreamError } from '~/upstream/errors'
import { loader as mailboxLoader } from '../dev/mailbox'
import { action as forgotAction } from './forgot-password'
import { action as registerAction, loader as registerLoader } from './register'
import { action as sentAction, loader as sentLoader } from './register-sent'
import { action as resetAction, loader as resetLoader } from './reset-password'
import { action as verifyAction, loader as verifyLoader } from './verify-email'
import { routeArgs } from '../../../tests/support/route-args'

let t: TestUpstream
beforeAll(async () => {
  t = await startTestUpstream({ seed: true })
})
afterAll(() => t?.close())
afterEach(() => {
  vi.useRealTimers()
})

const MINUTE = 60_000
/** Moves the clock of the portal and the gateway alike (both read Date). */
function advanceClock(ms: number) {
  const target = Date.now() + ms
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(target)
}

const withConfig = (overrides: Partial<AppLoadContext['config']>): AppLoadContext => ({
  ...t.context,
  config: { ...t.context.config, ...overrides },
})

function get(path: string, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${path}`, { headers })
}
function post(path: string, fields: Record<string, string> = {}) {
  return new Request(`http://localhost${path}`, { method: 'POST', body: new URLSearchParams(fields) })
}

/** The value a loader or action returned with `data()` or as a plain object, and its status. */
function unwrap(result: unknown): { status: number; body: any; headers: Headers } {
  if (result instanceof Response) return { status: result.status, body: null, headers: result.headers }
  if (result && typeof result === 'object' && 'type' in result && (result as any).type === 'DataWithResponseInit') {
    const { data, init } = result as any
    return { status: init?.status ?? 200, body: data, headers: new Headers(init?.headers) }
  }
  return { status: 200, body: result, headers: new Headers() }
}

async function thrownStatus(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => undefined,
    (error: unknown) => error,
  )
  if (thrown instanceof Response) return thrown.status
  if (isUpstreamError(thrown)) return thrown.status
  return (thrown as { init?: { status?: number } } | undefined)?.init?.status
}

let serial = 0
function applicant(overrides: Record<string, string> = {}) {
  serial++
  return {
    firstName: 'Maria',
    lastName: 'Santos',
    email: `maria.${serial}.${Date.now()}@example.net`,
    mobileNumber: '917 123 4567',
    accountNumber: '1000000000001',
    password: 'Mabuhay2025',
    confirmPassword: 'Mabuhay2025',
    ...overrides,
  }
}

async function linkToken(email: string, path: 'verifyEmail' | 'reset-password') {
  const [message] = await latestMessagesFor(t.database.db, email, 1)
  return message?.body?.match(new RegExp(`/${path}/([A-Za-z0-9_-]{43})`))?.[1] ?? null
}

async function registerAs(input: Record<string, string>) {
  return unwrap(await registerAction(routeArgs({ request: post('/register', input), context: t.context, params: {} })))
}

const verifyArgs = (token: string, method: 'GET' | 'POST') => ({
  request: method === 'GET' ? get(`/verifyEmail/${token}`) : post(`/verifyEmail/${token}`),
  context: t.context,
  params: { token },
})

describe('/register', () => {
  it("answers 404 unless the register flag is exactly the string 'true'", async () => {
    for (const flag of ['false', 'TRUE', '']) {
      const context = withConfig({ REGISTER_FLAG: flag })
      expect(await thrownStatus(registerLoader(routeArgs({ request: get('/register'), context, params: {} })))).toBe(
        404,
      )
      expect(
        await thrownStatus(registerAction(routeArgs({ request: post('/register', applicant()), context, params: {} }))),
      ).toBe(404)
    }
    expect(
      await registerLoader(routeArgs({ request: get('/register'), context: t.context, params: {} })),
    ).toHaveProperty('constraint')
  })

  it("gives the screen the form's constraints from the schema, so the browser needs no zod to mark fields required", async () => {
    const { constraint } = await registerLoader(
      routeArgs({ request: get('/register'), context: t.context, params: {} }),
    )
    const required = { required: true }
    expect(constraint).toEqual({
      firstName: required,
      lastName: required,
      email: required,
      mobileNumber: required,
      accountNumber: required,
      password: required,
      confirmPassword: required,
    })
    expect(structuredClone(constraint)).toEqual(constraint) // plain data, as loader data must be
  })

  it('registers, emails a verification link and sends the browser to the check-your-email page with the email', async () => {
    const input = applicant()
    const response = await registerAs(input)
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/register/sent')
    expect(await linkToken(input.email, 'verifyEmail')).toMatch(/^[A-Za-z0-9_-]{43}$/)

    const cookie = response.headers.get('set-cookie')!.split(';')[0]!
    const sent = await sentLoader(
      routeArgs({ request: get('/register/sent', { cookie }), context: t.context, params: {} }),
    )
    expect(sent).toMatchObject({ email: input.email })
  })

  it('shows the spec 5 message for each empty field', async () => {
    const { status, body } = await registerAs({})
    expect(status).toBe(400)
    expect(body.result.error).toEqual({
      firstName: ['Please enter first name'],
      lastName: ['Please enter last name'],
      email: ['This field required'],
      mobileNumber: ['This field required'],
      accountNumber: ['This field required'],
      password: ['This field required'],
      confirmPassword: ['This field required'],
    })
  })

  it.each([
    ['firstName', 'Maria2', 'Invalid first name'],
    ['lastName', 'Santos!', 'Invalid last name'],
    ['firstName', 'M'.repeat(51), 'Input limit exceeded'],
    ['email', 'maria@', 'Invalid email format'],
    ['email', `${'m'.repeat(400)}@example.net`, 'Input limit exceeded'],
    ['mobileNumber', '7171234567', 'Invalid mobile number'],
    ['mobileNumber', '91712345', 'Invalid mobile number'],
    ['accountNumber', '12345', 'Account number must be 13 digits'],
    ['password', 'short1', 'Password must be at least 8 characters'],
    ['password', 'lettersonly', 'Password must contain a letter and a digit'],
  ])('refuses %s=%j with %j', async (field, value, message) => {
    const input = applicant({ [field]: value, ...(field === 'password' ? { confirmPassword: value } : {}) })
    const { status, body } = await registerAs(input)
    expect(status).toBe(400)
    expect(body.result.error).toEqual({ [field]: [message] })
  })

  it('refuses a confirmation that differs from the password', async () => {
    const { body } = await registerAs(applicant({ confirmPassword: 'Mabuhay2026' }))
    expect(body.result.error).toEqual({ confirmPassword: [PASSWORDS_DIFFER] })
  })

  it("shows the upstream's 422 beside the account number field, keeps what was typed and drops the passwords", async () => {
    // A DSL account: a real account number, but not one the identity service links.
    const input = applicant({ accountNumber: '2000000000001' })
    const { status, body } = await registerAs(input)
    expect(status).toBe(422)
    expect(body.result.error).toEqual({ accountNumber: [notLinkableMessage(t.config.PRODUCT_NAME)] })
    expect(body.result.initialValue).toMatchObject({
      firstName: 'Maria',
      lastName: 'Santos',
      email: input.email,
      mobileNumber: '917 123 4567',
      accountNumber: '2000000000001',
    })
    expect(body.result.initialValue).not.toHaveProperty('password')
    expect(body.result.initialValue).not.toHaveProperty('confirmPassword')
  })

  it('answers the fourth registration of one email within an hour with 429 and the message on the email field', async () => {
    const input = applicant()
    for (let n = 0; n < 3; n++) expect((await registerAs(input)).status).toBe(302)
    const { status, body } = await registerAs(input)
    expect(status).toBe(429)
    expect(body.result.error).toEqual({ email: [TOO_MANY_REQUESTS_MESSAGE] })
  })
})

describe('/register/sent (resend)', () => {
  it('sends a new link a minute later that replaces the old one, and says so', async () => {
    const input = applicant()
    await registerAs(input)
    const first = await linkToken(input.email, 'verifyEmail')
    advanceClock(61_000)
    const { body } = unwrap(
      await sentAction(
        routeArgs({ request: post('/register/sent', { email: input.email }), context: t.context, params: {} }),
      ),
    )
    expect(body.resent).toBe(true)
    const second = await linkToken(input.email, 'verifyEmail')
    expect(second).not.toBe(first)
    expect(unwrap(await verifyAction(routeArgs(verifyArgs(first!, 'POST')))).body).toEqual({ state: 'failed' })
    expect(unwrap(await verifyAction(routeArgs(verifyArgs(second!, 'POST')))).body).toEqual({ state: 'verified' })
  })

  it('answers an unknown email exactly as a known one', async () => {
    const { status, body } = unwrap(
      await sentAction(
        routeArgs({
          request: post('/register/sent', { email: `nobody.${serial++}@example.net` }),
          context: t.context,
          params: {},
        }),
      ),
    )
    expect(status).toBe(200)
    expect(body.resent).toBe(true)
  })

  it('refuses a second resend within the minute with 429 and the message on the email field', async () => {
    const email = `again.${serial++}@example.net`
    await sentAction(routeArgs({ request: post('/register/sent', { email }), context: t.context, params: {} }))
    const { status, body } = unwrap(
      await sentAction(routeArgs({ request: post('/register/sent', { email }), context: t.context, params: {} })),
    )
    expect(status).toBe(429)
    expect(body.result.error).toEqual({ email: [TOO_MANY_REQUESTS_MESSAGE] })
  })

  it('shows an empty email field when the registration cookie is missing or forged', async () => {
    expect(
      await sentLoader(routeArgs({ request: get('/register/sent'), context: t.context, params: {} })),
    ).toMatchObject({
      email: null,
    })
    const forged = `registration=${Buffer.from(JSON.stringify({ email: 'x@example.net' })).toString('base64')}`
    expect(
      await sentLoader(
        routeArgs({ request: get('/register/sent', { cookie: forged }), context: t.context, params: {} }),
      ),
    ).toMatchObject({
      email: null,
    })
  })
})

describe('/verifyEmail/:token', () => {
  it('shows the button on GET without spending the token; the POST verifies, once', async () => {
    const input = applicant()
    await registerAs(input)
    const token = (await linkToken(input.email, 'verifyEmail'))!
    // Twice, as a mail scanner and then the person would.
    expect(await verifyLoader(routeArgs(verifyArgs(token, 'GET')))).toMatchObject({ state: 'ready' })
    expect(await verifyLoader(routeArgs(verifyArgs(token, 'GET')))).toMatchObject({ state: 'ready' })
    expect(unwrap(await verifyAction(routeArgs(verifyArgs(token, 'POST'))))).toMatchObject({
      status: 200,
      body: { state: 'verified' },
    })
    expect(unwrap(await verifyAction(routeArgs(verifyArgs(token, 'POST'))))).toMatchObject({
      status: 400,
      body: { state: 'failed' },
    })
  })

  it('fails a link 11 minutes old (spec 9: links expire in 10 minutes)', async () => {
    const input = applicant()
    await registerAs(input)
    const token = (await linkToken(input.email, 'verifyEmail'))!
    advanceClock(11 * MINUTE)
    expect(unwrap(await verifyAction(routeArgs(verifyArgs(token, 'POST')))).body).toEqual({ state: 'failed' })
  })

  it('still verifies a link 9 minutes old', async () => {
    const input = applicant()
    await registerAs(input)
    const token = (await linkToken(input.email, 'verifyEmail'))!
    advanceClock(9 * MINUTE)
    expect(unwrap(await verifyAction(routeArgs(verifyArgs(token, 'POST')))).body).toEqual({ state: 'verified' })
  })

  it('fails a malformed or unknown link without a button', async () => {
    expect(await verifyLoader(routeArgs(verifyArgs('not-a-token', 'GET')))).toMatchObject({ state: 'failed' })
    expect(unwrap(await verifyAction(routeArgs(verifyArgs('B'.repeat(43), 'POST')))).body).toEqual({ state: 'failed' })
  })
})

describe('password reset', () => {
  const resetArgs = (token: string, fields?: Record<string, string>) => ({
    request: fields ? post(`/reset-password/${token}`, fields) : get(`/reset-password/${token}`),
    context: t.context,
    params: { token },
  })

  it('requests a link with the same answer for a known and an unknown email', async () => {
    const input = applicant()
    await registerAs(input)
    const known = unwrap(
      await forgotAction(
        routeArgs({ request: post('/forgot-password', { email: input.email }), context: t.context, params: {} }),
      ),
    )
    const unknown = unwrap(
      await forgotAction(
        routeArgs({
          request: post('/forgot-password', { email: `nobody.${serial++}@example.net` }),
          context: t.context,
          params: {},
        }),
      ),
    )
    expect(known.status).toBe(unknown.status)
    expect(known.body.requested).toBe(true)
    expect(unknown.body.requested).toBe(true)
    expect(await linkToken(input.email, 'reset-password')).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('sets the new password with the link (the directory accepts it), then the link fails', async () => {
    const input = applicant()
    await registerAs(input)
    await forgotAction(
      routeArgs({ request: post('/forgot-password', { email: input.email }), context: t.context, params: {} }),
    )
    const token = (await linkToken(input.email, 'reset-password'))!

    expect(await resetLoader(routeArgs(resetArgs(token)))).toMatchObject({ state: 'form' })
    const mismatch = unwrap(
      await resetAction(routeArgs(resetArgs(token, { password: 'BagongPass7', confirmPassword: 'BagongPass8' }))),
    )
    expect(mismatch.body.result.error).toEqual({ confirmPassword: [PASSWORDS_DIFFER] })
    expect(mismatch.body.result.initialValue).toEqual({})

    const done = unwrap(
      await resetAction(routeArgs(resetArgs(token, { password: 'BagongPass7', confirmPassword: 'BagongPass7' }))),
    )
    expect(done).toMatchObject({ status: 200, body: { state: 'done' } })

    const directory = createIdentityDirectory({
      db: t.database.db,
      logger: silentLogger,
      productName: t.config.PRODUCT_NAME,
      now: () => new Date(),
      settings: serviceSettingsFromConfig(t.config),
    })
    expect((await directory.verifyCredentials(input.email, 'BagongPass7')).ok).toBe(true)
    expect((await directory.verifyCredentials(input.email, input.password)).ok).toBe(false)

    const again = unwrap(
      await resetAction(routeArgs(resetArgs(token, { password: 'OtherPass9', confirmPassword: 'OtherPass9' }))),
    )
    expect(again).toMatchObject({ status: 400, body: { state: 'failed' } })
  })

  it('fails a reset link after 30 minutes', async () => {
    const input = applicant()
    await registerAs(input)
    await forgotAction(
      routeArgs({ request: post('/forgot-password', { email: input.email }), context: t.context, params: {} }),
    )
    const token = (await linkToken(input.email, 'reset-password'))!
    advanceClock(31 * MINUTE)
    const outcome = unwrap(
      await resetAction(routeArgs(resetArgs(token, { password: 'BagongPass7', confirmPassword: 'BagongPass7' }))),
    )
    expect(outcome.body.state).toBe('failed')
  })

  it("passes the visitor's address upstream: the 31st request from one address in an hour gets 429 and a form message", async () => {
    const kiosk = { ...t.context, clientAddress: '198.51.100.23' }
    const ask = (email: string) =>
      forgotAction(routeArgs({ request: post('/forgot-password', { email }), context: kiosk, params: {} }))
    for (let n = 0; n < 30; n++) expect(unwrap(await ask(`kiosk.${serial}.${n}@example.net`)).status).toBe(200)
    const { status, body } = unwrap(await ask(`kiosk.${serial}.31@example.net`))
    serial++
    expect(status).toBe(429)
    expect(body.result.error).toEqual({ '': [TOO_MANY_FROM_ADDRESS_MESSAGE] })
  })

  it('refuses a second request within the minute with 429', async () => {
    const email = `reset.${serial++}@example.net`
    await forgotAction(routeArgs({ request: post('/forgot-password', { email }), context: t.context, params: {} }))
    const { status, body } = unwrap(
      await forgotAction(routeArgs({ request: post('/forgot-password', { email }), context: t.context, params: {} })),
    )
    expect(status).toBe(429)
    expect(body.result.error).toEqual({ email: [TOO_MANY_REQUESTS_MESSAGE] })
  })
})

describe('/dev/mailbox', () => {
  it('lists the newest messages for a recipient with their links, never cached', async () => {
    const input = applicant()
    await registerAs(input)
    const { status, body, headers } = unwrap(
      await mailboxLoader(
        routeArgs({
          request: get(`/dev/mailbox?to=${encodeURIComponent(input.email)}`),
          context: t.context,
          params: {},
        }),
      ),
    )
    expect(status).toBe(200)
    expect(headers.get('cache-control')).toBe('no-store')
    expect(body.messages).toHaveLength(1)
    expect(body.messages[0]).toMatchObject({
      recipient: input.email,
      subject: `Verify your email for ${t.config.PRODUCT_NAME}`,
    })
    expect(body.messages[0].body).toContain(`/verifyEmail/${await linkToken(input.email, 'verifyEmail')}`)
  })

  it('shows an invalid search address (neither an email nor a +63 mobile) as a field error', async () => {
    const { status, body } = unwrap(
      await mailboxLoader(routeArgs({ request: get('/dev/mailbox?to=nope'), context: t.context, params: {} })),
    )
    expect(status).toBe(400)
    expect(body.result.error).toEqual({ to: ['Enter an email address or a mobile number as +63 and 10 digits'] })
  })

  it('answers 404 when DEV_MAILBOX is off, in the portal and at the gateway', async () => {
    const off = withConfig({ devMailbox: false })
    expect(
      await thrownStatus(mailboxLoader(routeArgs({ request: get('/dev/mailbox'), context: off, params: {} }))),
    ).toBe(404)

    const closed = await startTestUpstream({ env: { DEV_MAILBOX: 'false' } })
    try {
      expect(await thrownStatus(closed.upstream.identity.devOutbox())).toBe(404)
    } finally {
      await closed.close()
    }
  })
})
