/**
 * The payments service through the real gateway and the embedded PayMongo sandbox (issue 12;
 * docs/decisions/0042): channels, amounts and limits, a card payment from initiation to
 * posting, webhooks (forged, repeated, out of order, before the payer returns, retried until
 * delivered), counter references posted by an operator, guests, and who may see what.
 */
import crypto from 'node:crypto'
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATOR_CHANNEL } from '../applications/tracking-routes.ts'
import { payments as ledger } from '../billing/tables.ts'
import { latestMessagesFor } from '../notifications/outbox.ts'
import { inbox } from '../notifications/tables.ts'
import { signedCall, signedFetch, silentLogger } from '../testing.ts'
import { startPaymentsHarness, type PaymentsHarness } from './harness.ts'
import { payMongoSignatureHeader } from './paymongo.ts'
import { createPaymentsService, RECONCILE_AFTER_MINUTES } from './service.ts'
import { paymentsSettingsFromConfig } from './setup.ts'
import { serviceSettingsFromConfig, sessionSecretRing } from '../context.ts'
import { issueDeviceToken } from '../identity/device-tokens.ts'
import { users } from '../identity/tables.ts'
import { PAYMENT_WEBHOOK_PATH } from './routes.ts'
import { sandboxWebhookDeliveries } from './sandbox/tables.ts'

let t: PaymentsHarness
beforeAll(async () => {
  t = await startPaymentsHarness({ PAYMENT_GUEST_CALLS_PER_ACCOUNT: '1000', PAYMENT_GUEST_CALLS_PER_ADDRESS: '1000' })
})
afterAll(() => t?.close())

const CARLOS = ['1000000000001', '1000000000002']
const LIZA = ['1000000000003']

type Json = Record<string, unknown>
const call = (
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; channel?: string } = {},
) => signedCall(t, method, path, options)

async function initiate(body: Json, headers: Record<string, string> = {}) {
  return call('POST', '/v1/pay/initialise', { body, headers })
}

