/**
 * The billing system's view of an account (issue 11; spec 1 bill history and statements, spec 7
 * account and payment details, bill history, bill statement): the bills issued, the payments
 * posted, the balance between them, and a statement per bill as a PDF. docs/decisions/0037.
 *
 * Bill history is empty until the account's first payment posts (spec 8): before that the
 * billing system has no history for the account to show, even though its first bill (the one
 * to pay) is issued, shown as the amount due, and has a statement.
 */
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import { findSubscriberAccount } from '../accounts/registry.ts'
import type { ServiceDeps } from '../context.ts'
import type { Executor } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import { notify } from '../notifications/inbox.ts'
import { formatDate } from '../../lib/dates.ts'
import { formatPesos } from '../../lib/pesos.ts'
import { manilaDate } from '../../lib/manila-time.ts'
import { isStatementMonth } from '../../lib/billing.ts'
import { pendingCredits, takePendingCredits } from './credits.ts'
import { renderStatementPdf } from './statement-pdf.ts'
import { bills, payments, type ChargeLine } from './tables.ts'
import type { BillView, PaymentView, PendingCreditView, Statement } from './views.ts'

export const BILLING_MESSAGES = {
  accountNotFound: 'No such account.',
  statementNotFound: 'There is no statement for that month.',
  invalidMonth: 'A statement month is written YYYY-MM.',
} as const

/** Pesos from centavos, for the API (amounts are stored as whole centavos). */
const pesos = (centavos: number) => centavos / 100

type BillRow = typeof bills.$inferSelect
type PaymentRow = typeof payments.$inferSelect

export type AccountDetails = {
  accountNumber: string
  holderName: string
  serviceAddress: string
  status: string
  /** What is owed now: bills issued less payments posted (negative: paid ahead). */
  balance: number
}

export type PaymentDetails = {
  accountNumber: string
  /** The balance when positive, else 0. */
  amountDue: number
  /** The due date of the newest bill still owing; null when nothing is due. */
  dueDate: string | null
  lastPayment: PaymentView | null
}

export type BillHistory = {
  accountNumber: string
  /** spec 8: the history stays empty until the first payment posts. */
  firstPaymentPosted: boolean
  /** Newest first. */
  bills: BillView[]
  /** Every issued bill's month, newest first: each has a statement, history or not. */
  statementMonths: string[]
}

const paymentView = (row: PaymentRow): PaymentView => ({
  amount: pesos(row.amountCentavos),
  postedAt: row.postedAt.toISOString(),
  channel: row.channel,
})

/** What the payments cover of each bill, oldest bill first (payments pay the oldest bill first). */
function covering(billRows: BillRow[], paidCentavos: number): Array<{ row: BillRow; covered: number }> {
  let left = paidCentavos
  return billRows.map((row) => {
    const covered = Math.max(0, Math.min(left, row.amountCentavos))
    left -= covered
    return { row, covered }
  })
}

/** Each bill with what the payments settle of it, oldest bill first. */
function settle(billRows: BillRow[], paidCentavos: number): BillView[] {
  return covering(billRows, paidCentavos).map(({ row, covered }) => {
    const status = covered >= row.amountCentavos ? 'paid' : covered > 0 ? 'partially paid' : 'unpaid'
    return {
      month: row.month,
      periodStart: row.periodStart,
      periodEnd: row.periodEnd,
      issuedOn: row.issuedOn,
      dueOn: row.dueOn,
      amount: pesos(row.amountCentavos),
      charges: row.lines.map((line) => ({ description: line.description, amount: pesos(line.amountCentavos) })),
      status,
    }
  })
}

const sum = (rows: { amountCentavos: number }[]) => rows.reduce((total, row) => total + row.amountCentavos, 0)

/** A bill not yet paid in full: what a due-date reminder is about (services/reminders). */
export type BillAwaitingPayment = {
  billId: string
  accountNumber: string
  month: string
  dueOn: string
  /** What is left to pay of this bill, in centavos (more than 0). */
  outstandingCentavos: number
}

/**
 * The bills due between two Manila dates (both included) that the account's payments do not
 * cover yet, settled as everywhere else: every payment posted pays the oldest bill first.
 * Seeded demo bills are left out: demo history notifies nobody, as when it is issued.
 */
