import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { NapIndex, destination, haversineMeters } from './spatial-index.ts'

// A dense town of 2,000 NAPs around Cebu City, ids 101…
function town(seed: number) {
  let state = seed
  const next = () => (state = (state * 16807) % 2147483647) / 2147483647
  const count = 2000
  const points = { ids: new Int32Array(count), latitudes: new Float64Array(count), longitudes: new Float64Array(count) }
  for (let i = 0; i < count; i++) {
    points.ids[i] = 101 + i
    points.latitudes[i] = 10.3167 + (next() - 0.5) * 0.05
    points.longitudes[i] = 123.8907 + (next() - 0.5) * 0.05
  }
  return points
}

describe('haversine and destination', () => {
  it('agree: a point placed 250 m away measures 250 m', () => {
    for (const bearing of [0, 33, 90, 180, 271]) {
      const p = destination(14.5995, 120.9842, 250, bearing)
      expect(haversineMeters(14.5995, 120.9842, p.latitude, p.longitude)).toBeCloseTo(250, 6)
    }
  })
})

describe('NapIndex', () => {
  const points = town(7)
  const index = NapIndex.build(points, 3)

  it('finds exactly the NAPs a full scan finds within the radius, nearest first', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 10.28, max: 10.35, noNaN: true }),
        fc.double({ min: 123.85, max: 123.93, noNaN: true }),
        fc.integer({ min: 1, max: 1500 }),
        (latitude, longitude, radius) => {
          const scan = [...points.ids.keys()]
            .map((i) => ({
              id: points.ids[i]!,
              meters: haversineMeters(latitude, longitude, points.latitudes[i]!, points.longitudes[i]!),
            }))
            .filter((hit) => hit.meters <= radius)
            .sort((a, b) => a.meters - b.meters)
          const found = index.within(latitude, longitude, radius)
          expect(found.map((hit) => hit.id)).toEqual(scan.map((hit) => hit.id))
          const nearest = index.nearest(latitude, longitude, radius)
          expect(nearest?.id ?? null).toBe(scan[0]?.id ?? null)
        },
      ),
      { numRuns: 200 },
    )
  })

  it('says which version it was built from, and answers nothing when empty', () => {
    expect(index.version).toBe(3)
    const empty = NapIndex.build(
      { ids: new Int32Array(0), latitudes: new Float64Array(0), longitudes: new Float64Array(0) },
      1,
    )
    expect(empty.within(10.3, 123.9, 250)).toEqual([])
    expect(empty.nearest(10.3, 123.9, 10_000)).toBeNull()
  })
})
