/**
 * In-app notifications through the real gateway (issue 11, item 4; spec 3, 7): paging of
 * 15, the unseen count, marking read, fan-out to the users holding an account, and a user
 * never reading or marking another's (404, and the other's notification untouched).
 */
import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApplicationPayload } from '../../lib/application.ts'
import { applications } from '../applications/tables.ts'
import { OPERATOR_CHANNEL } from '../applications/tracking-routes.ts'
import { users } from '../identity/tables.ts'
import { signAccessToken, signedCall, startTestGateway, type TestGateway } from '../testing.ts'
import { countAllFor, notify } from './inbox.ts'
import { seedDemoNotifications } from './inbox-seed.ts'
import { inbox } from './tables.ts'

let nowMs = Date.parse('2026-11-23T08:00:00Z')
const now = () => new Date(nowMs)

let t: TestGateway
beforeAll(async () => {
  t = await startTestGateway({ now, signatureClock: () => new Date() })
})
afterAll(() => t?.close())

let serial = 0
/** A signed-in customer whose proven links are `accounts`, and calls as them. */
async function newCustomer(accounts: string[] = [], options: { emailVerified?: boolean; email?: string } = {}) {
  serial++
  const email = options.email ?? `inbox.${serial}.${crypto.randomUUID().slice(0, 8)}@example.net`
  const [row] = await t.database.db
    .insert(users)
    .values({
      email,
      firstName: 'TEST',
      lastName: 'USER',
      mobileNumber: '9171234567',
      passwordHash: 'not-used',
      roles: ['base', 'customer'],
      emailVerified: options.emailVerified ?? true,
      accountNumbers: accounts,
      verifiedAccountNumbers: accounts,
      createdAt: now(),
      updatedAt: now(),
    })
    .returning({ id: users.id })
  const id = row!.id
  /** Calls as this user; `tokenAccounts` stands for what their token lists (after an unlink, less). */
  const call = async (method: string, path: string, body?: unknown, tokenAccounts = accounts) => {
    const token = await signAccessToken(t, {
      sub: id,
      realm_access: { roles: ['base', 'customer'] },
      accountNumber: tokenAccounts,
    })
    return signedCall(t, method, path, { body, headers: { authorization: `Bearer ${token}` } })
  }
  return { id, email, call }
}

/** `n` notifications for a user, one minute apart, the last one newest. */
async function notifyMany(userId: string, n: number, title = 'Note') {
  for (let i = 1; i <= n; i++) {
    nowMs += 60_000
    await notify(t.database.db, { userId, kind: 'general', title: `${title} ${i}`, body: `Body ${i}` }, now())
  }
}

describe('the list', () => {
  it('answers 15 a page by default, newest first, with the totals and the unseen count', async () => {
    const me = await newCustomer()
    await notifyMany(me.id, 17)
    const first = await me.call('GET', '/notifications?page=0&size=15')
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ number: 0, size: 15, totalElements: 17, totalPages: 2, unseenCount: 17 })
    expect(first.body.data.content).toHaveLength(15)
    expect(first.body.data.content[0]).toMatchObject({
      title: 'Note 17',
      body: 'Body 17',
      read: false,
      kind: 'general',
    })
    const second = await me.call('GET', '/notifications?page=1')
    expect(second.body.data.content.map((n: { title: string }) => n.title)).toEqual(['Note 2', 'Note 1'])
    expect((await me.call('GET', '/notifications?page=2')).body.data.content).toEqual([])
  })

  it('answers the unseen count alone with unseen_count=true', async () => {
    const me = await newCustomer()
    await notifyMany(me.id, 4)
    expect((await me.call('GET', '/notifications?unseen_count=true')).body.data).toEqual({ unseenCount: 4 })
  })

  it('refuses a bad page or size with 422', async () => {
    const me = await newCustomer()
    expect((await me.call('GET', '/notifications?page=-1')).status).toBe(422)
    expect((await me.call('GET', '/notifications?size=500')).status).toBe(422)
    expect((await me.call('GET', '/notifications?page=abc')).status).toBe(422)
  })

  it('needs a bearer token', async () => {
    expect((await signedCall(t, 'GET', '/notifications')).status).toBe(401)
    expect((await signedCall(t, 'GET', '/notifications?unseen_count=true')).status).toBe(401)
  })
})

