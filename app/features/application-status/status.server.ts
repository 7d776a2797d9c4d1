/**
 * The status lookup (issue 10 part 3; docs/decisions/0033): the form at /check-status
 * (landing alias) posts here; the page /{refNo}/{refIdentifier} shows the status only when
 * the upstream matches both parts. Every miss reads the same; the upstream counts them.
 */
import { data, redirect } from 'react-router'
import type { StatusView } from '~/upstream/application-status.server'
import { upstreamStatus } from '~/utils/upstream-failure'
import type { Visit } from '~/visit/visit.server'
import { normaliseIdentifier, STATUS_REFERENCE_PATTERN } from '../../../lib/application-status'
import { TEXT } from './texts'

export type LookupValues = { referenceNo: string; identifier: string }
export type LookupErrors = { referenceNo?: string; identifier?: string; form?: string }
export type LookupReply = { values: LookupValues; errors: LookupErrors }

/**
 * The form's fields, checked: the reference upper-cased, the identifier normalised (email
 * lower case, mobile's 10 digits); `values` are the fields as typed (trimmed).
 */
export function parseLookup(
  form: FormData,
): { ok: true; value: LookupValues; values: LookupValues } | { ok: false; reply: LookupReply } {
  const values = {
    referenceNo: String(form.get('referenceNo') ?? '')
      .trim()
      .slice(0, 40),
    identifier: String(form.get('identifier') ?? '')
      .trim()
      .slice(0, 254),
  }
  const errors: LookupErrors = {}
  const referenceNo = values.referenceNo.toUpperCase()
  if (!referenceNo) errors.referenceNo = TEXT.referenceRequired
  else if (!STATUS_REFERENCE_PATTERN.test(referenceNo)) errors.referenceNo = TEXT.referenceInvalid
  const identifier = values.identifier ? normaliseIdentifier(values.identifier) : null
  if (!values.identifier) errors.identifier = TEXT.identifierRequired
  else if (!identifier) errors.identifier = TEXT.identifierInvalid
  if (errors.referenceNo || errors.identifier) return { ok: false, reply: { values, errors } }
  return { ok: true, value: { referenceNo, identifier: identifier! }, values }
}

/** The path of a status page: /{refNo}/{refIdentifier}. */
export const statusPath = (referenceNo: string, identifier: string) =>
  `/${encodeURIComponent(referenceNo)}/${encodeURIComponent(identifier)}`

/**
 * `notFound`: the upstream matched no application to the pair (its 404, the one generic
 * message). Anything else that missed (the limit's 429, a service slow, failing, answering
 * nonsense or gone) is not that: the visitor reads the limit's or spec 8's words, never
 * that their application does not exist.
 */
type Outcome = { found: StatusView } | { missed: string; status: number; notFound: boolean }

/** The upstream's answer for a pair: the view, or the one generic message (or the limit's, or the failure's). */
export async function lookupStatus(visit: Visit, referenceNo: string, identifier: string): Promise<Outcome> {
  const looked = await visit.portal.call((upstream) =>
    upstream.applicationStatus.lookup(referenceNo, identifier, visit.clientAddress),
  )
  if (looked.ok) return { found: looked.value }
  const { error } = looked
  if (error.kind === 'rejected' && error.status === 404) return { missed: TEXT.notFound, status: 404, notFound: true }
  return { missed: looked.message, status: upstreamStatus(error), notFound: false }
}

/**
 * POST /check-status/lookup: checks the pair, then shows its page. A pair that matched
 * nothing comes back with the reference and an empty identifier, to be typed again; any
 * other miss (the limit, a failed service) with both as they were typed, to send again.
 */
export async function lookupAction(visit: Visit, form: FormData) {
  const parsed = parseLookup(form)
  if (!parsed.ok) return data(parsed.reply, { status: 400 })
  const { referenceNo, identifier } = parsed.value
  const outcome = await lookupStatus(visit, referenceNo, identifier)
  if ('missed' in outcome) {
    const values = outcome.notFound ? { referenceNo, identifier: '' } : parsed.values
    return data({ values, errors: { form: outcome.missed } } satisfies LookupReply, { status: outcome.status })
  }
  throw redirect(statusPath(referenceNo, identifier), 303)
}

/** spec 7, POST send compliance email: a new link for an applicant on their status page. */
export async function resendComplianceLink(
  visit: Visit,
  referenceNo: string,
  identifier: string,
): Promise<{ sent: true } | { error: string; status: number }> {
  const sent = await visit.portal.call((upstream) =>
    upstream.applicationStatus.resendComplianceLink(referenceNo, identifier, visit.clientAddress),
  )
  if (sent.ok) return { sent: true }
  const { error } = sent
  if (error.kind === 'rejected' && error.status === 404) return { error: TEXT.notFound, status: 404 }
  if (error.kind === 'rejected' && error.serverMessage && (error.status === 409 || error.status === 429)) {
    return { error: error.serverMessage, status: error.status }
  }
  return { error: sent.message, status: error.kind === 'rejected' ? (error.status ?? 400) : 503 }
}
