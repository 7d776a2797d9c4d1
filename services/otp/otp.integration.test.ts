/**
 * Proof of account ownership through the real gateway (spec 7 OTP send and verify;
 * docs/security.md, Ownership proof): no link without the code sent to the account's
 * registered contact; five wrong codes lock it; an expired code is refused; sends are
 * limited per account and per user; the code is kept only as a hash and never logged.
 */
import { eq } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../lib/logger.ts'
import { latestMessagesFor } from '../notifications/outbox.ts'
import { gatewayFromConfig } from '../gateway.ts'
import { serviceSettingsFromConfig } from '../context.ts'
import {
  TEST_SECRETS,
  signAccessToken,
  signedCall,
  silentLogger,
  startTestGateway,
  testConfig,
  type TestGateway,
} from '../testing.ts'
import { users } from '../identity/tables.ts'
import { OTP_TEXT } from './service.ts'
import { oneTimeCodes, pendingProofs } from './tables.ts'

// One clock for the services; signatures keep the wall clock (signatureClock).
let nowMs = Date.parse('2025-06-02T01:00:00Z')
const now = () => new Date(nowMs)
const advance = (ms: number) => (nowMs += ms)
const MINUTE = 60_000
const HOUR = 60 * MINUTE

// What the services log, at every level, for the "never logged" test.
const logLines: string[] = []
const capturingLogger = pino({ level: 'trace' }, { write: (line: string) => void logLines.push(line) })

let t: TestGateway
beforeAll(async () => {
  t = await startTestGateway({
    seed: true,
    now,
    signatureClock: () => new Date(),
    logger: capturingLogger,
    env: { OTP_SENDS_PER_ACCOUNT_PER_HOUR: '4', OTP_SENDS_PER_USER_PER_HOUR: '3' },
  })
})
afterAll(() => t?.close())

let serial = 0
/** A fresh signed-in applicant (no accounts) and their bearer header. */
async function newUser() {
  serial++
  const [row] = await t.database.db
    .insert(users)
    .values({
      email: `proof.${serial}@example.net`,
      firstName: 'TEST',
      lastName: 'USER',
      mobileNumber: '9171234567',
      passwordHash: 'not-used',
      roles: ['base'],
      emailVerified: true,
      createdAt: now(),
      updatedAt: now(),
    })
    .returning({ id: users.id })
  const token = await signAccessToken(t, { sub: row!.id, realm_access: { roles: ['base'] }, accountNumber: [] })
  const call = (method: string, path: string, body?: unknown) =>
    signedCall(t, method, path, { body, headers: { authorization: `Bearer ${token}` } })
  return { id: row!.id, token, call }
}

async function storedLinks(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id))
  return { accountNumbers: row!.accountNumbers, verified: row!.verifiedAccountNumbers, roles: row!.roles }
}

/** The newest code sent to a recipient: what the account holder reads in their mailbox. */
async function newestCode(recipient: string): Promise<string> {
  const [message] = await latestMessagesFor(t.database.db, recipient, 1)
  const code = /\b(\d{6})\b/.exec(message!.body!)
  return code![1]!
}

const LIZA = { account: '1000000000003', email: 'liza.santos@example.org' }
const MARK = { account: '1000000000004', email: 'mark.delacruz@example.org' }
const ANDREA = { account: '1000000000005', email: 'andrea.lim@example.org' }
const PAOLO = { account: '1000000000006', email: 'paolo.tan@example.org' }

describe('starting a proof', () => {
  it("shows the account's contacts masked, and refuses numbers that cannot be linked with spec 8's message", async () => {
    advance(2 * HOUR)
    const user = await newUser()
    const started = await user.call('POST', '/otp/start', { accountNumber: LIZA.account })
    expect(started.status).toBe(200)
    expect(started.body.data).toEqual({
      accountNumber: LIZA.account,
      contacts: [
        { channel: 'email', masked: 'l*********s@example.org' },
        { channel: 'mobile', masked: '*** *** 0103' },
      ],
      code: null,
    })
    expect(JSON.stringify(started.body)).not.toContain('liza.santos@')
    expect((await user.call('GET', '/otp/pending')).body.data.accountNumber).toBe(LIZA.account)

    const message =
      'The account number you entered cannot be linked. This feature is available for Hibla accounts only.'
    for (const accountNumber of ['2000000000001', '9999999999999']) {
      const refused = await user.call('POST', '/otp/start', { accountNumber })
      expect(refused.status).toBe(422)
      expect(refused.body.error.fields.accountNumber).toEqual([message])
    }
    expect((await user.call('POST', '/otp/start', { accountNumber: '12345' })).status).toBe(422)
  })

  it('needs a signed-in user', async () => {
    expect((await signedCall(t, 'POST', '/otp/start', { body: { accountNumber: LIZA.account } })).status).toBe(401)
    expect((await signedCall(t, 'GET', '/otp/pending')).status).toBe(401)
  })
})

