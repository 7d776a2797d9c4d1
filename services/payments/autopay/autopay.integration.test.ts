/**
 * AutoPay through the real gateway and the embedded PayMongo sandbox (issue 12 item 4;
 * docs/decisions/0043): set-up through the gateway's card page and the verification amount,
 * a declined card, wrong amounts, change card, cancel after the month's due date, the
 * due-date job (charged, posted once from the webhook, retried daily, at most 3 tries,
 * notified either way), and who may read or change an account's AutoPay.
 */
import { and, count, eq, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATOR_CHANNEL } from '../../applications/tracking-routes.ts'
import { issueBill } from '../../billing/service.ts'
import { payments as ledger } from '../../billing/tables.ts'
import { latestMessagesFor } from '../../notifications/outbox.ts'
import { inbox } from '../../notifications/tables.ts'
import { signedCall } from '../../testing.ts'
import { startPaymentsHarness, type PaymentsHarness } from '../harness.ts'
import { CARD_PAGE_LABELS } from '../sandbox/card-page.ts'
import { sandboxPaymentMethods, sandboxRefunds } from '../sandbox/vault-tables.ts'
import { createAutopay } from './setup.ts'
import { autopayCharges, autopayEnrolments } from './tables.ts'

let t: PaymentsHarness
beforeAll(async () => {
  t = await startPaymentsHarness()
})
afterAll(() => t?.close())

const CARLOS = ['1000000000001', '1000000000002']
const LIZA = ['1000000000003']
const ANDREA = ['1000000000005']
const PAOLO = ['1000000000006']
const VISA = '4343434343434345'
const MASTERCARD = '5555444444444457'
const LATER_DECLINED = '5100000000000198'
const DECLINED = '4400000000000016'

const call = (
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; channel?: string } = {},
) => signedCall(t, method, path, options)

const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64')

async function enrol(accountNumber: string, headers: Record<string, string>, body: unknown = { accountNumber }) {
  return call('POST', `/v1/paynamics/ada/token?accountNumber=${accountNumber}`, {
    body: { data: base64(body) },
    headers,
  })
}

const details = (accountNumber: string, headers: Record<string, string>) =>
  call('GET', `/v1/paynamics/ada?accountNumber=${accountNumber}`, { headers })

const verify = (accountNumber: string, amount: number | string, headers: Record<string, string>) =>
  call('POST', '/v1/paynamics/ada/verify', { body: { accountNumber, amount }, headers })

