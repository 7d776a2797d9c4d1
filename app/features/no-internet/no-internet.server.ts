/**
 * "No internet" with proof (issue 37, item 6; docs/decisions/0077), the portal's side:
 * /customer/no-internet walks the customer's default account through the report (start,
 * restart offered first, "did it help?"), and the ticket's page shows the report's steps and
 * books, moves or cancels the repair visit. Every step is a plain form; a refusal comes back
 * beside its field with the choice kept. The upstream decides what is offered and whose a
 * report is (services/repairs); the portal sends only the account its token lists and the
 * report the upstream found for it (docs/security.md, Access control).
 */
import { data, redirect } from 'react-router'
import { formatDate } from '../../../lib/dates'
import { REPAIR_MESSAGES } from '../../../lib/repairs'
import { ReferenceNumberSchema } from '../../../lib/support'
import { ROLE } from '~/auth/roles'
import type { Visit } from '~/visit/visit.server'
import type { UserCaller as SignedIn } from '~/visit/call.server'
import { failedPage } from '~/visit/call.server'
import { defaultAccountNumber } from '~/features/own-account/accounts'
import type { RepairReport } from '~/upstream/repairs.server'
import type { UpstreamError } from '~/upstream/errors'
import { redirectWithToast } from '~/utils/toast.server'
import { NO_INTERNET_INTENT, NO_INTERNET_PATH, VISIT_INTENT } from './intents'
import { NO_INTERNET_TEXT as TEXT } from './texts'

const ticketPath = (reference: string) => `/customer/help/tickets/${reference}`
const when = (iso: string) => formatDate(iso, 'dateTime')

const customer = (visit: Visit) => visit.signedIn({ roles: [ROLE.customer] })

function accountOf(me: SignedIn): string | null {
  return defaultAccountNumber(me.claims.accountNumber ?? [], me.claims.activeAccountNumber)
}

/** The dashboard's card: the offer (with when the modem last reported) or the open report. */
export function noInternetCard(
  offer:
    | { ok: true; value: { offered: boolean; report: { reportId: string; ticketReference: string | null } | null } }
    | { ok: false },
  lastSeenAt: string | null,
) {
  if (!offer.ok) return null
  const { offered, report } = offer.value
  if (report)
    return { kind: 'open' as const, to: report.ticketReference ? ticketPath(report.ticketReference) : NO_INTERNET_PATH }
  if (offered) return { kind: 'offer' as const, lastSeen: lastSeenAt ? when(lastSeenAt) : TEXT.never }
  return null
}

/** A report's steps, proof and visit, as words ready to show (the ticket's page and the report page). */
export function reportView(report: RepairReport) {
  const visit = report.visit
  return {
    open: report.open,
    lastSeen: report.lastSeenAt ? when(report.lastSeenAt) : TEXT.never,
    signal: report.recentSignal.map((sample) => `${formatDate(sample.at, 'time')}: ${sample.signalDbm.toFixed(1)} dBm`),
    restartRequested: report.restartRequested,
    steps: report.steps.map((step, index) => ({
      key: `${index}-${step.kind}`,
      when: when(step.at),
      text: TEXT.step[step.kind](step.detail),
    })),
    visit: visit
      ? {
          label: visit.label,
          technician: visit.technicianName,
          arrival:
            visit.arrivalFrom && visit.arrivalTo
              ? `${formatDate(visit.arrivalFrom, 'weekdayDate')}, ${formatDate(visit.arrivalFrom, 'time')} – ${formatDate(visit.arrivalTo, 'time')}`
              : null,
          slotId: visit.slotId,
        }
      : null,
    bookable: report.open && report.ticketReference !== null,
    slots: report.slots
      .filter((slot) => slot.available > 0 && slot.slotId !== visit?.slotId)
      .map((slot) => ({ value: slot.slotId, label: TEXT.slotOption(slot.label, slot.available) })),
  }
}
export type ReportView = ReturnType<typeof reportView>

// ---------------------------------------------------------------------------------------------
// /customer/no-internet

export async function loadNoInternet(visit: Visit) {
  const me = await customer(visit)
  const accountNumber = accountOf(me)
  if (!accountNumber) throw redirect('/customer')
  const current = await me.call((upstream, token) => upstream.repairs.current(token, accountNumber))
  if (!current.ok) failedPage(current)
  const report = current.value.report
  // Once the ticket is open the ticket's page carries on (steps, visit).
  if (report?.ticketReference) throw redirect(ticketPath(report.ticketReference))
  return {
    accountNumber,
    offered: current.value.offered,
    report: report ? reportView(report) : null,
  }
}

const refusal = (error: UpstreamError) => (error.kind === 'rejected' ? (error.fields ?? null) : null)

