/**
 * The portal's notification calls (app/upstream/notifications.server.ts) through the real
 * gateway (docs/security.md, Access control): the demo customer's notifications parse as
 * the portal expects, and another customer's cannot be read or marked read through the
 * portal's client (404, and the other's notification stays unread).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UpstreamError } from '../../app/upstream/errors.ts'
import { signAccessToken } from '../../services/testing.ts'
import { users } from '../../services/identity/tables.ts'
import { notify } from '../../services/notifications/inbox.ts'
import { seedDemoNotifications } from '../../services/notifications/inbox-seed.ts'
import { inbox } from '../../services/notifications/tables.ts'
import { startTestUpstream, type TestUpstream } from '../support/upstream.ts'

const CUSTOMER_ACCOUNTS = ['1000000000001', '1000000000002']
const OTHER_ACCOUNT = '1000000000003'

let upstream: TestUpstream
let customerToken: string
let otherToken: string
let othersNotificationId: string

/** A customer holding `accounts` (proven), as the demo users are seeded. */
async function newCustomer(email: string, accounts: string[]) {
  const [row] = await upstream.database.db
    .insert(users)
    .values({
      email,
      firstName: 'TEST',
      lastName: 'CUSTOMER',
      mobileNumber: '9171234567',
      passwordHash: 'not-used',
      roles: ['base', 'customer'],
      accountNumbers: accounts,
      verifiedAccountNumbers: accounts,
      emailVerified: true,
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .returning({ id: users.id })
  return row!
}

beforeAll(async () => {
  // Without the full seed (its address list is slow to build): the demo customer and their demo notifications.
  upstream = await startTestUpstream()
  const customer = await newCustomer('customer@example.com', CUSTOMER_ACCOUNTS)
  await seedDemoNotifications(upstream.database.db, { productName: 'Hibla' })
  // Another customer, holding the third demo account, with a notification of their own.
  const other = await newCustomer('liza.santos@example.com', [OTHER_ACCOUNT])
  await notify(
    upstream.database.db,
    { accountNumber: OTHER_ACCOUNT, kind: 'bill_issued', title: 'Your bill is ready', body: 'For Liza only.' },
    new Date(),
  )
  const [theirs] = await upstream.database.db.select().from(inbox).where(eq(inbox.userId, other!.id))
  othersNotificationId = theirs!.id
  const token = (sub: string, accountNumber: string[]) =>
    signAccessToken(upstream, { sub, realm_access: { roles: ['base', 'customer'] }, accountNumber })
  customerToken = await token(customer!.id, CUSTOMER_ACCOUNTS)
  otherToken = await token(other!.id, [OTHER_ACCOUNT])
})
afterAll(() => upstream?.close())

async function refusal(call: Promise<unknown>): Promise<UpstreamError> {
  const error = await call.then(
    () => null,
    (failure: unknown) => failure,
  )
  expect(error).toBeInstanceOf(UpstreamError)
  return error as UpstreamError
}

describe("the portal's notification calls", () => {
  it("read the demo customer's page and count in the portal's shapes", async () => {
    const page = await upstream.upstream.notifications.list(customerToken, { number: 0, size: 3 })
    expect(page.content).toHaveLength(3)
    expect(page.totalElements).toBe(6)
    expect(page.unseenCount).toBe(4)
    expect(await upstream.upstream.notifications.unseenCount(customerToken)).toBe(4)
    // The other customer's bill is not among them.
    const all = await upstream.upstream.notifications.list(customerToken, { number: 0, size: 15 })
    expect(all.content.map((n) => n.id)).not.toContain(othersNotificationId)
  })

  it("refuse another customer's notification with 404, to read and to mark, and leave it unread", async () => {
    const read = await refusal(upstream.upstream.notifications.get(customerToken, othersNotificationId))
    expect([read.kind, read.status]).toEqual(['rejected', 404])
    const mark = await refusal(upstream.upstream.notifications.markRead(customerToken, [othersNotificationId]))
    expect([mark.kind, mark.status]).toEqual(['rejected', 404])
    expect((await upstream.upstream.notifications.get(otherToken, othersNotificationId)).read).toBe(false)
    expect(await upstream.upstream.notifications.unseenCount(otherToken)).toBe(1)
  })

  it('mark the caller’s own read and answer the new count', async () => {
    const [newest] = (await upstream.upstream.notifications.list(otherToken, { number: 0, size: 15 })).content
    expect(await upstream.upstream.notifications.markRead(otherToken, [newest!.id])).toBe(0)
  })
})
