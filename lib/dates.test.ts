import { describe, expect, it } from 'vitest'
import { formatDate } from './dates'

// 2026-11-27T16:30Z is 00:30 on Saturday 28 November in Manila.
const AFTER_MIDNIGHT = new Date('2026-11-27T16:30:00Z')

describe('formatDate', () => {
  it('dates an instant by Manila’s calendar, not UTC’s', () => {
    expect(formatDate(AFTER_MIDNIGHT, 'date')).toBe('November 28, 2026')
    expect(formatDate('2026-11-27T16:30:00.000Z', 'date')).toBe('November 28, 2026')
    expect(formatDate(AFTER_MIDNIGHT, 'weekdayDate')).toBe('Saturday, November 28, 2026')
  })

  it("writes spec 9's 'MMMM dd, yyyy • hh:mm aa', and its time half", () => {
    expect(formatDate(AFTER_MIDNIGHT, 'dateTime')).toBe('November 28, 2026 • 12:30 AM')
    expect(formatDate(new Date('2026-03-04T17:05:00Z'), 'dateTime')).toBe('March 05, 2026 • 01:05 AM')
    expect(formatDate(new Date('2025-12-31T13:45:00Z'), 'dateTime')).toBe('December 31, 2025 • 09:45 PM')
    expect(formatDate('2025-06-02T01:05:00Z', 'dateTime')).toBe('June 02, 2025 • 09:05 AM')
    expect(formatDate('2025-12-31T16:30:00Z', 'dateTime')).toBe('January 01, 2026 • 12:30 AM')
    expect(formatDate(new Date('2026-11-23T04:00:00Z'), 'time')).toBe('12:00 PM')
  })

  it('reads a calendar date as that day in Manila, whatever the machine’s zone', () => {
    expect(formatDate('2026-12-05', 'date')).toBe('December 05, 2026')
    expect(formatDate('2026-11-24', 'weekdayDate')).toBe('Tuesday, November 24, 2026')
    expect(formatDate('2026-01-01', 'date')).toBe('January 01, 2026')
  })

  it('names a month, in full with its year or short for the chart', () => {
    expect(formatDate('2026-10', 'month')).toBe('October 2026')
    expect(formatDate('2026-09', 'shortMonth')).toBe('Sep')
    expect(formatDate(AFTER_MIDNIGHT, 'month')).toBe('November 2026')
  })

  it('gives back text that is not a date as it came', () => {
    expect(formatDate('27 July 2020', 'date')).toBe('27 July 2020')
  })
})
