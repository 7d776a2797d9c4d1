/** When a modem counts as silent, and which readings a no-internet ticket carries (issue 37, item 6). */
import { describe, expect, it } from 'vitest'
import { isSilent, recentSignal } from './service.ts'

describe('isSilent', () => {
  it('is a modem not reporting, unless a restart is under way', () => {
    expect(isSilent({ online: false, restart: null })).toBe(true)
    expect(isSilent({ online: false, restart: { state: 'failed', requestedAt: '', finishedAt: null } })).toBe(true)
    expect(isSilent({ online: false, restart: { state: 'requested', requestedAt: '', finishedAt: null } })).toBe(false)
    expect(isSilent({ online: true, restart: null })).toBe(false)
  })
})

describe('recentSignal', () => {
  const hour = (h: number) => new Date(Date.UTC(2026, 10, 29, h)).toISOString()
  it('keeps the last 8 readings with a level from the day before the last report', () => {
    const history = [
      { at: new Date(Date.UTC(2026, 10, 27, 23)).toISOString(), signalDbm: -19 },
      ...Array.from({ length: 12 }, (_, h) => ({ at: hour(h), signalDbm: -20 - h / 10 })),
      { at: hour(12), signalDbm: null },
      { at: hour(13), signalDbm: null },
    ]
    const kept = recentSignal({ history, lastSeenAt: hour(11) })
    expect(kept).toHaveLength(8)
    expect(kept[0]).toEqual({ at: hour(4), signalDbm: -20.4 })
    expect(kept.at(-1)).toEqual({ at: hour(11), signalDbm: -21.1 })
    expect(recentSignal({ history: [{ at: hour(1), signalDbm: null }], lastSeenAt: hour(2) })).toEqual([])
  })
})