/** Submits the sandbox card page's form for a test card, as a browser without JavaScript does. */
async function addCard(cardFormUrl: string, form: Record<string, string>) {
  const path = new URL(cardFormUrl).pathname.replace(/^\/sandbox\/paymongo/, '')
  return t.sandbox.fetch(
    new Request(`http://sandbox${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    }),
  )
}

/** The amount the sandbox's "bank message" shows after a card is added. */
const shownAmount = (html: string) => /class="verification-amount">₱(\d+\.\d\d)</.exec(html)![1]!

/** Enrols, adds the card, delivers the webhook: the account is waiting for its amount. */
async function cardAdded(accountNumber: string, headers: Record<string, string>, card = VISA) {
  const started = await enrol(accountNumber, headers)
  expect(started.status).toBe(200)
  const page = await addCard(started.body.data.cardFormUrl, { card })
  expect(page.status).toBe(200)
  const amount = shownAmount(await page.text())
  await t.deliver()
  return amount
}

async function setUp(accountNumber: string, headers: Record<string, string>, card = VISA) {
  const amount = await cardAdded(accountNumber, headers, card)
  const verified = await verify(accountNumber, amount, headers)
  expect(verified.status).toBe(200)
  expect(verified.body.data.state).toBe('active')
  await t.deliver()
  return verified.body.data
}

const runJob = async () => {
  const { status, body } = await call('POST', '/v1/operator/autopay/run', { channel: OPERATOR_CHANNEL })
  expect(status).toBe(200)
  return body.data
}

/** A bill for a month of 2031, due on the 20th (Manila). */
async function bill(accountNumber: string, month: string, pesos: number) {
  await issueBill(
    t.database.db,
    {
      accountNumber,
      month,
      periodStart: `${month}-01`,
      periodEnd: `${month}-28`,
      issuedOn: `${month}-05`,
      dueOn: `${month}-20`,
      lines: [{ description: 'Monthly service fee', amountCentavos: pesos * 100 }],
    },
    t.clock.now,
  )
}

/** Noon in Manila on a day. */
const manilaNoon = (day: string) => new Date(`${day}T04:00:00Z`)

async function ledgerCount(accountNumber: string, channel = 'Credit or debit card') {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(ledger)
    .where(and(eq(ledger.accountNumber, accountNumber), eq(ledger.channel, channel)))
  return row!.n
}

describe('setting AutoPay up (spec 4)', () => {
  it('goes through the gateway card page, the amount the bank showed, and refunds it', async () => {
    t.clock.now = manilaNoon('2031-01-10')
    const headers = await t.bearer(ANDREA)
    expect((await details('1000000000005', headers)).body.data).toMatchObject({ state: 'not_set_up', card: null })

    const started = await enrol('1000000000005', headers, {
      accountNumber: '1000000000005',
      returnPath: '/customer/auto-pay',
    })
    expect(started.status).toBe(200)
    expect(started.body.status).toBe(true)
    expect(started.body.data.state).toBe('card_pending')
    expect(started.body.data.cardFormUrl).toMatch(/\/sandbox\/paymongo\/cards\/pi_[0-9a-f]{24}$/)

    const path = new URL(started.body.data.cardFormUrl).pathname.replace(/^\/sandbox\/paymongo/, '')
    const form = await (await t.sandbox.fetch(new Request(`http://sandbox${path}`))).text()
    for (const label of [
      'Add Visa ending 4345',
      'Add Mastercard ending 4457',
      'Add Mastercard ending 0198 (later charges declined)',
      'Add Visa ending 0016 (declined)',
      CARD_PAGE_LABELS.cancel,
    ]) {
      expect(form).toContain(`>${label}</button>`)
    }

    const page = await addCard(started.body.data.cardFormUrl, { card: VISA })
    const html = await page.text()
    expect(html).toContain(CARD_PAGE_LABELS.returnToMerchant)
    expect(html).toContain('http://localhost:3000/customer/auto-pay')
    const amount = shownAmount(html)
    expect(Number(amount)).toBeGreaterThanOrEqual(1)
    expect(Number(amount)).toBeLessThan(10)

    // Before the webhook, still waiting for the card.
    expect((await details('1000000000005', headers)).body.data.state).toBe('card_pending')
    await t.deliver()
    const waiting = (await details('1000000000005', headers)).body.data
    expect(waiting).toMatchObject({
      state: 'verifying',
      card: { brand: 'visa', brandName: 'Visa', last4: '4345' },
      verification: { triesLeft: 3, maxTries: 3 },
      cardFormUrl: null,
    })

    const wrong = await verify('1000000000005', (Number(amount) + 0.01).toFixed(2), headers)
    expect(wrong.status).toBe(422)
    expect(wrong.body.error.code).toBe('wrong_amount')
    expect(wrong.body.error.fields.amount[0]).toMatch(/2 tries left/)

    const verified = await verify('1000000000005', amount, headers)
    expect(verified.status).toBe(200)
    expect(verified.body.data).toMatchObject({ state: 'active', card: { last4: '4345' }, verification: null })
    const refunds = await t.database.db.select().from(sandboxRefunds)
    expect(refunds.map((r) => r.amount)).toContain(Math.round(Number(amount) * 100))
    // The refund's webhook is answered and changes nothing.
    expect((await t.deliver()).failed).toBe(0)

    const again = await enrol('1000000000005', headers)
    expect(again.status).toBe(409)
    expect(again.body.error.code).toBe('autopay_exists')
  })

  it('a declined card ends the set-up with "AutoPay set up failed!"', async () => {
    const headers = await t.bearer(PAOLO)
    const started = await enrol('1000000000006', headers)
    const declined = await addCard(started.body.data.cardFormUrl, { card: DECLINED })
    expect(declined.status).toBe(303)
    expect(declined.headers.get('location')).toBe('http://localhost:3000/customer/auto-pay')
    await t.deliver()
    const view = (await details('1000000000006', headers)).body.data
    expect(view.state).toBe('not_set_up')
    expect(view.lastEnded).toMatchObject({ status: 'failed' })
    expect(view.lastEnded.reason).toMatch(/^AutoPay set up failed!/)
  })

  it('three wrong amounts void the enrolment: the card is deleted at the gateway and the charge refunded', async () => {
    const headers = await t.bearer(PAOLO)
    const amount = await cardAdded('1000000000006', headers, MASTERCARD)
    const wrong = (Number(amount) === 9.99 ? 1 : Number(amount) + 0.01).toFixed(2)
    expect((await verify('1000000000006', wrong, headers)).body.error.code).toBe('wrong_amount')
    expect((await verify('1000000000006', wrong, headers)).body.error.fields.amount[0]).toMatch(/1 try left/)
    const voided = await verify('1000000000006', wrong, headers)
    expect(voided.status).toBe(422)
    expect(voided.body.error.code).toBe('enrolment_void')
    // The right amount now is too late: the enrolment must start again.
    expect((await verify('1000000000006', amount, headers)).body.error.code).toBe('no_verification_pending')
    const view = (await details('1000000000006', headers)).body.data
    expect(view).toMatchObject({ state: 'not_set_up', lastEnded: { status: 'void' } })
    const deleted = await t.database.db
      .select()
      .from(sandboxPaymentMethods)
      .where(and(eq(sandboxPaymentMethods.last4, '4457'), isNotNull(sandboxPaymentMethods.deletedAt)))
    expect(deleted).toHaveLength(1)
    const refunds = await t.database.db.select().from(sandboxRefunds)
    expect(refunds.some((r) => r.amount === Math.round(Number(amount) * 100))).toBe(true)
  })

  it('starting again replaces a set-up left waiting', async () => {
    const headers = await t.bearer(PAOLO)
    const first = await enrol('1000000000006', headers)
    const second = await enrol('1000000000006', headers)
    expect(second.status).toBe(200)
    expect(second.body.data.cardFormUrl).not.toBe(first.body.data.cardFormUrl)
    // The first page's card no longer sets anything up.
    await addCard(first.body.data.cardFormUrl, { card: VISA })
    await t.deliver()
    expect((await details('1000000000006', headers)).body.data.state).toBe('card_pending')
  })

  it('takes the enrolment as base64 JSON in data, and refuses anything else', async () => {
    const headers = await t.bearer(PAOLO)
    const path = '/v1/paynamics/ada/token?accountNumber=1000000000006'
    for (const data of [
      'not base64!',
      Buffer.from('not json').toString('base64'),
      base64({ accountNumber: '1000000000005' }),
    ]) {
      const refused = await call('POST', path, { body: { data }, headers })
      expect(refused.status, data).toBe(422)
      expect(refused.body.error.message).toBe('The AutoPay enrolment data is not valid.')
    }
    expect((await call('POST', path, { body: {}, headers })).status).toBe(422)
  })
})