describe('marking read', () => {
  it('marks read, lowers the unseen count, and keeps the first read time when marked again', async () => {
    const me = await newCustomer()
    await notifyMany(me.id, 3)
    const [newest] = (await me.call('GET', '/notifications')).body.data.content
    const marked = await me.call('PATCH', '/notifications', { readNotifications: [newest.id] })
    expect(marked.status).toBe(200)
    expect(marked.body.data).toEqual({ unseenCount: 2 })
    const opened = await me.call('GET', `/notifications/${newest.id}`)
    expect(opened.body.data).toMatchObject({ id: newest.id, read: true })

    const [first] = await t.database.db.select().from(inbox).where(eq(inbox.id, newest.id))
    nowMs += 60_000
    expect((await me.call('PATCH', '/notifications', { readNotifications: [newest.id] })).body.data.unseenCount).toBe(2)
    const [again] = await t.database.db.select().from(inbox).where(eq(inbox.id, newest.id))
    expect(again!.readAt).toEqual(first!.readAt)
  })

  it('refuses a body without ids with 422', async () => {
    const me = await newCustomer()
    expect((await me.call('PATCH', '/notifications', { readNotifications: [] })).status).toBe(422)
    expect((await me.call('PATCH', '/notifications', { readNotifications: ['not-a-uuid'] })).status).toBe(422)
  })
})

describe("another user's notification", () => {
  it('is 404 to read and to mark, and stays unread', async () => {
    const owner = await newCustomer()
    const other = await newCustomer()
    await notifyMany(owner.id, 1, 'Private')
    const [mine] = (await owner.call('GET', '/notifications')).body.data.content

    expect((await other.call('GET', `/notifications/${mine.id}`)).status).toBe(404)
    expect((await other.call('PATCH', '/notifications', { readNotifications: [mine.id] })).status).toBe(404)
    expect((await other.call('GET', '/notifications')).body.data.totalElements).toBe(0)

    const [row] = await t.database.db.select().from(inbox).where(eq(inbox.id, mine.id))
    expect(row!.readAt).toBeNull()
    expect((await owner.call('GET', '/notifications?unseen_count=true')).body.data.unseenCount).toBe(1)
  })

  it('makes a mixed request change nothing, not even the caller’s own', async () => {
    const owner = await newCustomer()
    const other = await newCustomer()
    await notifyMany(owner.id, 1, 'Theirs')
    await notifyMany(other.id, 1, 'Mine')
    const [theirs] = (await owner.call('GET', '/notifications')).body.data.content
    const [mine] = (await other.call('GET', '/notifications')).body.data.content
    const answer = await other.call('PATCH', '/notifications', { readNotifications: [mine.id, theirs.id] })
    expect(answer.status).toBe(404)
    expect((await other.call('GET', `/notifications/${mine.id}`)).body.data.read).toBe(false)
    expect((await owner.call('GET', `/notifications/${theirs.id}`)).body.data.read).toBe(false)
  })

  it('answers an unknown or malformed id with 404', async () => {
    const me = await newCustomer()
    expect((await me.call('GET', `/notifications/${crypto.randomUUID()}`)).status).toBe(404)
    expect((await me.call('GET', '/notifications/123')).status).toBe(404)
  })
})

