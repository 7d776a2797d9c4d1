/**
 * The repair visits' job (`repair-visits`, every 10 minutes; issue 37, item 6): the day before a
 * visit (or on its day, if booked late) a technician is assigned with a two-hour arrival window
 * inside the slot's, and the subscriber is told; on the visit's day they are told again. Each
 * notice goes to the user who reported, in their notifications, and by email and SMS only on the
 * channels they agreed to (`email_notifications`, `sms_notifications`), once per visit, kind and
 * channel across every copy: a row in repairs.visit_notices is written in the transaction of the
 * message, under a unique index (the reminders' pattern, docs/decisions/0074).
 */
import crypto from 'node:crypto'
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import { formatDate } from '../../lib/dates.ts'
import { addDays, manilaDate, manilaMidnight } from '../../lib/manila-time.ts'
import type { VisitNoticeKind } from '../../lib/repairs.ts'
import { crewSlotOf } from '../applications/crew-slots.ts'
import { NOTIFICATION_CONSENTS } from '../consent/catalogue.ts'
import { consentsGiven } from '../consent/service.ts'
import type { ServiceDeps } from '../context.ts'
import { contactsHoldingAccount, type AccountContact } from '../identity/users.ts'
import { deliverToContact } from '../notifications/contact-notice.ts'
import { createDeliveryQueue } from '../notifications/outbox.ts'
import { reports, reportSteps, visitNotices, visits } from './tables.ts'
import { DEMO_TECHNICIANS, REPAIR_TEXT as TEXT } from './texts.ts'

type Channel = 'inbox' | 'email' | 'sms'

const HOUR_MS = 3_600_000

const unit = (seed: string) => crypto.createHash('sha256').update(seed).digest().readUInt32BE(0) / 0x1_0000_0000

/** The technician and the two-hour window a visit gets: by its id, inside its slot (AM 8–12, PM 1–5). */
export function assignmentFor(visitId: string, slotId: string) {
  const { date, window } = crewSlotOf(slotId)
  const firstHour = window === 'AM' ? 8 : 13
  const startHour = firstHour + Math.floor(unit(`${visitId}:window`) * 3)
  const from = new Date(manilaMidnight(date).getTime() + startHour * HOUR_MS)
  return {
    technicianName: DEMO_TECHNICIANS[Math.floor(unit(`${visitId}:technician`) * DEMO_TECHNICIANS.length)]!,
    arrivalFrom: from,
    arrivalTo: new Date(from.getTime() + 2 * HOUR_MS),
  }
}

/** 'Monday, November 30, 2026, 09:00 AM – 11:00 AM' */
export function arrivalWindow(from: Date, to: Date): string {
  return `${formatDate(from, 'weekdayDate')}, ${formatDate(from, 'time')} – ${formatDate(to, 'time')}`
}

export type DispatchReport = { assigned: number; sent: Record<Channel, number> }