/** Submits one of the hosted page's forms, as a browser without JavaScript does. */
async function checkout(checkoutUrl: string, outcome: 'pay' | 'fail' | 'cancel', method?: string) {
  const path = new URL(checkoutUrl).pathname.replace(/^\/sandbox\/paymongo/, '')
  const form = new URLSearchParams({ outcome, ...(method ? { method } : {}) })
  return t.sandbox.fetch(
    new Request(`http://sandbox${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    }),
  )
}

async function ledgerRows(reference: string) {
  const [row] = await t.database.db.select({ n: count() }).from(ledger).where(eq(ledger.reference, reference))
  return row!.n
}

const kinds = (payment: { timeline: { kind: string }[] }) => payment.timeline.map((entry) => entry.kind)

describe('channels (spec 1, 5, 9)', () => {
  it('offers the six channel groups, internet banking with its 15.00 charge', async () => {
    const { status, body } = await call('GET', '/v1/pay/methods')
    expect(status).toBe(200)
    expect(body.data.forceHidePaymentOptions).toBe(false)
    const groups = body.data.channelGroups.map((g: { name: string }) => g.name)
    expect(groups).toEqual([
      'CREDIT OR DEBIT CARD',
      'E-WALLETS',
      'INTERNET BANKING',
      'OVER THE COUNTER',
      'AUTHORIZED OUTLETS',
      'PAY VIA INSTALLER',
    ])
    const banking = body.data.channelGroups.find((g: { name: string }) => g.name === 'INTERNET BANKING')
    expect(banking.serviceCharge).toBe(15)
    const outlets = body.data.channelGroups.find((g: { name: string }) => g.name === 'AUTHORIZED OUTLETS')
    expect(outlets.notes).toContain('Cash only, no checks.')
  })

  it('with forceHidePaymentOptions the string true, offers and takes only cards and e-wallets', async () => {
    const hidden = await startPaymentsHarness({ FORCE_HIDE_PAYMENT_OPTIONS: 'true' })
    try {
      const { body } = await signedCall(hidden, 'GET', '/v1/pay/methods')
      expect(body.data.forceHidePaymentOptions).toBe(true)
      expect(body.data.channelGroups.map((g: { name: string }) => g.name)).toEqual([
        'CREDIT OR DEBIT CARD',
        'E-WALLETS',
      ])
      const refused = await signedCall(hidden, 'POST', '/v1/pay/quote', {
        body: { accountNumber: '1000000000002', channelGroup: 'INTERNET BANKING' },
        headers: await hidden.bearer(CARLOS),
      })
      expect(refused.status).toBe(422)
      expect(refused.body.error.code).toBe('channel_not_offered')
    } finally {
      await hidden.close()
    }
  })
})

describe('amounts (docs/decisions/0042)', () => {
  it('defaults to the amount due; internet banking adds 15.00 before paying; partial and advance within limits', async () => {
    const headers = await t.bearer(CARLOS)
    const quote = await call('POST', '/v1/pay/quote', {
      body: { accountNumber: '1000000000002', channelGroup: 'INTERNET BANKING' },
      headers,
    })
    expect(quote.status).toBe(200)
    expect(quote.body.data).toMatchObject({
      amountDue: 1799,
      amount: 1799,
      serviceCharge: 15,
      total: 1814,
      minimum: 20,
    })
    expect(quote.body.data.maximum).toBe(11799)

    const partial = await call('POST', '/v1/pay/quote', {
      body: { accountNumber: '1000000000002', channelGroup: 'E-WALLETS', amount: 500.5 },
      headers,
    })
    expect(partial.body.data).toMatchObject({ amount: 500.5, serviceCharge: 0, total: 500.5 })

    for (const amount of [19.99, 11799.01]) {
      const refused = await call('POST', '/v1/pay/quote', {
        body: { accountNumber: '1000000000002', channelGroup: 'E-WALLETS', amount },
        headers,
      })
      expect(refused.status, String(amount)).toBe(422)
      expect(refused.body.error.fields.amount).toHaveLength(1)
    }
    const fractions = await call('POST', '/v1/pay/quote', {
      body: { accountNumber: '1000000000002', channelGroup: 'E-WALLETS', amount: 100.005 },
      headers,
    })
    expect(fractions.status).toBe(422)
  })

  it('ignores amounts the upstream computes when posted (service charge, total)', async () => {
    const quote = await call('POST', '/v1/pay/quote', {
      body: { accountNumber: '1000000000002', channelGroup: 'INTERNET BANKING', serviceCharge: 0, total: 1 },
      headers: await t.bearer(CARLOS),
    })
    expect(quote.body.data).toMatchObject({ serviceCharge: 15, total: 1814 })
  })

  it('refuses pay via installer for a bill (it is for applicants, cash at installation)', async () => {
    const refused = await initiate(
      { accountNumber: '1000000000002', channelGroup: 'PAY VIA INSTALLER' },
      await t.bearer(CARLOS),
    )
    expect(refused.status).toBe(422)
  })
})

describe('a card payment, from initiation to posting', () => {
  let payment: Json & { id: string; checkoutUrl: string; reference: string }

  it('answers the sandbox’s hosted page, and the return page shows pending before any webhook', async () => {
    const headers = await t.bearer(CARLOS)
    const started = await initiate({ accountNumber: '1000000000002', channelGroup: 'CREDIT OR DEBIT CARD' }, headers)
    expect(started.status).toBe(200)
    payment = started.body.data.payment
    expect(started.body.data.guestKey).toBeNull()
    expect(payment).toMatchObject({ status: 'pending', amount: 1799, serviceCharge: 0, total: 1799 })
    expect(payment.checkoutUrl).toMatch(/^http:\/\/localhost:3000\/sandbox\/paymongo\/checkout\/cs_[0-9a-f]{24}$/)
    expect(payment.reference).toMatch(/^PAY-[A-Z0-9]{10}$/)

    const page = await t.sandbox.fetch(new Request(`http://sandbox${new URL(payment.checkoutUrl).pathname.slice(17)}`))
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Pay ₱1,799.00 with Card')
    expect(html).toContain(payment.reference)
    expect(html).not.toContain('<script')

    // The payer pays; the browser comes back before the webhook: still pending, nothing posted.
    const paid = await checkout(payment.checkoutUrl, 'pay', 'card')
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(`http://localhost:3000/customer/payment-success/${payment.id}`)
    const back = await call('GET', `/v1/pay/transactions/${payment.id}`, { headers })
    expect(back.body.data.status).toBe('pending')
    expect(kinds(back.body.data)).toEqual(['initiated'])
    expect(await ledgerRows(payment.reference)).toBe(0)
  })

  it('posts once from the verified webhooks, with the timeline, a receipt email and a notification', async () => {
    const result = await t.deliver()
    expect(result).toEqual({ delivered: 2, failed: 0 })
    const headers = await t.bearer(CARLOS)
    const after = await call('GET', `/v1/pay/transactions/${payment.id}`, { headers })
    expect(after.body.data).toMatchObject({ status: 'posted', paymentMethod: 'card', checkoutUrl: null })
    // payment.paid and checkout_session.payment.paid both arrived: one authorisation, one posting.
    expect(kinds(after.body.data)).toEqual(['initiated', 'authorised', 'posted', 'receipt_emailed'])
    expect(await ledgerRows(payment.reference)).toBe(1)

    const due = await call('GET', '/v1/payments/payment-details?accountNumber=1000000000002', { headers })
    expect(due.body.data.amountDue).toBe(0)
    const history = await call('GET', '/v1/payments/bill-history?accountNumber=1000000000002', { headers })
    expect(history.body.data.firstPaymentPosted).toBe(true)

    const [receipt] = await latestMessagesFor(t.database.db, 'carlos.reyes@example.org', 1)
    expect(receipt!.subject).toContain(payment.reference)
    expect(receipt!.body).toContain('₱1,799.00')
    const [notified] = await t.database.db
      .select({ n: count() })
      .from(inbox)
      .where(and(eq(inbox.accountNumber, '1000000000002'), eq(inbox.kind, 'payment_posted')))
    expect(notified!.n).toBeGreaterThan(0)
  })

  it('lists the account’s payments with their timelines for bill history', async () => {
    const { status, body } = await call('GET', '/v1/pay/history?accountNumber=1000000000002', {
      headers: await t.bearer(CARLOS),
    })
    expect(status).toBe(200)
    expect(body.data.payments[0]).toMatchObject({ id: payment.id, status: 'posted' })
    expect(kinds(body.data.payments[0])).toContain('posted')
  })

  it('a second pay on the hosted page (double click, back button) takes no more money', async () => {
    const again = await checkout(payment.checkoutUrl, 'pay', 'card')
    expect(again.status).toBe(303)
    expect((await t.deliver()).delivered).toBe(0)
    expect(await ledgerRows(payment.reference)).toBe(0 + 1)
  })
})

