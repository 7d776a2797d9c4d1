/**
 * The customer's side of the help centre (spec 1, help centre; spec 2: /customer/help):
 * their concerns and after-sales tickets, filing either for one of their verified accounts
 * (checked here against the token's claims, and again by the support service), and one
 * ticket's page, refused for anyone else's (docs/security.md, Access control).
 *
 * A failed filing keeps what the user typed and says why (spec 8's message, or the
 * service's per-field messages beside the fields); success goes to the ticket's page with
 * its reference number in a toast.
 */
import crypto from 'node:crypto'
import { data } from 'react-router'
import { formatDate } from '../../../lib/dates'
import { ReferenceNumberSchema } from '../../../lib/support'
import { ROLE } from '~/auth/roles'
import type { UserCaller as SignedIn } from '~/visit/call.server'
import type { Visit } from '~/visit/visit.server'
import { defaultAccountNumber } from '~/features/own-account/accounts'
import { PAGE_NOT_RETRIEVED } from '~/features/legal/content.server'
import type { UpstreamError } from '~/upstream/errors'
import type { Ticket, TicketType } from '~/upstream/support.server'
import { redirectWithToast } from '~/utils/toast.server'
import { TICKET_TEXT } from './texts'
import {
  checkAfterSales,
  checkConcern,
  initialAccount,
  readAfterSalesValues,
  readConcernValues,
  readSubmissionKey,
  reconcileSubType,
  type AfterSalesValues,
  type ConcernValues,
  type FieldErrors,
} from './ticket-form'

export const CUSTOMER_HELP_PATH = '/customer/help'
export const ticketPath = (referenceNumber: string) => `${CUSTOMER_HELP_PATH}/tickets/${referenceNumber}`

export type TicketView = {
  referenceNumber: string
  kind: Ticket['kind']
  kindLabel: string
  typeName: string
  subTypeName: string | null
  accountNumber: string
  description: string
  status: Ticket['status']
  statusLabel: string
  filedOn: string
}

export function ticketView(ticket: Ticket): TicketView {
  return {
    referenceNumber: ticket.referenceNumber,
    kind: ticket.kind,
    kindLabel: TICKET_TEXT.kind[ticket.kind],
    typeName: ticket.concernType.name,
    subTypeName: ticket.subType?.name ?? null,
    accountNumber: ticket.accountNumber,
    description: ticket.description,
    status: ticket.status,
    statusLabel: TICKET_TEXT.statusLabel[ticket.status],
    filedOn: formatDate(ticket.createdAt, 'dateTime'),
  }
}

const customer = (visit: Visit) => visit.signedIn({ roles: [ROLE.customer] })

/** The user's verified accounts (spec 3 claims); links awaiting proof are not among them. */
function accountsOf(me: SignedIn) {
  const accountNumbers = me.claims.accountNumber ?? []
  return { accountNumbers, defaultAccount: defaultAccountNumber(accountNumbers, me.claims.activeAccountNumber) }
}

const newSubmissionKey = () => crypto.randomBytes(18).toString('base64url')

/** A page's content failed: the error view with spec 8's words; the client has logged it. */
function pageFailed(): never {
  throw data({ message: PAGE_NOT_RETRIEVED }, { status: 503 })
}

/** /customer/help: the user's concerns and requests; a failure shows beside the list, not instead of the page. */
export async function loadMyTickets(visit: Visit) {
  const me = await customer(visit)
  const answer = await me.call((upstream, token) => upstream.support.tickets(token))
  return {
    tickets: answer.ok ? answer.value.map(ticketView) : null,
    hasAccount: accountsOf(me).accountNumbers.length > 0,
  }
}

