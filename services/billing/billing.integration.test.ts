/**
 * The billing calls through the real gateway (spec 7: account and payment details, bill
 * history, bill statement; docs/decisions/0037): every call is the user's own, refused for an
 * account the bearer token does not list; bill history stays empty until the first payment
 * (spec 8); a statement's figures come from the ledger and its PDF says them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pdfText } from '../../tests/support/pdf-text.ts'
import { signAccessToken, signedCall, signedFetch, startTestGateway, type TestGateway } from '../testing.ts'
import { billMonths } from './seed.ts'
import { issueBill, postPayment } from './service.ts'

let t: TestGateway
beforeAll(async () => {
  t = await startTestGateway({ seed: true })
})
afterAll(() => t?.close())

const CARLOS = ['1000000000001', '1000000000002']
/** A bearer header for a user whose token lists `accountNumber` (and, unproven, `unverified`). */
async function bearer(accountNumber: string[], unverified: string[] = []) {
  const token = await signAccessToken(t, {
    sub: `user-${accountNumber.join('-')}`,
    realm_access: { roles: ['base', 'customer'] },
    accountNumber,
    unverifiedAccountNumber: unverified,
  })
  return { authorization: `Bearer ${token}` }
}

const PATHS = (accountNumber: string) => [
  `/v2/payments/account-details?accountNumber=${accountNumber}`,
  `/v1/payments/payment-details?accountNumber=${accountNumber}`,
  `/v1/payments/bill-history?accountNumber=${accountNumber}`,
  `/v1/payments/bill-statement?accountNumber=${accountNumber}&month=${monthOf(billMonths(new Date(), 1)[0]!)}`,
]
const monthOf = ([year, index]: [number, number]) => `${year}-${String(index + 1).padStart(2, '0')}`

describe('only the token’s own accounts', () => {
  it('refuses another customer’s account on every call, with a token or without one', async () => {
    const headers = await bearer(CARLOS)
    for (const path of PATHS('1000000000003')) {
      const refused = await signedCall(t, 'GET', path, { headers })
      expect(refused.status, path).toBe(403)
      expect(refused.body.error.code).toBe('account_not_linked')
      expect(JSON.stringify(refused.body)).not.toContain('LIZA')
      expect((await signedCall(t, 'GET', path)).status, path).toBe(401)
    }
  })

  it('refuses a link awaiting proof of ownership, and a malformed number', async () => {
    const headers = await bearer(['1000000000001'], ['1000000000003'])
    for (const path of PATHS('1000000000003')) expect((await signedCall(t, 'GET', path, { headers })).status).toBe(403)
    const malformed = await signedCall(t, 'GET', '/v1/payments/bill-history?accountNumber=12345', { headers })
    expect(malformed.status).toBe(422)
  })

  it('answers the owner', async () => {
    const headers = await bearer(CARLOS)
    for (const path of PATHS('1000000000001')) expect((await signedFetch(t, 'GET', path, { headers })).status).toBe(200)
  })
})

describe('the seeded demo accounts', () => {
  it('1000000000001 has 14 bills of history, the newest one due; 1000000000002 none yet but a first bill due', async () => {
    const headers = await bearer(CARLOS)
    const carlos = await signedCall(t, 'GET', '/v1/payments/bill-history?accountNumber=1000000000001', { headers })
    expect(carlos.body.data.firstPaymentPosted).toBe(true)
    expect(carlos.body.data.bills).toHaveLength(14)
    expect(carlos.body.data.bills.map((bill: { status: string }) => bill.status)).toEqual([
      'unpaid',
      ...Array(13).fill('paid'),
    ])
    const due = await signedCall(t, 'GET', '/v1/payments/payment-details?accountNumber=1000000000001', { headers })
    expect(due.body.data).toMatchObject({
      amountDue: carlos.body.data.bills[0].amount,
      dueDate: carlos.body.data.bills[0].dueOn,
    })

    const fresh = await signedCall(t, 'GET', '/v1/payments/bill-history?accountNumber=1000000000002', { headers })
    expect(fresh.body.data).toMatchObject({ firstPaymentPosted: false, bills: [] })
    expect(fresh.body.data.statementMonths).toHaveLength(1)
    const freshDue = await signedCall(t, 'GET', '/v1/payments/payment-details?accountNumber=1000000000002', {
      headers,
    })
    expect(freshDue.body.data).toMatchObject({ amountDue: 1799, lastPayment: null })
    expect(freshDue.body.data.dueDate).toMatch(/^\d{4}-\d{2}-20$/)
  })
})

