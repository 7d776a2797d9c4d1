import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ServiceabilityOrderSchema, type ServiceabilityOrder } from '../../lib/coverage-schemas.ts'
import type { ServiceDeps } from '../context.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { latestMessagesFor } from '../notifications/outbox.ts'
import { openTestDatabase, silentLogger } from '../testing.ts'
import {
  CoverageImportError,
  importCoverage,
  parseCoverageCsv,
  parseCoverageGeoJson,
  type ImportMode,
} from './importer.ts'
import { createCoverageService } from './service.ts'
import { destination } from './spatial-index.ts'
import { naps, sites } from './tables.ts'

// Tagbilaran, Bohol: far from every demo town, so the seeded demo network never answers here.
const BOHOL = { latitude: 9.6475, longitude: 123.8544 }
const TAGBILARAN_BARANGAY = '01242001' // Bool, City of Tagbilaran
const HEADER = 'kind,code,name,barangay_code,latitude,longitude,wired,capacity,used'

let database: DatabaseHandle
let deps: ServiceDeps
beforeAll(async () => {
  database = await openTestDatabase({ seededFor: 'Hibla' })
  deps = {
    db: database.db,
    logger: silentLogger,
    productName: 'Hibla',
    now: () => new Date('2026-11-23T02:00:00Z'),
    settings: { publicUrl: 'https://portal.example.ph' },
  }
})
afterAll(() => database?.close())

/** A spot of its own for each test, kilometres apart, east of Tagbilaran. */
function spot(n: number) {
  return destination(BOHOL.latitude, BOHOL.longitude, n * 5000, 90)
}

function order(at: { latitude: number; longitude: number }, extra: Partial<ServiceabilityOrder> = {}) {
  return ServiceabilityOrderSchema.parse({
    referenceNo: 'REF-TEST-1',
    locationType: 'Others',
    subscriberName: 'JUAN DELA CRUZ',
    ...at,
    ...extra,
  })
}

async function importCsv(rows: string[], mode: ImportMode = 'merge') {
  return importCoverage(deps, parseCoverageCsv([HEADER, ...rows].join('\n')), { mode, source: 'test.csv' })
}

describe('the distance rule (default 250 m)', () => {
  it('serves a pin 249 m from a NAP with a free port, and not one 251 m away', async () => {
    const nap = spot(1)
    await importCsv([`nap,T1-NAP,,,${nap.latitude},${nap.longitude},,16,3`])
    const service = createCoverageService(deps)
    for (const bearing of [0, 45, 90, 200]) {
      const near = destination(nap.latitude, nap.longitude, 249, bearing)
      const far = destination(nap.latitude, nap.longitude, 251, bearing)
      expect((await service.check(order(near), null)).serviceable, `249 m at ${bearing}°`).toBe(true)
      expect((await service.check(order(far), null)).serviceable, `251 m at ${bearing}°`).toBe(false)
    }
    const answer = await service.check(order(destination(nap.latitude, nap.longitude, 249, 0)), null)
    expect(answer).toMatchObject({ servedBy: 'nap', nap: { code: 'T1-NAP' } })
    expect(answer.nearestNapMeters).toBeCloseTo(249, 0)
  })

  it('follows COVERAGE_MAX_DROP_METERS', async () => {
    const nap = spot(2)
    await importCsv([`nap,T2-NAP,,,${nap.latitude},${nap.longitude},,16,0`])
    const pin = destination(nap.latitude, nap.longitude, 300, 10)
    expect((await createCoverageService(deps).check(order(pin), null)).serviceable).toBe(false)
    const wider = createCoverageService({ ...deps, settings: { ...deps.settings, coverageMaxDropMeters: 350 } })
    expect((await wider.check(order(pin), null)).serviceable).toBe(true)
  })
})