describe('who may use AutoPay (spec 5; docs/security.md, Access control)', () => {
  it('refuses another customer’s account on every call, a non-fibre account, and a call without a token', async () => {
    const liza = await t.bearer(LIZA)
    const andrea = '1000000000005'
    const refusals = [
      await details(andrea, liza),
      await enrol(andrea, liza),
      await verify(andrea, '1.00', liza),
      await call('POST', `/v1/paynamics/ada/change-card?accountNumber=${andrea}`, {
        body: { data: base64({}) },
        headers: liza,
      }),
      await call('DELETE', `/v1/paynamics/ada?accountNumber=${andrea}`, { headers: liza }),
    ]
    for (const refused of refusals) {
      expect(refused.status).toBe(403)
      expect(refused.body.error.code).toBe('account_not_linked')
    }
    // ANDREA's AutoPay is untouched.
    expect((await details(andrea, await t.bearer(ANDREA))).body.data.state).toBe('active')

    const dsl = await t.bearer(['2000000000001'])
    const notFibre = await enrol('2000000000001', dsl)
    expect(notFibre.status).toBe(422)
    expect(notFibre.body.error.code).toBe('not_fibre_account')
    expect((await details('2000000000001', dsl)).status).toBe(422)

    expect((await call('GET', `/v1/paynamics/ada?accountNumber=${andrea}`)).status).toBe(401)
    expect((await call('POST', '/v1/operator/autopay/run')).status).toBe(403)
  })
})

