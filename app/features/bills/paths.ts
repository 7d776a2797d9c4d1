/** Where the bill pages live (spec 2: /customer/bill-history; the statement download beside it). */
export const BILL_HISTORY_PATH = '/customer/bill-history'
export const STATEMENT_PATH = '/customer/bill-history/statement'

/** How many bills the chart shows (issue 11: the last 12). */
export const CHART_BILLS = 12
