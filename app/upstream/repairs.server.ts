/**
 * The "no internet" calls (issue 37, item 6; services/repairs/routes.ts), all as the signed-in
 * user: the open report or whether one is offered, starting one, the restart, the answer, and
 * the repair visit (book or move, cancel). Account numbers and report ids go in signed bodies.
 */
import { z } from 'zod'
import { REPAIR_STEP_KINDS, VISIT_STATES } from '../../lib/repairs'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'

export const CrewSlotSchema = z.object({
  slotId: z.string(),
  date: z.string(),
  window: z.enum(['AM', 'PM']),
  label: z.string(),
  capacity: z.number().int(),
  booked: z.number().int(),
  available: z.number().int(),
})
export type CrewSlot = z.infer<typeof CrewSlotSchema>

export const RepairVisitSchema = z.object({
  visitId: z.string(),
  slotId: z.string(),
  date: z.string(),
  label: z.string(),
  state: z.enum(VISIT_STATES),
  technicianName: z.string().nullable(),
  arrivalFrom: z.iso.datetime().nullable(),
  arrivalTo: z.iso.datetime().nullable(),
})

export const RepairReportSchema = z.object({
  reportId: z.string(),
  accountNumber: z.string(),
  deviceId: z.string(),
  open: z.boolean(),
  lastSeenAt: z.iso.datetime().nullable(),
  recentSignal: z.array(z.object({ at: z.iso.datetime(), signalDbm: z.number() })).max(100),
  ticketReference: z.string().nullable(),
  restartRequested: z.boolean(),
  createdAt: z.iso.datetime(),
  steps: z
    .array(z.object({ kind: z.enum(REPAIR_STEP_KINDS), at: z.iso.datetime(), detail: z.string().nullable() }))
    .max(500),
  visit: RepairVisitSchema.nullable(),
  slots: z.array(CrewSlotSchema).max(100),
})
export type RepairReport = z.infer<typeof RepairReportSchema>

/** The dashboard's part: offer REPORT NO INTERNET, or point at the caller's open report. */
export const NoInternetOfferSchema = z.object({
  offered: z.boolean(),
  report: z.object({ reportId: z.string(), ticketReference: z.string().nullable() }).nullable(),
})

export function repairCalls(client: UpstreamClient) {
  const post = <T>(name: string, path: string, body: unknown, accessToken: string, schema: z.ZodType<T>) =>
    client.call({ name, method: 'POST', path, body, accessToken, schema: envelope(schema) })
  return {
    current: (accessToken: string, accountNumber: string) =>
      post(
        'repairs.current',
        '/v1/repairs/no-internet',
        { accountNumber },
        accessToken,
        z.object({ offered: z.boolean(), report: RepairReportSchema.nullable() }),
      ),
    /** 409 when not offered (the modem reports, or an incident covers the area). */
    start: (accessToken: string, accountNumber: string) =>
      post('repairs.start', '/v1/repairs/no-internet/start', { accountNumber }, accessToken, RepairReportSchema),
    restart: (accessToken: string, accountNumber: string, reportId: string) =>
      post(
        'repairs.restart',
        '/v1/repairs/no-internet/restart',
        { accountNumber, reportId },
        accessToken,
        RepairReportSchema,
      ),
    answer: (accessToken: string, accountNumber: string, reportId: string, answer: 'yes' | 'no' | 'skip') =>
      post(
        'repairs.answer',
        '/v1/repairs/no-internet/answer',
        { accountNumber, reportId, answer },
        accessToken,
        RepairReportSchema,
      ),
    /** Books the visit, or moves the booked one; a slot refused comes back on the `slotId` field. */
    bookVisit: (accessToken: string, accountNumber: string, reportId: string, slotId: string) =>
      post(
        'repairs.bookVisit',
        '/v1/repairs/visits',
        { accountNumber, reportId, slotId },
        accessToken,
        RepairReportSchema,
      ),
    cancelVisit: (accessToken: string, accountNumber: string, reportId: string) =>
      post(
        'repairs.cancelVisit',
        '/v1/repairs/visits/cancel',
        { accountNumber, reportId },
        accessToken,
        RepairReportSchema,
      ),
    /** The report a ticket of the caller's came from, or null (any other ticket). */
    byTicket: (accessToken: string, referenceNumber: string) =>
      client.call({
        name: 'repairs.byTicket',
        method: 'GET',
        path: `/v1/repairs/by-ticket/${encodeURIComponent(referenceNumber)}`,
        accessToken,
        schema: envelope(RepairReportSchema.nullable()),
      }),
  }
}
