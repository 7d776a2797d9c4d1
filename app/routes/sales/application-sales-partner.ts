/**
 * /application-sales-partner (spec 2, a sales-only route; issue 13 item 5). The spec names the
 * address and nothing of its content; read as the sales partner's way into an application for
 * a customer, it is the new application's start (/sales/application). The root's guard keeps
 * everyone but sales users out (app/auth/guard.ts).
 */
import { redirect, type LoaderFunctionArgs } from 'react-router'
import { SALES_ROLES } from '~/auth/roles'
import { START_PATH } from '~/features/sales/new-application.server'
import { visitOf } from '~/visit/visit.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  await visitOf(request, context).session.requireRole(SALES_ROLES)
  return redirect(START_PATH)
}