describe('webhooks', () => {
  async function pendingPayment(accountNumber = '1000000000001', channelGroup = 'E-WALLETS') {
    const started = await initiate({ accountNumber, channelGroup, amount: 100 }, await t.bearer(CARLOS))
    return started.body.data.payment as { id: string; checkoutUrl: string; reference: string }
  }

  /** The queued events' bodies, oldest first, taken out of the sandbox's queue (to replay by hand). */
  async function takeQueued(): Promise<string[]> {
    const rows = await t.database.db
      .select()
      .from(sandboxWebhookDeliveries)
      .where(eq(sandboxWebhookDeliveries.status, 'pending'))
    await t.database.db
      .update(sandboxWebhookDeliveries)
      .set({ status: 'delivered' })
      .where(eq(sandboxWebhookDeliveries.status, 'pending'))
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((row) => row.body)
  }

  const secret = () => `whsk_${deriveForTest()}`
  function deriveForTest() {
    // The sandbox's webhook secret, as setup.ts derives it from the upstream secret.
    return crypto
      .createHmac('sha256', t.config.upstreamSecret)
      .update('paymongo-sandbox:webhook-secret')
      .digest('hex')
      .slice(0, 32)
  }

  async function send(body: string, signature?: string) {
    return t.gateway.fetch(
      new Request(`http://upstream.internal${PAYMENT_WEBHOOK_PATH}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'paymongo-signature':
            signature ?? payMongoSignatureHeader(secret(), Math.floor(t.clock.now.getTime() / 1000), body, false),
        },
        body,
      }),
    )
  }

  it('refuses a forged, stale or live-mode signature, and changes nothing', async () => {
    const payment = await pendingPayment()
    await checkout(payment.checkoutUrl, 'pay', 'gcash')
    const [paidEvent] = await takeQueued()
    const t0 = Math.floor(t.clock.now.getTime() / 1000)
    const forged = payMongoSignatureHeader('whsk_not-the-secret', t0, paidEvent!, false)
    const stale = payMongoSignatureHeader(secret(), t0 - 3600, paidEvent!, false)
    const live = payMongoSignatureHeader(secret(), t0, paidEvent!, true)
    const tampered = paidEvent!.replace('"amount":10000', '"amount":1')
    for (const [name, response] of [
      ['forged', await send(paidEvent!, forged)],
      ['stale', await send(paidEvent!, stale)],
      ['live', await send(paidEvent!, live)],
      ['none', await send(paidEvent!, '')],
      ['tampered', await send(tampered, payMongoSignatureHeader(secret(), t0, paidEvent!, false))],
    ] as const) {
      expect(response.status, name).toBe(401)
    }
    const state = await call('GET', `/v1/pay/transactions/${payment.id}`, { headers: await t.bearer(CARLOS) })
    expect(state.body.data.status).toBe('pending')
    expect(await ledgerRows(payment.reference)).toBe(0)
  })

  it('the same event delivered twice posts once', async () => {
    const payment = await pendingPayment()
    await checkout(payment.checkoutUrl, 'pay', 'gcash')
    const [paidEvent] = await takeQueued()
    const first = await send(paidEvent!)
    const second = await send(paidEvent!)
    expect((await first.json()).data.outcome).toBe('handled')
    expect((await second.json()).data.outcome).toBe('duplicate')
    expect(await ledgerRows(payment.reference)).toBe(1)
  })

  it('events out of order end in the right state: a failure after the payment leaves it posted', async () => {
    const payment = await pendingPayment()
    await checkout(payment.checkoutUrl, 'fail', 'gcash')
    await checkout(payment.checkoutUrl, 'pay', 'paymaya')
    const [failed, paid, sessionPaid] = await takeQueued()
    expect(JSON.parse(failed!).data.attributes.type).toBe('payment.failed')
    // Delivered paid first, the earlier failure last.
    await send(sessionPaid!)
    await send(paid!)
    await send(failed!)
    const state = await call('GET', `/v1/pay/transactions/${payment.id}`, { headers: await t.bearer(CARLOS) })
    expect(state.body.data.status).toBe('posted')
    expect(kinds(state.body.data)).toEqual(['initiated', 'authorised', 'posted', 'receipt_emailed'])
    expect(await ledgerRows(payment.reference)).toBe(1)
  })

  it('a payment that failed and was then paid (a retry at the gateway) ends posted', async () => {
    const payment = await pendingPayment()
    await checkout(payment.checkoutUrl, 'fail', 'gcash')
    await t.deliver()
    const failed = await call('GET', `/v1/pay/transactions/${payment.id}`, { headers: await t.bearer(CARLOS) })
    expect(failed.body.data.status).toBe('failed')
    expect(kinds(failed.body.data)).toEqual(['initiated', 'failed'])
    await checkout(payment.checkoutUrl, 'pay', 'gcash')
    await t.deliver()
    const paid = await call('GET', `/v1/pay/transactions/${payment.id}`, { headers: await t.bearer(CARLOS) })
    expect(paid.body.data.status).toBe('posted')
  })

  it('delivers at least once: retried with growing waits while the receiver is down', async () => {
    const payment = await pendingPayment()
    await checkout(payment.checkoutUrl, 'pay', 'gcash')
    t.webhooksDown.value = true
    try {
      expect(await t.deliver()).toEqual({ delivered: 0, failed: 2 })
      // Not due again until the first wait (5 s) has passed.
      expect(await t.deliver()).toEqual({ delivered: 0, failed: 0 })
      t.clock.now = new Date(t.clock.now.getTime() + 6_000)
      expect(await t.deliver()).toEqual({ delivered: 0, failed: 2 })
      const [row] = await t.database.db
        .select()
        .from(sandboxWebhookDeliveries)
        .where(eq(sandboxWebhookDeliveries.status, 'pending'))
      expect(row!.attempts).toBe(2)
      expect(row!.nextAttemptAt.getTime() - t.clock.now.getTime()).toBe(30_000)
    } finally {
      t.webhooksDown.value = false
    }
    t.clock.now = new Date(t.clock.now.getTime() + 31_000)
    expect(await t.deliver()).toEqual({ delivered: 2, failed: 0 })
    const state = await call('GET', `/v1/pay/transactions/${payment.id}`, { headers: await t.bearer(CARLOS) })
    expect(state.body.data.status).toBe('posted')
    t.clock.now = new Date()
  })

  it('a failed e-wallet payment returns to the failure page and shows failed', async () => {
    const started = await initiate(
      { accountNumber: '1000000000001', channelGroup: 'E-WALLETS', paymentMethod: 'gcash', amount: 50 },
      await t.bearer(CARLOS),
    )
    const payment = started.body.data.payment
    const failed = await checkout(payment.checkoutUrl, 'fail', 'gcash')
    expect(failed.headers.get('location')).toBe(`http://localhost:3000/customer/payment-failed?payment=${payment.id}`)
    await t.deliver()
    const state = await call('GET', `/v1/pay/transactions/${payment.id}`, { headers: await t.bearer(CARLOS) })
    expect(state.body.data).toMatchObject({ status: 'failed', paymentMethod: 'gcash' })
    // Only GCash was offered at the gateway.
    const html = await (
      await t.sandbox.fetch(new Request(`http://sandbox${new URL(payment.checkoutUrl).pathname.slice(17)}`))
    ).text()
    expect(html).not.toContain('Maya')
  })

  it('cancelling at the gateway: the return marks it cancelled; a later paid webhook still posts it', async () => {
    const payment = await pendingPayment()
    const left = await checkout(payment.checkoutUrl, 'cancel')
    expect(left.status).toBe(303)
    const headers = await t.bearer(CARLOS)
    const cancelled = await call('POST', `/v1/pay/transactions/${payment.id}/cancel`, { headers })
    expect(cancelled.body.data.status).toBe('cancelled')
    await checkout(payment.checkoutUrl, 'pay', 'gcash')
    await t.deliver()
    const state = await call('GET', `/v1/pay/transactions/${payment.id}`, { headers })
    expect(state.body.data.status).toBe('posted')
    expect(kinds(state.body.data)).toEqual(['initiated', 'cancelled', 'authorised', 'posted', 'receipt_emailed'])
  })

  it('a payment whose webhooks were lost is posted by reconciliation once, and the late webhook changes nothing', async () => {
    const service = createPaymentsService({
      db: t.database.db,
      logger: silentLogger,
      productName: t.config.PRODUCT_NAME,
      settings: serviceSettingsFromConfig(t.config),
      now: () => t.clock.now,
      gateway: t.paymentGateway,
      payments: paymentsSettingsFromConfig(t.config),
    })
    const payment = await pendingPayment()
    await checkout(payment.checkoutUrl, 'pay', 'gcash')
    const lost = await takeQueued()
    expect(lost.length).toBeGreaterThan(0)
    const headers = await t.bearer(CARLOS)
    const status = async () => (await call('GET', `/v1/pay/transactions/${payment.id}`, { headers })).body.data
    try {
      // Too soon: its webhook may still come.
      await service.reconcile()
      expect((await status()).status).toBe('pending')

      t.clock.now = new Date(t.clock.now.getTime() + (RECONCILE_AFTER_MINUTES + 1) * 60_000)
      // Two runs at once (two copies' jobs): posted once.
      const runs = await Promise.all([service.reconcile(), service.reconcile()])
      // (Other tests' payments whose webhooks they held back may be posted by these runs too.)
      expect(runs.reduce((sum, run) => sum + run.posted, 0)).toBeGreaterThanOrEqual(1)
      expect((await status()).status).toBe('posted')
      expect(await ledgerRows(payment.reference)).toBe(1)

      for (const body of lost) await send(body)
      expect(await ledgerRows(payment.reference)).toBe(1)
      expect(kinds(await status())).toEqual(['initiated', 'authorised', 'posted', 'receipt_emailed'])
      // Asked again, it posts nothing more.
      await service.reconcile()
      expect(await ledgerRows(payment.reference)).toBe(1)
    } finally {
      t.clock.now = new Date()
    }
  })
})

describe('over the counter and authorized outlets', () => {
  it('issues a reference with instructions; an operator posting it posts once', async () => {
    const headers = await t.bearer(CARLOS)
    const started = await initiate(
      { accountNumber: '1000000000001', channelGroup: 'AUTHORIZED OUTLETS', amount: 250 },
      headers,
    )
    expect(started.status).toBe(200)
    const payment = started.body.data.payment
    expect(payment).toMatchObject({ status: 'awaiting_payment', checkoutUrl: null, total: 250 })
    expect(payment.instructions.join(' ')).toContain(payment.reference)
    expect(payment.instructions).toContain('Cash only, no checks.')

    const path = `/v1/operator/pay/references/${payment.reference}/paid`
    expect((await call('POST', path)).status).toBe(403)
    const posted = await call('POST', path, { channel: OPERATOR_CHANNEL })
    expect(posted.status).toBe(200)
    expect(posted.body.data.status).toBe('posted')
    expect(kinds(posted.body.data)).toEqual(['initiated', 'posted', 'receipt_emailed'])
    const again = await call('POST', path, { channel: OPERATOR_CHANNEL })
    expect(again.body.data.status).toBe('posted')
    expect(await ledgerRows(payment.reference)).toBe(1)
  })

  it('refuses to post an expired reference', async () => {
    const started = await initiate(
      { accountNumber: '1000000000001', channelGroup: 'OVER THE COUNTER', amount: 250 },
      await t.bearer(CARLOS),
    )
    const reference = started.body.data.payment.reference
    t.clock.now = new Date(t.clock.now.getTime() + 8 * 86_400_000)
    try {
      const refused = await call('POST', `/v1/operator/pay/references/${reference}/paid`, { channel: OPERATOR_CHANNEL })
      expect(refused.status).toBe(409)
    } finally {
      t.clock.now = new Date()
    }
    expect(
      (await call('POST', '/v1/operator/pay/references/PAY-NOSUCHREF0/paid', { channel: OPERATOR_CHANNEL })).status,
    ).toBe(404)
  })
})

describe('guests (no sign-in)', () => {
  it('read only the amount due and a masked holder name', async () => {
    const { status, body } = await call('GET', '/v1/pay/amount-due?accountNumber=1000000000003')
    expect(status).toBe(200)
    expect(body.data).toEqual({
      accountNumber: '1000000000003',
      amountDue: expect.any(Number),
      minimum: 20,
      maximum: expect.any(Number),
      holderName: null,
      maskedHolderName: 'L*** S*****',
      dueDate: null,
    })
    const text = JSON.stringify(body)
    expect(text).not.toContain('LIZA')
    expect(text).not.toContain('liza')
    for (const accountNumber of ['1000000000099', '2000000000001']) {
      const missing = await call('GET', `/v1/pay/amount-due?accountNumber=${accountNumber}`)
      expect(missing.status, accountNumber).toBe(404)
    }
    // The owner signed in reads the name in full.
    const owner = await call('GET', '/v1/pay/amount-due?accountNumber=1000000000003', { headers: await t.bearer(LIZA) })
    expect(owner.body.data.holderName).toBe('LIZA SANTOS')
  })

  it('pay by e-wallet with an account number, and read that payment only with its key', async () => {
    const started = await initiate({
      accountNumber: '1000000000003',
      channelGroup: 'E-WALLETS',
      paymentMethod: 'gcash',
      amount: 100,
      successPath: '/payment/1000000000003?payment={id}',
      failurePath: '/customer/payment-failed?payment={id}',
    })
    expect(started.status).toBe(200)
    const { payment, guestKey } = started.body.data
    expect(guestKey).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const paid = await checkout(payment.checkoutUrl, 'pay', 'gcash')
    expect(paid.headers.get('location')).toBe(`http://localhost:3000/payment/1000000000003?payment=${payment.id}`)
    await t.deliver()

    const mine = await call('GET', `/v1/pay/transactions/${payment.id}`, { headers: { 'x-payment-key': guestKey } })
    expect(mine.status).toBe(200)
    expect(mine.body.data.status).toBe('posted')
    for (const headers of [{}, { 'x-payment-key': 'A'.repeat(43) }, await t.bearer(CARLOS)]) {
      const refused = await call('GET', `/v1/pay/transactions/${payment.id}`, { headers })
      expect(refused.status).toBe(404)
      expect(JSON.stringify(refused.body)).not.toContain(payment.reference)
    }
    // The account's holder sees it in bill history.
    const history = await call('GET', '/v1/pay/history?accountNumber=1000000000003', { headers: await t.bearer(LIZA) })
    expect(history.body.data.payments.map((p: { id: string }) => p.id)).toContain(payment.id)
    // A guest has no history.
    expect((await call('GET', '/v1/pay/history?accountNumber=1000000000003')).status).toBe(401)
  })

  it('are limited per account number and per address (Postgres) while their browser is unknown', async () => {
    const limited = await startPaymentsHarness({
      PAYMENT_GUEST_CALLS_PER_ACCOUNT: '3',
      PAYMENT_GUEST_CALLS_PER_ADDRESS: '5',
    })
    try {
      const read = (accountNumber: string, address: string) =>
        signedCall(limited, 'GET', `/v1/pay/amount-due?accountNumber=${accountNumber}`, {
          headers: { 'x-client-address': address },
        })
      for (let n = 0; n < 3; n++) expect((await read('1000000000003', `10.0.0.${n}`)).status).toBe(200)
      expect((await read('1000000000003', '10.0.0.9')).status).toBe(429)
      // One address, several accounts: five calls, then that address stops whatever the account.
      for (const accountNumber of [
        '1000000000001',
        '1000000000004',
        '1000000000005',
        '1000000000006',
        '1000000000001',
      ]) {
        expect((await read(accountNumber, '10.0.1.1')).status, accountNumber).toBe(200)
      }
      expect((await read('1000000000004', '10.0.1.1')).status).toBe(429)
      expect((await read('1000000000004', '10.0.1.2')).status).toBe(200)
      // A signed-in owner is not a guest: no limit.
      const owner = await signedCall(limited, 'GET', '/v1/pay/amount-due?accountNumber=1000000000003', {
        headers: await limited.bearer(LIZA),
      })
      expect(owner.status).toBe(200)
      // The window passes.
      limited.clock.now = new Date(limited.clock.now.getTime() + 16 * 60_000)
      expect((await read('1000000000003', '10.0.0.9')).status).toBe(200)
    } finally {
      await limited.close()
    }
  })

  it("a stranger hammering an account, from another address or the payer's own, does not stop a browser that paid it or signed in as its holder", async () => {
    const limited = await startPaymentsHarness({
      PAYMENT_GUEST_CALLS_PER_ACCOUNT: '3',
      PAYMENT_GUEST_CALLS_PER_ADDRESS: '5',
    })
    try {
      const read = (address: string, deviceTokens?: string) =>
        signedCall(limited, 'GET', '/v1/pay/amount-due?accountNumber=1000000000003', {
          headers: { 'x-client-address': address, ...(deviceTokens ? { 'x-device-tokens': deviceTokens } : {}) },
        })
      // The payer's browser starts a payment as a guest and is answered its device token.
      const started = await signedCall(limited, 'POST', '/v1/pay/initialise', {
        body: { accountNumber: '1000000000003', channelGroup: 'OVER THE COUNTER', amount: 100 },
        headers: { 'x-client-address': '10.9.0.1' },
      })
      expect(started.status).toBe(200)
      const paid = started.body.data.deviceToken as string
      expect(paid).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/)
      // Liza's browser signed in before: the identity service's token for her user.
      const [liza] = await limited.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.verifiedAccountNumbers, ['1000000000003']))
      const signedInBefore = issueDeviceToken(
        sessionSecretRing(serviceSettingsFromConfig(limited.config)),
        `user:${liza!.id}`,
      )

      // Strangers: from another address, and from the payer's own (carrier-grade NAT).
      for (let n = 0; n < 10; n++) await read(`10.8.0.${n}`)
      for (let n = 0; n < 10; n++) await read('10.9.0.1')
      expect((await read('10.7.0.1')).status, 'an unknown browser is still limited').toBe(429)
      expect((await read('10.9.0.1')).status, 'the shared address is limited for unknown browsers').toBe(429)

      expect((await read('10.9.0.1', paid)).status, 'the browser that paid').toBe(200)
      expect((await read('10.9.0.1', signedInBefore)).status, 'the browser that signed in').toBe(200)
      // Its token, amid others it holds (a forged one, another account's), still counts.
      const forged = `${'A'.repeat(22)}.${'B'.repeat(43)}`
      expect((await read('10.9.0.2', `${forged},${signedInBefore}`)).status).toBe(200)
      // A token names its account: the payer's token does nothing for another account.
      const other = await signedCall(limited, 'GET', '/v1/pay/amount-due?accountNumber=1000000000001', {
        headers: { 'x-client-address': '10.9.0.1', 'x-device-tokens': paid },
      })
      expect(other.status, 'the shared address, for another account').toBe(429)
      // A trusted browser has an allowance of its own (3 here): its own tries, not strangers', stop it.
      for (let n = 0; n < 2; n++) expect((await read('10.9.0.1', paid)).status).toBe(200)
      expect((await read('10.9.0.1', paid)).status).toBe(429)
      expect((await read('10.9.0.1', signedInBefore)).status).toBe(200)
    } finally {
      await limited.close()
    }
  })

  it('concurrent calls cannot pass the limit (one upsert per key)', async () => {
    const limited = await startPaymentsHarness({
      PAYMENT_GUEST_CALLS_PER_ACCOUNT: '5',
      PAYMENT_GUEST_CALLS_PER_ADDRESS: '1000',
    })
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          signedCall(limited, 'GET', '/v1/pay/amount-due?accountNumber=1000000000003', {
            headers: { 'x-client-address': `10.6.0.${n}` },
          }),
        ),
      )
      const statuses = answers.map((answer) => answer.status)
      expect(statuses.filter((status) => status === 200)).toHaveLength(5)
      expect(statuses.filter((status) => status === 429)).toHaveLength(15)
    } finally {
      await limited.close()
    }
  })
})

