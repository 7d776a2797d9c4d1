/**
 * Fixed histogram buckets for web-vitals samples (docs/decisions/0051). Each metric's upper
 * edges grow by 8% from a small first edge to the metric's limit, so about 120 buckets cover
 * 10 ms to 2 minutes (CLS: 0.001 to 10). The 75th percentile is interpolated inside the bucket
 * that holds it: within a few per cent of the true value, which is finer than the
 * good/needs-improvement/poor thresholds (LCP 2.5 s / 4 s, INP 200 / 500 ms, CLS 0.1 / 0.25).
 */
import { WEB_VITAL_LIMITS, type WebVital } from '../../lib/analytics.ts'

const RATIO = 1.08
const FIRST_EDGE: Record<WebVital, number> = { LCP: 10, INP: 10, CLS: 0.001 }

function edgesUpTo(first: number, limit: number): number[] {
  const edges: number[] = []
  for (let edge = first; ; edge *= RATIO) {
    edges.push(edge)
    if (edge >= limit) return edges
  }
}

const EDGES: Record<WebVital, number[]> = {
  LCP: edgesUpTo(FIRST_EDGE.LCP, WEB_VITAL_LIMITS.LCP),
  INP: edgesUpTo(FIRST_EDGE.INP, WEB_VITAL_LIMITS.INP),
  CLS: edgesUpTo(FIRST_EDGE.CLS, WEB_VITAL_LIMITS.CLS),
}

/** The bucket of a value: 0 holds [0, first edge], n holds (edge n-1, edge n]. */
export function bucketOf(metric: WebVital, value: number): number {
  const edges = EDGES[metric]
  let low = 0
  let high = edges.length - 1
  while (low < high) {
    const middle = (low + high) >> 1
    if (edges[middle]! >= value) high = middle
    else low = middle + 1
  }
  return low
}

/** The 75th percentile of samples counted by bucket (nearest rank, interpolated in its bucket); null for none. */
export function p75(metric: WebVital, counts: ReadonlyMap<number, number>): number | null {
  const buckets = [...counts.entries()].filter(([, n]) => n > 0).sort(([a], [b]) => a - b)
  const total = buckets.reduce((sum, [, n]) => sum + n, 0)
  if (total === 0) return null
  const rank = Math.ceil(0.75 * total)
  const edges = EDGES[metric]
  let below = 0
  for (const [bucket, n] of buckets) {
    if (below + n >= rank) {
      const lower = bucket === 0 ? 0 : edges[bucket - 1]!
      const upper = edges[Math.min(bucket, edges.length - 1)]!
      return lower + ((rank - below) / n) * (upper - lower)
    }
    below += n
  }
  return edges.at(-1)!
}
