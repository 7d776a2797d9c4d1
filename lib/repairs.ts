/**
 * "No internet" with proof (issue 37, item 6): what the repairs service and the portal share:
 * the steps a report records, the visit states, the request shapes and the messages the
 * service sends back, so a refusal reads the same on the page as in the service.
 */
import { z } from 'zod'
import { SlotIdSchema } from './application.ts'
import { AccountNumberSchema } from './identity-schemas.ts'

/** A report's steps, in the order they usually come (the ticket's page lists them). */
export const REPAIR_STEP_KINDS = [
  'reported',
  'restart_requested',
  'restart_skipped',
  'restart_helped',
  'restart_did_not_help',
  'ticket_opened',
  'visit_booked',
  'visit_moved',
  'visit_cancelled',
  'technician_assigned',
] as const
export type RepairStepKind = (typeof REPAIR_STEP_KINDS)[number]

export const VISIT_STATES = ['booked', 'moved', 'cancelled'] as const
export type VisitState = (typeof VISIT_STATES)[number]

/** The notices a visit sends: when a technician is assigned, and on the visit's day. */
export const VISIT_NOTICE_KINDS = ['assigned', 'day_of'] as const
export type VisitNoticeKind = (typeof VISIT_NOTICE_KINDS)[number]

export const REPAIR_MESSAGES = {
  notOffered: 'Your modem is reporting, or an outage in your area covers it: there is nothing to report now.',
  noReport: 'No such report.',
  restartFirst: 'Please restart your modem first, or tell us you would rather not.',
  alreadyAnswered: 'You already told us how the restart went.',
  noTicketYet: 'A repair visit can be booked once the ticket is open.',
  chooseSlot: 'Please choose a day and time for the visit.',
  sameSlot: 'Your visit is already booked for that time. Please choose another one.',
  noVisit: 'There is no visit booked to change.',
  tooLate: 'This visit is today or past: it can no longer be moved or cancelled here. Please call us.',
  slotFull: 'That time is already full. Please choose another one.',
  slotNotOpen: 'That time is not available. Please choose another one.',
  chooseAnswer: 'Please tell us whether the restart helped.',
} as const

export const ReportIdSchema = z.uuid()

export const NoInternetStartSchema = z.strictObject({ accountNumber: AccountNumberSchema })
export const NoInternetReportSchema = z.strictObject({ accountNumber: AccountNumberSchema, reportId: ReportIdSchema })
export const NoInternetAnswerSchema = z.strictObject({
  accountNumber: AccountNumberSchema,
  reportId: ReportIdSchema,
  /** 'skip': no restart, straight to the ticket; 'yes': it helped; 'no': still down. */
  answer: z.enum(['yes', 'no', 'skip'], { error: REPAIR_MESSAGES.chooseAnswer }),
})
export const VisitBookingSchema = z.strictObject({
  accountNumber: AccountNumberSchema,
  reportId: ReportIdSchema,
  slotId: z
    .string({ error: REPAIR_MESSAGES.chooseSlot })
    .min(1, { error: REPAIR_MESSAGES.chooseSlot })
    .pipe(SlotIdSchema),
})
