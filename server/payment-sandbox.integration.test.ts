/**
 * The embedded payment gateway inside the portal's process (issue 12; docs/decisions/0042):
 * server.ts serves the sandbox's hosted checkout page under /sandbox/paymongo, a browser
 * without JavaScript pays there with a plain form, and the sandbox's webhook reaches the
 * in-process upstream by itself, which posts the payment.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { signAccessToken, signedCall } from '../services/testing.ts'
import { startTestPortal, type TestPortal } from '../tests/support/portal.ts'

let t: TestPortal
beforeAll(async () => {
  t = await startTestPortal()
})
afterAll(() => t?.close())

it('serves the hosted page, takes a no-JavaScript payment and posts it from the webhook', async () => {
  const upstream = { config: t.config, fetch: t.portal.upstreamFetch }
  const token = await signAccessToken(
    { config: t.config, database: t.database },
    { sub: '00000000-0000-4000-8000-000000000001', accountNumber: ['1000000000002'] },
  )
  const headers = { authorization: `Bearer ${token}` }
  const started = await signedCall(upstream, 'POST', '/v1/pay/initialise', {
    body: { accountNumber: '1000000000002', channelGroup: 'E-WALLETS', amount: 100 },
    headers,
  })
  expect(started.status).toBe(200)
  const { id, checkoutUrl } = started.body.data.payment
  expect(checkoutUrl.startsWith(`${t.base}/sandbox/paymongo/checkout/cs_`)).toBe(true)

  const page = await fetch(checkoutUrl)
  expect(page.status).toBe(200)
  expect(page.headers.get('content-security-policy')).toContain("form-action 'self'")
  const html = await page.text()
  expect(html).toContain('Pay ₱100.00 with GCash')
  const stylesheet = await fetch(`${t.base}/sandbox/paymongo/checkout.css`)
  expect(stylesheet.headers.get('content-type')).toContain('text/css')

  const paid = await fetch(checkoutUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.base },
    body: new URLSearchParams({ outcome: 'pay', method: 'gcash' }),
  })
  expect(paid.status).toBe(303)
  expect(paid.headers.get('location')).toBe(`${t.base}/customer/payment-success/${id}`)

  // The webhook goes out on its own, right after the payment.
  let status = 'pending'
  for (let n = 0; n < 50 && status !== 'posted'; n++) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    status = (await signedCall(upstream, 'GET', `/v1/pay/transactions/${id}`, { headers })).body.data.status
  }
  expect(status).toBe('posted')
})
