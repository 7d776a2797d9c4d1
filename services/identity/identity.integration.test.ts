import crypto from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { AttributesUpdateSchema } from '../../lib/identity-schemas.ts'
import { HEADER, computeSignature, newRequestId } from '../../lib/signature.ts'
import { serviceSettingsFromConfig, type ServiceDeps } from '../context.ts'
import { seedAll } from '../setup/seed.ts'
import { latestMessagesFor } from '../notifications/outbox.ts'
import { silentLogger } from '../testing.ts'
import { startTestUpstream, type TestUpstream } from '../../tests/support/upstream.ts'
import { DEMO_USERS } from './demo-users.ts'
import { createIdentityDirectory, type IdentityDirectory } from './directory.ts'
import { TOO_MANY_FROM_ADDRESS_MESSAGE, TOO_MANY_REQUESTS_MESSAGE } from './allowances.ts'
import { createIdentityService, notLinkableMessage, type IdentityService } from './service.ts'
import { oneTimeTokens, users } from './tables.ts'

// One clock for the gateway and the domain functions: tests move it instead of sleeping.
let nowMs = Date.parse('2025-03-03T01:00:00Z')
const now = () => new Date(nowMs)
const advance = (ms: number) => (nowMs += ms)
const MINUTE = 60_000

const demo = (email: string) => DEMO_USERS.find((user) => user.email === email)!
const customer = demo('customer@example.com')
const agent = demo('agent@example.com')
const applicant = demo('applicant@example.com')

let t: TestUpstream
let deps: ServiceDeps
let directory: IdentityDirectory
let service: IdentityService

beforeAll(async () => {
  t = await startTestUpstream({ seed: true, now, env: { PUBLIC_URL: 'https://portal.example.ph' } })
  deps = {
    db: t.database.db,
    logger: silentLogger,
    productName: t.config.PRODUCT_NAME,
    now,
    settings: serviceSettingsFromConfig(t.config),
  }
  directory = createIdentityDirectory(deps)
  service = createIdentityService(deps)
})
afterAll(() => t?.close())

/** A signed call to the gateway, timestamped with the test clock. */
async function call(method: string, path: string, body?: unknown) {
  const text = body === undefined ? '' : JSON.stringify(body)
  const requestId = newRequestId()
  const timestamp = Math.floor(nowMs / 1000)
  const signature = computeSignature({
    scheme: t.config.UPSTREAM_SIGNATURE_SCHEME,
    secret: t.config.upstreamSecret,
    channel: t.config.channel,
    method,
    pathWithQuery: path,
    requestId,
    timestamp,
    body: text,
  })
  const response = await t.fetch(
    new Request(`http://upstream.internal${path}`, {
      method,
      body: text || undefined,
      headers: {
        'content-type': 'application/json',
        [HEADER.channel]: t.config.channel,
        [HEADER.requestId]: requestId,
        [HEADER.timestamp]: String(timestamp),
        [HEADER.signature]: signature,
      },
    }),
  )
  return { status: response.status, body: (await response.json()) as any }
}

let serial = 0
function newApplicant(overrides: Record<string, unknown> = {}) {
  serial++
  return {
    firstName: 'Juan',
    lastName: 'Dela Cruz',
    email: `juan.${serial}@example.net`,
    mobileNumber: '(917) 555 0101',
    password: 'Mabuhay2025',
    ...overrides,
  }
}

async function latestLinkToken(email: string, path: 'verifyEmail' | 'reset-password') {
  const [message] = await latestMessagesFor(t.database.db, email, 1)
  const match = message?.body?.match(new RegExp(`/${path}/([A-Za-z0-9_-]{43})`))
  return match?.[1] ?? null
}

