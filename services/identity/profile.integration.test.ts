/**
 * The profile's contact changes through the real gateway (issue 11 item 7): the email or
 * mobile number changes only after the code sent to the NEW address comes back; a wrong code
 * changes nothing and the fifth locks it; sends are limited per user; an email that belongs
 * to someone else gets a notice, not a code, and the caller the same answer.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { latestMessagesFor } from '../notifications/outbox.ts'
import { signAccessToken, signedCall, startTestGateway, type TestGateway } from '../testing.ts'
import { oneTimeCodes } from '../otp/tables.ts'
import { CONTACT_TEXT } from './contact-change.ts'
import { users } from './tables.ts'

let nowMs = Date.parse('2025-06-02T01:00:00Z')
const now = () => new Date(nowMs)

let t: TestGateway
beforeAll(async () => {
  t = await startTestGateway({
    seed: false,
    now,
    signatureClock: () => new Date(),
    env: { OTP_SENDS_PER_USER_PER_HOUR: '3' },
  })
})
afterAll(() => t?.close())

let serial = 0
async function newCustomer() {
  serial++
  const email = `profile.${serial}@example.net`
  const [row] = await t.database.db
    .insert(users)
    .values({
      email,
      firstName: 'LIZA',
      lastName: 'SANTOS',
      mobileNumber: `91700001${String(serial).padStart(2, '0')}`,
      passwordHash: 'not-used',
      roles: ['base', 'customer'],
      emailVerified: true,
      createdAt: now(),
      updatedAt: now(),
    })
    .returning({ id: users.id })
  const token = await signAccessToken(t, { sub: row!.id, realm_access: { roles: ['base', 'customer'] } })
  const call = (method: string, path: string, body?: unknown) =>
    signedCall(t, method, path, { body, headers: { authorization: `Bearer ${token}` } })
  return { id: row!.id, email, call }
}

async function stored(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id))
  return row!
}

async function newestBody(recipient: string) {
  const [message] = await latestMessagesFor(t.database.db, recipient, 1)
  return message?.body ?? ''
}
const codeIn = (body: string) => /\b(\d{6})\b/.exec(body)![1]!

describe('profile', () => {
  it('shows the names and the contact masked (spec 9)', async () => {
    const me = await newCustomer()
    const answer = await me.call('GET', '/users/me/profile')
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({
      firstName: 'LIZA',
      lastName: 'SANTOS',
      maskedEmail: `p*******${serial}@example.net`,
      maskedMobileNumber: `*** *** 01${String(serial).padStart(2, '0')}`,
      pendingChanges: [],
    })
    expect(JSON.stringify(answer.body)).not.toContain(me.email)
  })

  it('changes the mobile number only after the code sent to the new number', async () => {
    const me = await newCustomer()
    const before = (await stored(me.id)).mobileNumber
    const sent = await me.call('POST', '/users/me/contact/otp', { kind: 'mobile', value: '+63 918 555 0101' })
    expect(sent.status).toBe(200)
    expect(sent.body.data.sent).toMatchObject({ kind: 'mobile', maskedDestination: '*** *** 0101', state: 'live' })
    expect(JSON.stringify(sent.body)).not.toMatch(/\b\d{6}\b/)
    const { emailHashValue } = sent.body.data.sent
    // The code went to the NEW number; nothing changed yet.
    const code = codeIn(await newestBody('+639185550101'))
    expect((await stored(me.id)).mobileNumber).toBe(before)

    const wrong = await me.call('PATCH', '/users/me/mobile-number', {
      otp: code === '000000' ? '000001' : '000000',
      emailHashValue,
    })
    expect(wrong.status).toBe(422)
    expect(wrong.body.error.fields.otp).toEqual([CONTACT_TEXT.wrongCode(4)])
    expect((await stored(me.id)).mobileNumber).toBe(before)

    // The email call does not take the mobile code.
    expect((await me.call('PATCH', '/users/me/email', { otp: code, emailHashValue })).status).toBe(422)

    const right = await me.call('PATCH', '/users/me/mobile-number', { otp: code, emailHashValue })
    expect(right.status).toBe(200)
    expect(right.body.data.maskedMobileNumber).toBe('*** *** 0101')
    expect((await stored(me.id)).mobileNumber).toBe('9185550101')
    // Used once only; the old email is told.
    expect((await me.call('PATCH', '/users/me/mobile-number', { otp: code, emailHashValue })).status).toBe(422)
    expect(await newestBody(me.email)).toContain('mobile number of your')
  })

  it('changes the email only after the code sent to the new address; the fifth wrong code locks it', async () => {
    const me = await newCustomer()
    const newEmail = `moved.${serial}@example.org`
    const sent = await me.call('POST', '/users/me/contact/otp', { kind: 'email', value: newEmail })
    const { emailHashValue } = sent.body.data.sent
    const code = codeIn(await newestBody(newEmail))
    const wrongCode = code === '000000' ? '000001' : '000000'
    for (let i = 0; i < 4; i++)
      expect((await me.call('PATCH', '/users/me/email', { otp: wrongCode, emailHashValue })).status).toBe(422)
    const fifth = await me.call('PATCH', '/users/me/email', { otp: wrongCode, emailHashValue })
    expect(fifth.body.error.fields.otp).toEqual([CONTACT_TEXT.locked])
    // Locked: the right code no longer works either.
    expect((await me.call('PATCH', '/users/me/email', { otp: code, emailHashValue })).status).toBe(422)
    expect((await stored(me.id)).email).toBe(me.email)

    const again = await me.call('POST', '/users/me/contact/otp', { kind: 'email', value: newEmail })
    const fresh = again.body.data.sent.emailHashValue
    const right = await me.call('PATCH', '/users/me/email', {
      otp: codeIn(await newestBody(newEmail)),
      emailHashValue: fresh,
    })
    expect(right.status).toBe(200)
    expect((await stored(me.id)).email).toBe(newEmail)
    expect(await newestBody(me.email)).toContain('email address of your')
  })

  it('sends a notice, not a code, to an email that belongs to someone else, and answers the same', async () => {
    const me = await newCustomer()
    const other = await newCustomer()
    const sent = await me.call('POST', '/users/me/contact/otp', { kind: 'email', value: other.email.toUpperCase() })
    expect(sent.status).toBe(200)
    expect(sent.body.data.sent.state).toBe('live')
    const body = await newestBody(other.email)
    expect(body).toContain('already belongs to one')
    expect(body).not.toMatch(/\b\d{6}\b/)
    expect((await stored(me.id)).email).toBe(me.email)
  })

  it('limits the codes per user per hour, counted in Postgres', async () => {
    const me = await newCustomer()
    for (let i = 1; i <= 3; i++)
      expect((await me.call('POST', '/users/me/contact/otp', { kind: 'mobile', value: `918555020${i}` })).status).toBe(
        200,
      )
    const fourth = await me.call('POST', '/users/me/contact/otp', { kind: 'mobile', value: '9185550204' })
    expect(fourth.status).toBe(429)
    expect(fourth.body.error.fields.value).toEqual([CONTACT_TEXT.tooManyForUser])
    const rows = await t.database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, me.id))
    expect(rows).toHaveLength(3)
    nowMs += 61 * 60_000
    expect((await me.call('POST', '/users/me/contact/otp', { kind: 'mobile', value: '9185550204' })).status).toBe(200)
  })

  it('refuses the current number, a malformed one, and an expired code', async () => {
    const me = await newCustomer()
    const current = (await stored(me.id)).mobileNumber
    const same = await me.call('POST', '/users/me/contact/otp', { kind: 'mobile', value: current })
    expect(same.body.error.fields.value).toEqual([CONTACT_TEXT.sameAsNow.mobile])
    expect((await me.call('POST', '/users/me/contact/otp', { kind: 'mobile', value: '12345' })).status).toBe(422)
    const sent = await me.call('POST', '/users/me/contact/otp', { kind: 'mobile', value: '9185550301' })
    const code = codeIn(await newestBody('+639185550301'))
    nowMs += 11 * 60_000
    const late = await me.call('PATCH', '/users/me/mobile-number', {
      otp: code,
      emailHashValue: sent.body.data.sent.emailHashValue,
    })
    expect(late.body.error.fields.otp).toEqual([CONTACT_TEXT.expired])
    expect((await stored(me.id)).mobileNumber).toBe(current)
  })
})
