/**
 * The portal's payments client (app/upstream/payments.server.ts) against the real payments
 * service and its sandbox gateway: every answer parses with the portal's Zod schemas, and
 * refusals arrive as the statuses the pages act on (403, 404, 422, 429).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { isUpstreamError } from '../../app/upstream/errors'
import { paymentCalls } from '../../app/upstream/payments.server'
import { startPaymentsHarness, type PaymentsHarness } from '../../services/payments/harness.ts'
import { testUpstreamClient } from '../support/upstream.ts'
import { signAccessToken } from '../../services/testing.ts'

let t: PaymentsHarness
let payments: ReturnType<typeof paymentCalls>
beforeAll(async () => {
  t = await startPaymentsHarness()
  payments = paymentCalls(testUpstreamClient(t))
})
afterAll(() => t?.close())

const tokenFor = (accountNumber: string[]) =>
  signAccessToken(t, { sub: '00000000-0000-4000-8000-0000000000aa', accountNumber })

async function statusOf(promise: Promise<unknown>) {
  try {
    await promise
    return 200
  } catch (error) {
    if (isUpstreamError(error)) return error.status
    throw error
  }
}

it('a customer: methods, amount due, quote, initiation, return page, history', async () => {
  const accessToken = await tokenFor(['1000000000002'])
  const caller = { accessToken }
  expect((await payments.methods()).channelGroups).toHaveLength(6)
  expect(await payments.amountDue(caller, '1000000000002')).toMatchObject({
    amountDue: 1799,
    holderName: 'CARLOS REYES',
  })
  expect(
    await payments.quote(caller, { accountNumber: '1000000000002', channelGroup: 'INTERNET BANKING' }),
  ).toMatchObject({ serviceCharge: 15, total: 1814 })

  const { payment } = await payments.initiate(
    caller,
    { accountNumber: '1000000000002', channelGroup: 'E-WALLETS' },
    'form-key-0001',
  )
  expect(payment.status).toBe('pending')
  expect((await payments.payment(caller, payment.id)).timeline.map((e) => e.kind)).toEqual(['initiated'])
  expect((await payments.cancel(caller, payment.id)).status).toBe('cancelled')

  const slip = await payments.initiate(caller, {
    accountNumber: '1000000000002',
    channelGroup: 'OVER THE COUNTER',
    amount: 100,
  })
  expect(slip.payment.instructions.length).toBeGreaterThan(0)
  expect((await payments.history(accessToken, '1000000000002')).payments).toHaveLength(2)

  expect(await statusOf(payments.amountDue(caller, '1000000000003'))).toBe(403)
  expect(await statusOf(payments.payment({ accessToken: await tokenFor(['1000000000003']) }, payment.id))).toBe(404)
  expect(
    await statusOf(payments.quote(caller, { accountNumber: '1000000000002', channelGroup: 'E-WALLETS', amount: 1 })),
  ).toBe(422)
})

it('a guest: the amount due with a masked name, a payment read back with its key only', async () => {
  const guest = { guest: true as const, clientAddress: '203.0.113.7' }
  expect(await payments.amountDue(guest, '1000000000003')).toMatchObject({
    holderName: null,
    maskedHolderName: 'L*** S*****',
  })
  const { payment, guestKey } = await payments.initiate(guest, {
    accountNumber: '1000000000003',
    channelGroup: 'E-WALLETS',
    amount: 100,
  })
  expect(guestKey).not.toBeNull()
  expect((await payments.payment({ ...guest, guestKey: guestKey! }, payment.id)).id).toBe(payment.id)
  expect(await statusOf(payments.payment(guest, payment.id))).toBe(404)
})