export function createVisitDispatch(deps: ServiceDeps) {
  const delivery = createDeliveryQueue(deps)
  const { db } = deps

  async function sendOnce(
    visit: { id: string; technicianName: string; arrivalFrom: Date; arrivalTo: Date },
    report: { accountNumber: string; ticketReference: string },
    contact: AccountContact,
    channel: Channel,
    kind: VisitNoticeKind,
    now: Date,
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const claimed = await tx
        .insert(visitNotices)
        .values({ visitId: visit.id, kind, channel, sentAt: now })
        .onConflictDoNothing()
        .returning({ id: visitNotices.id })
      if (claimed.length === 0) return false
      const text = kind === 'assigned' ? TEXT.assigned : TEXT.dayOf
      const words = {
        technician: visit.technicianName,
        window: arrivalWindow(visit.arrivalFrom, visit.arrivalTo),
        ticket: report.ticketReference,
      }
      await deliverToContact(
        deps,
        tx,
        contact,
        channel,
        {
          kind: 'repair_visit',
          title: text.title,
          body: text.body(words),
          path: `/customer/help/tickets/${report.ticketReference}`,
          linkLine: TEXT.ticketLink,
          // Plain GSM-7 text (a hyphen, not the window's dash), to stay one SMS.
          sms: TEXT.sms({
            product: deps.productName,
            title: text.title,
            ...words,
            window: words.window.replace(' – ', ' - '),
          }),
        },
        now,
      )
      return true
    })
  }

  /** Tells the reporter of one visit, on every channel they agreed to, once each. */
  async function tell(
    visit: { id: string; reportId: string; technicianName: string; arrivalFrom: Date; arrivalTo: Date },
    kind: VisitNoticeKind,
    now: Date,
    sent: Record<Channel, number>,
  ) {
    const [report] = await db.select().from(reports).where(eq(reports.id, visit.reportId)).limit(1)
    if (!report?.ticketReference) return
    // Only the user who reported, and only while the account is still theirs.
    const contact = (await contactsHoldingAccount(db, report.accountNumber)).find((c) => c.userId === report.userId)
    if (!contact) return
    const given =
      (await consentsGiven(db, [contact.userId], [NOTIFICATION_CONSENTS.email, NOTIFICATION_CONSENTS.sms])).get(
        contact.userId,
      ) ?? new Set()
    const channels: Channel[] = ['inbox']
    if (given.has(NOTIFICATION_CONSENTS.email) && contact.verifiedEmail) channels.push('email')
    if (given.has(NOTIFICATION_CONSENTS.sms) && contact.mobileNumber) channels.push('sms')
    for (const channel of channels) {
      const words = { accountNumber: report.accountNumber, ticketReference: report.ticketReference }
      if (await sendOnce(visit, words, contact, channel, kind, now)) sent[channel]++
    }
  }

  return {
    /** One run: assigns the visits of today and tomorrow that have no technician, then sends what is due. */
    async run(): Promise<DispatchReport> {
      const now = deps.now()
      const today = manilaDate(now)
      const days = [today, addDays(today, 1)]
      const sent: Record<Channel, number> = { inbox: 0, email: 0, sms: 0 }
      let assigned = 0
      const unassigned = await db
        .select()
        .from(visits)
        .where(and(eq(visits.state, 'booked'), inArray(visits.date, days), isNull(visits.technicianName)))
      for (const visit of unassigned) {
        const assignment = assignmentFor(visit.id, visit.slotId)
        const won = await db.transaction(async (tx) => {
          const [row] = await tx
            .update(visits)
            .set({ ...assignment, assignedAt: now })
            .where(and(eq(visits.id, visit.id), isNull(visits.technicianName), eq(visits.state, 'booked')))
            .returning({ id: visits.id })
          if (!row) return false
          await tx.insert(reportSteps).values({
            reportId: visit.reportId,
            kind: 'technician_assigned',
            at: now,
            detail: `${assignment.technicianName}, ${arrivalWindow(assignment.arrivalFrom, assignment.arrivalTo)}`,
          })
          return true
        })
        if (won) assigned++
      }
      const due = await db
        .select()
        .from(visits)
        .where(and(eq(visits.state, 'booked'), inArray(visits.date, days), isNotNull(visits.technicianName)))
      for (const visit of due) {
        const assignedVisit = {
          id: visit.id,
          reportId: visit.reportId,
          technicianName: visit.technicianName!,
          arrivalFrom: visit.arrivalFrom!,
          arrivalTo: visit.arrivalTo!,
        }
        await tell(assignedVisit, 'assigned', now, sent)
        if (visit.date === today) await tell(assignedVisit, 'day_of', now, sent)
      }
      if (sent.email > 0 || sent.sms > 0) delivery.kick()
      return { assigned, sent }
    },
  }
}

export type VisitDispatch = ReturnType<typeof createVisitDispatch>
