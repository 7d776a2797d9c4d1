/**
 * "No internet" with proof (issue 37, item 6) through the real gateway, on the seeded demo
 * data (JOY NAVARRO's modem on 1000000000012 went silent with no outage in her area): offered
 * only while the modem is silent and no incident covers the area; the ticket carries the last
 * report, the recent signal and the steps tried; a visit is booked, moved and cancelled on the
 * appointment engine's crew slots; the technician's notices go once per visit, kind and
 * channel with two copies running; nobody else reads a report.
 */
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, manilaDate } from '../../lib/manila-time.ts'
import { appointmentSlots } from '../applications/tables.ts'
import { consentEvents } from '../consent/tables.ts'
import { openIncident } from '../incidents/service.ts'
import { inbox, outbox } from '../notifications/tables.ts'
import { silentLogger, signAccessToken, signedCall, startTestGateway, type TestGateway } from '../testing.ts'
import { createVisitDispatch } from './dispatch.ts'
import { visitNotices, visits } from './tables.ts'

let nowMs = Date.now()
const now = () => new Date(nowMs)

const JOY = { sub: '00000000-de30-4000-8000-000000000012', accountNumber: ['1000000000012'] }
const ARNEL = { sub: '00000000-de30-4000-8000-000000000013', accountNumber: ['1000000000013'] }
const CARLOS = { sub: '00000000-de30-4000-8000-000000000002', accountNumber: ['1000000000001', '1000000000002'] }
const JOYS = '1000000000012'
const ARNELS = '1000000000013'

type As = (method: string, path: string, body?: unknown) => ReturnType<typeof signedCall>
let t: TestGateway
let asJoy: As
let asArnel: As
let asCarlos: As

beforeAll(async () => {
  t = await startTestGateway({
    seed: true,
    now,
    signatureClock: () => new Date(),
    env: { DEVICES_RESTART_SECONDS: '60' },
  })
  const caller = async (claims: { sub: string; accountNumber: string[] }): Promise<As> => {
    const token = await signAccessToken(t, { ...claims, realm_access: { roles: ['base', 'customer'] } })
    return (method, path, body) => signedCall(t, method, path, { body, headers: { authorization: `Bearer ${token}` } })
  }
  asJoy = await caller(JOY)
  asArnel = await caller(ARNEL)
  asCarlos = await caller(CARLOS)
})
afterAll(() => t?.close())

const dashboard = async (as: As, accountNumber: string) =>
  (await as('POST', '/v1/dashboard', { accountNumber })).body.data

describe('the offer', () => {
  it('is made on the dashboard only while the modem is silent and no incident covers the area', async () => {
    const joy = await dashboard(asJoy, JOYS)
    expect(joy.modem.value.online).toBe(false)
    expect(joy.outage.value).toBeNull()
    expect(joy.noInternet).toEqual({ ok: true, value: { offered: true, report: null } })
    // Online modem: nothing to report.
    expect((await dashboard(asCarlos, '1000000000002')).noInternet.value.offered).toBe(false)
    // Silent, but the seeded outage covers the area: the outage card says it all.
    const inOutage = await dashboard(asCarlos, '1000000000001')
    expect(inOutage.modem.value.online).toBe(false)
    expect(inOutage.noInternet.value.offered).toBe(false)
    const started = await asCarlos('POST', '/v1/repairs/no-internet/start', { accountNumber: '1000000000001' })
    expect(started.status).toBe(409)
  })

  it('is withdrawn when an incident begins in the area', async () => {
    expect((await asArnel('POST', '/v1/repairs/no-internet', { accountNumber: ARNELS })).body.data.offered).toBe(true)
    await openIncident(
      t.database.db,
      {
        kind: 'outage',
        cause: 'Power interruption at the Session Road cabinet.',
        startedAt: new Date(nowMs - 60_000),
        areas: { barangays: ['30300106'], municipalities: [] },
      },
      'user:test-operator',
      now(),
    )
    expect((await asArnel('POST', '/v1/repairs/no-internet', { accountNumber: ARNELS })).body.data.offered).toBe(false)
    expect((await dashboard(asArnel, ARNELS)).noInternet.value.offered).toBe(false)
    expect((await asArnel('POST', '/v1/repairs/no-internet/start', { accountNumber: ARNELS })).status).toBe(409)
  })
})

let reportId = ''
let ticket = ''

