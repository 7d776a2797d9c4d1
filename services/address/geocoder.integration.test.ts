/**
 * The map's address search with a geocoder (issue 36, item 5; docs/decisions/0073), against a
 * local stand-in that answers in Nominatim's and Photon's shapes (tests/support/geocoder.ts):
 * streets follow the seeded places, each placed in its PSGC barangay; places outside the
 * Philippines or in no known town are dropped; a geocoder that fails leaves the seeded places
 * alone and is logged without the query; a second identical search is answered from Postgres.
 */
import { Writable } from 'node:stream'
import pino from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startGeocoderStandIn, type GeocoderStandIn } from '../../tests/support/geocoder.ts'
import { defaultServiceSettings, type GeocoderSettings, type ServiceDeps } from '../context.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { createCoverageService } from '../coverage/service.ts'
import { openTestDatabase, silentLogger } from '../testing.ts'
import { geocoderAnswers } from './tables.ts'

const BEL_AIR = '80300002'
const LAHUG = '30600041'

let database: DatabaseHandle
let standIn: GeocoderStandIn
let clock = new Date('2026-11-29T04:00:00Z')
beforeAll(async () => {
  database = await openTestDatabase({ seededFor: 'Hibla' })
  standIn = await startGeocoderStandIn()
})
afterAll(async () => {
  await standIn?.close()
  await database?.close()
})
afterEach(async () => {
  // Each test starts with an empty cache and a stand-in that answers.
  await database.db.delete(geocoderAnswers)
  standIn.mode = 'answer'
  standIn.asked.length = 0
})

/** The coverage service with the stand-in as its geocoder; `lines` collects what it logs. */
function coverageWith(geocoder: Partial<GeocoderSettings> = {}) {
  const lines: Record<string, unknown>[] = []
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)) as Record<string, unknown>)
        done()
      },
    }),
  )
  const deps: ServiceDeps = {
    db: database.db,
    logger,
    productName: 'Hibla',
    now: () => clock,
    settings: {
      publicUrl: 'https://portal.example.ph',
      geocoder: { ...defaultServiceSettings.geocoder, url: standIn.url, ...geocoder },
    },
  }
  return { coverage: createCoverageService(deps), lines }
}

