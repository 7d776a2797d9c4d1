/**
 * A signed-in user's own identity calls through the real gateway and the portal's client
 * (docs/security.md, Access control): the bearer token is checked, and an account number the
 * token does not list is refused on every call that takes one, even when the database
 * would allow it.
 */
import { eq } from 'drizzle-orm'
import { decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UpstreamError } from '../../app/upstream/errors.ts'
import { signAccessToken } from '../../services/testing.ts'
import { startTestUpstream, type TestUpstream } from '../support/upstream.ts'
import { rotateSigningKey } from '../../services/identity/oidc/keys.ts'
import { users } from '../../services/identity/tables.ts'
import { latestMessagesFor } from '../../services/notifications/outbox.ts'

let upstream: TestUpstream
let customer: { id: string }
let stranger: { id: string }

const CUSTOMER_ACCOUNTS = ['1000000000001', '1000000000002']
const STRANGERS_ACCOUNT = '1000000000003'
// services/identity/demo-users.ts: the demo customer's active account.
const DEMO_ACTIVE = '1000000000002'

beforeAll(async () => {
  upstream = await startTestUpstream({ seed: true })
  const row = (email: string) =>
    upstream.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email))
      .then((rows) => rows[0]!)
  customer = await row('customer@example.com')
  // Another customer who holds the third demo account.
  const [other] = await upstream.database.db
    .insert(users)
    .values({
      email: 'liza.santos@example.com',
      firstName: 'LIZA',
      lastName: 'SANTOS',
      mobileNumber: '09171234567',
      passwordHash: 'not-used',
      roles: ['base', 'customer'],
      accountNumbers: [STRANGERS_ACCOUNT],
      verifiedAccountNumbers: [STRANGERS_ACCOUNT],
      activeAccountNumber: STRANGERS_ACCOUNT,
      emailVerified: true,
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .returning({ id: users.id })
  stranger = other!
})
afterAll(async () => {
  await upstream.close()
})

/** A token for the customer as the provider would issue it, listing `accountNumbers`. */
function tokenFor(sub: string, accountNumbers: string[], overrides: Parameters<typeof signAccessToken>[2] = {}) {
  return signAccessToken(
    upstream,
    { sub, realm_access: { roles: ['base', 'customer'] }, accountNumber: accountNumbers },
    overrides,
  )
}

async function refusal(call: Promise<unknown>): Promise<UpstreamError> {
  const error = await call.then(
    () => null,
    (failure: unknown) => failure,
  )
  expect(error).toBeInstanceOf(UpstreamError)
  return error as UpstreamError
}

async function storedAccounts(id: string) {
  const [row] = await upstream.database.db.select().from(users).where(eq(users.id, id))
  return { accountNumbers: row!.accountNumbers, active: row!.activeAccountNumber }
}

describe('the bearer token', () => {
  it('is required: no token, a malformed one, an expired one, or one for another audience or issuer is a 401', async () => {
    const identity = upstream.upstream.identity
    const bad = [
      '',
      'not-a-jwt',
      await tokenFor(customer.id, CUSTOMER_ACCOUNTS, { expiresInSeconds: -120 }),
      // An ID token is for the portal's client, not for the upstream.
      await tokenFor(customer.id, CUSTOMER_ACCOUNTS, { audience: upstream.config.oidc.clientId }),
      await tokenFor(customer.id, CUSTOMER_ACCOUNTS, { issuer: 'https://attacker.example/realms/hibla' }),
    ]
    for (const token of bad) {
      const error = await refusal(identity.updateAttributes(token, { displayWelcomeBanner: false }))
      expect(error.status).toBe(401)
    }
  })

  it('refuses a token signed by a key the issuer never published', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true })
    const foreign = { ...(await exportJWK(privateKey)), kid: 'foreign-key', alg: 'RS256' }
    const token = await tokenFor(customer.id, CUSTOMER_ACCOUNTS, { key: foreign })
    const error = await refusal(upstream.upstream.otp.start(token, STRANGERS_ACCOUNT))
    expect(error.status).toBe(401)
    expect((await storedAccounts(customer.id)).accountNumbers).toEqual(CUSTOMER_ACCOUNTS)
  })
})