/** /customer/help/tickets/{referenceNumber}: the user's own ticket, else the not-found page. */
export async function loadTicket(visit: Visit, referenceNumber: string | undefined) {
  const me = await customer(visit)
  const parsed = ReferenceNumberSchema.safeParse(referenceNumber)
  if (!parsed.success) throw data({ message: null }, { status: 404 })
  const answer = await me.call((upstream, token) => upstream.support.ticket(token, parsed.data))
  if (!answer.ok) {
    if (answer.error.kind === 'rejected' && answer.error.status === 404) throw data({ message: null }, { status: 404 })
    pageFailed()
  }
  // The upstream checked the owner; the portal checks the account against the token too.
  if (!accountsOf(me).accountNumbers.includes(answer.value.accountNumber)) {
    throw data({ message: null }, { status: 404 })
  }
  return { ticket: ticketView(answer.value) }
}

// ---------------------------------------------------------------------------------------------
// The forms

export type FormState<V> = {
  values: V
  errors: FieldErrors
  formError: string | null
  submissionKey: string
}

/** An upstream refusal onto the form: its per-field messages beside the fields, else spec 8's message. */
function refusalErrors(error: UpstreamError, message: string): { errors: FieldErrors; formError: string | null } {
  if (error.kind === 'rejected' && error.fields) {
    const { _form: formMessages, ...errors } = error.fields
    return { errors, formError: formMessages?.join(' ') ?? null }
  }
  return { errors: {}, formError: message }
}

const statusOf = (error: UpstreamError) => (error.kind === 'rejected' ? (error.status ?? 400) : 503)

export async function loadConcernForm(visit: Visit, url: URL) {
  const me = await customer(visit)
  const { accountNumbers, defaultAccount } = accountsOf(me)
  const types = await me.call((upstream, token) => upstream.support.concernTypes(token))
  if (!types.ok) {
    // The form still shows, with the failure at its top: a concern sent while the service
    // fails comes back into it (the action's answer), its details as they were typed.
    const form: FormState<ConcernValues> = {
      values: {
        accountNumber: initialAccount(accountNumbers, defaultAccount),
        concernType: '',
        subType: '',
        description: '',
      },
      errors: {},
      formError: types.message,
      submissionKey: newSubmissionKey(),
    }
    return data({ accountNumbers, types: null, subTypes: [], form }, { status: statusOf(types.error) })
  }
  // ?concernType=…&subType=… (links from help answers) start the form there.
  const query = url.searchParams
  const concernType = types.value.some((type) => type.code === query.get('concernType'))
    ? query.get('concernType')!
    : ''
  let subTypes: TicketType[] = []
  if (concernType) {
    const answer = await me.call((upstream, token) => upstream.support.subTypes(token, concernType))
    if (answer.ok) subTypes = answer.value
  }
  const values = reconcileSubType(
    {
      accountNumber: initialAccount(accountNumbers, defaultAccount),
      concernType,
      subType: query.get('subType') ?? '',
      description: '',
    },
    subTypes.map((type) => type.code),
  )
  const form: FormState<ConcernValues> = { values, errors: {}, formError: null, submissionKey: newSubmissionKey() }
  return data({ accountNumbers, types: types.value as TicketType[] | null, subTypes, form })
}

export const CONCERN_INTENT = { update: 'update', submit: 'submit' } as const

/**
 * POST /customer/help/concern. `update` (the no-JS cascade's button): the chosen type's
 * sub-types, a sub-type of another type cleared, everything else kept. `submit`: checked,
 * filed, and on to the ticket.
 */
