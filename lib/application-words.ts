/**
 * The application wizard's plain words and rules (issue 10), without zod, so the pages'
 * browser code can use them within the JS budget: the lists the forms offer, spec 5's
 * date message and 18+ rule, and the slot windows and labels. lib/application.ts
 * re-exports them beside its schemas.
 */
import { formatDate } from './dates.ts'

/** spec 5: the date field's message. */
export const AGE_MESSAGE = 'Only above 18 years are allowed to proceed'
export const MIN_AGE = 18

export const CIVIL_STATUSES = ['Single', 'Married', 'Widowed', 'Legally separated', 'Annulled'] as const
export const GENDERS = ['Male', 'Female'] as const
export const SUFFIXES = ['JR.', 'SR.', 'II', 'III', 'IV', 'V'] as const
/** The SME industry types (spec 7 names an industry type call; its list is not shown, so this is ours). */
export const INDUSTRY_TYPES = [
  'Agriculture',
  'Construction',
  'Education',
  'Finance and insurance',
  'Food and beverage',
  'Healthcare',
  'Information technology',
  'Manufacturing',
  'Professional services',
  'Real estate',
  'Retail and trade',
  'Tourism and hospitality',
  'Transport and logistics',
  'Other',
] as const

/** A calendar date as the date input posts it. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** Whether 'YYYY-MM-DD' is a real calendar date (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false
  const [y, m, d] = value.split('-').map(Number) as [number, number, number]
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

/**
 * Whether someone born on `birthDate` is at least 18 on `today` (both 'YYYY-MM-DD'): from
 * their 18th birthday on, the day itself included. Someone born on 29 February turns 18
 * on 1 March in a year without one.
 */
export function isAtLeast18(birthDate: string, today: string): boolean {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number]
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number]
  const years = ty - by
  if (years !== MIN_AGE) return years > MIN_AGE
  return tm > bm || (tm === bm && td >= bd)
}

// Today's date in Manila, for the 18+ rule's `today` (its home is lib/manila-time.ts).
export { manilaDate } from './manila-time.ts'

export const SLOT_WINDOWS = { AM: '8:00 AM – 12:00 NN', PM: '1:00 PM – 5:00 PM' } as const

/** 'Tuesday, November 24, 2026, 8:00 AM – 12:00 NN' */
export function slotLabel(date: string, window: keyof typeof SLOT_WINDOWS): string {
  return `${formatDate(date, 'weekdayDate')}, ${SLOT_WINDOWS[window]}`
}
