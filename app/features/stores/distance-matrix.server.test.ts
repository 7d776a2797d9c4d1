import { describe, expect, it, vi } from 'vitest'
import {
  distanceMatrixFor,
  straightLineMeters,
  roadMatrix,
  straightLineMatrix,
  type DistanceMatrix,
} from './distance-matrix.server'
import { nearestFirst, type StoreItem } from './stores.server'

// Known places (decimal degrees).
const RIZAL_PARK = { lat: 14.5831, lng: 120.9794 }
const MAKATI = { lat: 14.5547, lng: 121.0244 }
const PASIG = { lat: 14.5764, lng: 121.0851 }
const CEBU = { lat: 10.3157, lng: 123.8854 }
const DAVAO = { lat: 7.0731, lng: 125.6128 }

function store(id: string, point: { lat: number; lng: number }): StoreItem {
  return {
    id,
    name: id,
    address: id,
    latitude: point.lat,
    longitude: point.lng,
    hours: 'Daily 08:00-17:00',
    openNow: null,
    services: ['payments'],
    paymentChannels: ['cash'],
    phone: null,
    demo: true,
    distance: null,
  }
}

/** A fetch that answers `body` and records the URL it was asked. */
function answering(body: unknown, status = 200) {
  const asked: URL[] = []
  const fetch = vi.fn(async (url: URL | RequestInfo) => {
    asked.push(new URL(String(url)))
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, asked }
}

describe('straight-line distances', () => {
  it('measures on the mean sphere (lib/geo.ts): one degree of longitude at the equator, Manila to Cebu', () => {
    // 2πR / 360 with the mean radius 6,371,008.8 m.
    expect(straightLineMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(111_195.08, 1)
    // Rizal Park to Cebu City: 569.8 km (568.0 on the WGS84 ellipsoid: within 0.5 %, as a sphere is).
    expect(straightLineMeters(RIZAL_PARK, CEBU) / 1000).toBeCloseTo(569.8, 1)
  })

  it('orders stores nearest first against known coordinates, as the crow flies', async () => {
    const stores = [store('davao', DAVAO), store('cebu', CEBU), store('pasig', PASIG), store('makati', MAKATI)]
    const { stores: ordered, failed } = await nearestFirst(stores, RIZAL_PARK, straightLineMatrix)
    expect(failed).toBe(false)
    expect(ordered.map((s) => s.id)).toEqual(['makati', 'pasig', 'cebu', 'davao'])
    expect(ordered[0]!.distance).toEqual({ kind: 'straight-line', meters: expect.closeTo(5_781.5, 1) })
  })

  it('without a province lists only the nearest few', async () => {
    const stores = [store('davao', DAVAO), store('cebu', CEBU), store('pasig', PASIG), store('makati', MAKATI)]
    const { stores: ordered } = await nearestFirst(stores, CEBU, straightLineMatrix, 2)
    expect(ordered.map((s) => s.id)).toEqual(['cebu', 'davao'])
  })
})

describe('road distances (an OSRM-compatible table service)', () => {
  it('asks for one source and every store, longitude first, and orders by the road', async () => {
    // By road Pasig is nearer than Makati here (say, a bridge is closed): the road's order wins.
    const { fetch, asked } = answering({ code: 'Ok', distances: [[9_000, 7_500]] })
    const matrix = roadMatrix({ baseUrl: 'http://osrm.test/', timeoutMs: 1000, fetch })
    const { stores: ordered } = await nearestFirst([store('makati', MAKATI), store('pasig', PASIG)], RIZAL_PARK, matrix)
    expect(ordered.map((s) => [s.id, s.distance])).toEqual([
      ['pasig', { kind: 'road', meters: 7_500 }],
      ['makati', { kind: 'road', meters: 9_000 }],
    ])
    const url = asked[0]!
    expect(url.pathname).toBe('/table/v1/driving/120.979400,14.583100;121.024400,14.554700;121.085100,14.576400')
    expect(url.searchParams.get('sources')).toBe('0')
    expect(url.searchParams.get('destinations')).toBe('1;2')
    expect(url.searchParams.get('annotations')).toBe('distance')
  })

  it('ignores an answer whose status is not OK, and measures as the crow flies instead', async () => {
    const unusable = vi.fn()
    const { fetch } = answering({ code: 'NoTable', message: 'no route', distances: [[1, 2]] }, 400)
    const matrix = roadMatrix({ baseUrl: 'http://osrm.test', timeoutMs: 1000, fetch, onUnusable: unusable })
    const answer = await matrix.measure(RIZAL_PARK, [MAKATI, PASIG])
    expect(answer.kind).toBe('straight-line')
    expect(answer.meters).toEqual([straightLineMeters(RIZAL_PARK, MAKATI), straightLineMeters(RIZAL_PARK, PASIG)])
    expect(unusable).toHaveBeenCalledOnce()
  })

  it('ignores an OK answer missing a distance, a body that is not the table, and a service that does not answer', async () => {
    for (const body of [{ code: 'Ok', distances: [[1_000, null]] }, { code: 'Ok' }, 'not json at all']) {
      const { fetch } = answering(body)
      const answer = await roadMatrix({ baseUrl: 'http://osrm.test', timeoutMs: 1000, fetch }).measure(RIZAL_PARK, [
        MAKATI,
        PASIG,
      ])
      expect(answer.kind).toBe('straight-line')
    }
    const down = vi.fn(async () => {
      throw new TypeError('fetch failed')
    }) as unknown as typeof globalThis.fetch
    const answer = await roadMatrix({ baseUrl: 'http://osrm.test', timeoutMs: 1000, fetch: down }).measure(RIZAL_PARK, [
      MAKATI,
    ])
    expect(answer.kind).toBe('straight-line')
  })

  it('is used only when configured', () => {
    expect(distanceMatrixFor({ DISTANCE_MATRIX_TIMEOUT_MS: 3000 })).toBe(straightLineMatrix)
    expect(distanceMatrixFor({ DISTANCE_MATRIX_URL: 'http://osrm.test', DISTANCE_MATRIX_TIMEOUT_MS: 3000 })).not.toBe(
      straightLineMatrix,
    )
  })
})

describe('a distance that cannot be measured', () => {
  it('leaves the list in province order and says so', async () => {
    const broken: DistanceMatrix = {
      measure: async () => {
        throw new Error('boom')
      },
    }
    const stores = [store('cebu', CEBU), store('makati', MAKATI)]
    const answer = await nearestFirst(stores, RIZAL_PARK, broken)
    expect(answer.failed).toBe(true)
    expect(answer.stores.map((s) => [s.id, s.distance])).toEqual([
      ['cebu', null],
      ['makati', null],
    ])
    const short: DistanceMatrix = { measure: async () => ({ kind: 'road', meters: [1] }) }
    expect((await nearestFirst(stores, RIZAL_PARK, short)).failed).toBe(true)
  })
})
