/**
 * Billing words shared by the billing service (statements) and the portal (bill history):
 * statement months and how to pay (spec 1 and 9). Months and dates are written by
 * lib/dates.ts, amounts by lib/pesos.ts.
 */

/** A statement is named by the month its bill was issued: 'YYYY-MM'. */
export const STATEMENT_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

export function isStatementMonth(value: string): boolean {
  return STATEMENT_MONTH.test(value)
}

/** spec 1 and 9: the ways to pay a bill, for the statement's "How to pay". */
export const HOW_TO_PAY = [
  'Online at the customer portal: credit or debit card (Visa, MasterCard, JCB), internet banking or e-wallets.',
  'Over the counter at partner banks.',
  'Authorized outlets: cash only, no checks.',
  'Pay via installer: cash at installation.',
  'Payments take 2-3 working days to post (3 business days for payment channels).',
] as const