describe('ports and wired sites', () => {
  it('does not serve a pin whose only NAP in reach is full, and serves it once a port frees up', async () => {
    const at = spot(3)
    await importCsv([`nap,T3-FULL,,,${at.latitude},${at.longitude},,8,8`])
    const service = createCoverageService(deps)
    const pin = destination(at.latitude, at.longitude, 40, 90)
    const full = await service.check(order(pin), null)
    expect(full).toMatchObject({ serviceable: false, servedBy: null })
    expect(full.nearestNapMeters).toBeCloseTo(40, 0)

    // A port freed by the operator (an import changing only the ports) is seen at once.
    await importCsv([`nap,T3-FULL,,,${at.latitude},${at.longitude},,8,7`])
    expect((await service.check(order(pin), null)).serviceable).toBe(true)
  })

  it('looks past more full NAPs than one query reads for the nearest free one in reach', async () => {
    const at = spot(10)
    const pin = destination(at.latitude, at.longitude, 0, 0)
    // 40 full NAPs nearer than 100 m (the engine reads candidates 32 at a time), nearest first.
    const full = Array.from({ length: 40 }, (_, n) => {
      const nap = destination(pin.latitude, pin.longitude, 20 + n * 2, (n * 37) % 360)
      return `nap,T10-FULL-${n},,,${nap.latitude},${nap.longitude},,8,8`
    })
    const free = destination(pin.latitude, pin.longitude, 200, 180)
    await importCsv([...full, `nap,T10-FREE,,,${free.latitude},${free.longitude},,8,2`])
    const service = createCoverageService(deps)
    const answer = await service.check(order(pin), null)
    expect(answer).toMatchObject({ serviceable: true, servedBy: 'nap', nap: { code: 'T10-FREE' } })
    expect(answer.nearestNapMeters).toBeCloseTo(20, 0) // the nearest NAP, full or not, for the logs

    // The free one moved out of reach (260 m): none of the 41 serves the pin.
    const away = destination(pin.latitude, pin.longitude, 260, 180)
    await importCsv([`nap,T10-FREE,,,${away.latitude},${away.longitude},,8,2`])
    expect(await service.check(order(pin), null)).toMatchObject({ serviceable: false, servedBy: null })
  })

  it('serves a wired building with free capacity wherever the NAPs are, and not when it is full', async () => {
    const at = spot(4) // no NAP anywhere near
    await importCsv([
      `building,T4-WIRED,Test Wired Tower,${TAGBILARAN_BARANGAY},${at.latitude},${at.longitude},true,50,49`,
      `building,T4-FULL,Test Full Tower,${TAGBILARAN_BARANGAY},${at.latitude},${at.longitude},true,50,50`,
      `building,T4-PLAIN,Test Plain Tower,${TAGBILARAN_BARANGAY},${at.latitude},${at.longitude},false,,`,
    ])
    const service = createCoverageService(deps)
    const check = (code: string) =>
      service.check(order(at, { locationType: 'Building', buildingOrSubdiviCode: code }), 'AG-001')
    expect(await check('T4-WIRED')).toMatchObject({ serviceable: true, servedBy: 'site' })
    expect((await check('T4-FULL')).serviceable).toBe(false)
    expect((await check('T4-PLAIN')).serviceable).toBe(false)
    // A subdivision code does not name a building.
    await expect(
      service.check(order(at, { locationType: 'Subdivision', buildingOrSubdiviCode: 'T4-WIRED' }), null),
    ).rejects.toMatchObject({
      httpStatus: 422,
      fields: { buildingOrSubdiviCode: ['No such subdivision in the list.'] },
    })
    // Nor does a code no site has; the answer never carries the site it read.
    await expect(check('T4-NOWHERE')).rejects.toMatchObject({
      httpStatus: 422,
      fields: { buildingOrSubdiviCode: ['No such building in the list.'] },
    })
    expect(await check('T4-WIRED')).not.toHaveProperty('site')
  })
})

describe('the importer', () => {
  it('reports every bad row with its line and imports nothing from a bad file', async () => {
    const at = spot(5)
    const file = [
      HEADER,
      `nap,T5-GOOD,,,${at.latitude},${at.longitude},,16,2`,
      `nap,T5-FAR,,,35.68,139.76,,16,2`, // Tokyo
      `nap,T5-OVER,,,${at.latitude},${at.longitude},,8,9`,
      '',
      `building,T5-B1,,${TAGBILARAN_BARANGAY},${at.latitude},${at.longitude},true,10,1`,
      `subdivision,T5-S1,Somewhere,99999999,${at.latitude},${at.longitude},false,,`,
      `tower,T5-X,,,${at.latitude},${at.longitude},,1,0`,
      `nap,T5-GOOD,,,${at.latitude},${at.longitude},,16,2`,
      `nap,T5-SHORT,,,${at.latitude}`,
    ].join('\n')
    const error = await importCoverage(deps, parseCoverageCsv(file), { mode: 'merge', source: 'bad.csv' }).then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(CoverageImportError)
    expect((error as CoverageImportError).problems).toEqual([
      {
        at: 'line 3',
        reason:
          'latitude: Coordinates must lie in the Philippines.; longitude: Coordinates must lie in the Philippines.',
      },
      { at: 'line 4', reason: 'used must not exceed capacity' },
      { at: 'line 6', reason: 'name is required' },
      { at: 'line 7', reason: 'barangay_code 99999999 is not a known barangay' },
      { at: 'line 8', reason: 'kind must be nap, building or subdivision' },
      { at: 'line 9', reason: 'code T5-GOOD is used again (first at line 2)' },
      { at: 'line 10', reason: 'expected 9 fields, found 5' },
    ])
    // Not even the good row of line 2.
    expect(await database.db.select().from(naps).where(eq(naps.code, 'T5-GOOD'))).toEqual([])
  })

  it('reads GeoJSON and reports features by number', async () => {
    const at = spot(6)
    const feature = (properties: object, coordinates = [at.longitude, at.latitude]) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates },
      properties,
    })
    const bad = parseCoverageGeoJson(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          feature({ kind: 'nap', code: 'T6-A', capacity: 8, used: 1 }),
          feature({ kind: 'nap', code: 'T6-B' }),
        ],
      }),
    )
    expect(bad.problems).toEqual([{ at: 'feature 2', reason: 'capacity is required; used is required' }])
    const good = parseCoverageGeoJson(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          feature({ kind: 'nap', code: 'T6-A', capacity: 8, used: 1 }),
          feature({ kind: 'subdivision', code: 'T6-S', name: 'Test Homes', barangayCode: TAGBILARAN_BARANGAY }),
        ],
      }),
    )
    expect(await importCoverage(deps, good, { mode: 'merge', source: 'test.geojson' })).toMatchObject({
      naps: 1,
      subdivisions: 1,
    })
    expect(await createCoverageService(deps).sitesOf('subdivision', TAGBILARAN_BARANGAY)).toContainEqual(
      expect.objectContaining({ code: 'T6-S', name: 'Test Homes' }),
    )
  })
})

