/**
 * The PayMongo adapter against the embedded sandbox (docs/decisions/0042): the protocol the
 * adapter speaks is the one the sandbox answers, Idempotency-Key included, and webhook
 * signatures are PayMongo's: HMAC-SHA256 hex over `${t}.${rawBody}`, `te` in test mode.
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPaymentsHarness, type PaymentsHarness } from '../harness.ts'
import { PaymentGatewayError, WebhookVerificationError, type CheckoutRequest } from '../payment-gateway.ts'
import { createPayMongoAdapter, payMongoSignatureHeader } from '../paymongo.ts'
import { eventBody } from './deliveries.ts'

let t: PaymentsHarness
beforeAll(async () => {
  t = await startPaymentsHarness()
})
afterAll(() => t?.close())

const request: CheckoutRequest = {
  reference: 'PAY-TESTREF001',
  description: 'A test',
  lineItems: [{ name: 'Bill', amountCentavos: 12_345, quantity: 1 }],
  paymentMethodTypes: ['gcash', 'card'],
  successUrl: 'http://localhost:3000/ok',
  cancelUrl: 'http://localhost:3000/no',
  metadata: { payment_id: 'x' },
}

describe('checkout sessions', () => {
  it('creates and retrieves a session; the same Idempotency-Key answers the same session', async () => {
    const first = await t.paymentGateway.createCheckoutSession(request, 'key-0001')
    expect(first).toMatchObject({
      status: 'active',
      reference: 'PAY-TESTREF001',
      payments: [],
      metadata: { payment_id: 'x' },
    })
    expect(first.id).toMatch(/^cs_/)
    expect(first.paymentIntentId).toMatch(/^pi_/)
    const again = await t.paymentGateway.createCheckoutSession(request, 'key-0001')
    expect(again.id).toBe(first.id)
    const other = await t.paymentGateway.createCheckoutSession(request, 'key-0002')
    expect(other.id).not.toBe(first.id)
    expect((await t.paymentGateway.retrieveCheckoutSession(first.id)).id).toBe(first.id)
  })

  it('refuses a reused Idempotency-Key with another body, a wrong key, and less than ₱20.00', async () => {
    await expect(
      t.paymentGateway.createCheckoutSession({ ...request, reference: 'PAY-OTHER00001' }, 'key-0001'),
    ).rejects.toThrow(/Idempotency-Key/)
    const stranger = createPayMongoAdapter({
      name: 'sandbox',
      baseUrl: 'http://paymongo.sandbox',
      secretKey: 'sk_test_wrong',
      webhookSecret: 'whsk_wrong',
      fetch: t.sandbox.fetch,
      now: () => new Date(),
      toleranceSeconds: 300,
    })
    await expect(stranger.createCheckoutSession(request, 'key-0003')).rejects.toMatchObject({ status: 401 })
    await expect(
      t.paymentGateway.createCheckoutSession(
        { ...request, lineItems: [{ name: 'x', amountCentavos: 1999, quantity: 1 }] },
        'key-0004',
      ),
    ).rejects.toBeInstanceOf(PaymentGatewayError)
    await expect(t.paymentGateway.retrieveCheckoutSession('cs_000000000000000000000000')).rejects.toMatchObject({
      status: 404,
    })
  })
})

describe('webhook signatures', () => {
  const adapter = (secretKey: string) =>
    createPayMongoAdapter({
      name: 'paymongo',
      baseUrl: 'http://unused',
      secretKey,
      webhookSecret: 'whsk_example',
      fetch: () => Promise.reject(new Error('unused')),
      now: () => new Date(1_700_000_100_000),
      toleranceSeconds: 300,
    })
  const resource = {
    id: 'pay_1',
    type: 'payment',
    attributes: { amount: 10000, status: 'paid', source: { type: 'gcash' }, metadata: { payment_id: 'p' } },
  }

  it('is HMAC-SHA256 hex over t.body, in te for test mode and li for live mode', () => {
    const body = eventBody('evt_1', 'payment.paid', resource, new Date(1_700_000_000_000))
    const expected = crypto.createHmac('sha256', 'whsk_example').update(`1700000000.${body}`).digest('hex')
    expect(payMongoSignatureHeader('whsk_example', 1_700_000_000, body, false)).toBe(`t=1700000000,te=${expected},li=`)
    const event = adapter('sk_test_abc').verifyWebhook(body, `t=1700000000,te=${expected},li=`)
    expect(event).toMatchObject({
      id: 'evt_1',
      outcome: 'paid',
      gatewayPaymentId: 'pay_1',
      amountCentavos: 10000,
      method: 'gcash',
    })
    // A live integration reads li, and refuses a test event.
    expect(() => adapter('sk_live_abc').verifyWebhook(body, `t=1700000000,te=${expected},li=`)).toThrow(
      WebhookVerificationError,
    )
    const liveBody = body.replace('"livemode":false', '"livemode":true')
    const live = crypto.createHmac('sha256', 'whsk_example').update(`1700000000.${liveBody}`).digest('hex')
    expect(adapter('sk_live_abc').verifyWebhook(liveBody, `t=1700000000,te=,li=${live}`).livemode).toBe(true)
  })

  it('refuses a timestamp outside the tolerance and a malformed header', () => {
    const body = eventBody('evt_2', 'payment.paid', resource, new Date(1_700_000_000_000))
    const old = payMongoSignatureHeader('whsk_example', 1_699_999_000, body, false)
    expect(() => adapter('sk_test_abc').verifyWebhook(body, old)).toThrow(/too old/)
    for (const header of ['', 't=abc,te=00', 'te=00,li=00']) {
      expect(() => adapter('sk_test_abc').verifyWebhook(body, header)).toThrow(WebhookVerificationError)
    }
  })
})
