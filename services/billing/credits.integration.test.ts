/**
 * Credits and the monthly bill run (issue 37, items 4 and 5; docs/decisions/0076) on a real
 * database with the services' clock moved through the months: a credit is granted once per
 * source key across copies; the bill run issues each active subscription's bill once, with
 * its pending credits as negative lines, taken once however many runs race; a credit larger
 * than the bill carries its rest to the next bill; demo, inactive and not yet active
 * subscriptions are not billed; bill history and the statement (its PDF too) show the lines.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pdfText } from '../../tests/support/pdf-text.ts'
import { subscriberAccounts, subscriptions } from '../accounts/tables.ts'
import { silentLogger, startTestGateway, type TestGateway } from '../testing.ts'
import { runBills } from './bill-run.ts'
import { grantCredit, pendingCredits } from './credits.ts'
import { createBillingService, postPayment } from './service.ts'
import { bills, creditApplications, credits } from './tables.ts'
import { BILLING_TEXT } from './texts.ts'

/** 01:00 in Manila on a day (the daily run's hour). */
const manilaNight = (day: string) => new Date(`${day}T01:00:00+08:00`)
let clock = manilaNight('2031-03-01')
let t: TestGateway
beforeAll(async () => {
  t = await startTestGateway({ seed: false, now: () => clock, signatureClock: () => new Date() })
})
afterAll(() => t?.close())

const deps = () => ({ db: t.database.db, now: () => clock })
let serial = 0

/** A subscriber account with its subscription (a plan of `fee` pesos), active since `activatedAt`. */
async function subscriber(
  options: { fee?: number; activatedAt?: Date; status?: 'active' | 'suspended'; demo?: boolean } = {},
) {
  serial++
  const accountNumber = `20320000${String(serial).padStart(5, '0')}`
  const { fee = 1299, activatedAt = new Date('2031-01-10T00:00:00Z'), status = 'active', demo = false } = options
  await t.database.db.insert(subscriberAccounts).values({
    accountNumber,
    product: 'fibre',
    status,
    holderName: 'MARIA DELA CRUZ',
    serviceAddress: '12 Mabini Street, Barangay San Antonio, Pasig City',
    demo,
  })
  await t.database.db.insert(subscriptions).values({
    accountNumber,
    planName: `Fiber Plan ${fee}`,
    speedMbps: 100,
    monthlyFee: fee,
    areaCode: 'PSG-TEST',
    areaName: 'Barangay San Antonio, Pasig City',
    activatedAt,
    demo,
  })
  return accountNumber
}

const reward = (accountNumber: string, amountCentavos: number, key = `referral-reward:${crypto.randomUUID()}`) => ({
  accountNumber,
  sourceKey: key,
  kind: 'referral_reward' as const,
  amountCentavos,
  description: BILLING_TEXT.referralReward,
  earnedAt: clock,
})

const billsOf = (accountNumber: string) =>
  t.database.db.select().from(bills).where(eq(bills.accountNumber, accountNumber)).orderBy(bills.month)

describe('grantCredit', () => {
  it('grants a credit once per source key, however many copies grant it at once', async () => {
    const account = await subscriber()
    const credit = reward(account, 50_000)
    const granted = await Promise.all([1, 2, 3].map(() => t.database.db.transaction((tx) => grantCredit(tx, credit))))
    expect(granted.filter(Boolean)).toHaveLength(1)
    expect(await grantCredit(t.database.db, { ...credit, amountCentavos: 90_000 })).toBe(false)
    const rows = await t.database.db.select().from(credits).where(eq(credits.sourceKey, credit.sourceKey))
    expect(rows).toMatchObject([{ accountNumber: account, amountCentavos: 50_000, remainingCentavos: 50_000 }])
    expect(await pendingCredits(t.database.db, account)).toMatchObject([
      { kind: 'referral_reward', description: 'Referral reward', pendingCentavos: 50_000, appliedTo: [] },
    ])
  })

  it('refuses an amount that is not a positive whole number of centavos', async () => {
    const account = await subscriber()
    for (const amountCentavos of [0, -100, 12.5]) {
      await expect(grantCredit(t.database.db, reward(account, amountCentavos))).rejects.toThrow(/positive whole/)
    }
  })
})

