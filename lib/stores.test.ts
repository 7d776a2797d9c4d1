import { describe, expect, it } from 'vitest'
import { hoursLines, isOpenAt, parseOpeningHours, philippineMinuteOfWeek, type OpeningRule } from './stores'

function rules(text: string): OpeningRule[] {
  const parsed = parseOpeningHours(text)
  if (!parsed.ok) throw new Error(parsed.reason)
  return parsed.rules
}

// Instants written in UTC; the Philippines is 8 hours ahead.
const at = (iso: string) => new Date(iso)

describe('opening hours', () => {
  it('reads day ranges, single days and Daily, and refuses what it cannot read with the part named', () => {
    expect(rules('Mon-Fri 08:00-17:00; Sat 09:00-12:00')).toEqual([
      { days: [1, 2, 3, 4, 5], opens: 480, closes: 1020 },
      { days: [6], opens: 540, closes: 720 },
    ])
    expect(rules('Daily 00:00-24:00')).toEqual([{ days: [0, 1, 2, 3, 4, 5, 6], opens: 0, closes: 1440 }])
    expect(rules('Sat-Mon 10:00-14:00')[0]!.days).toEqual([6, 0, 1])
    expect(parseOpeningHours('Monday 8am-5pm')).toEqual({
      ok: false,
      reason: "'Monday 8am-5pm' is not like 'Mon-Fri 08:00-17:00'",
    })
    expect(parseOpeningHours('Mon-Fun 08:00-17:00')).toMatchObject({ ok: false })
    expect(parseOpeningHours('Mon 08:00-08:00')).toMatchObject({ ok: false })
    expect(parseOpeningHours('Mon 25:00-26:00')).toMatchObject({ ok: false })
    expect(parseOpeningHours(' ; ')).toMatchObject({ ok: false })
  })

  it('counts the week in Philippine time whatever the instant’s zone', () => {
    // Sunday 00:00 in Manila is Saturday 16:00 UTC.
    expect(philippineMinuteOfWeek(at('2026-11-21T16:00:00Z'))).toBe(0)
    expect(philippineMinuteOfWeek(at('2026-11-21T15:59:00Z'))).toBe(7 * 1440 - 1)
    // Monday 09:30 in Manila.
    expect(philippineMinuteOfWeek(at('2026-11-23T01:30:00+00:00'))).toBe(1440 + 570)
  })

  it('is open in the Philippines’ office hours, not the server’s', () => {
    const office = rules('Mon-Fri 08:00-17:00')
    // Monday 08:00 Manila = Monday 00:00 UTC: open, though a UTC clock reads midnight.
    expect(isOpenAt(office, at('2026-11-23T00:00:00Z'))).toBe(true)
    // Monday 07:59 Manila: closed.
    expect(isOpenAt(office, at('2026-11-22T23:59:00Z'))).toBe(false)
    // Friday 17:00 Manila: closed at the closing minute.
    expect(isOpenAt(office, at('2026-11-27T09:00:00Z'))).toBe(false)
    expect(isOpenAt(office, at('2026-11-27T08:59:00Z'))).toBe(true)
    // Saturday noon Manila: closed.
    expect(isOpenAt(office, at('2026-11-28T04:00:00Z'))).toBe(false)
  })

  it('keeps a store open past midnight into the next day, and across the week’s end', () => {
    const night = rules('Fri-Sat 18:00-02:00')
    // Saturday 01:30 Manila (Friday's night): open.
    expect(isOpenAt(night, at('2026-11-27T17:30:00Z'))).toBe(true)
    // Sunday 01:59 Manila (Saturday's night, across the week's end): open; 02:00 closed.
    expect(isOpenAt(night, at('2026-11-28T17:59:00Z'))).toBe(true)
    expect(isOpenAt(night, at('2026-11-28T18:00:00Z'))).toBe(false)
    // Friday 01:00 Manila: Thursday has no night rule.
    expect(isOpenAt(night, at('2026-11-26T17:00:00Z'))).toBe(false)
    // Open all day, every day.
    expect(isOpenAt(rules('Daily 00:00-24:00'), at('2026-11-22T16:00:00Z'))).toBe(true)
  })

  it('writes the hours as people read them', () => {
    expect(hoursLines('Mon-Fri 08:00-17:00; Sat 09:30-12:00')).toEqual([
      'Mon–Fri: 8:00 AM to 5:00 PM',
      'Sat: 9:30 AM to 12:00 PM',
    ])
    expect(hoursLines('Daily 00:00-24:00')).toEqual(['Every day: open 24 hours'])
    expect(hoursLines('Fri-Sat 18:00-02:00')).toEqual(['Fri–Sat: 6:00 PM to 2:00 AM'])
  })
})
