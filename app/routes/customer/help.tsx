/**
 * /customer/help (spec 1, help centre; spec 2: customer-only): the help centre of /help plus
 * the customer's own concerns and requests, with the ways to file one.
 */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { HelpHomeSections, HelpPage } from '~/features/help/help-pages'
import { loadHelpHome } from '~/features/help/help.server'
import { AFTER_SALES_PATH, CONCERN_PATH } from '~/features/help/ticket-forms'
import { TicketList } from '~/features/help/ticket-views'
import { loadMyTickets } from '~/features/help/tickets.server'
import { HELP_TEXT, TICKET_TEXT } from '~/features/help/texts'
import { AppLink } from '~/ui/app-link'
import { buttonClass } from '~/ui/button'
import { pageMeta } from '~/ui/page-meta'
import { visitOf } from '~/visit/visit.server'

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, HELP_TEXT.heading, HELP_TEXT.intro),
  { name: 'robots', content: 'noindex' },
]

// Personal data: never kept by a cache or shown again by the back button after logout.
export const headers = () => ({ 'cache-control': 'no-store' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  const visit = visitOf(request, context)
  const [mine, home] = await Promise.all([loadMyTickets(visit), loadHelpHome(visit)])
  return { ...mine, home }
}

export default function CustomerHelp() {
  const { tickets, home } = useLoaderData<typeof loader>()
  return (
    <HelpPage heading={HELP_TEXT.heading} intro={HELP_TEXT.intro}>
      <div className="flex flex-wrap gap-3">
        <AppLink to={CONCERN_PATH} className={buttonClass('primary')}>
          {TICKET_TEXT.reportConcern}
        </AppLink>
        <AppLink to={AFTER_SALES_PATH} className={buttonClass('secondary')}>
          {TICKET_TEXT.requestService}
        </AppLink>
      </div>
      <TicketList tickets={tickets} />
      <HelpHomeSections {...home} />
    </HelpPage>
  )
}
