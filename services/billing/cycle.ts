/**
 * The billing cycle (docs/decisions/0037, 0076), in Manila calendar dates: a bill is issued on
 * the 5th for the month from the 5th before to the 4th (in arrears), due on the 20th, and
 * named by the month it is issued in. The demo history (seed.ts) and the monthly bill run
 * (bill-run.ts) both follow it.
 */
import { manilaDate } from '../../lib/manila-time.ts'

export const ISSUE_DAY = 5
export const DUE_DAY = 20

const pad = (n: number) => String(n).padStart(2, '0')
const iso = (year: number, monthIndex: number, day: number) => {
  const d = new Date(Date.UTC(year, monthIndex, day))
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
}

export type BillingCycle = {
  /** 'YYYY-MM': the month the bill is issued in, which names its statement. */
  month: string
  periodStart: string
  periodEnd: string
  issuedOn: string
  dueOn: string
}

/** The cycle whose bill is issued in a month (`monthIndex` 0 to 11, may run over: the Date arithmetic folds it). */
export function cycleOf(year: number, monthIndex: number): BillingCycle {
  const issuedOn = iso(year, monthIndex, ISSUE_DAY)
  return {
    month: issuedOn.slice(0, 7),
    periodStart: iso(year, monthIndex - 1, ISSUE_DAY),
    periodEnd: iso(year, monthIndex, ISSUE_DAY - 1),
    issuedOn,
    dueOn: iso(year, monthIndex, DUE_DAY),
  }
}

/** The newest cycle issued by a Manila date: this month's from the 5th, last month's before it. */
export function currentCycle(today: string): BillingCycle {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number]
  return cycleOf(year, month - 1 - (day < ISSUE_DAY ? 1 : 0))
}

/** The cycle of the instant `now` (its Manila date). */
export const cycleAt = (now: Date) => currentCycle(manilaDate(now))
