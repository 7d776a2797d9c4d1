/**
 * "No internet" with proof (issue 37, item 6; docs/decisions/0077). When a subscriber's modem
 * has not reported within its inform interval (the devices driver's `online`: GenieACS's last
 * inform within the interval times the tolerance; the simulated modem's own downtime) and no
 * incident covers the area (incident.ts), the dashboard offers REPORT NO INTERNET:
 *   1. the report records the modem's last report and its last optical readings;
 *   2. a restart is offered first (the devices service's own restart) and the subscriber says
 *      whether it helped; each step is recorded;
 *   3. still down (or no restart wanted): a support ticket opens, carrying the proof and the
 *      steps tried (support's `fileConcernFor`, in this transaction);
 *   4. a repair visit is booked, moved or cancelled on the appointment engine's crew slots
 *      (applications' crew-slots.ts), the same crews installations book.
 * Everything is the caller's: an account the token does not list is refused (403), a report
 * another user made answers 404 (docs/security.md, Access control).
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import { formatDate } from '../../lib/dates.ts'
import { manilaDate } from '../../lib/manila-time.ts'
import { REPAIR_MESSAGES, type RepairStepKind, type VisitState } from '../../lib/repairs.ts'
import { bookCrewSlot, crewSlotOf, crewSlotView, openCrewSlots, releaseCrewSlot } from '../applications/crew-slots.ts'
import { requireOwnAccount, type Caller } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import type { Executor } from '../db/client.ts'
import type { DevicesService } from '../devices/service.ts'
import type { Part } from '../errors.ts'
import { ServiceError } from '../errors.ts'
import { fileConcernFor } from '../support/service.ts'
import { incidentCoversAccount } from './incident.ts'
import { reports, reportSteps, visits } from './tables.ts'
import { REPAIR_TEXT as TEXT } from './texts.ts'

/** How many of the modem's last readings the ticket carries, and from how far back. */
const SIGNAL_READINGS = 8
const SIGNAL_SPAN_MS = 24 * 3_600_000

/** The ticket's concern type (services/support/seed.ts): Technical > No internet connection. */
const TICKET_TYPE = { typeCode: 'technical', subTypeCode: 'technical-no-internet' } as const

type Modem = Awaited<ReturnType<DevicesService['modem']>>
type Report = typeof reports.$inferSelect
type Visit = typeof visits.$inferSelect

const noReport = () => new ServiceError(404, 'not_found', REPAIR_MESSAGES.noReport)
const refused = (message: string) => new ServiceError(409, 'conflict', message)
const onField = (field: string, message: string) =>
  new ServiceError(422, 'invalid_input', message, { [field]: [message] })

/** Silent: not reporting, and not because of a restart under way (a rebooting modem is quiet for minutes). */
export function isSilent(modem: Pick<Modem, 'online' | 'restart'>): boolean {
  return !modem.online && modem.restart?.state !== 'requested'
}

/** The readings the ticket carries: the last ones with a level, in the day before the modem went silent. */
export function recentSignal(modem: Pick<Modem, 'history' | 'lastSeenAt'>) {
  const until = modem.lastSeenAt ? Date.parse(modem.lastSeenAt) : Date.now()
  return modem.history
    .filter((sample): sample is { at: string; signalDbm: number } => sample.signalDbm !== null)
    .filter((sample) => Date.parse(sample.at) <= until && Date.parse(sample.at) > until - SIGNAL_SPAN_MS)
    .slice(-SIGNAL_READINGS)
}

export type VisitView = {
  visitId: string
  slotId: string
  date: string
  label: string
  state: VisitState
  technicianName: string | null
  arrivalFrom: string | null
  arrivalTo: string | null
}

