/**
 * The appointment engine's crew slots, for other services (issue 37, item 6): the same rows
 * installation appointments book (slots.ts, `applications.appointment_slots`), so a repair
 * visit and an installation draw on one count of crews per window. Each function takes the
 * caller's transaction, so a booking commits with the change that needs it.
 */
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm'
import { slotLabel } from '../../lib/application.ts'
import { manilaDate } from '../../lib/manila-time.ts'
import type { Executor } from '../db/client.ts'
import { openDates, slotSeedsFor, type SlotWindow } from './slots.ts'
import { appointmentSlots } from './tables.ts'

export type CrewSlot = {
  slotId: string
  date: string
  window: SlotWindow
  /** e.g. 'Tuesday, November 24, 2026, 8:00 AM – 12:00 NN' */
  label: string
  capacity: number
  booked: number
  available: number
}

type SlotRow = typeof appointmentSlots.$inferSelect

export function crewSlotView(row: SlotRow): CrewSlot {
  return {
    slotId: row.slotId,
    date: row.date,
    window: row.window,
    label: slotLabel(row.date, row.window),
    capacity: row.capacity,
    booked: row.booked,
    available: Math.max(0, row.capacity - row.booked),
  }
}

/** A slot id's day and window ('2026-11-30-AM'), for one no longer open. */
export function crewSlotOf(slotId: string): { date: string; window: SlotWindow; label: string } {
  const date = slotId.slice(0, 10)
  const window = slotId.slice(11) as SlotWindow
  return { date, window, label: slotLabel(date, window) }
}

/** The slots open for booking at `now` (tomorrow to 14 days ahead, weekdays), each made on first ask. */
export async function openCrewSlots(db: Executor, now: Date): Promise<SlotRow[]> {
  const today = manilaDate(now)
  const seeds = slotSeedsFor(today)
  if (seeds.length) await db.insert(appointmentSlots).values(seeds).onConflictDoNothing()
  return db
    .select()
    .from(appointmentSlots)
    .where(inArray(appointmentSlots.date, openDates(today)))
    .orderBy(asc(appointmentSlots.date), asc(appointmentSlots.window))
}

/**
 * Takes one crew of an open slot: 'booked', or why not ('not_open': not among the open days;
 * 'full': no crew left). A conditional update, so two bookings never take the last crew twice.
 */
export async function bookCrewSlot(db: Executor, slotId: string, now: Date): Promise<'booked' | 'not_open' | 'full'> {
  const open = await openCrewSlots(db, now)
  if (!open.some((row) => row.slotId === slotId)) return 'not_open'
  const [taken] = await db
    .update(appointmentSlots)
    .set({ booked: sql`${appointmentSlots.booked} + 1` })
    .where(and(eq(appointmentSlots.slotId, slotId), lt(appointmentSlots.booked, appointmentSlots.capacity)))
    .returning({ slotId: appointmentSlots.slotId })
  return taken ? 'booked' : 'full'
}

/** Gives a crew back (a visit moved or cancelled). */
export async function releaseCrewSlot(db: Executor, slotId: string): Promise<void> {
  await db
    .update(appointmentSlots)
    .set({ booked: sql`${appointmentSlots.booked} - 1` })
    .where(and(eq(appointmentSlots.slotId, slotId), gt(appointmentSlots.booked, 0)))
}
