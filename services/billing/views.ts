/**
 * What the billing service answers about bills and payments, and the statement it renders
 * as a PDF (statement-pdf.ts): the API's shapes, apart from the service that builds them.
 */

export type BillView = {
  month: string
  periodStart: string
  periodEnd: string
  issuedOn: string
  dueOn: string
  amount: number
  charges: { description: string; amount: number }[]
  /** Settled by the payments posted, oldest bill first. */
  status: 'paid' | 'partially paid' | 'unpaid'
}

export type PaymentView = { amount: number; postedAt: string; channel: string }

export type Statement = {
  accountNumber: string
  holderName: string
  serviceAddress: string
  month: string
  bill: BillView
  previousBalance: number
  paymentsReceived: PaymentView[]
  totalAmountDue: number
}

/** A credit still to come off the account's next bill (docs/decisions/0076), in pesos. */
export type PendingCreditView = {
  kind: 'outage_rebate' | 'referral_reward'
  description: string
  /** An outage rebate's outage, from and to (ISO instants). */
  detail: { from?: string; to?: string } | null
  pendingAmount: number
}
