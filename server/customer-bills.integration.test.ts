/**
 * /customer/bill-history and its statement download through the real portal, the embedded
 * provider and the upstream, as customer@example.com (accounts 1000000000001 and -002, the
 * active one -002) with plain requests, as a browser without JavaScript. docs/security.md,
 * Access control: another customer's account (1000000000003, LIZA SANTOS) is refused by the
 * page, the statement route and the amount-due call.
 */
import type { AppLoadContext } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadAmountDue } from '../app/features/bills/amount-due.server.ts'
import { upstreamFor } from '../app/upstream/index.server.ts'
import { billMonths } from '../services/billing/seed.ts'
import { pdfText } from '../tests/support/pdf-text.ts'
import { loadContextOf, signInByRequests, startTestPortal, type TestPortal } from '../tests/support/portal.ts'
import type { UserCaller } from '../app/visit/call.server.ts'
import { isUpstreamError } from '../app/upstream/errors.ts'

const NOT_AUTHORIZED = 'Sorry, you are not authorized for the selected action.'
const CUSTOMER = { email: 'customer@example.com', password: 'Customer2024' }
const OTHER = '1000000000003'

let t: TestPortal
let context: AppLoadContext
let customer: Awaited<ReturnType<typeof signInByRequests>>
const [year, index] = billMonths(new Date(), 1)[0]!
const LATEST = `${year}-${String(index + 1).padStart(2, '0')}`

beforeAll(async () => {
  t = await startTestPortal({ DEMO_DATA: 'true' })
  context = loadContextOf(t)
  customer = await signInByRequests(t.base, CUSTOMER)
}, 300_000)
afterAll(() => t?.close())

const page = async (path: string) => {
  const answer = await customer.go(path)
  return { status: answer.status, html: await answer.text(), headers: answer.headers }
}

describe('/customer/bill-history', () => {
  it('shows the active account: its amount due, its statements, and no history before the first payment', async () => {
    const { status, html, headers } = await page('/customer/bill-history')
    expect(status).toBe(200)
    expect(headers.get('cache-control')).toBe('no-store')
    expect(html).toMatch(/data-testid="bill-account"[^>]*>1000000000002</)
    expect(html).toMatch(/data-testid="amount-due-value"[^>]*>₱1,799.00</)
    expect(html).toContain('href="/customer/bill-history/pay/1000000000002"')
    expect(html).toContain('Your bill history will show here after your first payment.')
    expect(html).not.toContain('data-testid="bill-chart"')
    expect(html).toContain(`<option value="${LATEST}"`)
  })

  it('with ?account= one of the user’s other accounts: the chart of the last 12 bills and the whole history', async () => {
    const { status, html } = await page('/customer/bill-history?account=1000000000001')
    expect(status).toBe(200)
    expect(html).toMatch(/data-testid="bill-account"[^>]*>1000000000001</)
    expect(html).toContain('href="/customer/bill-history/pay/1000000000001"')
    const chart = /<svg[^>]*data-testid="bill-chart"[\s\S]*?<\/svg>/.exec(html)?.[0] ?? ''
    expect(chart.match(/<rect /g)).toHaveLength(12)
    expect(chart).toContain(`data-month="${LATEST}"`)
    const rows = /<table[^>]*data-testid="bill-history"[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? ''
    expect(rows.match(/<th scope="row"/g)).toHaveLength(14)
    // The seeded outage credit, a negative line of its bill, is said under it (issue 37).
    expect(rows.match(/data-testid="bill-credits"/g)).toHaveLength(1)
    expect(rows).toContain('Credit: Service credit: outage on your area, ₱226.50 off.')
  })

  it('refuses another customer’s account, showing none of its data', async () => {
    const { status, html } = await page(`/customer/bill-history?account=${OTHER}`)
    expect(status).toBe(403)
    expect(html).toContain(NOT_AUTHORIZED)
    expect(html).not.toContain('data-testid="amount-due"')
    expect(html).not.toContain('LIZA')
    // A malformed one the same.
    expect((await page('/customer/bill-history?account=abc')).status).toBe(403)
  })
})

describe('/customer/bill-history/statement', () => {
  it('answers the month’s statement as a PDF attachment with the account number inside', async () => {
    const answer = await customer.go(`/customer/bill-history/statement?account=1000000000001&month=${LATEST}`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/pdf')
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="hibla-statement-1000000000001-${LATEST}.pdf"`,
    )
    const pdf = new Uint8Array(await answer.arrayBuffer())
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-')
    const text = pdfText(pdf)
    expect(text).toContain('1000000000001')
    expect(text).toContain('CARLOS REYES')
    expect(text).toContain('How to pay')
  })

  it('refuses another customer’s account: back to the page’s refusal, no PDF', async () => {
    const answer = await customer.go(`/customer/bill-history/statement?account=${OTHER}&month=${LATEST}`, {
      redirect: 'manual',
    })
    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe(`/customer/bill-history?account=${OTHER}`)
    expect(answer.headers.get('content-type') ?? '').not.toContain('pdf')
  })

  it('a month without a statement, or no month, comes back to the page with a clear message', async () => {
    const missing = await customer.go('/customer/bill-history/statement?account=1000000000001&month=2001-01', {
      redirect: 'manual',
    })
    expect(missing.status).toBe(302)
    const back = await page(missing.headers.get('location')!)
    expect(back.status).toBe(200)
    expect(back.html).toContain('There is no statement for January 2001. Choose a month from the list.')
    expect(back.html).toMatch(/data-testid="bill-account"[^>]*>1000000000001</)

    for (const month of ['abc', '']) {
      const invalid = await customer.go(`/customer/bill-history/statement?account=1000000000001&month=${month}`, {
        redirect: 'manual',
      })
      expect(invalid.status).toBe(302)
      expect((await page(invalid.headers.get('location')!)).html).toContain('Choose a month from the list.')
    }
  })
})

describe('the amount-due call', () => {
  it('answers the user’s own account and is refused upstream for another customer’s', async () => {
    const { tokens } = (await upstreamFor(context).sessions.current(customer.id))!
    // loadAmountDue as the signed-in user, with the session's token.
    const me = {
      call: async <T>(fn: (upstream: ReturnType<typeof upstreamFor>, token: string) => Promise<T>) => {
        try {
          return { ok: true as const, value: await fn(upstreamFor(context), tokens.accessToken) }
        } catch (error) {
          if (!isUpstreamError(error)) throw error
          return { ok: false as const, error, message: 'refused' }
        }
      },
    } as unknown as UserCaller
    expect(await loadAmountDue(me, '1000000000002')).toMatchObject({ ok: true, amountDue: 1799 })
    expect(await loadAmountDue(me, OTHER)).toEqual({ ok: false, accountNumber: OTHER, message: 'refused' })
    await expect(upstreamFor(context).billing.paymentDetails(tokens.accessToken, OTHER)).rejects.toMatchObject({
      kind: 'rejected',
      status: 403,
    })
  })
})
