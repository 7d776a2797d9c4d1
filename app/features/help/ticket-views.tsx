/**
 * A customer's tickets as they are shown (issue 11): the list, one ticket's details and its status
 * badge. Apart from the forms (./ticket-forms.tsx), so a ticket's page carries none of their code.
 */
import { AppLink } from '~/ui/app-link'
import { TICKET_TEXT as TEXT } from './texts'
import type { TicketView } from './tickets.server'

const STATUS_CLASS: Record<TicketView['status'], string> = {
  OPEN: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  IN_PROGRESS: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100',
  RESOLVED: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  CLOSED: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
}

export function StatusBadge({ ticket }: { ticket: Pick<TicketView, 'status' | 'statusLabel'> }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[ticket.status]}`}>
      {ticket.statusLabel}
    </span>
  )
}

/** The user's concerns and requests, newest first; null when they could not be loaded. */
export function TicketList({ tickets }: { tickets: TicketView[] | null }) {
  return (
    <section aria-labelledby="my-tickets" className="flex flex-col gap-3">
      <h2 id="my-tickets" className="text-xl font-bold tracking-tight">
        {TEXT.myTicketsHeading}
      </h2>
      {tickets === null ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {TEXT.listFailed}
        </p>
      ) : tickets.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">{TEXT.noTickets}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="my-tickets">
          {tickets.map((ticket) => (
            <li
              key={ticket.referenceNumber}
              className="flex flex-col gap-1 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <AppLink
                  to={`/customer/help/tickets/${ticket.referenceNumber}`}
                  className="font-semibold text-brand-700 underline dark:text-orange-300"
                >
                  {ticket.referenceNumber}
                </AppLink>
                <StatusBadge ticket={ticket} />
              </div>
              <span className="text-sm">
                {ticket.kindLabel}: {ticket.typeName}
                {ticket.subTypeName ? ` · ${ticket.subTypeName}` : ''}
              </span>
              <span className="truncate text-sm text-slate-600 dark:text-slate-300">{ticket.description}</span>
              <span className="text-xs text-slate-500 dark:text-slate-400">
                {TEXT.account} {ticket.accountNumber} · {TEXT.filedOn} {ticket.filedOn}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export function TicketDetails({ ticket }: { ticket: TicketView }) {
  const rows: [string, string][] = [
    [TEXT.reference, ticket.referenceNumber],
    [TEXT.account, ticket.accountNumber],
    [ticket.kind === 'concern' ? TEXT.concernType : TEXT.afterSalesType, ticket.typeName],
    ...(ticket.subTypeName ? ([[TEXT.subType, ticket.subTypeName]] as [string, string][]) : []),
    [TEXT.filedOn, ticket.filedOn],
  ]
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="contents">
          <dt className="font-semibold">{TEXT.status}</dt>
          <dd>
            <StatusBadge ticket={ticket} />
          </dd>
        </div>
      </dl>
      <div>
        <h2 className="font-semibold">{TEXT.description}</h2>
        <p className="whitespace-pre-line text-slate-700 dark:text-slate-200">{ticket.description}</p>
      </div>
    </div>
  )
}