describe('sign-in directory', () => {
  it('signs in a demo user by email, in any case, and returns the user', async () => {
    const result = await directory.verifyCredentials('  Customer@EXAMPLE.com ', customer.password)
    expect(result.ok && result.user.email).toBe('customer@example.com')
  })

  it('gives an unknown user and a wrong password the same result', async () => {
    const wrong = await directory.verifyCredentials(applicant.email, 'NotThePassword1')
    const unknown = await directory.verifyCredentials('nobody@example.com', 'NotThePassword1')
    expect(wrong).toEqual({ ok: false, reason: 'invalid' })
    expect(unknown).toEqual(wrong)
  })

  it('spends hashing time on an unknown user too, so timing does not reveal who exists', async () => {
    await directory.verifyCredentials('warm-up@example.com', 'x') // the dummy hash is made once
    // Counted, not timed: an unknown user's check derives one scrypt key at the same cost
    // as a known user's (a test that timed them failed on a busy machine).
    const derivations = vi.spyOn(crypto, 'scrypt')
    try {
      await directory.verifyCredentials(agent.email, 'NotThePassword1')
      await directory.verifyCredentials('nobody-else@example.com', 'NotThePassword1')
      expect(derivations).toHaveBeenCalledTimes(2)
      const [known, unknown] = derivations.mock.calls.map((call) => call[3] as crypto.ScryptOptions)
      expect(unknown).toEqual(known)
    } finally {
      derivations.mockRestore()
    }
    await directory.verifyCredentials(agent.email, agent.password) // clears the failures above
  })

  it('builds Keycloak-style claims with the active account as the default', async () => {
    const result = await directory.verifyCredentials(customer.email, customer.password)
    if (!result.ok) throw new Error('demo customer could not sign in')
    expect(directory.claimsFor(result.user)).toEqual({
      sub: result.user.id,
      email: 'customer@example.com',
      email_verified: true,
      given_name: 'CARLOS',
      family_name: 'REYES',
      realm_access: { roles: ['base', 'customer'] },
      accountNumber: ['1000000000001', '1000000000002'],
      unverifiedAccountNumber: [],
      activeAccountNumber: '1000000000002',
      displayCoachmarks: true,
      displayWelcomeBanner: true,
      displaySuccessRegistration: false,
      agentCode: null,
    })
    expect(await directory.findUser(result.user.id)).toEqual(result.user)
    expect(await directory.findUser('not-a-uuid')).toBeNull()
    expect(await directory.findUser('00000000-0000-4000-8000-000000000000')).toBeNull()
  })

  it("gives the agent's code and role in the claims", async () => {
    const result = await directory.verifyCredentials(agent.email, agent.password)
    if (!result.ok) throw new Error('demo agent could not sign in')
    const claims = directory.claimsFor(result.user)
    expect(claims.agentCode).toBe('AGT-0001')
    expect(claims.realm_access.roles).toContain('sales-agent')
    expect(claims.activeAccountNumber).toBeNull()
  })
})

describe('lock-out per username', () => {
  it('locks one username after 5 failures while another user of the same kiosk still signs in', async () => {
    for (let i = 0; i < 5; i++) {
      expect(await directory.verifyCredentials(customer.email, `Wrong${i}pass`)).toEqual({
        ok: false,
        reason: 'invalid',
      })
    }
    // Even the right password is refused while locked.
    expect(await directory.verifyCredentials(customer.email, customer.password)).toEqual({
      ok: false,
      reason: 'locked',
    })
    const other = await directory.verifyCredentials(agent.email, agent.password)
    expect(other.ok).toBe(true)

    advance(61_000)
    expect((await directory.verifyCredentials(customer.email, customer.password)).ok).toBe(true)
    // The success reset the count: one more failure is not a lock.
    expect(await directory.verifyCredentials(customer.email, 'Wrong9pass')).toEqual({ ok: false, reason: 'invalid' })
    expect((await directory.verifyCredentials(customer.email, customer.password)).ok).toBe(true)
  })

  it('makes each further failure wait longer', async () => {
    const username = 'admin@example.com'
    for (let i = 0; i < 5; i++) await directory.verifyCredentials(username, 'Wrong1pass')
    advance(61_000) // first lock: 60 s
    expect(await directory.verifyCredentials(username, 'Wrong1pass')).toEqual({ ok: false, reason: 'invalid' })
    advance(61_000) // second lock: 120 s, not over yet
    expect(await directory.verifyCredentials(username, demo(username).password)).toEqual({
      ok: false,
      reason: 'locked',
    })
    advance(60_000)
    expect((await directory.verifyCredentials(username, demo(username).password)).ok).toBe(true)
  })

  it('locks an unknown username exactly like a real one', async () => {
    for (let i = 0; i < 5; i++) await directory.verifyCredentials('ghost@example.com', 'Wrong1pass')
    expect(await directory.verifyCredentials('ghost@example.com', 'Wrong1pass')).toEqual({
      ok: false,
      reason: 'locked',
    })
  })

  it('lets only the first 5 of a parallel burst of guesses reach the password check', async () => {
    expect((await directory.verifyCredentials(applicant.email, applicant.password)).ok).toBe(true) // count starts at 0
    const results = await Promise.all(
      Array.from({ length: 12 }, () => directory.verifyCredentials(applicant.email, 'Wrong1pass')),
    )
    expect(results.filter((r) => !r.ok && r.reason === 'invalid')).toHaveLength(5)
    expect(results.filter((r) => !r.ok && r.reason === 'locked')).toHaveLength(7)
    advance(61_000)
  })
})