export async function noInternetAction(visit: Visit, form: FormData) {
  const me = await customer(visit)
  const accountNumber = accountOf(me)
  if (!accountNumber) throw redirect('/customer')
  const toast = (kind: 'success' | 'error', message: string, to = NO_INTERNET_PATH) =>
    redirectWithToast(visit.config, to, { kind, message })
  const intent = form.get('intent')

  if (intent === NO_INTERNET_INTENT.start) {
    const started = await me.call((upstream, token) => upstream.repairs.start(token, accountNumber))
    return started.ok ? redirect(NO_INTERNET_PATH) : toast('error', started.message)
  }
  // Every later step is on the account's open report, as the upstream knows it.
  const current = await me.call((upstream, token) => upstream.repairs.current(token, accountNumber))
  if (!current.ok) return toast('error', current.message)
  const report = current.value.report
  if (!report) return toast('error', TEXT.notOffered)
  if (report.ticketReference) return redirect(ticketPath(report.ticketReference))

  if (intent === NO_INTERNET_INTENT.restart) {
    const restarted = await me.call((upstream, token) =>
      upstream.repairs.restart(token, accountNumber, report.reportId),
    )
    return restarted.ok ? toast('success', TEXT.restartRequestedToast) : toast('error', restarted.message)
  }

  // The answer: 'skip' (a button), or the radio's 'yes' / 'no'.
  const answer = form.get('answer')
  if (answer !== 'yes' && answer !== 'no' && answer !== 'skip') {
    return data({ errors: { answer: [REPAIR_MESSAGES.chooseAnswer] }, values: { answer: '' } }, { status: 400 })
  }
  const answered = await me.call((upstream, token) =>
    upstream.repairs.answer(token, accountNumber, report.reportId, answer),
  )
  if (!answered.ok) {
    const fields = refusal(answered.error)
    if (fields?.answer) return data({ errors: { answer: fields.answer }, values: { answer } }, { status: 400 })
    return toast('error', answered.message)
  }
  if (answered.value.ticketReference)
    return toast(
      'success',
      TEXT.ticketOpenedToast(answered.value.ticketReference),
      ticketPath(answered.value.ticketReference),
    )
  return toast('success', TEXT.helpedToast, '/customer')
}

// ---------------------------------------------------------------------------------------------
// The ticket's page

/** The report a ticket came from, or null (any other ticket, or the upstream not answering: the ticket still shows). */
export async function loadTicketRepair(visit: Visit, referenceNumber: string | undefined) {
  const me = await customer(visit)
  const parsed = ReferenceNumberSchema.safeParse(referenceNumber)
  if (!parsed.success) return null
  const answer = await me.call((upstream, token) => upstream.repairs.byTicket(token, parsed.data))
  if (!answer.ok || !answer.value) return null
  if (!(me.claims.accountNumber ?? []).includes(answer.value.accountNumber)) return null
  return reportView(answer.value)
}

/** POST on the ticket's page: book or move the visit (slotId), or cancel it. Anyone else's ticket is not found. */
export async function ticketVisitAction(visit: Visit, referenceNumber: string | undefined, form: FormData) {
  const me = await customer(visit)
  const parsed = ReferenceNumberSchema.safeParse(referenceNumber)
  if (!parsed.success) throw data({ message: null }, { status: 404 })
  const found = await me.call((upstream, token) => upstream.repairs.byTicket(token, parsed.data))
  if (!found.ok) failedPage(found)
  const report = found.value
  if (!report || !(me.claims.accountNumber ?? []).includes(report.accountNumber))
    throw data({ message: null }, { status: 404 })
  const here = ticketPath(parsed.data)
  const toast = (kind: 'success' | 'error', message: string) => redirectWithToast(visit.config, here, { kind, message })

  if (form.get('intent') === VISIT_INTENT.cancel) {
    const cancelled = await me.call((upstream, token) =>
      upstream.repairs.cancelVisit(token, report.accountNumber, report.reportId),
    )
    return cancelled.ok ? toast('success', TEXT.cancelledToast) : toast('error', cancelled.message)
  }
  const slotId = String(form.get('slotId') ?? '')
  if (!slotId) return data({ errors: { slotId: [REPAIR_MESSAGES.chooseSlot] }, values: { slotId } }, { status: 400 })
  const moving = report.visit !== null
  const booked = await me.call((upstream, token) =>
    upstream.repairs.bookVisit(token, report.accountNumber, report.reportId, slotId),
  )
  if (!booked.ok) {
    const fields = refusal(booked.error)
    if (fields?.slotId) return data({ errors: { slotId: fields.slotId }, values: { slotId } }, { status: 400 })
    return toast('error', booked.message)
  }
  const label = booked.value.visit?.label ?? ''
  return toast('success', moving ? TEXT.movedToast(label) : TEXT.bookedToast(label))
}