describe('the report', () => {
  it('offers the restart first, records each step, and opens a ticket with the proof', async () => {
    const started = await asJoy('POST', '/v1/repairs/no-internet/start', { accountNumber: JOYS })
    expect(started.status).toBe(200)
    const report = started.body.data
    reportId = report.reportId
    expect(report.lastSeenAt).not.toBeNull()
    expect(report.recentSignal.length).toBeGreaterThan(0)
    expect(report.steps.map((step: { kind: string }) => step.kind)).toEqual(['reported'])
    // A second start answers the same report.
    expect((await asJoy('POST', '/v1/repairs/no-internet/start', { accountNumber: JOYS })).body.data.reportId).toBe(
      reportId,
    )
    // The dashboard now points at the report instead of offering another.
    expect((await dashboard(asJoy, JOYS)).noInternet.value).toEqual({
      offered: false,
      report: { reportId, ticketReference: null },
    })

    // "Still down" before a restart is asked for: restart first.
    const early = await asJoy('POST', '/v1/repairs/no-internet/answer', { accountNumber: JOYS, reportId, answer: 'no' })
    expect(early.status).toBe(422)
    expect(early.body.error.fields.answer).toBeDefined()

    const restarted = await asJoy('POST', '/v1/repairs/no-internet/restart', { accountNumber: JOYS, reportId })
    expect(restarted.status).toBe(200)
    expect(restarted.body.data.restartRequested).toBe(true)
    nowMs += 2 * 60_000
    const answered = await asJoy('POST', '/v1/repairs/no-internet/answer', {
      accountNumber: JOYS,
      reportId,
      answer: 'no',
    })
    expect(answered.status).toBe(200)
    ticket = answered.body.data.ticketReference
    expect(ticket).toMatch(/^CN-/)
    expect(answered.body.data.steps.map((step: { kind: string }) => step.kind)).toEqual([
      'reported',
      'restart_requested',
      'restart_did_not_help',
      'ticket_opened',
    ])
    // Answered once: a second answer is refused.
    expect(
      (await asJoy('POST', '/v1/repairs/no-internet/answer', { accountNumber: JOYS, reportId, answer: 'no' })).status,
    ).toBe(409)

    const filed = await asJoy('GET', `/v1/support/tickets/${ticket}`)
    expect(filed.status).toBe(200)
    expect(filed.body.data.concernType.code).toBe('technical')
    expect(filed.body.data.subType.code).toBe('technical-no-internet')
    const description: string = filed.body.data.description
    expect(description).toContain('Modem: 00259E-HG8145V5-48575443A1B2C312')
    expect(description).toMatch(/Last report from the modem: \w+ \d{2}, \d{4}/)
    expect(description).toMatch(/-\d+\.\d dBm/)
    expect(description).toContain('Modem restart requested')
    expect(description).toContain('The restart did not help')
  })

  it('shows a report to the user who made it only', async () => {
    // Another customer naming JOY's account: refused; naming their own with JOY's report: none.
    expect((await asArnel('POST', '/v1/repairs/no-internet/report', { accountNumber: JOYS, reportId })).status).toBe(
      403,
    )
    expect((await asArnel('POST', '/v1/repairs/no-internet/report', { accountNumber: ARNELS, reportId })).status).toBe(
      404,
    )
    expect((await asArnel('GET', `/v1/repairs/by-ticket/${ticket}`)).body.data).toBeNull()
    expect((await asArnel('POST', '/v1/repairs/visits/cancel', { accountNumber: ARNELS, reportId })).status).toBe(404)
    expect((await asJoy('GET', `/v1/repairs/by-ticket/${ticket}`)).body.data.reportId).toBe(reportId)
  })
})

const slotCount = async (slotId: string) =>
  (await t.database.db.select().from(appointmentSlots).where(eq(appointmentSlots.slotId, slotId)))[0]!.booked

