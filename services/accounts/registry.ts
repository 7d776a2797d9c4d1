/**
 * The subscriber account registry: what other services ask about an account number.
 * Identity uses it to decide whether an account may be linked (spec 8); incidents ask which
 * accounts lie in their barangays.
 */
import { and, eq, inArray, lte } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import { subscriberAccounts, subscriptions } from './tables.ts'

/** The product whose accounts this portal serves; others may exist in the registry. */
export const PORTAL_PRODUCT = 'fibre'

export type SubscriberAccount = typeof subscriberAccounts.$inferSelect

export async function findSubscriberAccount(db: Executor, accountNumber: string): Promise<SubscriberAccount | null> {
  if (!/^\d{13}$/.test(accountNumber)) return null
  const [row] = await db
    .select()
    .from(subscriberAccounts)
    .where(eq(subscriberAccounts.accountNumber, accountNumber))
    .limit(1)
  return row ?? null
}

/** True when the number is a known account of the portal's fibre product (spec 8: others cannot be linked). */
export async function isFibreAccount(db: Executor, accountNumber: string): Promise<boolean> {
  const account = await findSubscriberAccount(db, accountNumber)
  return account !== null && account.product === PORTAL_PRODUCT
}

export type Subscription = typeof subscriptions.$inferSelect

/** The accounts whose service address lies in one of the barangays (PSGC codes; services/incidents). */
export async function accountsInBarangays(db: Executor, barangayCodes: string[]): Promise<string[]> {
  if (barangayCodes.length === 0) return []
  const rows = await db
    .select({ accountNumber: subscriptions.accountNumber })
    .from(subscriptions)
    .where(inArray(subscriptions.barangayCode, [...new Set(barangayCodes)]))
  return rows.map((row) => row.accountNumber)
}

/**
 * Places an account's service address in its barangay (a PSGC code the caller has checked).
 * The accounts service owns subscriptions; whoever learns where an account is (the seed, an
 * installation from an order) tells it through this.
 */
export async function placeSubscription(db: Executor, accountNumber: string, barangayCode: string): Promise<boolean> {
  const placed = await db
    .update(subscriptions)
    .set({ barangayCode })
    .where(eq(subscriptions.accountNumber, accountNumber))
    .returning({ accountNumber: subscriptions.accountNumber })
  return placed.length === 1
}

/** The account's subscription (plan, speed, network area), or null when it has none on record. */
export async function findSubscription(db: Executor, accountNumber: string): Promise<Subscription | null> {
  if (!/^\d{13}$/.test(accountNumber)) return null
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.accountNumber, accountNumber)).limit(1)
  return row ?? null
}

export type BillableSubscription = { accountNumber: string; planName: string; monthlyFeeCentavos: number }

/**
 * The subscriptions the monthly bill run bills (services/billing/bill-run.ts): of an active
 * account, activated by `activatedBy`, and not demonstration data (the demo accounts' seeded
 * history stays as seeded). Ordered by account number.
 */
export async function billableSubscriptions(db: Executor, activatedBy: Date): Promise<BillableSubscription[]> {
  const rows = await db
    .select({
      accountNumber: subscriptions.accountNumber,
      planName: subscriptions.planName,
      monthlyFee: subscriptions.monthlyFee,
    })
    .from(subscriptions)
    .innerJoin(subscriberAccounts, eq(subscriberAccounts.accountNumber, subscriptions.accountNumber))
    .where(
      and(
        eq(subscriberAccounts.status, 'active'),
        eq(subscriptions.demo, false),
        eq(subscriberAccounts.demo, false),
        lte(subscriptions.activatedAt, activatedBy),
      ),
    )
    .orderBy(subscriptions.accountNumber)
  return rows.map((row) => ({
    accountNumber: row.accountNumber,
    planName: row.planName,
    monthlyFeeCentavos: row.monthlyFee * 100,
  }))
}
