/**
 * /customer/help/tickets/{referenceNumber}: one of the customer's concerns or requests; anyone else's is not found.
 * A no-internet report's ticket (issue 37, item 6) also shows the report's steps and its repair visit, booked,
 * moved or cancelled here.
 */
import { lazy, Suspense } from 'react'
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { Breadcrumb, HelpPage } from '~/features/help/help-pages'
import { TicketDetails } from '~/features/help/ticket-views'
import { loadTicket } from '~/features/help/tickets.server'
import { HELP_TEXT, TICKET_TEXT } from '~/features/help/texts'
import { loadTicketRepair, ticketVisitAction } from '~/features/no-internet/no-internet.server'
import type { FormReply } from '~/features/no-internet/no-internet'
import { pageMeta } from '~/ui/page-meta'
import { readForm } from '~/utils/form.server'
import { visitOf } from '~/visit/visit.server'

/**
 * A no-internet report's steps and visit forms, on the few tickets that have one: rendered whole by
 * the server, their code fetched with import() and hydrated then (docs/decisions/0023), so a
 * ticket page's first-visit JS stays within its budget.
 */
const TicketRepair = lazy(() =>
  import('~/features/no-internet/no-internet').then((module) => ({ default: module.TicketRepair })),
)

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageMeta(
    matches,
    data ? TICKET_TEXT.ticketHeading(data.ticket.referenceNumber) : HELP_TEXT.heading,
    HELP_TEXT.intro,
  ),
  { name: 'robots', content: 'noindex' },
]

export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const visit = visitOf(request, context)
  const { ticket } = await loadTicket(visit, params.referenceNumber)
  // issue 37, item 6: a ticket opened by a no-internet report shows its steps and the repair visit.
  return { ticket, repair: await loadTicketRepair(visit, params.referenceNumber) }
}

/** Book, move or cancel the repair visit of a no-internet report's ticket. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return ticketVisitAction(visitOf(request, context), params.referenceNumber, await readForm(request))
}

export default function CustomerTicket() {
  const { ticket, repair } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>() as FormReply
  return (
    <HelpPage
      heading={TICKET_TEXT.ticketHeading(ticket.referenceNumber)}
      intro={`${ticket.kindLabel}: ${ticket.typeName}`}
    >
      <Breadcrumb trail={[{ label: HELP_TEXT.backToHelp, to: '/customer/help' }]} />
      <TicketDetails ticket={ticket} />
      {repair ? (
        <Suspense fallback={null}>
          <TicketRepair report={repair} reply={reply} />
        </Suspense>
      ) : null}
    </HelpPage>
  )
}