describe('leads', () => {
  it('emails a lead once, after the import whose network reaches its pin', async () => {
    const home = spot(7)
    const service = createCoverageService(deps)
    expect((await service.check(order(home), null)).serviceable).toBe(false)
    await service.fileLead({
      emaiID: 'maria.lead@example.net',
      firstName: 'MARIA',
      lastName: 'SANTOS',
      mobileNumber: '9171234567',
      province: 'Bohol',
      municipality: 'City of Tagbilaran',
      barangay: 'Bool',
      region: 'Region VII (Central Visayas)',
      agentCode: 'self',
      source: 'HiblaWeb',
      latitude: home.latitude,
      longitude: home.longitude,
    })

    // A NAP 2 km away: the lead is not told.
    const away = destination(home.latitude, home.longitude, 2000, 0)
    await importCsv([`nap,T7-AWAY,,,${away.latitude},${away.longitude},,16,0`])
    expect(await latestMessagesFor(database.db, 'maria.lead@example.net')).toEqual([])

    // A NAP 120 m away, in a dry run (--dry-run): the lead would be told; nothing is written,
    // no email queued, the coverage version not moved.
    const near = destination(home.latitude, home.longitude, 120, 270)
    const nearRow = `nap,T7-NEAR,,,${near.latitude},${near.longitude},,16,0`
    const versionBefore = (await createCoverageService(deps).engine.currentIndex()).version
    const dry = await importCoverage(deps, parseCoverageCsv(`${HEADER}\n${nearRow}`), {
      mode: 'merge',
      source: 'dry.csv',
      dryRun: true,
    })
    expect(dry).toMatchObject({ naps: 1, version: versionBefore + 1 })
    expect(dry.leadsNotified).toBeGreaterThanOrEqual(1)
    expect(await latestMessagesFor(database.db, 'maria.lead@example.net')).toEqual([])
    expect(await database.db.select().from(naps).where(eq(naps.code, 'T7-NEAR'))).toEqual([])
    expect((await createCoverageService(deps).engine.currentIndex()).version).toBe(versionBefore)

    // The same NAP for real: told once.
    const report = await importCsv([nearRow])
    expect(report.leadsNotified).toBeGreaterThanOrEqual(1)
    let mail = await latestMessagesFor(database.db, 'maria.lead@example.net')
    expect(mail).toHaveLength(1)
    expect(mail[0]!.subject).toBe('Hibla fibre is now available at your address')
    expect(mail[0]!.body).toContain('Hello Maria,')
    expect(mail[0]!.body).toContain('https://portal.example.ph/CheckAvailability')

    // Another import that also covers it: no second email.
    const other = destination(home.latitude, home.longitude, 60, 90)
    await importCsv([`nap,T7-OTHER,,,${other.latitude},${other.longitude},,16,0`])
    mail = await latestMessagesFor(database.db, 'maria.lead@example.net')
    expect(mail).toHaveLength(1)
  })
})

describe('the index', () => {
  it('answers from a network another process imported, without a restart', async () => {
    const at = spot(8)
    const service = createCoverageService(deps) // this "process" builds its index now
    expect((await service.check(order(at), null)).serviceable).toBe(false)
    const before = (await service.engine.currentIndex()).version

    // Another process: its own service on the same database, importing.
    const otherProcess = { ...deps }
    await importCoverage(
      otherProcess,
      parseCoverageCsv(`${HEADER}\nnap,T8-NEW,,,${at.latitude},${at.longitude},,16,0`),
      {
        mode: 'merge',
        source: 'other.csv',
      },
    )
    expect((await service.check(order(at), null)).serviceable).toBe(true)
    expect((await service.engine.currentIndex()).version).toBeGreaterThan(before)
  })

  it('replaces the whole network with --replace, demo coverage included', async () => {
    const service = createCoverageService(deps)
    const demoSites = await database.db.select().from(sites).where(eq(sites.demo, true))
    expect(demoSites.length).toBeGreaterThan(0)
    const at = spot(9)
    const report = await importCsv([`nap,T9-ONLY,,,${at.latitude},${at.longitude},,16,0`], 'replace')
    expect(report).toMatchObject({ mode: 'replace', naps: 1, demoRowsLeft: 0 })
    expect(await database.db.select().from(naps)).toHaveLength(1)
    expect((await service.check(order(spot(1)), null)).serviceable).toBe(false) // T1-NAP is gone
    expect((await service.check(order(at), null)).serviceable).toBe(true)
  })
})
