/** Where the bill pages live (spec 2: /customer/bill-history; the statement download beside it). */
export const BILL_HISTORY_PATH = '/customer/bill-history'
export const STATEMENT_PATH = '/customer/bill-history/statement'
/** spec 2: paying one of the customer's accounts (app/features/payments). */
export const payPath = (accountNumber: string) => `${BILL_HISTORY_PATH}/pay/${accountNumber}`

/** How many bills the chart shows (issue 11: the last 12). */
export const CHART_BILLS = 12