describe('signing key rotation', () => {
  it('accepts at once a token signed by a key rotated in after the gateway read the keys', async () => {
    const before = await tokenFor(customer.id, CUSTOMER_ACCOUNTS)
    await upstream.upstream.identity.updateAttributes(before, { displayCoachmarks: true })
    await rotateSigningKey(upstream.database.db)
    // signAccessToken signs with the newest key.
    const after = await tokenFor(customer.id, CUSTOMER_ACCOUNTS)
    expect(decodeProtectedHeader(after).kid).not.toBe(decodeProtectedHeader(before).kid)
    const answer = await upstream.upstream.identity.updateAttributes(after, { displayCoachmarks: true })
    expect(answer.displayCoachmarks).toBe(true)
    // The older key stays published: its tokens still verify.
    await upstream.upstream.identity.updateAttributes(before, { displayCoachmarks: true })
  })
})

describe('account numbers outside the token', () => {
  it('unlink: an unproven link the token lists as unverified may be unlinked; nothing else may be done with it', async () => {
    await upstream.database.db
      .update(users)
      .set({ accountNumbers: [STRANGERS_ACCOUNT], verifiedAccountNumbers: [] })
      .where(eq(users.id, stranger.id))
    const token = await signAccessToken(upstream, {
      sub: stranger.id,
      realm_access: { roles: ['base', 'customer'] },
      accountNumber: [],
      unverifiedAccountNumber: [STRANGERS_ACCOUNT],
    })
    const active = await refusal(
      upstream.upstream.identity.updateAttributes(token, { activeAccountNumber: STRANGERS_ACCOUNT }),
    )
    expect(active.status).toBe(403)
    const answer = await upstream.upstream.identity.unlinkAccount(token, STRANGERS_ACCOUNT)
    expect(answer).toMatchObject({ accountNumber: [], unverifiedAccountNumber: [] })
    await upstream.database.db
      .update(users)
      .set({
        accountNumbers: [STRANGERS_ACCOUNT],
        verifiedAccountNumbers: [STRANGERS_ACCOUNT],
        activeAccountNumber: STRANGERS_ACCOUNT,
        roles: ['base', 'customer'],
      })
      .where(eq(users.id, stranger.id))
  })

  it('unlink: refuses an account the token does not list, even one linked in the database or held by someone else', async () => {
    const identity = upstream.upstream.identity
    // The database links both, the token only the first (say, a token from before the second was linked).
    const stale = await tokenFor(customer.id, [CUSTOMER_ACCOUNTS[0]!])
    const notListed = await refusal(identity.unlinkAccount(stale, CUSTOMER_ACCOUNTS[1]!))
    expect(notListed.status).toBe(403)
    const someoneElses = await refusal(identity.unlinkAccount(stale, STRANGERS_ACCOUNT))
    expect(someoneElses.status).toBe(403)
    expect(await storedAccounts(customer.id)).toEqual({ accountNumbers: CUSTOMER_ACCOUNTS, active: DEMO_ACTIVE })
    expect(await storedAccounts(stranger.id)).toEqual({
      accountNumbers: [STRANGERS_ACCOUNT],
      active: STRANGERS_ACCOUNT,
    })
  })

  it('active account: refuses an account the token does not list', async () => {
    const token = await tokenFor(customer.id, CUSTOMER_ACCOUNTS)
    const error = await refusal(
      upstream.upstream.identity.updateAttributes(token, { activeAccountNumber: STRANGERS_ACCOUNT }),
    )
    expect(error.status).toBe(403)
    expect((await storedAccounts(customer.id)).active).toBe(DEMO_ACTIVE)
  })

  it('acts on the token subject only: a token naming another user changes that user, never the customer', async () => {
    // The subject is the token's; no call takes a user id, so one user cannot aim at another.
    const token = await tokenFor(stranger.id, [STRANGERS_ACCOUNT])
    const answer = await upstream.upstream.identity.updateAttributes(token, { displayWelcomeBanner: false })
    expect(answer.accountNumber).toEqual([STRANGERS_ACCOUNT])
    const [row] = await upstream.database.db.select().from(users).where(eq(users.id, customer.id))
    expect(row!.displayWelcomeBanner).toBe(true)
  })
})

