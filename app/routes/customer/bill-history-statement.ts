/**
 * /customer/bill-history/statement?account=&month=YYYY-MM (issue 11 item 3): the month's
 * statement as a PDF attachment, generated upstream; problems go back to the bill-history
 * page with the form filled in. Another customer's account is refused.
 */
import type { LoaderFunctionArgs } from 'react-router'
import { statementDownload } from '~/features/bills/bill-history.server'
import { visitOf } from '~/visit/visit.server'

export function loader({ request, context }: LoaderFunctionArgs) {
  return statementDownload(visitOf(request, context), new URL(request.url))
}