describe("linking another person's account", () => {
  it('is refused without the code: there is no direct link call, and guesses link nothing', async () => {
    advance(2 * HOUR)
    const intruder = await newUser()
    // The old link-by-number call is gone.
    expect((await intruder.call('POST', '/users/me/accounts', { accountNumber: LIZA.account })).status).toBe(404)
    // Verifying without a sent code, or with a made-up reference, links nothing.
    await intruder.call('POST', '/otp/start', { accountNumber: LIZA.account })
    const noCode = await intruder.call('POST', '/otp/verify', { otp: '123456', emailHashValue: 'made-up' })
    expect(noCode.status).toBe(422)
    expect(noCode.body.error.fields.otp).toEqual([OTP_TEXT.noCode])
    // A code goes to the holder's mailbox, not to the intruder; a guess is refused.
    const sent = await intruder.call('POST', '/otp/send', { channel: 'email' })
    expect(sent.status).toBe(200)
    expect(sent.body.data.code).toMatchObject({ channel: 'email', maskedDestination: 'l*********s@example.org' })
    const real = await newestCode(LIZA.email)
    const guess = real === '000000' ? '000001' : '000000'
    const wrong = await intruder.call('POST', '/otp/verify', {
      otp: guess,
      emailHashValue: sent.body.data.code.emailHashValue,
    })
    expect(wrong.status).toBe(422)
    expect(wrong.body.error.code).toBe('otp_wrong')
    expect(await storedLinks(intruder.id)).toEqual({ accountNumbers: [], verified: [], roles: ['base'] })
  })

  it("one user's code does not prove another user's attempt", async () => {
    advance(2 * HOUR)
    const holder = await newUser()
    const other = await newUser()
    await holder.call('POST', '/otp/start', { accountNumber: MARK.account })
    const sent = await holder.call('POST', '/otp/send', { channel: 'email' })
    const code = await newestCode(MARK.email)
    await other.call('POST', '/otp/start', { accountNumber: MARK.account })
    const stolen = await other.call('POST', '/otp/verify', {
      otp: code,
      emailHashValue: sent.body.data.code.emailHashValue,
    })
    expect(stolen.status).toBe(422)
    expect((await storedLinks(other.id)).accountNumbers).toEqual([])
  })
})

describe('the right code', () => {
  it('links the account as verified and makes the user a customer; the pending proof is gone', async () => {
    advance(2 * HOUR)
    const user = await newUser()
    await user.call('POST', '/otp/start', { accountNumber: ANDREA.account })
    const sent = await user.call('POST', '/otp/send', { channel: 'email' })
    const code = await newestCode(ANDREA.email)
    const verified = await user.call('POST', '/otp/verify', {
      otp: code,
      emailHashValue: sent.body.data.code.emailHashValue,
    })
    expect(verified.status).toBe(200)
    expect(verified.body.data).toMatchObject({
      accountNumber: [ANDREA.account],
      unverifiedAccountNumber: [],
      roles: ['base', 'customer'],
    })
    expect(await storedLinks(user.id)).toEqual({
      accountNumbers: [ANDREA.account],
      verified: [ANDREA.account],
      roles: ['base', 'customer'],
    })
    expect((await user.call('GET', '/otp/pending')).body.data).toBeNull()
    // Used once: the same code again proves nothing.
    const again = await user.call('POST', '/otp/verify', {
      otp: code,
      emailHashValue: sent.body.data.code.emailHashValue,
    })
    expect(again.status).toBe(422)
    // Starting a proof for an account already proven is refused beside the field.
    const twice = await user.call('POST', '/otp/start', { accountNumber: ANDREA.account })
    expect(twice.body.error.fields.accountNumber).toEqual([OTP_TEXT.alreadyProven])
  })

  it('proves a link made before the proof existed (unverified), which then counts', async () => {
    advance(2 * HOUR)
    const user = await newUser()
    // As a registration with an account number, or a link from before this change, leaves it.
    await t.database.db
      .update(users)
      .set({ accountNumbers: [PAOLO.account], roles: ['base', 'customer'] })
      .where(eq(users.id, user.id))
    await user.call('POST', '/otp/start', { accountNumber: PAOLO.account })
    const sent = await user.call('POST', '/otp/send', { channel: 'mobile' })
    expect(sent.body.data.code.maskedDestination).toBe('*** *** 0107')
    const [sms] = await latestMessagesFor(t.database.db, '+639170000107', 1)
    expect(sms).toMatchObject({ channel: 'sms' })
    const code = /\b(\d{6})\b/.exec(sms!.body!)![1]!
    const verified = await user.call('POST', '/otp/verify', {
      otp: code,
      emailHashValue: sent.body.data.code.emailHashValue,
    })
    expect(verified.body.data).toMatchObject({ accountNumber: [PAOLO.account], unverifiedAccountNumber: [] })
    expect(await storedLinks(user.id)).toMatchObject({ accountNumbers: [PAOLO.account], verified: [PAOLO.account] })
  })
})

