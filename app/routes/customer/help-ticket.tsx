/** /customer/help/tickets/{referenceNumber}: one of the customer's concerns or requests; anyone else's is not found. */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { Breadcrumb, HelpPage } from '~/features/help/help-pages'
import { TicketDetails } from '~/features/help/ticket-forms'
import { loadTicket } from '~/features/help/tickets.server'
import { HELP_TEXT, TICKET_TEXT } from '~/features/help/texts'
import { pageMeta } from '~/ui/page-meta'
import { visitOf } from '~/visit/visit.server'

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
  return loadTicket(visitOf(request, context), params.referenceNumber)
}

export default function CustomerTicket() {
  const { ticket } = useLoaderData<typeof loader>()
  return (
    <HelpPage
      heading={TICKET_TEXT.ticketHeading(ticket.referenceNumber)}
      intro={`${ticket.kindLabel}: ${ticket.typeName}`}
    >
      <Breadcrumb trail={[{ label: HELP_TEXT.backToHelp, to: '/customer/help' }]} />
      <TicketDetails ticket={ticket} />
    </HelpPage>
  )
}
