/**
 * The amount due, its due date and PAY (spec 1, dashboard; spec 2's pay route
 * /customer/bill-history/pay/{accountNumber}). Server-rendered, no browser code of its own.
 * On the dashboard (the default account's) it also leads to bill history (issue 33: `history`).
 */
import { formatDate } from '../../../lib/dates'
import { formatPesos } from '../../../lib/pesos'
import { AppLink } from '~/ui/app-link'
import { ButtonLink } from '~/ui/button'
import type { AmountDueView } from './amount-due.server'
import { BILL_HISTORY_PATH, payPath } from './paths'
import { BILLS_TEXT as TEXT } from './texts'

export function AmountDueCard({ view, history = false }: { view: AmountDueView; history?: boolean }) {
  return (
    <section
      aria-labelledby="amount-due-heading"
      data-testid="amount-due"
      className="flex flex-wrap items-end justify-between gap-4 rounded-lg border border-slate-200 p-5 dark:border-slate-700"
    >
      <div className="flex flex-col gap-1">
        <h2
          id="amount-due-heading"
          className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400"
        >
          {TEXT.amountDueHeading}
        </h2>
        {view.ok ? (
          <>
            <p className="text-3xl font-extrabold" data-testid="amount-due-value">
              {formatPesos(view.amountDue)}
            </p>
            {view.dueDate ? (
              <p>
                {TEXT.dueDateLabel}: <strong data-testid="amount-due-date">{formatDate(view.dueDate, 'date')}</strong>
              </p>
            ) : (
              <p>{TEXT.nothingDue}</p>
            )}
          </>
        ) : (
          <p role="alert">{view.message}</p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-4">
        {history ? (
          <AppLink
            // The default account's, as the card's: no account number in the address.
            to={BILL_HISTORY_PATH}
            className="text-sm font-semibold text-brand-600 underline dark:text-orange-300"
          >
            {TEXT.billHistoryLink}
          </AppLink>
        ) : null}
        {view.ok && view.amountDue > 0 ? (
          <ButtonLink to={payPath(view.accountNumber)}>{TEXT.payButton}</ButtonLink>
        ) : null}
      </div>
    </section>
  )
}
