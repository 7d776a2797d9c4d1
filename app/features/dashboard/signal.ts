/**
 * The optical signal in plain words (issue 11: good, weak, no signal). A GPON modem's
 * receiver works from about -8 dBm down to about -27 dBm; below -24 dBm the link has little
 * margin left, and above -8 dBm the receiver is overloaded, which also degrades it.
 */
export const SIGNAL_THRESHOLDS = {
  /** At or above this, and at or below `overloadAbove`: good. */
  goodFrom: -24,
  /** Below this: no usable signal. */
  noSignalBelow: -27,
  /** Above this: too strong (overloaded), reported as weak. */
  overloadAbove: -8,
} as const

export type SignalVerdict = 'good' | 'weak' | 'none'

export function signalVerdict(dbm: number | null): SignalVerdict {
  if (dbm === null || !Number.isFinite(dbm) || dbm < SIGNAL_THRESHOLDS.noSignalBelow) return 'none'
  if (dbm < SIGNAL_THRESHOLDS.goodFrom || dbm > SIGNAL_THRESHOLDS.overloadAbove) return 'weak'
  return 'good'
}

export type SignalChart = {
  width: number
  height: number
  /** One SVG polyline `points` string per stretch the modem was online. */
  segments: string[]
  /** Where the good and no-signal thresholds cross the chart. */
  goodY: number
  noSignalY: number
  /** What the chart says, for screen readers. */
  summary: string
}

const TOP_DBM = -14
const BOTTOM_DBM = -30

/**
 * The chart's geometry, computed on the server so the page ships only the SVG markup (no
 * chart library; docs/architecture.md, JavaScript budget).
 */
export function signalChart(
  history: readonly { at: string; signalDbm: number | null }[],
  span: { from: Date; to: Date },
  size = { width: 320, height: 96 },
): SignalChart {
  const { width, height } = size
  const x = (at: string) =>
    ((new Date(at).getTime() - span.from.getTime()) / Math.max(1, span.to.getTime() - span.from.getTime())) * width
  const y = (dbm: number) =>
    ((TOP_DBM - Math.min(TOP_DBM, Math.max(BOTTOM_DBM, dbm))) / (TOP_DBM - BOTTOM_DBM)) * height
  const segments: string[] = []
  let current: string[] = []
  for (const sample of history) {
    if (sample.signalDbm === null) {
      if (current.length) segments.push(current.join(' '))
      current = []
      continue
    }
    current.push(`${x(sample.at).toFixed(1)},${y(sample.signalDbm).toFixed(1)}`)
  }
  if (current.length) segments.push(current.join(' '))
  const levels = history.flatMap((sample) => (sample.signalDbm === null ? [] : [sample.signalDbm]))
  const offline = levels.length < history.length
  const summary =
    levels.length === 0
      ? 'No signal in this period.'
      : `Signal between ${Math.min(...levels).toFixed(1)} and ${Math.max(...levels).toFixed(1)} dBm${offline ? ', with times offline' : ''}.`
  return {
    width,
    height,
    segments,
    goodY: y(SIGNAL_THRESHOLDS.goodFrom),
    noSignalY: y(SIGNAL_THRESHOLDS.noSignalBelow),
    summary,
  }
}
