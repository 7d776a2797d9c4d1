/**
 * Manila time: the one place the portal and the reference upstream read the clock as the
 * Philippines does (docs/conventions.md, One of each). Philippine time is UTC+8 all year, with
 * no daylight saving, so an instant's Manila date and wall clock are plain arithmetic, the same
 * on every machine whatever its own time zone. Calendar dates are 'YYYY-MM-DD' strings.
 * Showing a date or a time to a person is lib/dates.ts's job, in this time zone.
 */

/** The IANA name, for Intl. */
export const MANILA_TIME_ZONE = 'Asia/Manila'
/** UTC+8, always. */
export const MANILA_OFFSET_MS = 8 * 3_600_000

const DAY_MS = 86_400_000

/** The instant moved by Manila's offset: its UTC fields (getUTCDate, getUTCHours…) read Manila's wall clock. */
export function manilaWallClock(at: Date): Date {
  return new Date(at.getTime() + MANILA_OFFSET_MS)
}

/** The Manila calendar date of an instant, 'YYYY-MM-DD' (today's, given the clock's now). */
export function manilaDate(at: Date): string {
  return manilaWallClock(at).toISOString().slice(0, 10)
}

/** The instant a Manila calendar date begins (its midnight, 16:00 UTC the day before). */
export function manilaMidnight(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - MANILA_OFFSET_MS)
}

/** The instant the Manila calendar month of `at` begins. */
export function manilaMonthStart(at: Date): Date {
  const clock = manilaWallClock(at)
  return new Date(Date.UTC(clock.getUTCFullYear(), clock.getUTCMonth(), 1) - MANILA_OFFSET_MS)
}

/** A calendar date plus whole days (back with a negative number), 'YYYY-MM-DD'. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/** An instant as a datetime-local input shows it in Manila: 'YYYY-MM-DDTHH:mm'. */
export function manilaInputValue(at: Date): string {
  return manilaWallClock(at).toISOString().slice(0, 16)
}

/** What a datetime-local input typed in Manila means ('YYYY-MM-DDTHH:mm', seconds optional), or null. */
export function fromManilaInput(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null
  const ms = Date.parse(`${value.length === 16 ? `${value}:00` : value}Z`)
  return Number.isNaN(ms) ? null : new Date(ms - MANILA_OFFSET_MS)
}
