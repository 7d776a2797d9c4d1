/**
 * The billing calls (spec 7, Payments: account details (v2), payment details, bill history,
 * bill statement; services/billing/routes.ts), all as the signed-in user: the upstream
 * refuses an account the bearer token does not list (403). Amounts are pesos.
 */
import { z } from 'zod'
import { STATEMENT_MONTH } from '../../lib/billing'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'
import { UpstreamError } from './errors'

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)
const Month = z.string().regex(STATEMENT_MONTH)
const Pesos = z.number().finite()

export const AccountDetailsSchema = z.object({
  accountNumber: z.string(),
  holderName: z.string(),
  serviceAddress: z.string(),
  status: z.string(),
  balance: Pesos,
})
export type AccountDetails = z.infer<typeof AccountDetailsSchema>

const PaymentSchema = z.object({ amount: Pesos, postedAt: z.iso.datetime({ offset: true }), channel: z.string() })

export const PaymentDetailsSchema = z.object({
  accountNumber: z.string(),
  amountDue: Pesos.nonnegative(),
  dueDate: IsoDate.nullable(),
  lastPayment: PaymentSchema.nullable(),
})
export type PaymentDetails = z.infer<typeof PaymentDetailsSchema>

/** A credit the account's next bill will take (services/billing/credits.ts; docs/decisions/0076). */
export const PendingCreditSchema = z.object({
  kind: z.enum(['outage_rebate', 'referral_reward']),
  description: z.string().max(300),
  detail: z
    .object({ from: z.iso.datetime({ offset: true }).optional(), to: z.iso.datetime({ offset: true }).optional() })
    .nullable(),
  pendingAmount: Pesos.positive(),
})
export type PendingCredit = z.infer<typeof PendingCreditSchema>

export const BillSchema = z.object({
  month: Month,
  periodStart: IsoDate,
  periodEnd: IsoDate,
  issuedOn: IsoDate,
  dueOn: IsoDate,
  amount: Pesos,
  charges: z.array(z.object({ description: z.string(), amount: Pesos })),
  status: z.enum(['paid', 'partially paid', 'unpaid']),
})
export type Bill = z.infer<typeof BillSchema>

export const BillHistorySchema = z.object({
  accountNumber: z.string(),
  firstPaymentPosted: z.boolean(),
  bills: z.array(BillSchema),
  statementMonths: z.array(Month),
})
export type BillHistory = z.infer<typeof BillHistorySchema>

export type StatementFile = { fileName: string; pdf: Uint8Array<ArrayBuffer> }

// What a statement may be called when saved: the upstream's name if it is a plain one.
const FILE_NAME = /filename="([A-Za-z0-9._-]{1,120}\.pdf)"/

export function billingCalls(client: UpstreamClient) {
  const get =
    <T>(name: string, path: string, schema: z.ZodType<T>) =>
    (accessToken: string, accountNumber: string) =>
      client.call({ name, method: 'GET', path, query: { accountNumber }, accessToken, schema: envelope(schema) })
  return {
    accountDetails: get('billing.accountDetails', '/v2/payments/account-details', AccountDetailsSchema),
    /** The amount due and its due date. */
    paymentDetails: get('billing.paymentDetails', '/v1/payments/payment-details', PaymentDetailsSchema),
    /** spec 8: empty until the account's first payment; statementMonths lists every statement. */
    billHistory: get('billing.billHistory', '/v1/payments/bill-history', BillHistorySchema),

    /** The month's statement as a PDF (404 for a month without one). The answer must be a PDF. */
    async statement(accessToken: string, accountNumber: string, month: string): Promise<StatementFile> {
      const response = await client.fetchRaw({
        name: 'billing.statement',
        path: '/v1/payments/bill-statement',
        query: { accountNumber, month },
        accessToken,
      })
      const pdf = new Uint8Array(await response.arrayBuffer())
      const isPdf =
        response.headers.get('content-type') === 'application/pdf' &&
        Buffer.from(pdf.subarray(0, 5)).toString('latin1') === '%PDF-'
      if (!isPdf) {
        throw new UpstreamError(
          'invalid-response',
          'billing.statement',
          response.headers.get('x-request-id') ?? '',
          'The service answered something that is not a PDF.',
          response.status,
        )
      }
      const fileName =
        FILE_NAME.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
        `statement-${accountNumber}-${month}.pdf`
      return { fileName, pdf }
    },
  }
}