export async function billsAwaitingPayment(db: Executor, from: string, to: string): Promise<BillAwaitingPayment[]> {
  const due = await db
    .selectDistinct({ accountNumber: bills.accountNumber })
    .from(bills)
    .where(and(gte(bills.dueOn, from), lte(bills.dueOn, to), eq(bills.demo, false)))
  if (due.length === 0) return []
  const accountNumbers = due.map((row) => row.accountNumber)
  const [billRows, paid] = await Promise.all([
    db.select().from(bills).where(inArray(bills.accountNumber, accountNumbers)).orderBy(asc(bills.issuedOn)),
    db
      .select({ accountNumber: payments.accountNumber, total: sql<string>`sum(${payments.amountCentavos})` })
      .from(payments)
      .where(inArray(payments.accountNumber, accountNumbers))
      .groupBy(payments.accountNumber),
  ])
  const paidBy = new Map(paid.map((row) => [row.accountNumber, Number(row.total)]))
  return accountNumbers.flatMap((accountNumber) =>
    covering(
      billRows.filter((row) => row.accountNumber === accountNumber),
      paidBy.get(accountNumber) ?? 0,
    )
      .filter(({ row, covered }) => !row.demo && row.dueOn >= from && row.dueOn <= to && covered < row.amountCentavos)
      .map(({ row, covered }) => ({
        billId: row.id,
        accountNumber,
        month: row.month,
        dueOn: row.dueOn,
        outstandingCentavos: row.amountCentavos - covered,
      })),
  )
}

export type IssueBillInput = {
  accountNumber: string
  month: string
  periodStart: string
  periodEnd: string
  issuedOn: string
  dueOn: string
  lines: ChargeLine[]
  demo?: boolean
}

export type PostPaymentInput = {
  accountNumber: string
  amountCentavos: number
  postedAt: Date
  channel: string
  reference: string
  demo?: boolean
}

/**
 * Issues a bill (once per account and month: issuing the same month again changes nothing).
 * With `takeCredits` (the bill run), the account's pending credits go on it as negative lines
 * (credits.ts, takePendingCredits): call it inside a transaction then, so the bill and the
 * credits it took are written together or not at all.
 */
export async function issueBill(
  db: Executor,
  input: IssueBillInput,
  createdAt: Date,
  options: { takeCredits?: boolean } = {},
): Promise<boolean> {
  const [added] = await db
    .insert(bills)
    .values({ ...input, demo: input.demo ?? false, amountCentavos: sum(input.lines), createdAt })
    .onConflictDoNothing()
    .returning({ id: bills.id })
  if (!added) return false
  let lines = input.lines
  if (options.takeCredits) {
    // The bill's row is claimed (the unique index): another copy issuing it waits, then finds it.
    const creditLines = await takePendingCredits(db, { id: added.id, accountNumber: input.accountNumber }, sum(lines))
    if (creditLines.length > 0) {
      lines = [...lines, ...creditLines]
      await db
        .update(bills)
        .set({ lines, amountCentavos: sum(lines) })
        .where(eq(bills.id, added.id))
    }
  }
  // Every user holding the account hears of it (demo history, seeded at once, does not).
  if (!input.demo) {
    const amount = formatPesos(sum(lines) / 100)
    await notify(
      db,
      {
        accountNumber: input.accountNumber,
        kind: 'bill_issued',
        title: 'Your new bill is ready',
        body: `Your bill for account ${input.accountNumber} is ${amount}, due on ${formatDate(input.dueOn, 'date')}.`,
        link: '/customer/bill-history',
      },
      createdAt,
    )
  }
  return true
}

/** Posts a payment (once per channel reference: posting it again changes nothing). */
export async function postPayment(
  db: Executor,
  input: PostPaymentInput,
  options: { notifyHolders?: boolean } = {},
): Promise<boolean> {
  if (!Number.isInteger(input.amountCentavos) || input.amountCentavos <= 0) {
    throw new Error('A payment is a positive whole number of centavos.')
  }
  const added = await db
    .insert(payments)
    .values({ ...input, demo: input.demo ?? false })
    .onConflictDoNothing()
    .returning({ id: payments.id })
  if (added.length > 0 && !input.demo && options.notifyHolders !== false) {
    await notify(
      db,
      {
        accountNumber: input.accountNumber,
        kind: 'payment_posted',
        title: 'We received your payment',
        body: `${formatPesos(input.amountCentavos / 100)} was posted to account ${input.accountNumber}. Thank you.`,
        link: '/customer/bill-history',
      },
      input.postedAt,
    )
  }
  return added.length > 0
}