export function createRepairsService(deps: ServiceDeps, devices: DevicesService) {
  const { db } = deps

  async function openReportOf(executor: Executor, accountNumber: string): Promise<Report | null> {
    const [row] = await executor
      .select()
      .from(reports)
      .where(and(eq(reports.accountNumber, accountNumber), eq(reports.open, true)))
      .limit(1)
    return row ?? null
  }

  /** The caller's report on one of their accounts; anyone else's answers as if there were none. */
  async function ownReport(caller: Caller, accountNumber: string, reportId: string): Promise<Report> {
    requireOwnAccount(caller, accountNumber)
    const [row] = await db.select().from(reports).where(eq(reports.id, reportId)).limit(1)
    if (!row || row.userId !== caller.sub || row.accountNumber !== accountNumber) throw noReport()
    return row
  }

  async function addStep(executor: Executor, reportId: string, kind: RepairStepKind, at: Date, detail?: string) {
    await executor.insert(reportSteps).values({ reportId, kind, at, detail: detail ?? null })
  }

  function visitView(row: Visit): VisitView {
    return {
      visitId: row.id,
      slotId: row.slotId,
      date: row.date,
      label: crewSlotOf(row.slotId).label,
      state: row.state,
      technicianName: row.technicianName,
      arrivalFrom: row.arrivalFrom?.toISOString() ?? null,
      arrivalTo: row.arrivalTo?.toISOString() ?? null,
    }
  }

  /** The report as its pages show it: the proof, every step, the visit and, while one may be booked, the slots. */
  async function view(report: Report) {
    const steps = await db
      .select()
      .from(reportSteps)
      .where(eq(reportSteps.reportId, report.id))
      .orderBy(asc(reportSteps.id))
    const [visit] = await db
      .select()
      .from(visits)
      .where(and(eq(visits.reportId, report.id), eq(visits.state, 'booked')))
      .limit(1)
    const bookable = report.open && report.ticketReference !== null
    const slots = bookable ? (await openCrewSlots(db, deps.now())).map(crewSlotView) : []
    const kinds = new Set(steps.map((step) => step.kind))
    return {
      reportId: report.id,
      accountNumber: report.accountNumber,
      deviceId: report.deviceId,
      open: report.open,
      lastSeenAt: report.lastSeenAt?.toISOString() ?? null,
      recentSignal: report.recentSignal,
      ticketReference: report.ticketReference,
      restartRequested: kinds.has('restart_requested'),
      createdAt: report.createdAt.toISOString(),
      steps: steps.map((step) => ({ kind: step.kind, at: step.at.toISOString(), detail: step.detail })),
      visit: visit ? visitView(visit) : null,
      slots,
    }
  }

  /** The ticket's text: the modem's last report, its recent signal and the steps tried. */
  async function ticketDescription(report: Report): Promise<string> {
    const steps = await db
      .select()
      .from(reportSteps)
      .where(eq(reportSteps.reportId, report.id))
      .orderBy(asc(reportSteps.id))
    const when = (at: Date | string) => formatDate(at, 'dateTime')
    return [
      TEXT.ticketHeading,
      TEXT.modem(report.deviceId),
      TEXT.lastReport(report.lastSeenAt ? when(report.lastSeenAt) : null),
      ...(report.recentSignal.length
        ? [
            TEXT.recentSignal,
            ...report.recentSignal.map((sample) => TEXT.signalLine(when(sample.at), sample.signalDbm)),
          ]
        : [TEXT.noSignal]),
      TEXT.stepsTried,
      ...steps.map((step) => TEXT.step(when(step.at), TEXT.stepWords[step.kind] ?? step.kind)),
    ].join('\n')
  }

  /** The modem's reading, when it is the account's (the devices service checks both). */
  async function modemOf(caller: Caller, accountNumber: string): Promise<Modem> {
    const { deviceId } = await devices.deviceId(caller, accountNumber)
    return devices.modem(caller, accountNumber, deviceId)
  }

  /** Offered: the modem is silent and no incident covers the area (and nobody's report is open). */
  async function offered(accountNumber: string, modem: Pick<Modem, 'online' | 'restart'>) {
    return isSilent(modem) && !(await incidentCoversAccount(db, accountNumber, deps.now()))
  }

  async function bookedVisit(executor: Executor, reportId: string): Promise<Visit | null> {
    const [row] = await executor
      .select()
      .from(visits)
      .where(and(eq(visits.reportId, reportId), eq(visits.state, 'booked')))
      .limit(1)
    return row ?? null
  }

  /** A visit on its day or past is the crew's now: no more changes here. */
  function requireChangeable(visit: Visit) {
    if (visit.date <= manilaDate(deps.now())) throw refused(REPAIR_MESSAGES.tooLate)
  }

  async function takeSlot(tx: Executor, slotId: string) {
    const booked = await bookCrewSlot(tx, slotId, deps.now())
    if (booked === 'not_open') throw onField('slotId', REPAIR_MESSAGES.slotNotOpen)
    if (booked === 'full') throw onField('slotId', REPAIR_MESSAGES.slotFull)
  }

  async function ticketReady(caller: Caller, accountNumber: string, reportId: string) {
    const report = await ownReport(caller, accountNumber, reportId)
    if (!report.open || !report.ticketReference) throw refused(REPAIR_MESSAGES.noTicketYet)
    return report
  }

  return {
    /**
     * The dashboard's part (services/dashboard): whether to offer REPORT NO INTERNET, from the
     * modem part the dashboard already read, and the caller's open report on the account, if any.
     */
    async dashboardOffer(caller: Caller, accountNumber: string, modem: Part<Pick<Modem, 'online' | 'restart'>>) {
      requireOwnAccount(caller, accountNumber)
      const open = await openReportOf(db, accountNumber)
      const report =
        open && open.userId === caller.sub ? { reportId: open.id, ticketReference: open.ticketReference } : null
      return { offered: !open && modem.ok && (await offered(accountNumber, modem.value)), report }
    },

    /** The caller's open report on the account (with its steps), or null; and whether one may be made now. */
    async current(caller: Caller, accountNumber: string) {
      requireOwnAccount(caller, accountNumber)
      const open = await openReportOf(db, accountNumber)
      if (open && open.userId === caller.sub) return { offered: false, report: await view(open) }
      if (open) return { offered: false, report: null }
      return { offered: await offered(accountNumber, await modemOf(caller, accountNumber)), report: null }
    },

    /** Starts a report (or answers the caller's open one): refused while the modem reports or an incident covers it. */
    async start(caller: Caller, accountNumber: string) {
      requireOwnAccount(caller, accountNumber)
      const existing = await openReportOf(db, accountNumber)
      if (existing) {
        if (existing.userId !== caller.sub) throw refused(REPAIR_MESSAGES.notOffered)
        return view(existing)
      }
      const modem = await modemOf(caller, accountNumber)
      if (!(await offered(accountNumber, modem))) throw refused(REPAIR_MESSAGES.notOffered)
      const now = deps.now()
      const report = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(reports)
          .values({
            accountNumber,
            userId: caller.sub,
            deviceId: modem.deviceId,
            lastSeenAt: modem.lastSeenAt ? new Date(modem.lastSeenAt) : null,
            recentSignal: recentSignal(modem),
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning()
        if (row) await addStep(tx, row.id, 'reported', now)
        return row ?? null
      })
      // Another request made it meanwhile: answer that one (or refuse another user's).
      if (!report) {
        const raced = await openReportOf(db, accountNumber)
        if (!raced || raced.userId !== caller.sub) throw refused(REPAIR_MESSAGES.notOffered)
        return view(raced)
      }
      return view(report)
    },

    /** Reads one of the caller's reports. */
    async report(caller: Caller, accountNumber: string, reportId: string) {
      return view(await ownReport(caller, accountNumber, reportId))
    },

    /** The report a ticket came from, for the ticket's page; null when the ticket is not a report's. */
    async byTicket(caller: Caller, ticketReference: string) {
      const [row] = await db
        .select()
        .from(reports)
        .where(
          and(
            eq(reports.ticketReference, ticketReference),
            eq(reports.userId, caller.sub),
            caller.accountNumbers.length ? inArray(reports.accountNumber, caller.accountNumbers) : undefined,
          ),
        )
        .orderBy(desc(reports.createdAt))
        .limit(1)
      if (!row || !caller.accountNumbers.includes(row.accountNumber)) return null
      return view(row)
    },

    /** Step 2: restarts the modem through the devices service (its limits apply) and records it. */
    async restart(caller: Caller, accountNumber: string, reportId: string) {
      const report = await ownReport(caller, accountNumber, reportId)
      if (!report.open || report.ticketReference) throw refused(REPAIR_MESSAGES.alreadyAnswered)
      await devices.restart(caller, accountNumber, report.deviceId)
      const steps = await db
        .select({ kind: reportSteps.kind })
        .from(reportSteps)
        .where(and(eq(reportSteps.reportId, report.id), eq(reportSteps.kind, 'restart_requested')))
      if (steps.length === 0) await addStep(db, report.id, 'restart_requested', deps.now())
      return view(report)
    },

    /**
     * Step 2's answer: 'yes' (the restart helped: the report closes), 'no' (still down) or
     * 'skip' (no restart wanted): either of the last two opens the ticket, once.
     */
    async answer(caller: Caller, accountNumber: string, reportId: string, answer: 'yes' | 'no' | 'skip') {
      const report = await ownReport(caller, accountNumber, reportId)
      if (!report.open || report.ticketReference) throw refused(REPAIR_MESSAGES.alreadyAnswered)
      const [restarted] = await db
        .select({ id: reportSteps.id })
        .from(reportSteps)
        .where(and(eq(reportSteps.reportId, report.id), eq(reportSteps.kind, 'restart_requested')))
        .limit(1)
      if (answer !== 'skip' && !restarted) throw onField('answer', REPAIR_MESSAGES.restartFirst)
      const now = deps.now()
      if (answer === 'yes') {
        await db.transaction(async (tx) => {
          await tx.update(reports).set({ open: false }).where(eq(reports.id, report.id))
          await addStep(tx, report.id, 'restart_helped', now)
        })
        return view({ ...report, open: false })
      }
      await addStep(db, report.id, answer === 'no' ? 'restart_did_not_help' : 'restart_skipped', now)
      const description = await ticketDescription(report)
      const ticketReference = await db.transaction(async (tx) => {
        const { referenceNumber } = await fileConcernFor(
          tx,
          {
            userId: report.userId,
            accountNumber: report.accountNumber,
            ...TICKET_TYPE,
            description,
            submissionKey: `no-internet:${report.id}`,
          },
          now,
        )
        const [claimed] = await tx
          .update(reports)
          .set({ ticketReference: referenceNumber })
          .where(and(eq(reports.id, report.id), eq(reports.open, true)))
          .returning({ id: reports.id })
        if (claimed) await addStep(tx, report.id, 'ticket_opened', now, referenceNumber)
        return referenceNumber
      })
      return view({ ...report, ticketReference })
    },

    /** Step 4: books a crew slot for the visit, or moves the booked visit to it. */
    async bookVisit(caller: Caller, accountNumber: string, reportId: string, slotId: string) {
      const report = await ticketReady(caller, accountNumber, reportId)
      const now = deps.now()
      await db.transaction(async (tx) => {
        const current = await bookedVisit(tx, report.id)
        if (current) {
          if (current.slotId === slotId) throw onField('slotId', REPAIR_MESSAGES.sameSlot)
          requireChangeable(current)
        }
        await takeSlot(tx, slotId)
        if (current) {
          await releaseCrewSlot(tx, current.slotId)
          await tx.update(visits).set({ state: 'moved' }).where(eq(visits.id, current.id))
        }
        await tx
          .insert(visits)
          .values({ reportId: report.id, slotId, date: crewSlotOf(slotId).date, state: 'booked', bookedAt: now })
        const label = crewSlotOf(slotId).label
        await addStep(
          tx,
          report.id,
          current ? 'visit_moved' : 'visit_booked',
          now,
          current ? `${crewSlotOf(current.slotId).label} → ${label}` : label,
        )
      })
      return view(report)
    },

    /** Cancels the booked visit and gives its crew back. */
    async cancelVisit(caller: Caller, accountNumber: string, reportId: string) {
      const report = await ticketReady(caller, accountNumber, reportId)
      await db.transaction(async (tx) => {
        const current = await bookedVisit(tx, report.id)
        if (!current) throw refused(REPAIR_MESSAGES.noVisit)
        requireChangeable(current)
        await releaseCrewSlot(tx, current.slotId)
        await tx.update(visits).set({ state: 'cancelled' }).where(eq(visits.id, current.id))
        await addStep(tx, report.id, 'visit_cancelled', deps.now(), crewSlotOf(current.slotId).label)
      })
      return view(report)
    },
  }
}

export type RepairsService = ReturnType<typeof createRepairsService>
export type ReportView = Awaited<ReturnType<RepairsService['report']>>