describe('wrong and old codes', () => {
  it('locks the attempt after five wrong codes: even the right one is refused then', async () => {
    advance(2 * HOUR)
    const user = await newUser()
    await user.call('POST', '/otp/start', { accountNumber: MARK.account })
    const sent = await user.call('POST', '/otp/send', { channel: 'email' })
    const reference = sent.body.data.code.emailHashValue
    const code = await newestCode(MARK.email)
    const wrongCode = code === '999999' ? '999998' : '999999'
    for (let i = 1; i <= 4; i++) {
      const wrong = await user.call('POST', '/otp/verify', { otp: wrongCode, emailHashValue: reference })
      expect(wrong.body.error.fields.otp).toEqual([OTP_TEXT.wrongCode(5 - i)])
    }
    const fifth = await user.call('POST', '/otp/verify', { otp: wrongCode, emailHashValue: reference })
    expect(fifth.body.error).toMatchObject({ code: 'otp_locked', fields: { otp: [OTP_TEXT.locked] } })
    const right = await user.call('POST', '/otp/verify', { otp: code, emailHashValue: reference })
    expect(right.body.error.code).toBe('otp_locked')
    expect((await user.call('GET', '/otp/pending')).body.data.code).toMatchObject({ state: 'locked', triesLeft: 0 })
    expect((await storedLinks(user.id)).accountNumbers).toEqual([])
  })

  it('refuses an expired code, and a code a newer one replaced', async () => {
    advance(2 * HOUR)
    const user = await newUser()
    await user.call('POST', '/otp/start', { accountNumber: LIZA.account })
    const first = await user.call('POST', '/otp/send', { channel: 'email' })
    const firstCode = await newestCode(LIZA.email)
    const second = await user.call('POST', '/otp/send', { channel: 'email' })
    const secondCode = await newestCode(LIZA.email)
    const replaced = await user.call('POST', '/otp/verify', {
      otp: firstCode,
      emailHashValue: first.body.data.code.emailHashValue,
    })
    expect(replaced.body.error.code).toBe('otp_no_code')

    advance(10 * MINUTE + 1000) // OTP_TTL_SECONDS: 600
    expect((await user.call('GET', '/otp/pending')).body.data.code.state).toBe('expired')
    const expired = await user.call('POST', '/otp/verify', {
      otp: secondCode,
      emailHashValue: second.body.data.code.emailHashValue,
    })
    expect(expired.body.error).toMatchObject({ code: 'otp_expired', fields: { otp: [OTP_TEXT.expired] } })
    expect((await storedLinks(user.id)).accountNumbers).toEqual([])
  })
})

