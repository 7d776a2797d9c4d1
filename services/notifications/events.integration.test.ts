/**
 * The events other services announce through notify (issue 11 item 4): a bill issued, a
 * payment posted and an outage reach every user holding the account, with the kind the
 * bell shows; seeded demo history announces nothing.
 */
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { issueBill, postPayment } from '../billing/service.ts'
import { openIncident } from '../incidents/service.ts'
import { findUserRowByEmail } from '../identity/users.ts'
import { startTestGateway, type TestGateway } from '../testing.ts'
import { inbox } from './tables.ts'

let t: TestGateway
beforeAll(async () => {
  t = await startTestGateway({ seed: true })
})
afterAll(() => t?.close())

async function newest(email: string, kind: 'bill_issued' | 'payment_posted' | 'outage') {
  const user = (await findUserRowByEmail(t.database.db, email))!
  const [row] = await t.database.db
    .select()
    .from(inbox)
    .where(and(eq(inbox.userId, user.id), eq(inbox.kind, kind)))
    .orderBy(desc(inbox.createdAt))
    .limit(1)
  return row
}

describe('events announced to the account holders', () => {
  it('a bill issued and a payment posted', async () => {
    const issued = await issueBill(
      t.database.db,
      {
        accountNumber: '1000000000002',
        month: '2030-01',
        periodStart: '2029-12-01',
        periodEnd: '2029-12-31',
        issuedOn: '2030-01-02',
        dueOn: '2030-01-22',
        lines: [{ description: 'Fiber Plan 1699', amountCentavos: 169_900 }],
      },
      new Date('2030-01-02T00:00:00Z'),
    )
    expect(issued).toBe(true)
    expect(await newest('customer@example.com', 'bill_issued')).toMatchObject({
      accountNumber: '1000000000002',
      title: 'Your new bill is ready',
      body: 'Your bill for account 1000000000002 is ₱1,699.00, due on January 22, 2030.',
      link: '/customer/bill-history',
      readAt: null,
    })
    // LIZA holds another account: she hears nothing of it.
    expect(await newest('customer2@example.com', 'bill_issued')).toBeUndefined()

    await postPayment(t.database.db, {
      accountNumber: '1000000000002',
      amountCentavos: 169_900,
      postedAt: new Date('2030-01-10T03:00:00Z'),
      channel: 'GCASH',
      reference: 'GC-EVENTS-TEST-1',
    })
    expect(await newest('customer@example.com', 'payment_posted')).toMatchObject({
      body: '₱1,699.00 was posted to account 1000000000002. Thank you.',
      severity: 'success',
    })
  })

  it('an outage, to the holders of the accounts its barangays hold; a demo one to nobody', async () => {
    const before = await newest('customer@example.com', 'outage')
    const outage = {
      kind: 'outage' as const,
      cause: 'A fibre cable was cut by road works.',
      // Poblacion, City of Makati: LIZA SANTOS's 003.
      areas: { barangays: ['80300020'], municipalities: [] },
      startedAt: new Date('2030-02-01T02:00:00Z'),
      estimatedRestoreAt: new Date('2030-02-01T10:00:00Z'),
    }
    const now = new Date('2030-02-01T02:05:00Z')
    await openIncident(t.database.db, { ...outage, demo: true }, 'user:test', now)
    expect(await newest('customer2@example.com', 'outage')).toBeUndefined()
    await openIncident(t.database.db, outage, 'user:test', now)
    expect(await newest('customer2@example.com', 'outage')).toMatchObject({
      accountNumber: '1000000000003',
      title: 'Service interruption in your area',
      body: 'A fibre cable was cut by road works. We expect service back by February 01, 2030 • 06:00 PM.',
    })
    expect(await newest('customer@example.com', 'outage')).toEqual(before)
  })
})