export async function concernAction(visit: Visit, form: FormData) {
  const me = await customer(visit)
  const { accountNumbers } = accountsOf(me)
  const values = readConcernValues(form)
  const submissionKey = readSubmissionKey(form) ?? newSubmissionKey()

  let subTypes: TicketType[] = []
  if (/^[a-z0-9][a-z0-9-]{0,39}$/.test(values.concernType)) {
    const answer = await me.call((upstream, token) => upstream.support.subTypes(token, values.concernType))
    if (answer.ok) subTypes = answer.value
    else if (!(answer.error.kind === 'rejected' && answer.error.status === 404)) {
      const state: FormState<ConcernValues> = { values, errors: {}, formError: answer.message, submissionKey }
      return data({ form: state, subTypes }, { status: statusOf(answer.error) })
    }
  }
  const reconciled = reconcileSubType(
    values,
    subTypes.map((type) => type.code),
  )

  if (form.get('intent') === CONCERN_INTENT.update) {
    const state: FormState<ConcernValues> = { values: reconciled, errors: {}, formError: null, submissionKey }
    return data({ form: state, subTypes })
  }

  const checked = checkConcern(values, accountNumbers)
  if (!checked.ok) {
    const state: FormState<ConcernValues> = {
      values: reconciled,
      errors: checked.errors,
      formError: null,
      submissionKey,
    }
    return data({ form: state, subTypes }, { status: 400 })
  }
  const filed = await me.call((upstream, token) => upstream.support.fileConcern(token, submissionKey, checked.value))
  if (!filed.ok) {
    const state: FormState<ConcernValues> = { values, submissionKey, ...refusalErrors(filed.error, filed.message) }
    return data({ form: state, subTypes }, { status: statusOf(filed.error) })
  }
  return redirectWithToast(visit.config, ticketPath(filed.value.referenceNumber), {
    kind: 'success',
    message: TICKET_TEXT.filed(filed.value.referenceNumber),
  })
}

/** GET /customer/help/concern/sub-types?concernType=…: the fetcher's half of the cascade. */
export async function loadSubTypes(visit: Visit, url: URL) {
  const me = await customer(visit)
  const concernType = url.searchParams.get('concernType') ?? ''
  if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(concernType))
    return { concernType, subTypes: [] as TicketType[], failed: false }
  const answer = await me.call((upstream, token) => upstream.support.subTypes(token, concernType))
  if (answer.ok) return { concernType, subTypes: answer.value, failed: false }
  const unknown = answer.error.kind === 'rejected' && answer.error.status === 404
  return { concernType, subTypes: [] as TicketType[], failed: !unknown }
}

export async function loadAfterSalesForm(visit: Visit, url: URL) {
  const me = await customer(visit)
  const { accountNumbers, defaultAccount } = accountsOf(me)
  const types = await me.call((upstream, token) => upstream.support.afterSalesTypes(token))
  if (!types.ok) pageFailed()
  const requested = url.searchParams.get('afterSalesType')
  const values: AfterSalesValues = {
    accountNumber: initialAccount(accountNumbers, defaultAccount),
    afterSalesType: types.value.some((type) => type.code === requested) ? requested! : '',
    description: '',
  }
  const form: FormState<AfterSalesValues> = { values, errors: {}, formError: null, submissionKey: newSubmissionKey() }
  return { accountNumbers, types: types.value, form }
}

/** POST /customer/help/after-sales: checked, filed (v2 after-sales ticket), and on to the ticket. */
export async function afterSalesAction(visit: Visit, form: FormData) {
  const me = await customer(visit)
  const values = readAfterSalesValues(form)
  const submissionKey = readSubmissionKey(form) ?? newSubmissionKey()
  const checked = checkAfterSales(values, accountsOf(me).accountNumbers)
  if (!checked.ok) {
    const state: FormState<AfterSalesValues> = { values, errors: checked.errors, formError: null, submissionKey }
    return data({ form: state }, { status: 400 })
  }
  const filed = await me.call((upstream, token) => upstream.support.fileAfterSales(token, submissionKey, checked.value))
  if (!filed.ok) {
    const state: FormState<AfterSalesValues> = { values, submissionKey, ...refusalErrors(filed.error, filed.message) }
    return data({ form: state }, { status: statusOf(filed.error) })
  }
  return redirectWithToast(visit.config, ticketPath(filed.value.referenceNumber), {
    kind: 'success',
    message: TICKET_TEXT.filed(filed.value.referenceNumber),
  })
}
