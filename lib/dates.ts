/**
 * Dates and times as people read them: the one date formatter of the portal, its emails and
 * its PDFs (docs/conventions.md, One of each). English as the Philippines writes it (en-PH),
 * in Manila time whatever the machine's zone (lib/manila-time.ts), in spec 9's pattern
 * 'MMMM dd, yyyy • hh:mm aa' and its halves:
 *
 *   date         'November 03, 2026'
 *   weekdayDate  'Tuesday, November 03, 2026'      (installation slots)
 *   dateTime     'November 03, 2026 • 09:05 PM'
 *   time         '09:05 PM'
 *   month        'November 2026'                  (statements)
 *   shortMonth   'Nov'                            (the bill chart's axis)
 *
 * Intl gives the words and numbers; the pattern around them is ours, so the server and the
 * browser write the same text whatever their ICU build (no hydration mismatch).
 */
import { MANILA_TIME_ZONE, manilaMidnight } from './manila-time.ts'

export type DateStyle = 'date' | 'weekdayDate' | 'dateTime' | 'time' | 'month' | 'shortMonth'

/** An instant (a Date or ISO text), a Manila calendar date 'YYYY-MM-DD', or a month 'YYYY-MM'. */
export type DateValue = Date | string

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/
const CALENDAR_MONTH = /^\d{4}-\d{2}$/
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T/

type Parts = Record<'weekday' | 'month' | 'day' | 'year' | 'hour' | 'minute' | 'dayPeriod', string>

let parts: Intl.DateTimeFormat | undefined

function partsOf(at: Date): Parts {
  parts ??= new Intl.DateTimeFormat('en-PH', {
    timeZone: MANILA_TIME_ZONE,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h12',
  })
  return Object.fromEntries(parts.formatToParts(at).map(({ type, value }) => [type, value])) as Parts
}

function instantOf(value: DateValue): Date {
  if (value instanceof Date) return value
  if (CALENDAR_DATE.test(value)) return manilaMidnight(value)
  if (CALENDAR_MONTH.test(value)) return manilaMidnight(`${value}-01`)
  // Only ISO text: Date reads anything else by the machine's zone, or by guesswork.
  return ISO_INSTANT.test(value) ? new Date(value) : new Date(NaN)
}

/** `value` in one of the styles above; text that is not a date comes back as it was given. */
export function formatDate(value: DateValue, style: DateStyle): string {
  const at = instantOf(value)
  if (Number.isNaN(at.getTime())) return String(value)
  const p = partsOf(at)
  const date = `${p.month} ${p.day}, ${p.year}`
  const time = `${p.hour}:${p.minute} ${p.dayPeriod.toUpperCase()}`
  switch (style) {
    case 'date':
      return date
    case 'weekdayDate':
      return `${p.weekday}, ${date}`
    case 'dateTime':
      return `${date} • ${time}`
    case 'time':
      return time
    case 'month':
      return `${p.month} ${p.year}`
    case 'shortMonth':
      return p.month.slice(0, 3)
  }
}