describe('charging on the due date (spec 4)', () => {
  it('charges the amount due on the due date, posts it once from the webhook, and notifies', async () => {
    t.clock.now = manilaNoon('2031-03-01')
    const headers = await t.bearer(LIZA)
    await setUp('1000000000003', headers)
    await bill('1000000000003', '2031-03', 2499)
    const before = await ledgerCount('1000000000003')
    expect((await details('1000000000003', headers)).body.data.nextCharge).toEqual({
      dueOn: '2031-03-20',
      amount: 2499,
    })

    t.clock.now = manilaNoon('2031-03-19')
    expect(await runJob()).toMatchObject({ today: '2031-03-19', scheduled: 0, attempted: 0 })

    t.clock.now = manilaNoon('2031-03-20')
    expect(await runJob()).toMatchObject({ scheduled: 1, attempted: 1 })
    // Not posted until the gateway's webhook says paid.
    expect(await ledgerCount('1000000000003')).toBe(before)
    await t.deliver()
    expect(await ledgerCount('1000000000003')).toBe(before + 1)

    const view = (await details('1000000000003', headers)).body.data
    expect(view.charges[0]).toMatchObject({ dueOn: '2031-03-20', status: 'paid', amount: 2499, tries: 1 })
    expect(view.charges[0].reference).toMatch(/^PAY-/)
    expect(view.nextCharge).toBeNull()
    const history = await call('GET', '/v1/pay/history?accountNumber=1000000000003', { headers })
    expect(history.body.data.payments[0]).toMatchObject({ status: 'posted', amount: 2499 })

    const notes = await t.database.db
      .select()
      .from(inbox)
      .where(and(eq(inbox.accountNumber, '1000000000003'), eq(inbox.title, 'AutoPay paid your bill')))
    expect(notes.length).toBeGreaterThan(0)
    const mail = await latestMessagesFor(t.database.db, 'liza.santos@example.org')
    expect(mail.some((m) => m.subject.includes('payment receipt'))).toBe(true)

    // Running again, and the webhook delivered again, charge and post nothing more.
    expect(await runJob()).toMatchObject({ scheduled: 0, attempted: 0 })
    const [delivery] = await t.database.db.select({ n: count() }).from(autopayCharges)
    expect(delivery!.n).toBeGreaterThan(0)
    expect(await ledgerCount('1000000000003')).toBe(before + 1)
  })

  it('retries a declined charge once a day, at most 3 tries, telling the customer each time', async () => {
    t.clock.now = manilaNoon('2031-04-01')
    const headers = await t.bearer(CARLOS)
    await setUp('1000000000002', headers, LATER_DECLINED)
    await bill('1000000000002', '2031-04', 1299)
    const before = await ledgerCount('1000000000002')

    t.clock.now = manilaNoon('2031-04-20')
    expect(await runJob()).toMatchObject({ attempted: 1, retrying: 0 })
    let charge = (await details('1000000000002', headers)).body.data.charges[0]
    expect(charge).toMatchObject({ status: 'scheduled', tries: 1, nextAttemptOn: '2031-04-21' })
    expect(charge.lastError).toMatch(/insufficient funds/)
    expect(await runJob()).toMatchObject({ attempted: 0 })

    t.clock.now = manilaNoon('2031-04-21')
    await runJob()
    t.clock.now = manilaNoon('2031-04-22')
    await runJob()
    await t.deliver()
    charge = (await details('1000000000002', headers)).body.data.charges[0]
    expect(charge).toMatchObject({ status: 'failed', tries: 3, nextAttemptOn: null })
    t.clock.now = manilaNoon('2031-04-23')
    expect(await runJob()).toMatchObject({ attempted: 0 })
    expect(await ledgerCount('1000000000002')).toBe(before)

    const titles = (
      await t.database.db.select({ title: inbox.title }).from(inbox).where(eq(inbox.accountNumber, '1000000000002'))
    ).map((row) => row.title)
    expect(titles.filter((title) => title === 'AutoPay will try your card again')).toHaveLength(2)
    expect(titles).toContain('AutoPay could not pay your bill')
    const mail = await latestMessagesFor(t.database.db, 'carlos.reyes@example.org')
    expect(mail.filter((m) => m.subject.includes('AutoPay'))).toHaveLength(3)
  })

  it('a charge the gateway could not take is tried again the next day and then paid', async () => {
    t.clock.now = manilaNoon('2031-05-01')
    const headers = await t.bearer(ANDREA)
    await bill('1000000000005', '2031-05', 1299)
    let down = true
    const autopay = createAutopay({
      db: t.database.db,
      logger: (await import('../../testing.ts')).silentLogger,
      productName: t.config.PRODUCT_NAME,
      now: () => t.clock.now,
      gateway: {
        ...t.paymentGateway,
        chargeSavedCard: (request, key) =>
          down ? Promise.reject(new (class extends Error {})('down')) : t.paymentGateway.chargeSavedCard(request, key),
      },
    })
    t.clock.now = manilaNoon('2031-05-20')
    // A failure that is not the gateway's is the job's bug: it throws, and the claim waits for its lease.
    await expect(autopay.charges.run()).rejects.toThrow('down')
    down = false
    t.clock.now = new Date(manilaNoon('2031-05-20').getTime() + 11 * 60_000)
    expect(await autopay.charges.run()).toMatchObject({ attempted: 1 })
    await t.deliver()
    expect((await details('1000000000005', headers)).body.data.charges[0]).toMatchObject({ status: 'paid', tries: 1 })
  })
})