describe('registration and email verification', () => {
  it('registers an applicant and emails a 10-minute link; only a hash of its token is stored', async () => {
    const input = newApplicant()
    const response = await call('POST', '/users/registration', input)
    expect(response.status).toBe(201)
    expect(response.body).toEqual({ status: true, data: { email: input.email } })

    const [message] = await latestMessagesFor(t.database.db, input.email, 1)
    expect(message!.subject).toBe(`Verify your email for ${t.config.PRODUCT_NAME}`)
    expect(message!.body).toContain('Hello Juan,')
    expect(message!.body).toContain('within 10 minutes')
    expect(message!.body).toMatch(/https:\/\/portal\.example\.ph\/verifyEmail\/[A-Za-z0-9_-]{43}/)
    const token = (await latestLinkToken(input.email, 'verifyEmail'))!
    const stored = await t.database.db.select({ hash: oneTimeTokens.tokenHash }).from(oneTimeTokens)
    expect(stored.some((row) => row.hash === token)).toBe(false)

    const signIn = await directory.verifyCredentials(input.email, input.password)
    if (!signIn.ok) throw new Error('new user could not sign in')
    expect(signIn.user).toMatchObject({
      firstName: 'JUAN',
      lastName: 'DELA CRUZ',
      mobileNumber: '9175550101',
      roles: ['base'],
      emailVerified: false,
    })
    expect(signIn.user.attributes).toMatchObject({
      accountNumber: [],
      displaySuccessRegistration: true,
      displayWelcomeBanner: true,
    })
  })

  it('verifies with the link once; the same link fails the second time', async () => {
    const input = newApplicant()
    await call('POST', '/users/registration', input)
    const token = await latestLinkToken(input.email, 'verifyEmail')
    expect(await call('PATCH', '/users/verify-email', { token })).toEqual({
      status: 200,
      body: { status: true, data: { verified: true } },
    })
    const again = await call('PATCH', '/users/verify-email', { token })
    expect(again.status).toBe(400)
    expect(again.body.error.code).toBe('verification_failed')
    const signIn = await directory.verifyCredentials(input.email, input.password)
    expect(signIn.ok && signIn.user.emailVerified).toBe(true)
  })

  it('refuses a verification link 11 minutes old', async () => {
    const input = newApplicant()
    await call('POST', '/users/registration', input)
    const token = await latestLinkToken(input.email, 'verifyEmail')
    advance(11 * MINUTE)
    const response = await call('PATCH', '/users/verify-email', { token })
    expect(response.status).toBe(400)
    expect(response.body.error.code).toBe('verification_failed')
  })

  it('voids the old link when a new one is sent, and throttles resends to one a minute', async () => {
    const input = newApplicant()
    await call('POST', '/users/registration', input)
    const first = await latestLinkToken(input.email, 'verifyEmail')

    await call('POST', '/users/resend-activation', { email: input.email })
    expect(await latestLinkToken(input.email, 'verifyEmail')).toBe(first) // within the minute: nothing new

    advance(61_000)
    const resent = await call('POST', '/users/resend-activation', { email: input.email.toUpperCase() })
    expect(resent).toEqual({ status: 200, body: { status: true, data: { email: input.email.toUpperCase() } } })
    const second = await latestLinkToken(input.email, 'verifyEmail')
    expect(second).not.toBe(first)
    expect((await call('PATCH', '/users/verify-email', { token: first })).status).toBe(400)
    expect((await call('PATCH', '/users/verify-email', { token: second })).status).toBe(200)
  })

  it('answers a resend for an unknown email the same way and sends nothing', async () => {
    const response = await call('POST', '/users/resend-activation', { email: 'unknown-resend@example.com' })
    expect(response).toEqual({ status: 200, body: { status: true, data: { email: 'unknown-resend@example.com' } } })
    expect(await latestMessagesFor(t.database.db, 'unknown-resend@example.com')).toEqual([])
  })

  it('answers a taken email like a new one, creates no second user and tells the owner by email', async () => {
    const input = newApplicant({ email: 'Applicant@Example.com' })
    const response = await call('POST', '/users/registration', input)
    expect(response).toEqual({ status: 201, body: { status: true, data: { email: 'Applicant@Example.com' } } })
    const [total] = await t.database.db.select({ value: count() }).from(users)
    const [message] = await latestMessagesFor(t.database.db, applicant.email, 1)
    expect(message!.subject).toBe(`You already have a ${t.config.PRODUCT_NAME} account`)
    expect(total!.value).toBe(DEMO_USERS.length + serial - 1)
  })

  it('answers invalid fields with 422 and the spec 5 messages per field', async () => {
    const response = await call('POST', '/users/registration', {
      firstName: '',
      lastName: 'D3la Cruz',
      email: 'juan@',
      mobileNumber: '7171234567',
      accountNumber: '12345',
      password: 'password',
    })
    expect(response.status).toBe(422)
    expect(response.body.error.code).toBe('invalid_input')
    expect(response.body.error.fields).toEqual({
      firstName: ['Please enter first name'],
      lastName: ['Invalid last name'],
      email: ['Invalid email format'],
      mobileNumber: ['Invalid mobile number'],
      accountNumber: ['Account number must be 13 digits'],
      password: ['Password must contain a letter and a digit'],
    })
  })

  it('answers a body that is not JSON with 400', async () => {
    const requestId = newRequestId()
    const timestamp = Math.floor(nowMs / 1000)
    const body = '{not json'
    const signature = computeSignature({
      scheme: t.config.UPSTREAM_SIGNATURE_SCHEME,
      secret: t.config.upstreamSecret,
      channel: t.config.channel,
      method: 'POST',
      pathWithQuery: '/users/registration',
      requestId,
      timestamp,
      body,
    })
    const response = await t.fetch(
      new Request('http://upstream.internal/users/registration', {
        method: 'POST',
        body,
        headers: {
          [HEADER.channel]: t.config.channel,
          [HEADER.requestId]: requestId,
          [HEADER.timestamp]: String(timestamp),
          [HEADER.signature]: signature,
        },
      }),
    )
    expect(response.status).toBe(400)
  })

  it('refuses registration with an account number that is not a fibre account, with the spec message', async () => {
    for (const accountNumber of ['9999999999999', '2000000000001']) {
      const response = await call('POST', '/users/registration', newApplicant({ accountNumber }))
      expect(response.status).toBe(422)
      expect(response.body.error.fields).toEqual({ accountNumber: [notLinkableMessage(t.config.PRODUCT_NAME)] })
    }
  })

  it('makes a registrant with a fibre account number a customer whose link awaits proof of ownership', async () => {
    const input = newApplicant({ accountNumber: '1000000000003' })
    expect((await call('POST', '/users/registration', input)).status).toBe(201)
    const signIn = await directory.verifyCredentials(input.email, input.password)
    if (!signIn.ok) throw new Error('new customer could not sign in')
    expect(signIn.user.roles).toEqual(['base', 'customer'])
    // docs/decisions/0034: the number is kept, unverified, until the code sent to the account's
    // registered contact comes back (services/otp); until then it is used for nothing private.
    expect(directory.claimsFor(signIn.user)).toMatchObject({
      accountNumber: [],
      unverifiedAccountNumber: ['1000000000003'],
      activeAccountNumber: null,
    })
  })
})