describe('notifications about an account', () => {
  const ACCOUNT = '1000000000077'

  it('reach every user whose proven links hold the account, and nobody else', async () => {
    const holder = await newCustomer([ACCOUNT])
    const coHolder = await newCustomer(['1000000000078', ACCOUNT])
    const stranger = await newCustomer(['1000000000079'])
    // Linked but never proven: hears nothing about it (docs/security.md, Ownership proof).
    const unproven = await newCustomer()
    await t.database.db
      .update(users)
      .set({ accountNumbers: [ACCOUNT] })
      .where(eq(users.id, unproven.id))

    const written = await notify(
      t.database.db,
      { accountNumber: ACCOUNT, kind: 'bill_issued', title: 'Your bill is ready', body: 'Pay by the due date.' },
      now(),
    )
    expect(written).toBe(2)
    for (const user of [holder, coHolder]) {
      const [only] = (await user.call('GET', '/notifications')).body.data.content
      expect(only).toMatchObject({ title: 'Your bill is ready', accountNumber: ACCOUNT, severity: 'info' })
    }
    expect(await countAllFor(t.database.db, stranger.id)).toBe(0)
    expect(await countAllFor(t.database.db, unproven.id)).toBe(0)
  })

  it('stop showing once the token no longer lists the account', async () => {
    const holder = await newCustomer([ACCOUNT])
    await notify(t.database.db, { accountNumber: ACCOUNT, kind: 'outage', title: 'Outage', body: 'Fibre cut.' }, now())
    await notify(t.database.db, { userId: holder.id, kind: 'general', title: 'Hello', body: '' }, now())
    const [outage] = (await holder.call('GET', '/notifications')).body.data.content.filter(
      (n: { title: string }) => n.title === 'Outage',
    )
    expect(outage.severity).toBe('warning')

    const unlinked = await holder.call('GET', '/notifications', undefined, [])
    expect(unlinked.body.data.content.map((n: { title: string }) => n.title)).toEqual(['Hello'])
    expect(unlinked.body.data.unseenCount).toBe(1)
    expect((await holder.call('GET', `/notifications/${outage.id}`, undefined, [])).status).toBe(404)
    expect((await holder.call('PATCH', '/notifications', { readNotifications: [outage.id] }, [])).status).toBe(404)
  })

  it('refuse a link to another site', async () => {
    const me = await newCustomer()
    for (const link of ['https://evil.example', '//evil.example', 'javascript:alert(1)']) {
      await expect(
        notify(t.database.db, { userId: me.id, kind: 'general', title: 'x', body: 'y', link }, now()),
      ).rejects.toThrow(/link/)
    }
  })
})

describe('application status', () => {
  it('tells the applicant who has a verified user, in the portal, when the status moves', async () => {
    const applicant = await newCustomer()
    const id = crypto.randomUUID()
    await t.database.db.insert(applications).values({
      id,
      referenceNo: 'OO-261123-NTF001',
      idempotencyKeyHash: crypto.randomBytes(16).toString('hex'),
      customerSegment: 'Residential',
      status: 'submitted',
      // Another case than the user's: emails match without case.
      emailAddress: applicant.email.toUpperCase(),
      mobileNumber: '9171234567',
      slotId: '2026-11-24-AM',
      payload: { planName: 'Fiber Plan 1699' } as ApplicationPayload,
      createdAt: now(),
    })
    const moved = await signedCall(t, 'POST', `/v1/operator/applications/${id}/status`, {
      body: { status: 'documents_in_review' },
      channel: OPERATOR_CHANNEL,
    })
    expect(moved.status).toBe(200)
    const [told] = (await applicant.call('GET', '/notifications')).body.data.content
    expect(told).toMatchObject({
      kind: 'application_status',
      title: 'Application OO-261123-NTF001: Documents in review',
      link: '/check-status',
      read: false,
    })
  })

  it('tells nobody when the email belongs to an unverified user', async () => {
    const unverified = await newCustomer([], { emailVerified: false })
    const id = crypto.randomUUID()
    await t.database.db.insert(applications).values({
      id,
      referenceNo: 'OO-261123-NTF002',
      idempotencyKeyHash: crypto.randomBytes(16).toString('hex'),
      customerSegment: 'Residential',
      status: 'submitted',
      emailAddress: unverified.email,
      mobileNumber: '9171234567',
      slotId: '2026-11-24-AM',
      payload: { planName: 'Fiber Plan 1699' } as ApplicationPayload,
      createdAt: now(),
    })
    const moved = await signedCall(t, 'POST', `/v1/operator/applications/${id}/status`, {
      body: { status: 'documents_in_review' },
      channel: OPERATOR_CHANNEL,
    })
    expect(moved.status).toBe(200)
    expect(await countAllFor(t.database.db, unverified.id)).toBe(0)
  })
})

describe('demo notifications', () => {
  it('seed some read and some unseen, one older than a week, once', async () => {
    const demo = await newCustomer(['1000000000001', '1000000000002'], { email: 'customer@example.com' })
    expect((await seedDemoNotifications(t.database.db, { productName: 'Hibla' }, now())).demoNotifications).toBe(6)
    expect((await seedDemoNotifications(t.database.db, { productName: 'Hibla' }, now())).demoNotifications).toBe(0)
    const page = (await demo.call('GET', '/notifications')).body.data
    expect(page.totalElements).toBe(6)
    expect(page.unseenCount).toBe(4)
    const oldest = page.content.at(-1)
    expect(nowMs - Date.parse(oldest.createdAt)).toBeGreaterThan(7 * 24 * 60 * 60_000)
  })
})