describe('ownership: every call taking an account or a payment id', () => {
  let carlosPayment: { id: string }
  beforeAll(async () => {
    const started = await initiate(
      { accountNumber: '1000000000001', channelGroup: 'OVER THE COUNTER', amount: 100 },
      await t.bearer(CARLOS),
    )
    carlosPayment = started.body.data.payment
  })

  it('another customer cannot pay into, quote, read or list an account not theirs (403, as billing answers)', async () => {
    const headers = await t.bearer(LIZA)
    const body = { accountNumber: '1000000000001', channelGroup: 'E-WALLETS', amount: 100 }
    for (const [method, path, payload] of [
      ['GET', '/v1/pay/amount-due?accountNumber=1000000000001', undefined],
      ['POST', '/v1/pay/quote', body],
      ['POST', '/v1/pay/initialise', body],
      ['GET', '/v1/pay/history?accountNumber=1000000000001', undefined],
    ] as const) {
      const refused = await call(method, path, { body: payload, headers })
      expect(refused.status, path).toBe(403)
      expect(JSON.stringify(refused.body), path).not.toContain('CARLOS')
    }
  })

  it('another customer, a guest and a malformed id get 404 for a payment id', async () => {
    for (const headers of [await t.bearer(LIZA), {}]) {
      for (const [method, path] of [
        ['GET', `/v1/pay/transactions/${carlosPayment.id}`],
        ['POST', `/v1/pay/transactions/${carlosPayment.id}/cancel`],
        ['GET', '/v1/pay/transactions/not-a-uuid'],
      ] as const) {
        expect((await call(method, path, { headers })).status, path).toBe(404)
      }
    }
    const owner = await call('GET', `/v1/pay/transactions/${carlosPayment.id}`, { headers: await t.bearer(CARLOS) })
    expect(owner.body.data.status).toBe('awaiting_payment')
  })

  it('a bad bearer token is refused, never read as a guest', async () => {
    const refused = await call('GET', '/v1/pay/amount-due?accountNumber=1000000000003', {
      headers: { authorization: 'Bearer not-a-token' },
    })
    expect(refused.status).toBe(401)
  })

  it('the webhook path takes no bearer and no channel signature, only the gateway’s', async () => {
    const response = await signedFetch(t, 'POST', PAYMENT_WEBHOOK_PATH, { body: { data: {} } })
    expect(response.status).toBe(401)
  })
})

