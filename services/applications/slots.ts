/**
 * Installation slots (spec 1 and 7: appointment slots, GET and POST slots v2). The
 * reference upstream makes them itself: every weekday of the next 14 days (Manila's
 * calendar, starting tomorrow), a morning and an afternoon window, each with the number
 * of installation crews free that window (its capacity) and how many are already booked.
 * A slot's row is made the first time anyone asks for its day, with a believable
 * capacity and demand drawn from its id (demo data: the same id always gives the same
 * numbers, so tests and screenshots are stable); from then on Postgres counts the
 * bookings.
 */
import crypto from 'node:crypto'
import { type SLOT_WINDOWS } from '../../lib/application.ts'
import { addDays } from '../../lib/manila-time.ts'

export const SLOT_DAYS_AHEAD = 14

export type SlotWindow = keyof typeof SLOT_WINDOWS

export type SlotSeed = { slotId: string; date: string; window: SlotWindow; capacity: number; booked: number }

function isWeekday(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay()
  return day !== 0 && day !== 6
}

/** The slot ids open for booking on `today` (Manila's date): tomorrow to 14 days ahead, weekdays. */
export function openDates(today: string): string[] {
  const dates: string[] = []
  for (let i = 1; i <= SLOT_DAYS_AHEAD; i++) {
    const date = addDays(today, i)
    if (isWeekday(date)) dates.push(date)
  }
  return dates
}

function unit(seed: string): number {
  return crypto.createHash('sha256').update(seed).digest().readUInt32BE(0) / 0x1_0000_0000
}

/**
 * A slot's first numbers: 3 to 6 crews; the nearer the day, the more of them booked
 * (the first days are often full, two weeks out mostly free).
 */
export function slotSeed(date: string, window: SlotWindow, daysAhead: number): SlotSeed {
  const slotId = `${date}-${window}`
  const capacity = 3 + Math.floor(unit(`${slotId}:capacity`) * 4)
  const demand = Math.max(0, 1.15 - daysAhead / SLOT_DAYS_AHEAD) * unit(`${slotId}:demand`) * 1.3
  const booked = Math.min(capacity, Math.floor(capacity * demand))
  return { slotId, date, window, capacity, booked }
}

export function slotSeedsFor(today: string): SlotSeed[] {
  return openDates(today).flatMap((date) => {
    const daysAhead = Math.round((Date.parse(date) - Date.parse(today)) / 86_400_000)
    return (['AM', 'PM'] as const).map((window) => slotSeed(date, window, daysAhead))
  })
}