describe('password reset', () => {
  it('answers the same for a known and an unknown email, and emails only the known one', async () => {
    const known = await call('POST', '/users/password-reset', { email: 'nobody-reset@example.com' })
    const unknown = await call('POST', '/users/password-reset', { email: 'nobody-reset2@example.com' })
    expect(known.status).toBe(unknown.status)
    const input = newApplicant()
    await call('POST', '/users/registration', input)
    const real = await call('POST', '/users/password-reset', { email: input.email })
    expect(real).toEqual({ status: 200, body: { status: true, data: { email: input.email } } })
    expect(unknown).toEqual({ status: 200, body: { status: true, data: { email: 'nobody-reset2@example.com' } } })
    expect(await latestMessagesFor(t.database.db, 'nobody-reset2@example.com')).toEqual([])
    expect((await latestMessagesFor(t.database.db, input.email, 1))[0]!.subject).toBe(
      `Reset your ${t.config.PRODUCT_NAME} password`,
    )
  })

  it('sets a new password with the link: the old one stops working, the link works once', async () => {
    const input = newApplicant()
    await call('POST', '/users/registration', input)
    await call('POST', '/users/password-reset', { email: input.email })
    const token = await latestLinkToken(input.email, 'reset-password')
    expect(token).not.toBeNull()

    const weak = await call('PATCH', '/users/password-reset', { accessToken: token, newPassword: 'short1' })
    expect(weak.body.error.fields).toEqual({ newPassword: ['Password must be at least 8 characters'] })

    const done = await call('PATCH', '/users/password-reset', { accessToken: token, newPassword: 'BagongPassword7' })
    expect(done).toEqual({ status: 200, body: { status: true, data: { reset: true } } })
    expect(await directory.verifyCredentials(input.email, input.password)).toEqual({ ok: false, reason: 'invalid' })
    const signIn = await directory.verifyCredentials(input.email, 'BagongPassword7')
    expect(signIn.ok && signIn.user.emailVerified).toBe(true)

    const again = await call('PATCH', '/users/password-reset', { accessToken: token, newPassword: 'OtherPassword8' })
    expect(again.status).toBe(400)
    expect(again.body.error.code).toBe('reset_failed')
  })

  it('refuses a reset link after 30 minutes', async () => {
    const input = newApplicant()
    await call('POST', '/users/registration', input)
    await call('POST', '/users/password-reset', { email: input.email })
    const token = await latestLinkToken(input.email, 'reset-password')
    advance(31 * MINUTE)
    const response = await call('PATCH', '/users/password-reset', {
      accessToken: token,
      newPassword: 'BagongPassword7',
    })
    expect(response.status).toBe(400)
    expect((await directory.verifyCredentials(input.email, input.password)).ok).toBe(true)
  })
})