describe('the repair visit', () => {
  it('books, moves and cancels on the crew slots installations use', async () => {
    const report = (await asJoy('POST', '/v1/repairs/no-internet/report', { accountNumber: JOYS, reportId })).body.data
    const open = report.slots.filter((slot: { available: number }) => slot.available > 0)
    const [first, second] = [open[open.length - 1], open[open.length - 2]]
    const before = [await slotCount(first.slotId), await slotCount(second.slotId)]

    const booked = await asJoy('POST', '/v1/repairs/visits', { accountNumber: JOYS, reportId, slotId: first.slotId })
    expect(booked.status).toBe(200)
    expect(booked.body.data.visit).toMatchObject({ slotId: first.slotId, state: 'booked', technicianName: null })
    expect(await slotCount(first.slotId)).toBe(before[0]! + 1)

    const same = await asJoy('POST', '/v1/repairs/visits', { accountNumber: JOYS, reportId, slotId: first.slotId })
    expect(same.status).toBe(422)
    expect(same.body.error.fields.slotId).toBeDefined()

    const moved = await asJoy('POST', '/v1/repairs/visits', { accountNumber: JOYS, reportId, slotId: second.slotId })
    expect(moved.body.data.visit.slotId).toBe(second.slotId)
    expect(await slotCount(first.slotId)).toBe(before[0])
    expect(await slotCount(second.slotId)).toBe(before[1]! + 1)

    const cancelled = await asJoy('POST', '/v1/repairs/visits/cancel', { accountNumber: JOYS, reportId })
    expect(cancelled.body.data.visit).toBeNull()
    expect(await slotCount(second.slotId)).toBe(before[1])
    expect(cancelled.body.data.steps.map((step: { kind: string }) => step.kind).slice(-3)).toEqual([
      'visit_booked',
      'visit_moved',
      'visit_cancelled',
    ])
    expect((await asJoy('POST', '/v1/repairs/visits/cancel', { accountNumber: JOYS, reportId })).status).toBe(409)
  })

  it('refuses a full slot and one not open, beside the field', async () => {
    const report = (await asJoy('POST', '/v1/repairs/no-internet/report', { accountNumber: JOYS, reportId })).body.data
    const slotId = report.slots[0].slotId
    await t.database.db
      .update(appointmentSlots)
      .set({ booked: report.slots[0].capacity })
      .where(eq(appointmentSlots.slotId, slotId))
    const full = await asJoy('POST', '/v1/repairs/visits', { accountNumber: JOYS, reportId, slotId })
    expect(full.status).toBe(422)
    expect(full.body.error.fields.slotId).toEqual(['That time is already full. Please choose another one.'])
    const past = await asJoy('POST', '/v1/repairs/visits', { accountNumber: JOYS, reportId, slotId: '2020-01-06-AM' })
    expect(past.body.error.fields.slotId).toEqual(['That time is not available. Please choose another one.'])
  })

  it('assigns a technician the day before and tells the subscriber once per kind and channel, across copies', async () => {
    await t.database.db.insert(consentEvents).values(
      (['email_notifications', 'sms_notifications'] as const).map((consent) => ({
        userId: JOY.sub,
        consent,
        state: 'given' as const,
        at: now(),
        channel: 'test',
        requestId: null,
      })),
    )
    const report = (await asJoy('POST', '/v1/repairs/no-internet/report', { accountNumber: JOYS, reportId })).body.data
    const slot = report.slots.filter((s: { available: number }) => s.available > 0).at(-1)
    const booked = await asJoy('POST', '/v1/repairs/visits', { accountNumber: JOYS, reportId, slotId: slot.slotId })
    const visitId = booked.body.data.visit.visitId

    const copy = () =>
      createVisitDispatch({
        db: t.database.db,
        logger: silentLogger,
        productName: 'Hibla',
        settings: { publicUrl: 'https://portal.example.ph' } as never,
        now,
      } as never)
    // Two days before: nothing yet.
    nowMs = Date.parse(`${addDays(slot.date, -2)}T01:00:00Z`)
    expect((await copy().run()).assigned).toBe(0)
    // The day before, two copies at once.
    nowMs = Date.parse(`${addDays(slot.date, -1)}T01:00:00Z`)
    const runs = await Promise.all([copy().run(), copy().run()])
    expect(runs[0].assigned + runs[1].assigned).toBe(1)
    const [visit] = await t.database.db.select().from(visits).where(eq(visits.id, visitId))
    expect(visit!.technicianName).not.toBeNull()
    expect(manilaDate(visit!.arrivalFrom!)).toBe(slot.date)
    const notices = async (kind: 'assigned' | 'day_of') =>
      (
        await t.database.db
          .select({ channel: visitNotices.channel })
          .from(visitNotices)
          .where(and(eq(visitNotices.visitId, visitId), eq(visitNotices.kind, kind)))
      )
        .map((row) => row.channel)
        .sort()
    expect(await notices('assigned')).toEqual(['email', 'inbox', 'sms'])
    expect(await notices('day_of')).toEqual([])
    // The ticket's page shows the technician and the window.
    const shown = (await asJoy('GET', `/v1/repairs/by-ticket/${ticket}`)).body.data
    expect(shown.visit.technicianName).toBe(visit!.technicianName)
    expect(shown.visit.arrivalFrom).toBe(visit!.arrivalFrom!.toISOString())
    expect(shown.steps.at(-1).kind).toBe('technician_assigned')

    // On the day (07:00 in Manila), again two copies: the day's notice once on each channel.
    nowMs = Date.parse(`${addDays(slot.date, -1)}T23:00:00Z`)
    await Promise.all([copy().run(), copy().run()])
    await copy().run()
    expect(await notices('assigned')).toEqual(['email', 'inbox', 'sms'])
    expect(await notices('day_of')).toEqual(['email', 'inbox', 'sms'])
    const inJoysInbox = await t.database.db
      .select({ title: inbox.title, link: inbox.link })
      .from(inbox)
      .where(and(eq(inbox.userId, JOY.sub), eq(inbox.kind, 'repair_visit')))
    expect(inJoysInbox.map((row) => row.title).sort()).toEqual([
      'A technician is assigned to your repair visit',
      'Your repair visit is today',
    ])
    expect(inJoysInbox[0]!.link).toBe(`/customer/help/tickets/${ticket}`)
    const sent = await t.database.db
      .select({ channel: outbox.channel, body: outbox.body })
      .from(outbox)
      .where(inArray(outbox.recipient, ['customer7@example.com', '9170000013']))
    expect(sent.map((row) => row.channel).sort()).toEqual(['email', 'email', 'sms', 'sms'])
    const sms = sent.find((row) => row.channel === 'sms')!.body
    expect(sms).toContain(visit!.technicianName!)
    // GSM-7 only (one SMS): the window's dash becomes a hyphen.
    expect(sms).toMatch(/\d{2}:\d{2} [AP]M - \d{2}:\d{2} [AP]M/)
    // A visit on its day can no longer be moved or cancelled here.
    expect((await asJoy('POST', '/v1/repairs/visits/cancel', { accountNumber: JOYS, reportId })).status).toBe(409)
  })
})