describe('change card and cancel (spec 4)', () => {
  it('change card deletes the old card first, then sets the new one up', async () => {
    const headers = await t.bearer(ANDREA)
    const [before] = await t.database.db
      .select()
      .from(autopayEnrolments)
      .where(and(eq(autopayEnrolments.accountNumber, '1000000000005'), eq(autopayEnrolments.status, 'active')))
    const changed = await call('POST', '/v1/paynamics/ada/change-card?accountNumber=1000000000005', {
      body: { data: base64({ returnPath: '/customer/auto-pay' }) },
      headers,
    })
    expect(changed.status).toBe(200)
    expect(changed.body.data).toMatchObject({ state: 'card_pending', card: null })
    const [old] = await t.database.db
      .select()
      .from(sandboxPaymentMethods)
      .where(eq(sandboxPaymentMethods.id, before!.paymentMethodId!))
    expect(old!.deletedAt).not.toBeNull()
    const page = await addCard(changed.body.data.cardFormUrl, { card: MASTERCARD })
    const amount = shownAmount(await page.text())
    await t.deliver()
    const verified = await verify('1000000000005', amount, headers)
    expect(verified.body.data).toMatchObject({ state: 'active', card: { brand: 'mastercard', last4: '4457' } })
  })

  it('cancel is effective after the current month’s due date: that bill is still charged, the next is not', async () => {
    const headers = await t.bearer(LIZA)
    t.clock.now = manilaNoon('2031-06-10')
    await bill('1000000000003', '2031-06', 2499)
    const cancelled = await call('DELETE', '/v1/paynamics/ada?accountNumber=1000000000003', { headers })
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.data.effectiveAfter).toBe('2031-06-20')
    expect(cancelled.body.data.autopay).toMatchObject({
      state: 'cancelling',
      cancellation: { effectiveAfter: '2031-06-20' },
      nextCharge: { dueOn: '2031-06-20', amount: 2499 },
    })
    const before = await ledgerCount('1000000000003')
    t.clock.now = manilaNoon('2031-06-20')
    expect(await runJob()).toMatchObject({ attempted: 1 })
    await t.deliver()
    expect(await ledgerCount('1000000000003')).toBe(before + 1)

    t.clock.now = manilaNoon('2031-06-21')
    expect(await runJob()).toMatchObject({ cancellationsFinished: 1 })
    const view = (await details('1000000000003', headers)).body.data
    expect(view).toMatchObject({ state: 'not_set_up', card: null, lastEnded: { status: 'cancelled' } })
    await bill('1000000000003', '2031-07', 2499)
    t.clock.now = manilaNoon('2031-07-20')
    expect(await runJob()).toMatchObject({ scheduled: 0, attempted: 0 })
    expect(await ledgerCount('1000000000003')).toBe(before + 1)
  })

  it('cancel after this month’s due date, or of a set-up not finished, is at once; without AutoPay it is refused', async () => {
    const headers = await t.bearer(ANDREA)
    t.clock.now = manilaNoon('2031-05-25')
    const now = await call('DELETE', '/v1/paynamics/ada?accountNumber=1000000000005', { headers })
    expect(now.status).toBe(200)
    expect(now.body.data).toMatchObject({ effectiveAfter: null, autopay: { state: 'not_set_up' } })
    const none = await call('DELETE', '/v1/paynamics/ada?accountNumber=1000000000005', { headers })
    expect(none.status).toBe(409)
    expect(none.body.error.message).toBe('Unable to cancel AutoPay!')

    const paolo = await t.bearer(PAOLO)
    const pending = await call('DELETE', '/v1/paynamics/ada?accountNumber=1000000000006', { headers: paolo })
    expect(pending.body.data).toMatchObject({ effectiveAfter: null, autopay: { state: 'not_set_up' } })
  })
})
