/**
 * Demonstration bills and payments for the demo accounts (services/accounts/seed.ts), dated
 * back from the day the seed runs, so the bill history, the chart of the last 12 bills and
 * the statements have something true to show (docs/decisions/0037):
 *   1000000000001 (CARLOS REYES): 14 monthly bills, every one but the newest paid; a mesh
 *     add-on from the ninth month, one outage credit, one late-payment charge.
 *   1000000000002 (CARLOS REYES): a new subscriber: the first bill only, not yet paid, so
 *     its bill history is empty (spec 8) while the amount due shows.
 *   1000000000003 (LIZA SANTOS): 6 bills, all paid.
 *   1000000000011 (MIGUEL TORRES): 3 bills, the last unpaid (the front-door journey's).
 *   1000000000007 to -010 (ELENA CRUZ, RAMON VILLANUEVA, TERESA AQUINO, DANILO RAMOS): the
 *     first bill only, unpaid: the accounts the payment journeys pay into.
 * Bills are issued on the 5th for the month from the 5th before, and due on the 20th (cycle.ts).
 * Idempotent: a month already billed and a payment already posted are left alone.
 */
import { MANILA_OFFSET_MS, manilaWallClock } from '../../lib/manila-time.ts'
import type { Database } from '../db/client.ts'
import { cycleOf, ISSUE_DAY } from './cycle.ts'
import { issueBill, postPayment } from './service.ts'
import type { ChargeLine } from './tables.ts'

const PAY_DAY = 14

const pad = (n: number) => String(n).padStart(2, '0')

/** The `count` newest bill months issued by `today` (Manila), oldest first, as [year, monthIndex]. */
export function billMonths(today: Date, count: number): [number, number][] {
  const manila = manilaWallClock(today)
  const year = manila.getUTCFullYear()
  let month = manila.getUTCMonth()
  if (manila.getUTCDate() < ISSUE_DAY) month -= 1
  const months: [number, number][] = []
  for (let n = count - 1; n >= 0; n--) {
    const d = new Date(Date.UTC(year, month - n, 1))
    months.push([d.getUTCFullYear(), d.getUTCMonth()])
  }
  return months
}

function billFor(accountNumber: string, [year, monthIndex]: [number, number], lines: ChargeLine[]) {
  return { accountNumber, ...cycleOf(year, monthIndex), lines, demo: true }
}

const CHANNELS = ['GCash', 'Credit card', 'Over the counter', 'Internet banking'] as const

/** A demo payment of the whole bill on the 14th at 10:00 in Manila. */
function paymentFor(accountNumber: string, [year, monthIndex]: [number, number], centavos: number, n: number) {
  return {
    accountNumber,
    amountCentavos: centavos,
    postedAt: new Date(Date.UTC(year, monthIndex, PAY_DAY, 10) - MANILA_OFFSET_MS),
    channel: CHANNELS[n % CHANNELS.length]!,
    reference: `DEMO-${accountNumber}-${year}${pad(monthIndex + 1)}`,
    demo: true,
  }
}

const line = (description: string, pesos: number): ChargeLine => ({
  description,
  amountCentavos: Math.round(pesos * 100),
})

export async function seedDemoBilling(db: Database, today: Date = new Date()): Promise<Record<string, number>> {
  let issued = 0
  let posted = 0
  const issue = async (bill: ReturnType<typeof billFor>) => void ((await issueBill(db, bill, today)) && issued++)
  const pay = async (payment: ReturnType<typeof paymentFor>) => void ((await postPayment(db, payment)) && posted++)
  const total = (lines: ChargeLine[]) => lines.reduce((sum, l) => sum + l.amountCentavos, 0)

  // 1000000000001: a year and more of history.
  const carlos = billMonths(today, 14)
  for (const [n, month] of carlos.entries()) {
    const lines = [line('Fibre 1699 monthly service fee', 1699)]
    if (n === 0) lines.push(line('Installation fee', 1250))
    if (n >= 8) lines.push(line('Mesh Wi-Fi add-on', 299))
    if (n === 5) lines.push(line('Service credit: outage on your area', -226.5))
    if (n === 10) lines.push(line('Late payment charge', 100))
    await issue(billFor('1000000000001', month, lines))
    if (n < carlos.length - 1) await pay(paymentFor('1000000000001', month, total(lines), n))
  }

  // 1000000000002: the first bill, unpaid.
  const [first] = billMonths(today, 1)
  await issue(
    billFor('1000000000002', first!, [
      line('Fibre 1299 monthly service fee', 1299),
      line('Installation fee (staggered, 1 of 3)', 500),
    ]),
  )

  // 1000000000011 (the front-door journey's): three months, the last unpaid.
  for (const [n, month] of billMonths(today, 3).entries()) {
    const lines = [line('Fibre 1299 monthly service fee', 1299)]
    await issue(billFor('1000000000011', month, lines))
    if (n < 2) await pay(paymentFor('1000000000011', month, total(lines), n))
  }

  // 1000000000007 to -010 (the payment journeys' accounts): one month's bill each, unpaid.
  for (const [accountNumber, fee] of [
    ['1000000000007', 1299],
    ['1000000000008', 1299],
    ['1000000000009', 888],
    ['1000000000010', 888],
  ] as const) {
    await issue(billFor(accountNumber, first!, [line(`Fibre ${fee} monthly service fee`, fee)]))
  }

  // 1000000000003: six months, all paid.
  for (const [n, month] of billMonths(today, 6).entries()) {
    const lines = [line('Fibre 2499 monthly service fee', 2499)]
    await issue(billFor('1000000000003', month, lines))
    await pay(paymentFor('1000000000003', month, total(lines), n + 1))
  }

  return { demoBills: issued, demoPayments: posted }
}