describe('account linking and attributes', () => {
  async function applicantId() {
    const signIn = await directory.verifyCredentials(applicant.email, applicant.password)
    if (!signIn.ok) throw new Error(`demo applicant could not sign in: ${signIn.reason}`)
    return signIn.user.id
  }

  it('links a proven account, which makes the applicant a customer, and unlinks it again', async () => {
    const id = await applicantId()
    const linked = await service.linkProvenAccount(id, '1000000000004')
    expect(linked.attributes.accountNumber).toEqual(['1000000000004'])
    expect(linked.roles).toEqual(['base', 'customer'])
    expect(directory.claimsFor(linked).activeAccountNumber).toBe('1000000000004') // none active: the first
    expect((await service.linkProvenAccount(id, '1000000000004')).attributes.accountNumber).toEqual(['1000000000004'])

    const unlinked = await service.unlinkAccount(id, '1000000000004')
    expect(unlinked.attributes.accountNumber).toEqual([])
    expect(unlinked.roles).toEqual(['base'])
    await expect(service.unlinkAccount(id, '1000000000004')).rejects.toMatchObject({ message: 'Could not be unlinked' })
  })

  it("keeps a link without proof apart: not in the claims' accountNumber, not settable as active", async () => {
    // What a registration with an account number, or a link from before the proof, leaves.
    const id = await applicantId()
    await deps.db
      .update(users)
      .set({ accountNumbers: ['1000000000003'] })
      .where(eq(users.id, id))
    const user = (await directory.findUser(id))!
    expect(directory.claimsFor(user)).toMatchObject({
      accountNumber: [],
      unverifiedAccountNumber: ['1000000000003'],
      activeAccountNumber: null,
    })
    await expect(service.updateAttributes(id, { activeAccountNumber: '1000000000003' })).rejects.toMatchObject({
      httpStatus: 422,
    })
    // Unlinking it needs no proof, and a later link needs one again.
    expect((await service.unlinkAccount(id, '1000000000003')).attributes.unverifiedAccountNumber).toEqual([])
    await deps.db
      .update(users)
      .set({ roles: ['base'] })
      .where(eq(users.id, id))
  })

  it('falls back to the first account when the active one is unlinked', async () => {
    const signIn = await directory.verifyCredentials(customer.email, customer.password)
    if (!signIn.ok) throw new Error('demo customer could not sign in')
    const user = await service.unlinkAccount(signIn.user.id, '1000000000002')
    expect(user.attributes.activeAccountNumber).toBeNull()
    expect(directory.claimsFor(user).activeAccountNumber).toBe('1000000000001')
    await service.linkProvenAccount(signIn.user.id, '1000000000002')
    const restored = await service.updateAttributes(signIn.user.id, { activeAccountNumber: '1000000000002' })
    expect(directory.claimsFor(restored).activeAccountNumber).toBe('1000000000002')
  })

  it('updates the display flags, refuses an active account that is not linked, and ignores roles and agent code', async () => {
    const id = await applicantId()
    const update = AttributesUpdateSchema.parse({
      displayCoachmarks: false,
      displaySuccessRegistration: false,
      agentCode: 'AGT-9999',
      roles: ['sales-admin'],
    })
    const user = await service.updateAttributes(id, update)
    expect(user.attributes).toMatchObject({
      displayCoachmarks: false,
      displaySuccessRegistration: false,
      displayWelcomeBanner: true,
      agentCode: null,
    })
    expect(user.roles).toEqual(['base'])
    await expect(service.updateAttributes(id, { activeAccountNumber: '1000000000001' })).rejects.toMatchObject({
      httpStatus: 422,
      fields: { activeAccountNumber: ['This account is not linked to you.'] },
    })
  })
})

