/**
 * The bill-history page's body (issue 11 item 3): the account chooser, the amount due, the
 * statement download and the history with its chart. Plain GET forms: they work the same
 * with and without JavaScript, and the statement form's answer is a download.
 */
import { Fragment } from 'react'
import { formatDate } from '../../../lib/dates'
import { formatPesos } from '../../../lib/pesos'
import { CONTROL_CLASS, LABEL_CLASS } from '~/ui/field-parts'
import { AppLink } from '~/ui/app-link'
import { buttonClass } from '~/ui/button'
import { PaymentsList } from '~/features/payments/timeline'
import { AccountChooser } from './account-chooser'
import { AmountDueCard } from './amount-due-card'
import { BillChart } from './bill-chart'
import type { BillHistoryPage } from './bill-history.server'
import { CHART_BILLS, STATEMENT_PATH } from './paths'
import { BILLS_TEXT as TEXT } from './texts'

type Own = Extract<BillHistoryPage, { kind: 'own' }>

function StatementError({ error }: { error: string }) {
  return (
    <p id="statement-month-error" role="alert" className="basis-full text-sm text-red-700 dark:text-red-400">
      {error}
    </p>
  )
}

function StatementForm({ page }: { page: Own }) {
  const months = page.history.ok ? page.history.statementMonths : []
  const { error, month } = page.statement
  return (
    <section aria-labelledby="statement-heading" className="flex flex-col gap-3" data-tour="download-statement">
      <h2 id="statement-heading" className="text-lg font-bold">
        {TEXT.statementHeading}
      </h2>
      {page.history.ok && months.length === 0 ? <p>{TEXT.noStatements}</p> : null}
      {months.length > 0 ? (
        <form method="get" action={STATEMENT_PATH} className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="account" value={page.accountNumber} />
          <div className="flex flex-col gap-1">
            <label htmlFor="statement-month" className={LABEL_CLASS}>
              {TEXT.statementMonthLabel}
            </label>
            <select
              id="statement-month"
              name="month"
              defaultValue={months.includes(month) ? month : months[0]}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'statement-month-error' : undefined}
              className={CONTROL_CLASS}
            >
              {months.map((value) => (
                <option key={value} value={value}>
                  {formatDate(value, 'month')}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonClass('primary')}>
            {TEXT.downloadButton}
          </button>
          {error ? <StatementError error={error} /> : null}
        </form>
      ) : error ? (
        <StatementError error={error} />
      ) : null}
    </section>
  )
}

function History({ page }: { page: Own }) {
  const { history } = page
  if (!history.ok) return <p role="alert">{history.message}</p>
  if (history.bills.length === 0) return <p data-testid="bill-history-empty">{TEXT.historyEmpty}</p>
  const lastBills = history.bills.slice(0, CHART_BILLS).reverse()
  return (
    <>
      <BillChart bills={lastBills} />
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="bill-history">
          <thead>
            <tr className="border-b border-slate-300 dark:border-slate-600">
              <th scope="col" className="py-2 pr-3">
                {TEXT.columns.month}
              </th>
              <th scope="col" className="py-2 pr-3">
                {TEXT.columns.period}
              </th>
              <th scope="col" className="py-2 pr-3">
                {TEXT.columns.dueDate}
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                {TEXT.columns.amount}
              </th>
              <th scope="col" className="py-2">
                {TEXT.columns.status}
              </th>
            </tr>
          </thead>
          <tbody>
            {history.bills.map((bill) => {
              // Credits (an outage rebate, a referral reward) are the bill's negative lines (docs/decisions/0076).
              const credits = bill.charges.filter((charge) => charge.amount < 0)
              return (
                <Fragment key={bill.month}>
                  <tr className="border-b border-slate-200 dark:border-slate-700">
                    <th scope="row" className="py-2 pr-3 font-semibold">
                      {formatDate(bill.month, 'month')}
                    </th>
                    <td className="py-2 pr-3">{`${formatDate(bill.periodStart, 'date')} to ${formatDate(bill.periodEnd, 'date')}`}</td>
                    <td className="py-2 pr-3">{formatDate(bill.dueOn, 'date')}</td>
                    <td className="py-2 pr-3 text-right">{formatPesos(bill.amount)}</td>
                    <td className="py-2">{TEXT.status[bill.status]}</td>
                  </tr>
                  {credits.length > 0 ? (
                    <tr className="border-b border-slate-200 dark:border-slate-700" data-testid="bill-credits">
                      <td colSpan={5} className="pb-2 pl-4 text-sm text-slate-600 dark:text-slate-300">
                        {credits
                          .map((credit) => TEXT.creditLine(credit.description, formatPesos(-credit.amount)))
                          .join(' ')}
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              )
            })}
          </tbody>
        </table>
      </div>
    </>
  )
}

export function BillHistoryBody({ page }: { page: BillHistoryPage }) {
  if (page.kind === 'none') return <p role="status">{TEXT.noAccount}</p>
  if (page.kind === 'refused') {
    return (
      <>
        <p role="alert" data-testid="bill-refused">
          {page.message}
        </p>
        <AccountChooser accountNumbers={page.accountNumbers} current={null} />
      </>
    )
  }
  return (
    <>
      <AccountChooser accountNumbers={page.accountNumbers} current={page.accountNumber} />
      <p>
        {TEXT.accountLabel}: <strong data-testid="bill-account">{page.accountNumber}</strong>
      </p>
      <AmountDueCard view={page.amountDue} />
      <p className="text-sm">
        {TEXT.autopay}{' '}
        <AppLink
          to={`/customer/auto-pay?${new URLSearchParams({ account: page.accountNumber })}`}
          className="font-semibold underline"
        >
          {TEXT.autopayLink}
        </AppLink>
      </p>
      <StatementForm page={page} />
      <section aria-labelledby="history-heading" className="flex flex-col gap-4">
        <h2 id="history-heading" className="text-lg font-bold">
          {TEXT.historyHeading}
        </h2>
        <History page={page} />
      </section>
      <PaymentsList payments={page.payments} />
    </>
  )
}
