/**
 * What the bill-history page and the amount-due card say (issue 11). The spec quotes none
 * of these words (spec 8 only says bill history is empty until the first payment); the
 * refusal is spec 8's 'Sorry, you are not authorized for the selected action.'
 */
import { formatDate } from '../../../lib/dates'

export const BILLS_TEXT = {
  pageTitle: 'Bill history',
  pageDescription: 'Your bills, statements and what is due.',
  accountLabel: 'Account number',
  showAccountButton: 'SHOW',
  amountDueHeading: 'Amount due',
  dueDateLabel: 'Due date',
  nothingDue: 'You have nothing to pay right now.',
  payButton: 'PAY',
  billHistoryLink: 'Bill history and statements',
  autopay: 'AutoPay pays each bill from your card on its due date.',
  autopayLink: 'Set up or change AutoPay',
  statementHeading: 'Download a statement',
  statementMonthLabel: 'Statement month',
  downloadButton: 'DOWNLOAD STATEMENT',
  noStatements: 'Your first statement will be ready when your first bill is issued.',
  statementNotFound: (month: string) =>
    `There is no statement for ${formatDate(month, 'month')}. Choose a month from the list.`,
  statementMonthInvalid: 'Choose a month from the list.',
  statementFailed: 'We could not get that statement just now. Please try again later.',
  chartTitle: 'Your last 12 bills',
  stillOwing: 'Still owing',
  historyHeading: 'Your bills',
  historyEmpty: 'Your bill history will show here after your first payment.',
  columns: { month: 'Month', period: 'Billing period', dueDate: 'Due date', amount: 'Amount', status: 'Status' },
  status: { paid: 'Paid', 'partially paid': 'Partially paid', unpaid: 'Unpaid' },
  noAccount: 'No account number available',
  /** A bill's credit line under its row (issue 37): an outage rebate, a referral reward. */
  creditLine: (description: string, amount: string) => `Credit: ${description}, ${amount} off.`,
} as const