describe('the bill run', () => {
  it("issues the month's bill on the 5th with the fee and every pending credit, once with two runs racing", async () => {
    clock = manilaNight('2031-03-04')
    const account = await subscriber({ fee: 1299, activatedAt: new Date('2031-02-20T02:00:00Z') })
    const rebate = {
      ...reward(account, 12_345, `outage-rebate:${account}:2031-02`),
      kind: 'outage_rebate' as const,
      description: BILLING_TEXT.outageRebate('2031-02-10T08:00:00+08:00', '2031-02-11T14:30:00+08:00'),
      detail: { from: '2031-02-10T00:00:00.000Z', to: '2031-02-11T06:30:00.000Z' },
      // Earned after the reward: the bill lists credits oldest first.
      earnedAt: new Date(clock.getTime() + 60_000),
    }
    await grantCredit(t.database.db, reward(account, 50_000))
    await grantCredit(t.database.db, rebate)

    // The 4th: the cycle issued is February's, before this account's activation: nothing.
    expect((await runBills(deps())).month).toBe('2031-02')
    expect(await billsOf(account)).toEqual([])

    clock = manilaNight('2031-03-05')
    const [one, two] = await Promise.all([runBills(deps()), runBills(deps())])
    expect(one.month).toBe('2031-03')
    const [bill, ...more] = await billsOf(account)
    expect(more).toEqual([])
    expect(bill).toMatchObject({
      month: '2031-03',
      periodStart: '2031-02-05',
      periodEnd: '2031-03-04',
      issuedOn: '2031-03-05',
      dueOn: '2031-03-20',
      amountCentavos: 129_900 - 50_000 - 12_345,
      lines: [
        { description: 'Fiber Plan 1299 monthly service fee', amountCentavos: 129_900 },
        { description: 'Referral reward', amountCentavos: -50_000 },
        {
          description: 'Outage rebate: February 10, 2031 • 08:00 AM to February 11, 2031 • 02:30 PM',
          amountCentavos: -12_345,
        },
      ],
    })
    // Between them, the two runs issued each subscription's bill once (earlier tests' accounts too).
    expect(one.subscriptions).toBe(two.subscriptions)
    expect(one.issued + two.issued).toBe(one.subscriptions)
    const applications = await t.database.db
      .select()
      .from(creditApplications)
      .where(eq(creditApplications.billId, bill!.id))
    expect(applications).toHaveLength(2)
    expect(await pendingCredits(t.database.db, account)).toEqual([])

    // A later run, and the next day's, find the bill issued and take nothing again.
    clock = manilaNight('2031-03-06')
    await runBills(deps())
    expect(await billsOf(account)).toHaveLength(1)

    // A credit granted after the bill waits for April's.
    await grantCredit(t.database.db, reward(account, 10_000))
    clock = manilaNight('2031-04-05')
    await runBills(deps())
    const april = (await billsOf(account)).at(-1)!
    expect(april).toMatchObject({ month: '2031-04', amountCentavos: 119_900 })
    expect(april.lines.at(-1)).toEqual({ description: 'Referral reward', amountCentavos: -10_000 })
  })

  it('carries the rest of a credit larger than the bill to the next bills; a bill never goes below zero', async () => {
    clock = manilaNight('2031-05-01')
    const account = await subscriber({ fee: 888 })
    await grantCredit(t.database.db, reward(account, 200_000))

    clock = manilaNight('2031-05-05')
    await runBills(deps())
    clock = manilaNight('2031-06-05')
    await runBills(deps())
    clock = manilaNight('2031-07-05')
    await runBills(deps())
    const [may, june, july] = await billsOf(account)
    expect(may).toMatchObject({
      amountCentavos: 0,
      lines: [
        { description: 'Fiber Plan 888 monthly service fee', amountCentavos: 88_800 },
        {
          description: 'Referral reward: ₱888.00 of ₱2,000.00, ₱1,112.00 carried to your next bill',
          amountCentavos: -88_800,
        },
      ],
    })
    expect(june).toMatchObject({ amountCentavos: 0 })
    expect(june!.lines[1]).toEqual({
      description: 'Referral reward: ₱888.00 of ₱2,000.00, ₱224.00 carried to your next bill',
      amountCentavos: -88_800,
    })
    expect(july).toMatchObject({ amountCentavos: 88_800 - 22_400 })
    expect(july!.lines[1]).toEqual({
      description: 'Referral reward: the last ₱224.00 of ₱2,000.00',
      amountCentavos: -22_400,
    })
    const [credit] = await t.database.db.select().from(credits).where(eq(credits.accountNumber, account))
    expect(credit!.remainingCentavos).toBe(0)

    // Nothing owed for a bill the credit paid in full; the July bill's rest is.
    const billing = createBillingService({ ...deps(), logger: silentLogger, productName: 'Hibla', storage: t.storage })
    expect(await billing.paymentDetails(account)).toMatchObject({ amountDue: 664, dueDate: '2031-07-20' })
  })

  it('bills no demo account, no suspended one, and none activated after the cycle ended', async () => {
    clock = manilaNight('2031-08-01')
    const demo = await subscriber({ demo: true })
    const suspended = await subscriber({ status: 'suspended' })
    const late = await subscriber({ activatedAt: new Date('2031-08-04T16:00:00Z') }) // Aug 5, 00:00 in Manila
    const onTime = await subscriber({ activatedAt: new Date('2031-08-04T15:59:59Z') }) // Aug 4, 23:59:59
    for (const account of [demo, suspended, late]) await grantCredit(t.database.db, reward(account, 5_000))
    clock = manilaNight('2031-08-05')
    await runBills(deps())
    for (const account of [demo, suspended, late]) {
      expect(await billsOf(account), account).toEqual([])
      expect(await pendingCredits(t.database.db, account)).toHaveLength(1)
    }
    expect(await billsOf(onTime)).toHaveLength(1)
  })

  it('bill history and the statement, its PDF too, show the credit lines', async () => {
    clock = manilaNight('2031-09-01')
    const account = await subscriber({ fee: 1699 })
    await grantCredit(t.database.db, reward(account, 50_000))
    clock = manilaNight('2031-09-05')
    await runBills(deps())
    await postPayment(t.database.db, {
      accountNumber: account,
      amountCentavos: 119_900,
      postedAt: manilaNight('2031-09-14'),
      channel: 'GCash',
      reference: `TEST-${account}`,
    })
    const billing = createBillingService({ ...deps(), logger: silentLogger, productName: 'Hibla', storage: t.storage })
    const history = await billing.billHistory(account)
    expect(history.bills[0]).toMatchObject({
      month: '2031-09',
      amount: 1199,
      status: 'paid',
      charges: [
        { description: 'Fiber Plan 1699 monthly service fee', amount: 1699 },
        { description: 'Referral reward', amount: -500 },
      ],
    })
    const statement = await billing.statement(account, '2031-09')
    expect(statement.totalAmountDue).toBe(1199)
    const text = await pdfText((await billing.statementPdf(account, '2031-09')).pdf)
    expect(text).toContain('Referral reward')
    expect(text).toMatch(/-\s?PHP 500\.00|PHP -500\.00/)
    const [row] = await t.database.db
      .select()
      .from(credits)
      .where(and(eq(credits.accountNumber, account), eq(credits.kind, 'referral_reward')))
    expect(row!.remainingCentavos).toBe(0)
  })
})