describe('a Nominatim geocoder', () => {
  it('lists its streets after the seeded places, each in its barangay, with the pin on the street', async () => {
    const { coverage } = coverageWith()
    const hits = await coverage.search('Bel-Air')
    const kinds = hits.map((hit) => hit.kind)
    // Seeded places first (the barangay Bel-Air itself), the geocoder's after every one of them.
    expect(kinds[0]).not.toBe('street')
    expect(kinds.indexOf('street')).toBeGreaterThan(kinds.lastIndexOf('barangay'))
    expect(kinds.slice(kinds.indexOf('street')).every((kind) => kind === 'street')).toBe(true)
    const streets = hits.filter((hit) => hit.kind === 'street')
    expect(streets).toEqual([
      {
        kind: 'street',
        label: 'Jupiter Street, Bel-Air, City of Makati, Metro Manila',
        regionId: '13',
        provinceId: '000',
        municipalityId: '80300',
        barangayId: BEL_AIR,
        latitude: 14.5626,
        longitude: 121.0266,
        parts: 4,
      },
      {
        kind: 'street',
        // 'Cebu City' in OpenStreetMap is the PSGC's 'City of Cebu'.
        label: 'Gorordo Avenue, Lahug, City of Cebu, Cebu',
        regionId: '07',
        provinceId: '022',
        municipalityId: '30600',
        barangayId: LAHUG,
        latitude: 10.3307,
        longitude: 123.8991,
        parts: 4,
      },
    ])
    // Malaysia's street, the one whose point lies outside the box, and the one in no known town are left out.
    expect(hits.map((hit) => hit.label).join('\n')).not.toMatch(/Jalan|Atlantis/)
    expect(streets.filter((hit) => hit.label.startsWith('Jupiter'))).toHaveLength(1)
  })

  it('sends the query text and the fixed Philippine limits only, with an identifying User-Agent', async () => {
    const { coverage } = coverageWith()
    await coverage.search('  Jupiter   St, Makati ')
    expect(standIn.asked).toHaveLength(1)
    const [{ url, headers }] = standIn.asked as [(typeof standIn.asked)[number]]
    expect(url.pathname).toBe('/search')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'Jupiter St, Makati',
      format: 'jsonv2',
      countrycodes: 'ph',
      viewbox: '116.9,21.2,126.7,4.5',
      bounded: '1',
      addressdetails: '1',
      limit: '5',
      'accept-language': 'en',
    })
    expect(headers['user-agent']).toBe('Hibla-portal (+https://portal.example.ph)')
    expect(headers.cookie).toBeUndefined()
    expect(headers.authorization).toBeUndefined()
  })

  it('answers a second identical search from the cache, without asking the geocoder', async () => {
    const { coverage } = coverageWith()
    const first = await coverage.search('Jupiter Street Makati')
    expect(standIn.asked).toHaveLength(1)
    // The same query, typed differently: the normalised query is the key.
    const second = await coverage.search('jupiter  street, MAKATI')
    expect(standIn.asked).toHaveLength(1)
    expect(second.filter((hit) => hit.kind === 'street')).toEqual(first.filter((hit) => hit.kind === 'street'))
    expect(first.some((hit) => hit.kind === 'street')).toBe(true)
    // Kept in Postgres, for every copy, under a hash: the address typed is not stored.
    const rows = await database.db.select().from(geocoderAnswers)
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows[0]!.queryHash)).not.toMatch(/jupiter|makati/i)
    // Another copy (another service on the same database) reads the same answer.
    await coverageWith().coverage.search('Jupiter Street Makati')
    expect(standIn.asked).toHaveLength(1)
  })

  it('asks again once the answer is older than GEOCODER_CACHE_SECONDS, and keeps at most GEOCODER_CACHE_MAX_ENTRIES', async () => {
    const { coverage } = coverageWith({ cacheSeconds: 3600, cacheMaxEntries: 2 })
    const start = clock
    try {
      await coverage.search('Jupiter Street Makati')
      clock = new Date(start.getTime() + 3601 * 1000)
      await coverage.search('Jupiter Street Makati')
      expect(standIn.asked).toHaveLength(2)
      await coverage.search('Gorordo Avenue Cebu')
      await coverage.search('Gorordo Avenue Lahug')
      expect(await database.db.select().from(geocoderAnswers)).toHaveLength(2)
    } finally {
      clock = start
    }
  })

  it('asks again when a kept answer is not of the shape it reads (kept by another version)', async () => {
    const { coverage } = coverageWith()
    await coverage.search('Jupiter Street Makati')
    await database.db.update(geocoderAnswers).set({ results: { places: 'of another shape' } })
    const hits = await coverage.search('Jupiter Street Makati')
    expect(standIn.asked).toHaveLength(2)
    expect(hits.some((hit) => hit.kind === 'street')).toBe(true)
  })

  it.each([
    ['an error status', 'error', 'status 503'],
    ['an answer that is not JSON', 'not-json', 'not JSON'],
    ['an answer of another shape', 'wrong-shape', 'an answer of the wrong shape'],
    ['no answer within the time limit', 'silent', 'time limit'],
  ] as const)('gives the seeded places alone on %s, logged without the query', async (_name, mode, reason) => {
    standIn.mode = mode
    // The default time limit (2 s) for the silent one; no assertion is on how long it took.
    const { coverage, lines } = coverageWith()
    const hits = await coverage.search('Bel-Air Makati')
    expect(standIn.asked).toHaveLength(1)
    expect(hits.length).toBeGreaterThan(0)
    expect(hits.every((hit) => hit.kind !== 'street')).toBe(true)
    const { coverage: plain } = coverageWith({ url: null })
    expect(hits).toEqual(await plain.search('Bel-Air Makati'))
    expect(lines).toContainEqual(expect.objectContaining({ geocoder: 'nominatim', reason }))
    expect(JSON.stringify(lines)).not.toMatch(/bel-air|makati/i)
    // A failure is not cached: the geocoder is asked again next time.
    standIn.mode = 'answer'
    const again = await coverage.search('Bel-Air Makati')
    expect(again.some((hit) => hit.kind === 'street')).toBe(true)
    expect(standIn.asked).toHaveLength(2)
  })

  it('is not asked at all without GEOCODER_URL', async () => {
    const coverage = createCoverageService({
      db: database.db,
      logger: silentLogger,
      productName: 'Hibla',
      now: () => clock,
    })
    const hits = await coverage.search('Jupiter Street Makati')
    expect(hits).toEqual([])
    expect(standIn.asked).toHaveLength(0)
  })
})

describe('a Photon geocoder', () => {
  it('asks /api with the Philippines box and places its street; a foreign one is dropped', async () => {
    const { coverage } = coverageWith({ kind: 'photon' })
    const hits = await coverage.search('Jupiter Street')
    const [{ url }] = standIn.asked as [(typeof standIn.asked)[number]]
    expect(url.pathname).toBe('/api')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'Jupiter Street',
      bbox: '116.9,4.5,126.7,21.2',
      limit: '5',
      lang: 'en',
    })
    expect(hits.filter((hit) => hit.kind === 'street')).toEqual([
      expect.objectContaining({ barangayId: BEL_AIR, latitude: 14.5626, longitude: 121.0266 }),
    ])
  })
})
