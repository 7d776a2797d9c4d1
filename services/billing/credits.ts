/**
 * Credits on an account's next bill (issue 37, items 4 and 5; docs/decisions/0076). A service
 * that owes a subscriber money back (an outage rebate, a referral reward) grants a credit, in
 * its own transaction, under a source key naming what earned it: granted once per key however
 * many copies ask. The credit waits, pending, until the monthly bill run (bill-run.ts) issues
 * the account's next bill: every pending credit is a negative line on it, oldest first, as far
 * as the bill's charges go (a bill is never below zero); what a bill cannot take stays pending
 * for the next one.
 */
import { and, asc, eq, gt, inArray } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import { BILLING_TEXT } from './texts.ts'
import { bills, creditApplications, credits, type ChargeLine, type CreditDetail, type CreditKind } from './tables.ts'

export type GrantCreditInput = {
  accountNumber: string
  /** What earned it, e.g. `referral-reward:<referralId>` or `outage-rebate:<account>:<YYYY-MM>`: one credit per key. */
  sourceKey: string
  kind: CreditKind
  amountCentavos: number
  /** The bill line's words, e.g. "Referral reward" or BILLING_TEXT.outageRebate(from, to). */
  description: string
  /** An outage rebate's outage, from and to (ISO instants), for the dashboard's sentence. */
  detail?: CreditDetail
  earnedAt: Date
  demo?: boolean
}

/**
 * Grants a credit to the account's next bill, once per source key (insert … on conflict do
 * nothing, in the caller's transaction). True when this call granted it; false when the key
 * was granted before (by this copy or another).
 */
export async function grantCredit(db: Executor, input: GrantCreditInput): Promise<boolean> {
  if (!Number.isInteger(input.amountCentavos) || input.amountCentavos <= 0) {
    throw new Error('A credit is a positive whole number of centavos.')
  }
  const added = await db
    .insert(credits)
    .values({
      accountNumber: input.accountNumber,
      sourceKey: input.sourceKey,
      kind: input.kind,
      amountCentavos: input.amountCentavos,
      remainingCentavos: input.amountCentavos,
      description: input.description,
      detail: input.detail ?? null,
      earnedAt: input.earnedAt,
      demo: input.demo ?? false,
      createdAt: input.earnedAt,
    })
    .onConflictDoNothing({ target: credits.sourceKey })
    .returning({ id: credits.id })
  return added.length > 0
}

/** A credit as the dashboard and the referrals page show it. */
export type CreditView = {
  sourceKey: string
  kind: CreditKind
  description: string
  detail: CreditDetail | null
  /** The whole credit, in centavos. */
  amountCentavos: number
  /** What no bill has taken yet (the part "back on your next bill"). */
  pendingCentavos: number
  earnedAt: string
  /** The bills that took it, oldest first, by month ('YYYY-MM'). */
  appliedTo: { month: string; amountCentavos: number }[]
}

async function views(db: Executor, rows: (typeof credits.$inferSelect)[]): Promise<CreditView[]> {
  const ids = rows.map((row) => row.id)
  const applied =
    ids.length === 0
      ? []
      : await db
          .select({
            creditId: creditApplications.creditId,
            month: bills.month,
            amountCentavos: creditApplications.amountCentavos,
          })
          .from(creditApplications)
          .innerJoin(bills, eq(bills.id, creditApplications.billId))
          .where(inArray(creditApplications.creditId, ids))
          .orderBy(asc(bills.month))
  return rows.map((row) => ({
    sourceKey: row.sourceKey,
    kind: row.kind,
    description: row.description,
    detail: row.detail ?? null,
    amountCentavos: row.amountCentavos,
    pendingCentavos: row.remainingCentavos,
    earnedAt: row.earnedAt.toISOString(),
    appliedTo: applied
      .filter((a) => a.creditId === row.id)
      .map((a) => ({ month: a.month, amountCentavos: a.amountCentavos })),
  }))
}

/** The account's credits still pending (some or all of it), oldest first: what its next bill will take. */
export async function pendingCredits(db: Executor, accountNumber: string): Promise<CreditView[]> {
  const rows = await db
    .select()
    .from(credits)
    .where(and(eq(credits.accountNumber, accountNumber), gt(credits.remainingCentavos, 0)))
    .orderBy(asc(credits.earnedAt), asc(credits.id))
  return views(db, rows)
}

/** The credits granted under these source keys (a referral's reward), pending or applied. */
export async function creditsBySource(db: Executor, sourceKeys: string[]): Promise<CreditView[]> {
  if (sourceKeys.length === 0) return []
  return views(db, await db.select().from(credits).where(inArray(credits.sourceKey, sourceKeys)))
}

/**
 * Takes the account's pending credits off a bill being issued (issueBill, inside its
 * transaction, after the bill's row is claimed): oldest first, each locked (FOR UPDATE) so
 * no other bill takes the same part, as far as `chargesCentavos` goes. Answers the credit
 * lines, and records what each credit gave this bill.
 */
export async function takePendingCredits(
  tx: Executor,
  bill: { id: string; accountNumber: string },
  chargesCentavos: number,
): Promise<ChargeLine[]> {
  const pending = await tx
    .select()
    .from(credits)
    .where(and(eq(credits.accountNumber, bill.accountNumber), gt(credits.remainingCentavos, 0)))
    .orderBy(asc(credits.earnedAt), asc(credits.id))
    .for('update')
  const lines: ChargeLine[] = []
  let room = chargesCentavos
  for (const credit of pending) {
    if (room <= 0) break
    const taken = Math.min(room, credit.remainingCentavos)
    room -= taken
    await tx
      .update(credits)
      .set({ remainingCentavos: credit.remainingCentavos - taken })
      .where(eq(credits.id, credit.id))
    await tx.insert(creditApplications).values({ creditId: credit.id, billId: bill.id, amountCentavos: taken })
    lines.push({
      description: BILLING_TEXT.creditLine(credit, credit.remainingCentavos, taken),
      amountCentavos: -taken,
    })
  }
  return lines
}
