/**
 * Fail closed outside the demo (issue 32, item 3; docs/decisions/0061): while payments go to
 * the sandbox gateway, where no money moves, every payment page (the guest's and the
 * customer's pay pages and their payment states, AutoPay) and the sandbox's hosted checkout
 * say "Test mode: no real money moves", in the server-rendered HTML (no JavaScript needed).
 * With PayMongo configured, none of them says it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_MODE_NOTICE } from '../lib/test-mode.ts'
import { findUserRowByEmail } from '../services/identity/users.ts'
import { signAccessToken, signedCall } from '../services/testing.ts'
import { signInByRequests, startTestPortal, type TestPortal } from '../tests/support/portal.ts'

const CUSTOMER = { email: 'customer@example.com', password: 'Customer2024' }
const ACCOUNT = '1000000000002'
const SOME_PAYMENT = '00000000-0000-4000-8000-0000000000aa'

/** The notice as the page renders it: its own element, the exact words. */
const NOTICE = new RegExp(`data-testid="test-mode-notice"[^>]*>${TEST_MODE_NOTICE}</p>`)

/** The payment pages a guest opens, and one the customer opens after paying (set below). */
const GUEST_PAGES = ['/payBill', `/payment/${ACCOUNT}`, `/payment/${ACCOUNT}/${SOME_PAYMENT}`]
const CUSTOMER_PAGES = [`/customer/bill-history/pay/${ACCOUNT}`, '/customer/payment-failed', '/customer/auto-pay']

describe('payments simulated (the sandbox gateway)', () => {
  let t: TestPortal
  beforeAll(async () => {
    t = await startTestPortal({ DEMO_DATA: 'true' })
  })
  afterAll(() => t?.close())

  it('says so on every payment page, a guest’s and a customer’s, and on the sandbox’s checkout', async () => {
    expect(t.config.paymentsSandbox).toBe(true)
    for (const path of GUEST_PAGES) {
      const page = await fetch(`${t.base}${path}`)
      expect(page.status, path).toBe(200)
      expect(await page.text(), path).toMatch(NOTICE)
    }

    const { go } = await signInByRequests(t.base, CUSTOMER)
    // A payment of the customer's, started as the portal would, for its state page and the sandbox's.
    const user = await findUserRowByEmail(t.database.db, CUSTOMER.email)
    const token = await signAccessToken(
      { config: t.config, database: t.database },
      { sub: user!.id, accountNumber: [ACCOUNT] },
    )
    const started = await signedCall(
      { config: t.config, fetch: t.portal.upstreamFetch },
      'POST',
      '/v1/pay/initialise',
      {
        body: { accountNumber: ACCOUNT, channelGroup: 'E-WALLETS', amount: 100 },
        headers: { authorization: `Bearer ${token}` },
      },
    )
    expect(started.status).toBe(200)
    const { id, checkoutUrl } = started.body.data.payment
    for (const path of [...CUSTOMER_PAGES, `/customer/payment-success/${id}`]) {
      const page = await go(path)
      expect(page.status, path).toBe(200)
      expect(await page.text(), path).toMatch(NOTICE)
    }

    const checkout = await fetch(checkoutUrl)
    expect(checkout.status).toBe(200)
    expect(await checkout.text()).toMatch(new RegExp(`<p[^>]*>${TEST_MODE_NOTICE}</p>`))
  })

  it('reports the sandbox among its demo parts at /readyz', async () => {
    const ready = await (await fetch(`${t.base}/readyz`)).json()
    expect(ready.demo).toContain('PAYMENTS_SANDBOX')
  })
})

describe('payments through PayMongo', () => {
  let t: TestPortal
  beforeAll(async () => {
    t = await startTestPortal({
      DEMO_DATA: 'true',
      PAYMONGO_SECRET_KEY: 'sk_test_notused',
      PAYMONGO_WEBHOOK_SECRET: 'whsk_notused',
    })
  })
  afterAll(() => t?.close())

  it('says nothing of a test mode on the payment pages', async () => {
    expect(t.config.paymentsSandbox).toBe(false)
    for (const path of GUEST_PAGES) {
      const html = await (await fetch(`${t.base}${path}`)).text()
      expect(html, path).not.toContain(TEST_MODE_NOTICE)
    }
    const { go } = await signInByRequests(t.base, CUSTOMER)
    for (const path of CUSTOMER_PAGES) {
      const page = await go(path)
      expect(page.status, path).toBe(200)
      expect(await page.text(), path).not.toContain(TEST_MODE_NOTICE)
    }
    const ready = await (await fetch(`${t.base}/readyz`)).json()
    expect(ready.demo).not.toContain('PAYMENTS_SANDBOX')
  })
})
