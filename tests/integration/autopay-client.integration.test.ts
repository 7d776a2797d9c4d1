/**
 * The portal's AutoPay client (app/upstream/autopay.server.ts) against the real AutoPay calls
 * and the sandbox gateway: every answer parses with the portal's Zod schemas through set-up,
 * verification, change card and cancel, and refusals arrive as the statuses pages act on.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { autopayCalls } from '../../app/upstream/autopay.server'
import { isUpstreamError } from '../../app/upstream/errors'
import { startPaymentsHarness, type PaymentsHarness } from '../../services/payments/harness.ts'
import { testUpstreamClient } from '../support/upstream.ts'
import { signAccessToken } from '../../services/testing.ts'

let t: PaymentsHarness
let autopay: ReturnType<typeof autopayCalls>
beforeAll(async () => {
  t = await startPaymentsHarness()
  autopay = autopayCalls(testUpstreamClient(t))
})
afterAll(() => t?.close())

const tokenFor = (accountNumber: string[]) =>
  signAccessToken(t, { sub: '00000000-0000-4000-8000-0000000000ab', accountNumber })

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise
    return null
  } catch (error) {
    if (isUpstreamError(error)) return error
    throw error
  }
}

/** The sandbox card page's form for a test card; answers the verification amount it shows. */
async function addCard(cardFormUrl: string, card: string) {
  const path = new URL(cardFormUrl).pathname.replace(/^\/sandbox\/paymongo/, '')
  const page = await t.sandbox.fetch(
    new Request(`http://sandbox${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card }).toString(),
    }),
  )
  const amount = /class="verification-amount">₱(\d+\.\d\d)</.exec(await page.text())![1]!
  await t.deliver()
  return amount
}

it('sets AutoPay up, changes its card and cancels it, every answer parsed', async () => {
  const accessToken = await tokenFor(['1000000000005'])
  expect((await autopay.details(accessToken, '1000000000005')).state).toBe('not_set_up')
  const started = await autopay.enrol(accessToken, '1000000000005', { returnPath: '/customer/auto-pay' })
  expect(started.state).toBe('card_pending')
  const amount = await addCard(started.cardFormUrl!, '4343434343434345')
  const wrong = await failureOf(autopay.verify(accessToken, '1000000000005', '10.00'))
  expect(wrong?.status).toBe(422)
  const active = await autopay.verify(accessToken, '1000000000005', amount)
  expect(active).toMatchObject({ state: 'active', card: { brandName: 'Visa', last4: '4345' } })

  const changed = await autopay.changeCard(accessToken, '1000000000005')
  expect(changed.state).toBe('card_pending')
  const again = await addCard(changed.cardFormUrl!, '5555444444444457')
  expect((await autopay.verify(accessToken, '1000000000005', Number(again))).card?.last4).toBe('4457')

  const cancelled = await autopay.cancel(accessToken, '1000000000005')
  expect(['cancelling', 'not_set_up']).toContain(cancelled.autopay.state)
})

it('refuses another customer’s account (403) and cancelling nothing (409)', async () => {
  const stranger = await tokenFor(['1000000000003'])
  expect((await failureOf(autopay.details(stranger, '1000000000005')))?.status).toBe(403)
  expect((await failureOf(autopay.cancel(stranger, '1000000000003')))?.status).toBe(409)
})
