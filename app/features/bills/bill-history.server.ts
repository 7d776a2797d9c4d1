/**
 * /customer/bill-history (spec 2; issue 11 item 3): the chosen account's amount due, bill
 * history (empty until the first payment, spec 8), the chart of the last 12 bills and the
 * months a statement can be downloaded for; and the statement download itself.
 */
import { data, redirect } from 'react-router'
import { isStatementMonth } from '../../../lib/billing'
import { NOT_AUTHORIZED } from '~/auth/guard'
import { ROLE } from '~/auth/roles'
import type { Bill } from '~/upstream/billing.server'
import { loadPayments, type PaymentView } from '~/features/payments/pay.server'
import { chooseAccount } from './accounts.server'
import { loadAmountDue, type AmountDueView } from './amount-due.server'
import { BILL_HISTORY_PATH } from './paths'
import { BILLS_TEXT as TEXT } from './texts'
import type { Visit } from '~/visit/visit.server'

type History =
  { ok: true; bills: Bill[]; firstPaymentPosted: boolean; statementMonths: string[] } | { ok: false; message: string }

export type BillHistoryPage =
  | { kind: 'none'; accountNumbers: string[] }
  | { kind: 'refused'; accountNumbers: string[]; message: string }
  | {
      kind: 'own'
      accountNumbers: string[]
      accountNumber: string
      amountDue: AmountDueView
      history: History
      /** The payments made through the portal, each with its timeline (issue 12). */
      payments: { ok: true; payments: PaymentView[] } | { ok: false }
      /** The statement form as last sent, and what was wrong with it. */
      statement: { month: string; error: string | null }
    }

/** Why a statement download came back to the page (?statement=), and the month asked for. */
function statementProblem(query: URLSearchParams) {
  const month = query.get('month') ?? ''
  const problem = query.get('statement')
  if (problem === 'not-found' && isStatementMonth(month)) return { month, error: TEXT.statementNotFound(month) }
  if (problem === 'invalid') return { month: '', error: TEXT.statementMonthInvalid }
  if (problem === 'failed') return { month, error: TEXT.statementFailed }
  return { month, error: null }
}

export async function billHistoryPage(visit: Visit, url: URL) {
  const me = await visit.signedIn({ roles: [ROLE.customer] })
  const query = url.searchParams
  const chosen = chooseAccount(me.claims, query.get('account'))
  if (chosen.kind === 'none') return data<BillHistoryPage>({ kind: 'none', accountNumbers: [] })
  if (chosen.kind === 'refused') {
    return data<BillHistoryPage>(
      { kind: 'refused', accountNumbers: chosen.accountNumbers, message: NOT_AUTHORIZED },
      { status: 403 },
    )
  }
  const { accountNumber } = chosen
  const [amountDue, history, payments] = await Promise.all([
    loadAmountDue(me, accountNumber),
    me.call((upstream, token) => upstream.billing.billHistory(token, accountNumber)),
    loadPayments(me, accountNumber),
  ])
  return data<BillHistoryPage>({
    kind: 'own',
    accountNumbers: chosen.accountNumbers,
    accountNumber,
    amountDue,
    history: history.ok ? { ok: true, ...history.value } : { ok: false, message: history.message },
    payments,
    statement: statementProblem(query),
  })
}

/** Back to the page with the account, the month and what went wrong, so the form comes back filled in. */
function backToPage(accountNumber: string, month: string, problem: 'not-found' | 'invalid' | 'failed') {
  const query = new URLSearchParams({ account: accountNumber, month, statement: problem })
  return redirect(`${BILL_HISTORY_PATH}?${query}`)
}

/**
 * GET /customer/bill-history/statement?account=&month=: the month's statement as a PDF
 * attachment, never kept by a cache. Anything wrong goes back to the page, which says what.
 */
export async function statementDownload(visit: Visit, url: URL): Promise<Response> {
  const me = await visit.signedIn({ roles: [ROLE.customer] })
  const query = url.searchParams
  const chosen = chooseAccount(me.claims, query.get('account'))
  // Someone else's account (or none): the page's refusal, nothing asked upstream.
  if (chosen.kind !== 'own') {
    const asked = chosen.kind === 'refused' ? `?${new URLSearchParams({ account: chosen.asked })}` : ''
    return redirect(`${BILL_HISTORY_PATH}${asked}`)
  }
  const month = query.get('month') ?? ''
  if (!isStatementMonth(month)) return backToPage(chosen.accountNumber, '', 'invalid')
  const statement = await me.call((upstream, token) => upstream.billing.statement(token, chosen.accountNumber, month))
  if (!statement.ok) {
    const notFound = statement.error.kind === 'rejected' && statement.error.status === 404
    return backToPage(chosen.accountNumber, month, notFound ? 'not-found' : 'failed')
  }
  return new Response(statement.value.pdf, {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${statement.value.fileName}"`,
      'content-length': String(statement.value.pdf.byteLength),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  })
}
