import { describe, expect, it } from 'vitest'
import { signalChart, signalVerdict } from './signal'

describe('signal verdict thresholds', () => {
  it.each([
    [-8, 'good'],
    [-7.9, 'weak'],
    [-15, 'good'],
    [-24, 'good'],
    [-24.1, 'weak'],
    [-27, 'weak'],
    [-27.1, 'none'],
    [-40, 'none'],
    [null, 'none'],
    [Number.NaN, 'none'],
  ] as const)('%s dBm is %s', (dbm, verdict) => {
    expect(signalVerdict(dbm)).toBe(verdict)
  })
})

describe('signal chart', () => {
  const span = { from: new Date('2026-11-16T00:00:00Z'), to: new Date('2026-11-23T00:00:00Z') }
  it('breaks the line where the modem was offline and says so', () => {
    const chart = signalChart(
      [
        { at: '2026-11-16T00:00:00Z', signalDbm: -20 },
        { at: '2026-11-17T00:00:00Z', signalDbm: -21 },
        { at: '2026-11-18T00:00:00Z', signalDbm: null },
        { at: '2026-11-23T00:00:00Z', signalDbm: -30 },
      ],
      span,
    )
    expect(chart.segments).toEqual(['0.0,36.0 45.7,42.0', '320.0,96.0'])
    expect(chart.summary).toBe('Signal between -30.0 and -20.0 dBm, with times offline.')
  })

  it('says there was no signal when every reading is missing', () => {
    expect(signalChart([{ at: '2026-11-20T00:00:00Z', signalDbm: null }], span).summary).toBe(
      'No signal in this period.',
    )
  })
})