describe('a customer on their own accounts', () => {
  it('sets the active account and the flags', async () => {
    const token = await tokenFor(customer.id, CUSTOMER_ACCOUNTS)
    const answer = await upstream.upstream.identity.updateAttributes(token, {
      activeAccountNumber: CUSTOMER_ACCOUNTS[0],
      displayWelcomeBanner: false,
      displaySuccessRegistration: false,
    })
    expect(answer).toMatchObject({
      activeAccountNumber: CUSTOMER_ACCOUNTS[0],
      displayWelcomeBanner: false,
      displaySuccessRegistration: false,
    })
  })

  it("links a fibre account with the code sent to its holder; refuses one that is not the product's with spec 8's message", async () => {
    const token = await tokenFor(customer.id, CUSTOMER_ACCOUNTS)
    const otp = upstream.upstream.otp
    const dsl = await refusal(otp.start(token, '2000000000001'))
    expect(dsl.status).toBe(422)
    expect(dsl.fields?.accountNumber).toEqual([
      'The account number you entered cannot be linked. This feature is available for Hibla accounts only.',
    ])
    const unknown = await refusal(otp.start(token, '9999999999999'))
    expect(unknown.status).toBe(422)

    const started = await otp.start(token, '1000000000004')
    expect(started.contacts.map((contact) => contact.masked)).toEqual(['m***********z@example.org', '*** *** 0104'])
    const sent = await otp.send(token, 'email')
    expect(sent.code).toMatchObject({ state: 'live', triesLeft: 5 })
    const [message] = await latestMessagesFor(upstream.database.db, 'mark.delacruz@example.org', 1)
    const code = /\b(\d{6})\b/.exec(message!.body!)![1]!
    const linked = await otp.verify(token, code, sent.code!.emailHashValue)
    expect(linked.accountNumber).toEqual([...CUSTOMER_ACCOUNTS, '1000000000004'])
    expect(await otp.pending(token)).toBeNull()
  })

  it('unlinks a listed account; unlinking it again fails with "Could not be unlinked"', async () => {
    const token = await tokenFor(customer.id, [...CUSTOMER_ACCOUNTS, '1000000000004'])
    const answer = await upstream.upstream.identity.unlinkAccount(token, '1000000000004')
    expect(answer.accountNumber).toEqual(CUSTOMER_ACCOUNTS)
    // The old token still lists it; the database no longer does.
    const again = await refusal(upstream.upstream.identity.unlinkAccount(token, '1000000000004'))
    expect(again.status).toBe(404)
    expect(again.serverMessage).toBe('Could not be unlinked')
  })

  it('drops the customer role with the last account, and gains it with the first', async () => {
    const token = await tokenFor(stranger.id, [STRANGERS_ACCOUNT])
    const none = await upstream.upstream.identity.unlinkAccount(token, STRANGERS_ACCOUNT)
    expect(none).toMatchObject({ accountNumber: [], activeAccountNumber: null, roles: ['base'] })
    // Linking it again takes a new proof (services/otp); the role comes with the link.
    await upstream.upstream.otp.start(token, STRANGERS_ACCOUNT)
    const sent = await upstream.upstream.otp.send(token, 'email')
    const [message] = await latestMessagesFor(upstream.database.db, 'liza.santos@example.org', 1)
    const code = /\b(\d{6})\b/.exec(message!.body!)![1]!
    const again = await upstream.upstream.otp.verify(token, code, sent.code!.emailHashValue)
    expect(again.roles).toEqual(['base', 'customer'])
  })
})
