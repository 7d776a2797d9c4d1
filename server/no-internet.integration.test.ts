/**
 * "No internet" with proof over HTTP (issue 37, item 6): the real portal and its services, both
 * sides in one process. JOY NAVARRO's demo modem is silent with no outage in her area: her
 * dashboard offers REPORT NO INTERNET (CARLOS's, whose modems report or sit in an outage, does
 * not); the report offers the restart first, asks whether it helped (refused beside the
 * question when unanswered), and opens a ticket whose page shows each step, the proof and the
 * visit: booked, moved and cancelled by plain forms, a missing choice refused beside the field,
 * the technician's window once assigned. Another customer gets the not-found page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '../lib/manila-time'
import { createVisitDispatch } from '../services/repairs/dispatch'
import { silentLogger } from '../services/testing'
import { signInByRequests, startTestPortal, type TestPortal } from '../tests/support/portal'

let t: TestPortal
let joy: Awaited<ReturnType<typeof signInByRequests>>
let carlos: Awaited<ReturnType<typeof signInByRequests>>
let liza: Awaited<ReturnType<typeof signInByRequests>>

beforeAll(async () => {
  t = await startTestPortal()
  joy = await signInByRequests(t.base, { email: 'customer7@example.com', password: 'Customer2024' })
  carlos = await signInByRequests(t.base, { email: 'customer@example.com', password: 'Customer2024' })
  liza = await signInByRequests(t.base, { email: 'customer2@example.com', password: 'Customer2024' })
}, 180_000)
afterAll(() => t?.close())

type Session = typeof joy

async function page(who: Session, path: string) {
  const response = await who.go(path)
  return { status: response.status, html: await response.text(), location: response.headers.get('location') }
}

async function post(who: Session, path: string, fields: Record<string, string>) {
  const response = await who.go(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })
  return { status: response.status, html: await response.text(), location: response.headers.get('location') }
}

const radios = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`<input type="radio"[^>]*name="${name}"[^>]*value="([^"]+)"`, 'g'))].map((m) => m[1]!)

let ticketPath = ''

describe('the report', () => {
  it('is offered on a silent modem’s dashboard only', async () => {
    const dashboard = await page(joy, '/customer')
    expect(dashboard.status).toBe(200)
    expect(dashboard.html).toContain('REPORT NO INTERNET')
    expect(dashboard.html).toContain('action="/customer/no-internet"')
    expect((await page(carlos, '/customer')).html).not.toContain('REPORT NO INTERNET')
    // Carlos's page says there is nothing to report, and starting one is refused with a toast.
    expect((await page(carlos, '/customer/no-internet')).html).toContain('There is nothing to report')
  })

  it('offers the restart first, asks whether it helped, and opens a ticket', async () => {
    const started = await post(joy, '/customer/no-internet', { intent: 'start' })
    expect(started.status).toBe(302)
    expect(started.location).toBe('/customer/no-internet')
    const first = await page(joy, '/customer/no-internet')
    expect(first.html).toContain('First, restart your modem')
    expect(first.html).toContain('RESTART MODEM')
    expect(first.html).toContain('You reported no internet')

    expect((await post(joy, '/customer/no-internet', { intent: 'restart' })).status).toBe(302)
    const asked = await page(joy, '/customer/no-internet')
    expect(asked.html).toContain('Did the restart help?')
    expect(asked.html).toContain('Modem restart requested')

    const unanswered = await post(joy, '/customer/no-internet', { intent: 'answer' })
    expect(unanswered.status).toBe(400)
    expect(unanswered.html).toContain('Please tell us whether the restart helped.')
    expect(unanswered.html).toMatch(/role="radiogroup" aria-invalid="true"/)

    const answered = await post(joy, '/customer/no-internet', { intent: 'answer', answer: 'no' })
    expect(answered.status).toBe(302)
    expect(answered.location).toMatch(/^\/customer\/help\/tickets\/CN-[A-Z2-9]{8}$/)
    ticketPath = answered.location!
    // The report page now leads to the ticket, and so does the dashboard.
    expect((await page(joy, '/customer/no-internet')).location).toBe(ticketPath)
    expect((await page(joy, '/customer')).html).toContain(`href="${ticketPath}"`)

    const ticket = await page(joy, ticketPath)
    expect(ticket.status).toBe(200)
    for (const text of [
      'No internet connection',
      'Last report from the modem',
      'dBm',
      'What happened so far',
      'The restart did not help',
      'Repair visit',
      'No visit booked yet.',
    ])
      expect(ticket.html, text).toContain(text)
  })
})

describe('the repair visit', () => {
  it('is booked, moved and cancelled by plain forms, a missing choice refused beside the field', async () => {
    const missing = await post(joy, ticketPath, { intent: 'book-visit' })
    expect(missing.status).toBe(400)
    expect(missing.html).toContain('Please choose a day and time for the visit.')
    expect(missing.html).toMatch(/role="radiogroup" aria-invalid="true"/)

    const [first, second] = radios(missing.html, 'slotId').slice(-2)
    const booked = await post(joy, ticketPath, { intent: 'book-visit', slotId: first! })
    expect(booked.status).toBe(302)
    const shown = await page(joy, ticketPath)
    expect(shown.html).toContain('Booked for')
    expect(shown.html).toContain('Repair visit booked:')
    expect(shown.html).toContain('MOVE VISIT')

    // Another customer: the not-found page, and no change.
    expect((await page(liza, ticketPath)).status).toBe(404)
    expect((await post(liza, ticketPath, { intent: 'cancel-visit' })).status).toBe(404)

    expect((await post(joy, ticketPath, { intent: 'book-visit', slotId: second! })).status).toBe(302)
    expect((await page(joy, ticketPath)).html).toContain('Repair visit moved:')
    expect((await post(joy, ticketPath, { intent: 'cancel-visit' })).status).toBe(302)
    const cancelled = await page(joy, ticketPath)
    expect(cancelled.html).toContain('Repair visit cancelled:')
    expect(cancelled.html).toContain('No visit booked yet.')

    // Booked again, and the technician assigned the day before: the window shows.
    expect((await post(joy, ticketPath, { intent: 'book-visit', slotId: first! })).status).toBe(302)
    const dayBefore = new Date(`${addDays(first!.slice(0, 10), -1)}T01:00:00Z`)
    await createVisitDispatch({
      db: t.database.db,
      logger: silentLogger,
      productName: 'Hibla',
      settings: { publicUrl: t.base } as never,
      now: () => dayBefore,
    } as never).run()
    const assigned = await page(joy, ticketPath)
    expect(assigned.html).toContain('Technician assigned:')
    expect(assigned.html).toContain('Arrival window')
  })
})
