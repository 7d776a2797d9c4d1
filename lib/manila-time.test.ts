import { describe, expect, it } from 'vitest'
import {
  addDays,
  fromManilaInput,
  manilaDate,
  manilaInputValue,
  manilaMidnight,
  manilaMonthStart,
  manilaWallClock,
} from './manila-time'

describe('Manila time (UTC+8, no daylight saving)', () => {
  it('dates an instant by the Manila calendar: 16:00 UTC is already the next day', () => {
    expect(manilaDate(new Date('2026-11-27T15:59:59Z'))).toBe('2026-11-27')
    expect(manilaDate(new Date('2026-11-27T16:30:00Z'))).toBe('2026-11-28')
  })

  it('is eight hours ahead in June as in December', () => {
    expect(manilaWallClock(new Date('2026-06-15T04:00:00Z')).getUTCHours()).toBe(12)
    expect(manilaWallClock(new Date('2026-12-15T04:00:00Z')).getUTCHours()).toBe(12)
  })

  it('starts a calendar date at its Manila midnight, 16:00 UTC the day before', () => {
    expect(manilaMidnight('2026-11-28').toISOString()).toBe('2026-11-27T16:00:00.000Z')
    expect(manilaDate(manilaMidnight('2026-01-01'))).toBe('2026-01-01')
  })

  it('starts the month by the Manila calendar: 1 December 00:30 Manila is in December', () => {
    expect(manilaMonthStart(new Date('2026-11-30T16:30:00Z')).toISOString()).toBe('2026-11-30T16:00:00.000Z')
    expect(manilaMonthStart(new Date('2026-11-30T15:30:00Z')).toISOString()).toBe('2026-10-31T16:00:00.000Z')
  })

  it('adds and takes away whole days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29')
    expect(addDays('2026-11-24', 0)).toBe('2026-11-24')
  })

  it('reads and writes a datetime-local input as Manila wall clock time', () => {
    expect(manilaInputValue(new Date('2026-11-29T16:30:00Z'))).toBe('2026-11-30T00:30')
    expect(fromManilaInput('2026-11-30T00:30')?.toISOString()).toBe('2026-11-29T16:30:00.000Z')
    expect(fromManilaInput('2026-11-30')).toBeNull()
    expect(fromManilaInput('2026-13-40T99:00')).toBeNull()
  })
})
