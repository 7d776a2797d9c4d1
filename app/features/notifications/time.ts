/**
 * When a notification arrived, as the list and the bell say it (spec 9): relative ('ago')
 * when recent, else 'MMMM dd, yyyy • hh:mm aa' (e.g. 'November 03, 2026 • 09:05 PM'; lib/dates.ts's
 * dateTime), in Philippine time whatever the server's zone. Recent is under a week: 'just now', then
 * minutes, hours and days ago. Run on the server with the request's clock, so the browser
 * gets text (no date code, no hydration mismatch).
 */
import { formatDate } from '../../../lib/dates'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
export const RECENT_FOR_MS = 7 * DAY

function ago(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`
}

export function notificationTime(at: Date | string, now: Date): string {
  const when = typeof at === 'string' ? new Date(at) : at
  // A time a little ahead of the clock (another server's) reads as just now.
  const elapsed = Math.max(0, now.getTime() - when.getTime())
  if (elapsed >= RECENT_FOR_MS) return formatDate(when, 'dateTime')
  if (elapsed < MINUTE) return 'just now'
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), 'minute')
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), 'hour')
  return ago(Math.floor(elapsed / DAY), 'day')
}
