import { describe, expect, it } from 'vitest'
import { DRAFT_ID_HEADER } from '../../lib/catalog'
import { HEADER } from '../../lib/signature'
import { loadConfig } from '../../lib/env'
import { createUpstreamClient, type FetchLike } from './client.server'
import { orderCalls } from './orders.server'

const DRAFT_ID = 'a'.repeat(43)

function client(fetch: FetchLike, waits: number[]) {
  return createUpstreamClient({
    fetch,
    baseUrl: 'http://upstream.test',
    channel: 'HiblaWeb',
    secret: 'test-secret-0123456789',
    scheme: 'hmac',
    timeoutMs: 1000,
    // spec 9's 2000 ms, the configuration's default; the sleep is a fake, so no test waits.
    retryDelayMs: loadConfig({
      UPSTREAM_SECRET: 'x'.repeat(16),
      SESSION_SECRET: 'x'.repeat(32),
      OIDC_CLIENT_SECRET: 'x'.repeat(16),
    }).UPSTREAM_RETRY_DELAY_MS,
    sleep: async (ms) => void waits.push(ms),
  })
}

const CART = {
  cartId: '0b6f1c9e-6a53-4f8e-9d43-3f3c8f7f2b11',
  planCode: null,
  cartItems: [],
  upfrontFeePaymentOption: null,
  paymentModes: [],
  upfrontPayment: 'FIRST_BILL',
  totals: {
    monthlyRecurringFee: 0,
    installationFee: 0,
    totalInstallationFee: 0,
    dueUpfront: 0,
    dueAtInstallation: 0,
    instalments: null,
    promoDiscount: 0,
    firstBill: 0,
  },
  promo: null,
  promoNotice: null,
  itemDetails: [],
  expiresAt: '2026-11-22T12:00:00.000Z',
}

describe('the cart instance call', () => {
  it('is tried 3 times, 2000 ms apart, then fails', async () => {
    const requests: Request[] = []
    const waits: number[] = []
    const orders = orderCalls(
      client(async (request) => {
        requests.push(request)
        return Response.json({}, { status: 503 })
      }, waits),
    )
    await expect(orders.createInstance(DRAFT_ID)).rejects.toMatchObject({ kind: 'unavailable' })
    expect(requests).toHaveLength(3)
    expect(waits).toEqual([2000, 2000])
    expect(
      requests.every((request) => request.method === 'POST' && request.headers.get(DRAFT_ID_HEADER) === DRAFT_ID),
    ).toBe(true)
    // A fresh request id each time: the gateway's replay guard refuses a repeated one.
    expect(new Set(requests.map((request) => request.headers.get(HEADER.requestId))).size).toBe(3)
  })

  it('answers the cart when a retry succeeds', async () => {
    const waits: number[] = []
    let calls = 0
    const orders = orderCalls(
      client(
        async () => (++calls < 3 ? Response.json({}, { status: 502 }) : Response.json({ status: true, data: CART })),
        waits,
      ),
    )
    await expect(orders.createInstance(DRAFT_ID)).resolves.toEqual(CART)
    expect(waits).toEqual([2000, 2000])
  })

  it('is not retried when refused', async () => {
    let calls = 0
    const orders = orderCalls(
      client(async () => {
        calls += 1
        return Response.json({ status: false, error: { message: 'No.' } }, { status: 400 })
      }, []),
    )
    await expect(orders.createInstance(DRAFT_ID)).rejects.toMatchObject({ kind: 'rejected', serverMessage: 'No.' })
    expect(calls).toBe(1)
  })

  it('is the only cart call retried', async () => {
    const waits: number[] = []
    let calls = 0
    const orders = orderCalls(
      client(async () => {
        calls += 1
        return Response.json({}, { status: 503 })
      }, waits),
    )
    await expect(orders.addItem(DRAFT_ID, CART.cartId, 'fiber-plan-888')).rejects.toMatchObject({ kind: 'unavailable' })
    expect(calls).toBe(1)
  })

  it('requires status true (spec 5)', async () => {
    const orders = orderCalls(client(async () => Response.json({ status: false, data: CART }), []))
    await expect(orders.read(DRAFT_ID, CART.cartId)).rejects.toMatchObject({ kind: 'invalid-response' })
  })
})
