/**
 * The monthly bill run (issue 37; docs/decisions/0076), the job queue's `bill-run`: issues
 * the current cycle's bill (cycle.ts: issued on the 5th, Manila dates) for every active
 * subscription activated by the cycle's last day, once per account and month, with the plan's
 * monthly fee and every pending credit as a negative line (credits.ts). Each account's bill is
 * one transaction: the bill's row under its unique index (account, month) is the claim, so two
 * copies running at once issue it once and its credits are taken once (the second copy's
 * insert waits for the first's commit, then finds the bill and does nothing).
 *
 * It runs daily: on the 5th it issues the month's bills; on the other days it finds them
 * issued, and issues only what a missed run left. The demo accounts are not billed: their
 * seeded history stays as seeded (services/billing/seed.ts).
 */
import { and, eq } from 'drizzle-orm'
import { billableSubscriptions } from '../accounts/registry.ts'
import type { ServiceDeps } from '../context.ts'
import { manilaMidnight, addDays } from '../../lib/manila-time.ts'
import { cycleAt, type BillingCycle } from './cycle.ts'
import { issueBill } from './service.ts'
import { bills } from './tables.ts'

export type BillRunReport = { month: string; subscriptions: number; issued: number }

/** The bill's fee line: the plan's name as the subscription gives it. */
export const feeLine = (planName: string) => `${planName} monthly service fee`

export async function runBills(deps: Pick<ServiceDeps, 'db' | 'now'>, cycle: BillingCycle = cycleAt(deps.now())) {
  const { db } = deps
  // Activated by the end of the cycle's last day (Manila): billed for it.
  const activatedBy = new Date(manilaMidnight(addDays(cycle.periodEnd, 1)).getTime() - 1)
  const subscriptions = await billableSubscriptions(db, activatedBy)
  let issued = 0
  for (const subscription of subscriptions) {
    const [billed] = await db
      .select({ id: bills.id })
      .from(bills)
      .where(and(eq(bills.accountNumber, subscription.accountNumber), eq(bills.month, cycle.month)))
      .limit(1)
    if (billed) continue
    const added = await db.transaction((tx) =>
      issueBill(
        tx,
        {
          accountNumber: subscription.accountNumber,
          ...cycle,
          lines: [{ description: feeLine(subscription.planName), amountCentavos: subscription.monthlyFeeCentavos }],
        },
        deps.now(),
        { takeCredits: true },
      ),
    )
    if (added) issued++
  }
  return { month: cycle.month, subscriptions: subscriptions.length, issued } satisfies BillRunReport
}