export function createBillingService(deps: ServiceDeps) {
  const { db } = deps

  async function ledger(accountNumber: string) {
    const account = await findSubscriberAccount(db, accountNumber)
    if (!account) throw new ServiceError(404, 'account_not_found', BILLING_MESSAGES.accountNotFound)
    const [billRows, paymentRows] = await Promise.all([
      db.select().from(bills).where(eq(bills.accountNumber, accountNumber)).orderBy(asc(bills.issuedOn)),
      db.select().from(payments).where(eq(payments.accountNumber, accountNumber)).orderBy(asc(payments.postedAt)),
    ])
    return { account, billRows, paymentRows }
  }

  /** spec 7, bill statement: the month's statement, figures from the ledger. */
  async function statement(accountNumber: string, month: string): Promise<Statement> {
    if (!isStatementMonth(month)) throw new ServiceError(422, 'invalid_month', BILLING_MESSAGES.invalidMonth)
    const { account, billRows, paymentRows } = await ledger(accountNumber)
    const index = billRows.findIndex((row) => row.month === month)
    if (index < 0) throw new ServiceError(404, 'statement_not_found', BILLING_MESSAGES.statementNotFound)
    const bill = billRows[index]!
    const previous = billRows[index - 1]
    // The day a payment counts on: its date in Manila.
    const postedOn = (row: PaymentRow) => manilaDate(row.postedAt)
    const paidBefore = (day: string) => paymentRows.filter((row) => postedOn(row) < day)
    // What the previous statement asked for, less what came in between it and this one.
    const previousBalance = previous ? sum(billRows.slice(0, index)) - sum(paidBefore(previous.issuedOn)) : 0
    const received = paymentRows.filter(
      (row) => postedOn(row) < bill.issuedOn && (!previous || postedOn(row) >= previous.issuedOn),
    )
    const settled = settle(billRows, sum(paidBefore(bill.issuedOn)))
    return {
      accountNumber,
      holderName: account.holderName,
      serviceAddress: account.serviceAddress,
      month,
      bill: settled[index]!,
      previousBalance: pesos(previousBalance),
      paymentsReceived: received.map(paymentView),
      totalAmountDue: pesos(previousBalance - sum(received) + bill.amountCentavos),
    }
  }

  return {
    statement,

    /** spec 7, account details. */
    async accountDetails(accountNumber: string): Promise<AccountDetails> {
      const { account, billRows, paymentRows } = await ledger(accountNumber)
      return {
        accountNumber,
        holderName: account.holderName,
        serviceAddress: account.serviceAddress,
        status: account.status,
        balance: pesos(sum(billRows) - sum(paymentRows)),
      }
    },

    /** spec 7, payment details: the amount due and its due date (the dashboard's card). */
    async paymentDetails(accountNumber: string): Promise<PaymentDetails> {
      const { billRows, paymentRows } = await ledger(accountNumber)
      const balance = sum(billRows) - sum(paymentRows)
      const settled = settle(billRows, sum(paymentRows))
      const owing = settled.filter((bill) => bill.status !== 'paid')
      const last = paymentRows.at(-1)
      return {
        accountNumber,
        amountDue: pesos(Math.max(0, balance)),
        dueDate: balance > 0 ? (owing.at(-1)?.dueOn ?? null) : null,
        lastPayment: last ? paymentView(last) : null,
      }
    },

    /** spec 7, bill history; spec 8: empty until the first payment. */
    async billHistory(accountNumber: string): Promise<BillHistory> {
      const { billRows, paymentRows } = await ledger(accountNumber)
      const firstPaymentPosted = paymentRows.length > 0
      const history = firstPaymentPosted ? settle(billRows, sum(paymentRows)).reverse() : []
      return {
        accountNumber,
        firstPaymentPosted,
        bills: history,
        statementMonths: billRows.map((row) => row.month).reverse(),
      }
    },

    /** The credits the account's next bill will take (docs/decisions/0076): the dashboard's "back on your next bill". */
    async pendingCredits(accountNumber: string): Promise<PendingCreditView[]> {
      return (await pendingCredits(db, accountNumber)).map((credit) => ({
        kind: credit.kind,
        description: credit.description,
        detail: credit.detail,
        pendingAmount: pesos(credit.pendingCentavos),
      }))
    },

    /** The statement as a PDF, with the file name to save it under. */
    async statementPdf(accountNumber: string, month: string): Promise<{ fileName: string; pdf: Buffer }> {
      const pdf = await renderStatementPdf(await statement(accountNumber, month), {
        productName: deps.productName,
        createdAt: deps.now(),
      })
      const product = deps.productName.toLowerCase().replace(/[^a-z0-9]+/g, '-')
      return { fileName: `${product}-statement-${accountNumber}-${month}.pdf`, pdf }
    },
  }
}

export type BillingService = ReturnType<typeof createBillingService>
