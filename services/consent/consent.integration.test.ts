/**
 * Consent management through the real gateway (issue 11 item 6): each consent with its
 * purpose and state; every change is a new event with time and channel (history kept, never
 * overwritten); marketing can be withdrawn and given again; only the caller's own consents.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signAccessToken, signedCall, startTestGateway, type TestGateway } from '../testing.ts'
import { users } from '../identity/tables.ts'
import type { ConsentView } from './service.ts'
import { consentEvents } from './tables.ts'

let nowMs = Date.parse('2025-06-02T01:00:00Z')
const now = () => new Date(nowMs)

let t: TestGateway
beforeAll(async () => {
  t = await startTestGateway({ seed: false, now, signatureClock: () => new Date() })
})
afterAll(() => t?.close())

let serial = 0
async function newCustomer() {
  serial++
  const [row] = await t.database.db
    .insert(users)
    .values({
      email: `consent.${serial}@example.net`,
      firstName: 'TEST',
      lastName: 'USER',
      mobileNumber: '9171234567',
      passwordHash: 'not-used',
      roles: ['base', 'customer'],
      emailVerified: true,
      createdAt: now(),
      updatedAt: now(),
    })
    .returning({ id: users.id })
  const token = await signAccessToken(t, { sub: row!.id, realm_access: { roles: ['base', 'customer'] } })
  const call = (method: string, path: string, body?: unknown, channel?: string) =>
    signedCall(t, method, path, { body, channel, headers: { authorization: `Bearer ${token}` } })
  return { id: row!.id, call }
}

const marketing = (body: { data: { consents: ConsentView[] } }) =>
  body.data.consents.find((consent) => consent.name === 'marketing_offers')!

describe('consents', () => {
  it('lists each consent with its purpose, not given until the first change', async () => {
    const me = await newCustomer()
    const answer = await me.call('GET', '/consents')
    expect(answer.status).toBe(200)
    expect(answer.body.data.consents.map((consent: { name: string }) => consent.name)).toEqual([
      'marketing_offers',
      'newsletters',
      'email_notifications',
      'sms_notifications',
    ])
    expect(marketing(answer.body)).toMatchObject({
      title: 'Offers and new products',
      state: 'not_given',
      changedAt: null,
      history: [],
    })
    expect(marketing(answer.body).purpose).toContain(t.config.PRODUCT_NAME)
  })

  it('records every change as a new event with time and channel; withdrawn marketing can be given again', async () => {
    const me = await newCustomer()
    const given = await me.call('POST', '/consents', { consentName: 'marketing_offers', state: 'given' })
    expect(given.status).toBe(200)
    expect(marketing(given.body)).toMatchObject({
      state: 'given',
      changedAt: '2025-06-02T01:00:00.000Z',
      channel: t.config.channel,
    })
    nowMs += 60_000
    const withdrawn = await me.call(
      'POST',
      '/consents',
      { consentName: 'marketing_offers', state: 'withdrawn' },
      'BIDA',
    )
    expect(marketing(withdrawn.body)).toMatchObject({ state: 'withdrawn', channel: 'BIDA' })
    nowMs += 60_000
    const again = await me.call('POST', '/consents', { consentName: 'marketing_offers', state: 'given' })
    expect(marketing(again.body).state).toBe('given')
    // Newest first; nothing overwritten.
    expect(marketing(again.body).history.map((event: { state: string }) => event.state)).toEqual([
      'given',
      'withdrawn',
      'given',
    ])
    const rows = await t.database.db.select().from(consentEvents).where(eq(consentEvents.userId, me.id))
    expect(rows).toHaveLength(3)
    expect(new Set(rows.map((row) => row.requestId)).size).toBe(3)
  })

  it('records nothing for a change to the state it has, or a withdrawal of what was never given', async () => {
    const me = await newCustomer()
    await me.call('POST', '/consents', { consentName: 'newsletters', state: 'withdrawn' })
    await me.call('POST', '/consents', { consentName: 'newsletters', state: 'given' })
    await me.call('POST', '/consents', { consentName: 'newsletters', state: 'given' })
    const rows = await t.database.db.select().from(consentEvents).where(eq(consentEvents.userId, me.id))
    expect(rows.map((row) => row.state)).toEqual(['given'])
  })

  it("shows only the caller's own consents", async () => {
    const one = await newCustomer()
    const other = await newCustomer()
    await one.call('POST', '/consents', { consentName: 'marketing_offers', state: 'given' })
    expect(marketing((await other.call('GET', '/consents')).body).state).toBe('not_given')
  })

  it('refuses an unknown consent or state, and a caller without a token', async () => {
    const me = await newCustomer()
    expect((await me.call('POST', '/consents', { consentName: 'privacy', state: 'given' })).status).toBe(422)
    expect((await me.call('POST', '/consents', { consentName: 'newsletters', state: 'maybe' })).status).toBe(422)
    expect((await signedCall(t, 'GET', '/consents')).status).toBe(401)
  })
})