describe('initiation', () => {
  it('the same Idempotency-Key starts one payment; reused for another account it is refused', async () => {
    const headers = { ...(await t.bearer(CARLOS)), 'idempotency-key': 'form-0123456789' }
    const body = { accountNumber: '1000000000001', channelGroup: 'CREDIT OR DEBIT CARD', amount: 75 }
    const first = await initiate(body, headers)
    const second = await initiate(body, headers)
    expect(second.body.data.payment.id).toBe(first.body.data.payment.id)
    expect(second.body.data.payment.checkoutUrl).toBe(first.body.data.payment.checkoutUrl)
    const other = await initiate({ ...body, accountNumber: '1000000000002' }, headers)
    expect(other.status).toBe(409)
  })

  it('an unreachable gateway answers spec 8’s message and records the failure', async () => {
    const down = await startPaymentsHarness({
      PAYMONGO_SECRET_KEY: 'sk_test_unreachable',
      PAYMONGO_WEBHOOK_SECRET: 'whsk_unreachable',
      PAYMONGO_API_URL: 'http://127.0.0.1:9',
    })
    try {
      const refused = await signedCall(down, 'POST', '/v1/pay/initialise', {
        body: { accountNumber: '1000000000002', channelGroup: 'E-WALLETS' },
        headers: await down.bearer(CARLOS),
      })
      expect(refused.status).toBe(502)
      expect(refused.body.error.message).toBe('Unable to process payment! Please try other payment channels.')
      const history = await signedCall(down, 'GET', '/v1/pay/history?accountNumber=1000000000002', {
        headers: await down.bearer(CARLOS),
      })
      expect(history.body.data.payments[0].status).toBe('failed')
    } finally {
      await down.close()
    }
  })
})
