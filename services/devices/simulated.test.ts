/** The simulated modems' drift: the same modem and moment always read the same; readings wander within bounds. */
import { describe, expect, it } from 'vitest'
import { drift } from './simulated.ts'

const MODEM = { signalBaseDbm: -20, temperatureBaseC: 45, seed: 7 }
const HOUR = 3_600_000
const start = Date.parse('2026-11-01T00:00:00Z')

describe('simulated drift', () => {
  it('is deterministic: the same seed and time give the same reading', () => {
    const at = new Date(start + 5 * HOUR)
    expect(drift(MODEM, at)).toEqual(drift({ ...MODEM }, new Date(at)))
  })

  it('differs between modems and moves over time, within ±1.6 dBm and ±4.5 °C of the base (plus rounding)', () => {
    const readings = Array.from({ length: 24 * 7 }, (_, i) => drift(MODEM, new Date(start + i * HOUR)))
    expect(new Set(readings.map((r) => r.signalDbm)).size).toBeGreaterThan(10)
    for (const { signalDbm, temperatureC } of readings) {
      expect(Math.abs(signalDbm - MODEM.signalBaseDbm)).toBeLessThanOrEqual(1.65)
      expect(Math.abs(temperatureC - MODEM.temperatureBaseC)).toBeLessThanOrEqual(4.55)
    }
    expect(drift({ ...MODEM, seed: 8 }, new Date(start))).not.toEqual(drift(MODEM, new Date(start)))
  })
})