describe('the ledger of one account', () => {
  // ANDREA LIM's account: no demo bills, so this test writes its whole ledger.
  const account = '1000000000005'
  const lines = (...pesos: number[]) =>
    pesos.map((amount, n) => ({
      description: n === 0 ? 'Fibre 1299 monthly service fee' : 'Mesh Wi-Fi add-on',
      amountCentavos: amount * 100,
    }))
  const bill = (month: string, amounts: number[]) => ({
    accountNumber: account,
    month,
    periodStart: `${month}-01`,
    periodEnd: `${month}-28`,
    issuedOn: `${month}-05`,
    dueOn: `${month}-20`,
    lines: lines(...amounts),
  })
  const history = async () =>
    (
      await signedCall(t, 'GET', `/v1/payments/bill-history?accountNumber=${account}`, {
        headers: await bearer([account]),
      })
    ).body.data
  const details = async () =>
    (
      await signedCall(t, 'GET', `/v1/payments/payment-details?accountNumber=${account}`, {
        headers: await bearer([account]),
      })
    ).body.data

  it('bill history is empty until the first payment posts; the amount due shows from the first bill', async () => {
    await issueBill(t.database.db, bill('2025-01', [1299]), new Date())
    expect(await history()).toMatchObject({ firstPaymentPosted: false, bills: [], statementMonths: ['2025-01'] })
    expect(await details()).toMatchObject({ amountDue: 1299, dueDate: '2025-01-20', lastPayment: null })

    const paid = {
      accountNumber: account,
      amountCentavos: 129_900,
      postedAt: new Date('2025-01-14T02:00:00Z'),
      channel: 'GCash',
      reference: 'T-1',
    }
    expect(await postPayment(t.database.db, paid)).toBe(true)
    expect(await postPayment(t.database.db, paid)).toBe(false)
    const after = await history()
    expect(after.firstPaymentPosted).toBe(true)
    expect(after.bills).toMatchObject([{ month: '2025-01', amount: 1299, status: 'paid' }])
    expect(await details()).toMatchObject({
      amountDue: 0,
      dueDate: null,
      lastPayment: { amount: 1299, channel: 'GCash' },
    })
  })

  it('a statement carries the previous balance, the payments between, the charges and the total; its PDF says so', async () => {
    await issueBill(t.database.db, bill('2025-02', [1299, 299]), new Date())
    // Part of February's bill, paid before March's is issued.
    await postPayment(t.database.db, {
      accountNumber: account,
      amountCentavos: 100_000,
      postedAt: new Date('2025-02-18T03:00:00Z'),
      channel: 'Over the counter',
      reference: 'T-2',
    })
    await issueBill(t.database.db, bill('2025-03', [1299, 299]), new Date())
    expect((await history()).bills.map((b: { status: string }) => b.status)).toEqual([
      'unpaid',
      'partially paid',
      'paid',
    ])
    expect(await details()).toMatchObject({
      amountDue: 2196,
      dueDate: '2025-03-20',
    })

    const response = await signedFetch(t, 'GET', `/v1/payments/bill-statement?accountNumber=${account}&month=2025-03`, {
      headers: await bearer([account]),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="hibla-statement-${account}-2025-03.pdf"`,
    )
    const pdf = new Uint8Array(await response.arrayBuffer())
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-')
    const text = pdfText(pdf)
    for (const expected of [
      account,
      'ANDREA LIM',
      'Statement of Account: March 2025',
      'March 05, 2025',
      'March 20, 2025',
      'Previous balance\nPHP 1,598.00',
      'Payments received\n-PHP 1,000.00',
      'Current charges\nPHP 1,598.00',
      'Total amount due\nPHP 2,196.00',
      'Mesh Wi-Fi add-on\nPHP 299.00',
      'February 18, 2025, Over the counter',
      'How to pay',
    ]) {
      expect(text).toContain(expected)
    }
  })

  it('a month without a statement, or not a month, is a clear refusal', async () => {
    const headers = await bearer([account])
    const missing = await signedCall(t, 'GET', `/v1/payments/bill-statement?accountNumber=${account}&month=2024-12`, {
      headers,
    })
    expect(missing.status).toBe(404)
    expect(missing.body.error).toMatchObject({
      code: 'statement_not_found',
      message: 'There is no statement for that month.',
    })
    for (const month of ['2025-13', 'March', '']) {
      const invalid = await signedCall(
        t,
        'GET',
        `/v1/payments/bill-statement?accountNumber=${account}&month=${month}`,
        { headers },
      )
      expect(invalid.status).toBe(422)
    }
  })
})
