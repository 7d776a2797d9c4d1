import { describe, expect, it } from 'vitest'
import { notificationTime } from './time'

// Noon in Manila (UTC+8) on a Monday.
const NOW = new Date('2026-11-23T04:00:00Z')
const before = (ms: number) => new Date(NOW.getTime() - ms)
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

describe('notificationTime', () => {
  it.each([
    [0, 'just now'],
    [59_999, 'just now'],
    [MINUTE, '1 minute ago'],
    [59 * MINUTE + 59_000, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [23 * HOUR, '23 hours ago'],
    [DAY, '1 day ago'],
    [6 * DAY + 23 * HOUR, '6 days ago'],
  ])('says %i ms ago as "%s"', (ms, expected) => {
    expect(notificationTime(before(ms), NOW)).toBe(expected)
  })

  it('gives the date and time in Manila from a week old', () => {
    // 2026-11-16 04:00 UTC is 12:00 noon in Manila.
    expect(notificationTime(before(7 * DAY), NOW)).toBe('November 16, 2026 • 12:00 PM')
  })

  it('reads a time a little ahead of the clock as just now', () => {
    expect(notificationTime(new Date(NOW.getTime() + 5000), NOW)).toBe('just now')
  })

  it('accepts the ISO text the upstream answers', () => {
    expect(notificationTime('2026-11-23T03:30:00.000Z', NOW)).toBe('30 minutes ago')
  })
})

describe('an older notification’s time (spec 9)', () => {
  it('pads day, hour and minute to two digits and names the month in full (MMMM dd, yyyy • hh:mm aa)', () => {
    // 2026-03-04 17:05 UTC is 01:05 AM on March 5 in Manila: the date follows Manila, not UTC.
    expect(notificationTime(new Date('2026-03-04T17:05:00Z'), NOW)).toBe('March 05, 2026 • 01:05 AM')
  })

  it('says the evening as PM', () => {
    expect(notificationTime(new Date('2025-12-31T13:45:00Z'), NOW)).toBe('December 31, 2025 • 09:45 PM')
  })
})