describe('send limits (kept in Postgres)', () => {
  it('per account, whoever asks: the fifth code for one account in an hour is refused', async () => {
    advance(2 * HOUR)
    const first = await newUser()
    const second = await newUser()
    await first.call('POST', '/otp/start', { accountNumber: LIZA.account })
    for (let i = 0; i < 3; i++) expect((await first.call('POST', '/otp/send', { channel: 'email' })).status).toBe(200)
    await second.call('POST', '/otp/start', { accountNumber: LIZA.account })
    expect((await second.call('POST', '/otp/send', { channel: 'mobile' })).status).toBe(200)
    const refused = await second.call('POST', '/otp/send', { channel: 'email' })
    expect(refused.status).toBe(429)
    expect(refused.body.error.message).toBe(OTP_TEXT.tooManyForAccount)
    // Another account is not affected; and an hour later this one gets codes again.
    await second.call('POST', '/otp/start', { accountNumber: MARK.account })
    expect((await second.call('POST', '/otp/send', { channel: 'email' })).status).toBe(200)
    advance(HOUR + 1000)
    await second.call('POST', '/otp/start', { accountNumber: LIZA.account })
    expect((await second.call('POST', '/otp/send', { channel: 'email' })).status).toBe(200)
  })

  it('per user, whatever the account: the fourth code in an hour is refused', async () => {
    advance(2 * HOUR)
    const user = await newUser()
    await user.call('POST', '/otp/start', { accountNumber: MARK.account })
    for (let i = 0; i < 2; i++) expect((await user.call('POST', '/otp/send', { channel: 'email' })).status).toBe(200)
    await user.call('POST', '/otp/start', { accountNumber: ANDREA.account })
    expect((await user.call('POST', '/otp/send', { channel: 'email' })).status).toBe(200)
    await user.call('POST', '/otp/start', { accountNumber: PAOLO.account })
    const refused = await user.call('POST', '/otp/send', { channel: 'email' })
    expect(refused.status).toBe(429)
    expect(refused.body.error.message).toBe(OTP_TEXT.tooManyForUser)
  })

  it('concurrent sends cannot both take the last allowance', async () => {
    advance(2 * HOUR)
    const users = await Promise.all([newUser(), newUser(), newUser(), newUser(), newUser(), newUser()])
    for (const user of users) await user.call('POST', '/otp/start', { accountNumber: ANDREA.account })
    const answers = await Promise.all(users.map((user) => user.call('POST', '/otp/send', { channel: 'email' })))
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(4)
  })
})

describe('the code stays secret', () => {
  it('is stored only as a hash and never written to the log, whatever happens', async () => {
    advance(2 * HOUR)
    logLines.length = 0
    const user = await newUser()
    await user.call('POST', '/otp/start', { accountNumber: MARK.account })
    const sent = await user.call('POST', '/otp/send', { channel: 'email' })
    const code = await newestCode(MARK.email)
    const reference = sent.body.data.code.emailHashValue
    await user.call('POST', '/otp/verify', { otp: code === '111111' ? '111112' : '111111', emailHashValue: reference })
    // A malformed body is logged as a validation failure, if at all, without the code.
    await user.call('POST', '/otp/verify', { otp: code, emailHashValue: reference, extra: code })
    await user.call('POST', '/otp/verify', { otp: code, emailHashValue: reference })

    expect(JSON.stringify(sent.body)).not.toContain(code)
    const rows = await t.database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id))
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(code)
    expect(rows[0]!.codeHash).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await t.database.db.select().from(pendingProofs).where(eq(pendingProofs.userId, user.id))).toEqual([])
    expect(logLines.join('\n')).not.toContain(code)

    // And the log redaction drops it should anyone log a request body.
    const lines: string[] = []
    const logger = createLogger({ LOG_LEVEL: 'info' }, 'test', { write: (line: string) => void lines.push(line) })
    logger.info({ body: { otp: code, emailHashValue: reference }, otp: code }, 'verify')
    expect(lines.join('')).not.toContain(code)
  })
})

describe('a SESSION_SECRET rotation (docs/operations.md, Rotating secrets)', () => {
  /** Another upstream copy on the same database, started after the rotation: a new secret, the old one previous. */
  function copyAfterRotation(previous: string[]) {
    const config = testConfig({
      SESSION_SECRET: 'rotated-session-secret-0123456789-abcdef',
      SESSION_SECRET_PREVIOUS: previous.join(','),
    })
    const deps = { db: t.database.db, logger: silentLogger, productName: config.PRODUCT_NAME, now }
    const gateway = gatewayFromConfig(
      config,
      { ...deps, settings: serviceSettingsFromConfig(config) },
      { signatureClock: () => new Date() },
    )
    return { config, fetch: (request: Request) => Promise.resolve(gateway.fetch(request)) }
  }

  it('a code sent before the rotation verifies after it while the old secret is listed as previous', async () => {
    advance(2 * HOUR)
    const user = await newUser()
    await user.call('POST', '/otp/start', { accountNumber: LIZA.account })
    const sent = await user.call('POST', '/otp/send', { channel: 'email' })
    const code = await newestCode(LIZA.email)
    const verify = (copy: ReturnType<typeof copyAfterRotation>) =>
      signedCall(copy, 'POST', '/otp/verify', {
        body: { otp: code, emailHashValue: sent.body.data.code.emailHashValue },
        headers: { authorization: `Bearer ${user.token}` },
      })
    // Without the previous list the code is wrong (a try counted); with it, right.
    expect((await verify(copyAfterRotation([]))).status).toBe(422)
    const verified = await verify(copyAfterRotation([TEST_SECRETS.SESSION_SECRET]))
    expect(verified.status).toBe(200)
    expect(verified.body.data.accountNumber).toEqual([LIZA.account])
  })
})
