/**
 * Stores (issue 16; spec 7: the store locator and store provinces calls, with a `type` query):
 * the three kinds of place a subscriber can go to, what they offer, and their opening hours as
 * people write them. No zod here: the store page's browser code reads the labels and the
 * "open now" rule (docs/decisions/0023); the upstream's routes and the portal's client hold the
 * schemas.
 *
 * Opening hours are written the way a store's door says them, one rule per day range,
 * separated by semicolons: `Mon-Fri 08:00-17:00; Sat 09:00-12:00` (days not named are
 * closed), `Daily 00:00-24:00`, `Fri-Sat 18:00-02:00` (a closing time at or before the
 * opening time runs past midnight into the next day). Times are Philippine time (UTC+8, no
 * daylight saving), whatever the server's or the visitor's zone.
 */
import { manilaWallClock } from './manila-time.ts'

export const STORE_TYPES = ['business-centre', 'payment-centre', 'authorized-outlet'] as const
export type StoreType = (typeof STORE_TYPES)[number]

export const STORE_TYPE_LABELS: Record<StoreType, string> = {
  'business-centre': 'Business centres',
  'payment-centre': 'Payment centres',
  'authorized-outlet': 'Authorized outlets',
}

/** What a store does for a subscriber. */
export const STORE_SERVICES = ['payments', 'applications', 'repairs', 'modem-swap'] as const
export type StoreService = (typeof STORE_SERVICES)[number]

export const STORE_SERVICE_LABELS: Record<StoreService, string> = {
  payments: 'Bill payments',
  applications: 'New applications',
  repairs: 'Repairs',
  'modem-swap': 'Modem swap',
}

/** How a store takes a payment (spec 9: authorized outlets take cash only, no checks). */
export const STORE_PAYMENT_CHANNELS = ['cash', 'check', 'card', 'e-wallet'] as const
export type StorePaymentChannel = (typeof STORE_PAYMENT_CHANNELS)[number]

export const STORE_PAYMENT_CHANNEL_LABELS: Record<StorePaymentChannel, string> = {
  cash: 'Cash',
  check: 'Check',
  card: 'Credit or debit card',
  'e-wallet': 'E-wallet',
}

const DAY_ABBREVIATIONS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const

/** One rule of a store's hours: on each of `days` (0 Sunday … 6 Saturday), open from `opens` to `closes`, in minutes after midnight. */
export type OpeningRule = { days: number[]; opens: number; closes: number }

const MINUTES_PER_DAY = 24 * 60
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY

const RULE = /^(Daily|[A-Z][a-z]{2}(?:-[A-Z][a-z]{2})?) (\d{2}):(\d{2})-(\d{2}):(\d{2})$/

export type HoursParse = { ok: true; rules: OpeningRule[] } | { ok: false; reason: string }

/** Reads `Mon-Fri 08:00-17:00; Sat 09:00-12:00`; the reason names the part it could not read. */
export function parseOpeningHours(text: string): HoursParse {
  const parts = text
    .split(';')
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter((part) => part.length > 0)
  if (parts.length === 0) return { ok: false, reason: 'no opening hours' }
  const rules: OpeningRule[] = []
  for (const part of parts) {
    const match = RULE.exec(part)
    if (!match) return { ok: false, reason: `'${part}' is not like 'Mon-Fri 08:00-17:00'` }
    const [, dayText, oh, om, ch, cm] = match as unknown as [string, string, string, string, string, string]
    const days = dayRange(dayText)
    if (!days) return { ok: false, reason: `'${dayText}' is not a day or a day range like Mon-Fri` }
    const opens = Number(oh) * 60 + Number(om)
    const closes = Number(ch) * 60 + Number(cm)
    if (Number(om) > 59 || Number(cm) > 59 || opens >= MINUTES_PER_DAY || closes > MINUTES_PER_DAY) {
      return { ok: false, reason: `'${part}' has a time that is not a time of day` }
    }
    if (opens === closes) return { ok: false, reason: `'${part}' opens and closes at the same time` }
    rules.push({ days, opens, closes })
  }
  return { ok: true, rules }
}

function dayRange(text: string): number[] | null {
  if (text === 'Daily') return [0, 1, 2, 3, 4, 5, 6]
  const [from, to = from] = text.split('-') as [string, string?]
  const start = DAY_ABBREVIATIONS.indexOf(from as (typeof DAY_ABBREVIATIONS)[number])
  const end = DAY_ABBREVIATIONS.indexOf(to as (typeof DAY_ABBREVIATIONS)[number])
  if (start < 0 || end < 0) return null
  const days: number[] = []
  // Mon-Sun, and Sat-Mon past the week's end.
  for (let day = start; ; day = (day + 1) % 7) {
    days.push(day)
    if (day === end) break
  }
  return days
}

/** The minute of the week in the Philippines (0 is Sunday 00:00, Philippine time). */
export function philippineMinuteOfWeek(now: Date): number {
  const minutes = Math.floor(manilaWallClock(now).getTime() / 60_000)
  // 1 January 1970 was a Thursday (day 4).
  return (((minutes + 4 * MINUTES_PER_DAY) % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK
}

/** Whether the hours have the store open at `now`; a rule closing at or before it opens runs into the next day. */
export function isOpenAt(rules: OpeningRule[], now: Date): boolean {
  const minute = philippineMinuteOfWeek(now)
  return rules.some((rule) =>
    rule.days.some((day) => {
      const start = day * MINUTES_PER_DAY + rule.opens
      const length = rule.closes > rule.opens ? rule.closes - rule.opens : MINUTES_PER_DAY - rule.opens + rule.closes
      const since = (((minute - start) % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK
      return since < length
    }),
  )
}

/** The rules as people read them, one per line: 'Mon–Fri: 8:00 AM to 5:00 PM', 'Every day: open 24 hours'. */
export function hoursLines(text: string): string[] {
  const parsed = parseOpeningHours(text)
  if (!parsed.ok) return [text]
  return parsed.rules.map((rule) => {
    const days =
      rule.days.length === 7
        ? 'Every day'
        : rule.days.length === 1
          ? DAY_ABBREVIATIONS[rule.days[0]!]!
          : `${DAY_ABBREVIATIONS[rule.days[0]!]!}–${DAY_ABBREVIATIONS[rule.days.at(-1)!]!}`
    if (rule.opens === 0 && rule.closes === MINUTES_PER_DAY) return `${days}: open 24 hours`
    return `${days}: ${clock(rule.opens)} to ${clock(rule.closes)}`
  })
}

/** 510 → '8:30 AM', 0 and 1440 → '12:00 AM' (midnight). */
function clock(minutes: number): string {
  const hour24 = Math.floor(minutes / 60) % 24
  const minute = minutes % 60
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12
  return `${hour12}:${String(minute).padStart(2, '0')} ${hour24 < 12 ? 'AM' : 'PM'}`
}