describe('seed', () => {
  it('adds nothing on a second run and keeps the demo users as they are', async () => {
    const before = await t.database.db
      .select({ id: users.id, hash: users.passwordHash })
      .from(users)
      .where(eq(users.demo, true))
    const report = await seedAll(t.database.db, { productName: t.config.PRODUCT_NAME, demo: true })
    expect(report.demoUsers).toBe(0)
    expect(report.demoAccounts).toBe(0)
    const after = await t.database.db
      .select({ id: users.id, hash: users.passwordHash })
      .from(users)
      .where(eq(users.demo, true))
    expect(after).toEqual(before)
    expect(before).toHaveLength(DEMO_USERS.length)
  })
})

describe('request limits (SECURITY Abuse)', () => {
  it('answers the second resend within a minute for the same email with 429 and the message on the email field', async () => {
    const input = newApplicant()
    await call('POST', '/users/registration', input)
    expect((await call('POST', '/users/resend-activation', { email: input.email })).status).toBe(200)
    const refused = await call('POST', '/users/resend-activation', { email: input.email.toUpperCase() })
    expect(refused.status).toBe(429)
    expect(refused.body.error.fields).toEqual({ email: [TOO_MANY_REQUESTS_MESSAGE] })
    advance(61_000)
    expect((await call('POST', '/users/resend-activation', { email: input.email })).status).toBe(200)
  })

  it('limits an unknown email exactly like a registered one, so a 429 reveals nothing', async () => {
    const email = `nobody-limit-${serial++}@example.net`
    expect((await call('POST', '/users/password-reset', { email })).status).toBe(200)
    expect((await call('POST', '/users/password-reset', { email })).status).toBe(429)
  })

  it('allows 3 registrations of one email an hour, then answers 429 until the hour is over', async () => {
    const input = newApplicant()
    for (let n = 0; n < 3; n++) expect((await call('POST', '/users/registration', input)).status).toBe(201)
    expect((await call('POST', '/users/registration', input)).status).toBe(429)
    advance(61 * MINUTE)
    expect((await call('POST', '/users/registration', input)).status).toBe(201)
  })

  it('lets one kiosk address ask reset links for 30 different people an hour, then refuses the 31st with 429', async () => {
    const address = '203.0.113.7'
    for (let n = 0; n < 30; n++) {
      await service.requestPasswordReset(`kiosk-${serial}-${n}@example.net`, address)
    }
    const refused = await service
      .requestPasswordReset(`kiosk-${serial}-31@example.net`, address)
      .catch((error: unknown) => error)
    expect(refused).toMatchObject({ httpStatus: 429, message: TOO_MANY_FROM_ADDRESS_MESSAGE })
    // Another address is not affected.
    await expect(service.requestPasswordReset(`kiosk-${serial}-32@example.net`, '203.0.113.8')).resolves.toBeDefined()
    serial++
  })
})
