/**
 * The store locator upstream (issue 16) through the real gateway, on the seeded database:
 * the demo stores, the two calls with their filters, order and refusals, and the importer
 * (a bad file refused whole, merge, the authorized outlets' cash-only rule, replace).
 * The replace comes last: it removes the demo stores the earlier tests read.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STORE_TYPES } from '../../lib/stores.ts'
import { townCentres } from '../coverage/tables.ts'
import { haversineMeters } from '../coverage/spatial-index.ts'
import { signedCall, startTestGateway, type TestGateway } from '../testing.ts'
import { StoreImportError, importStores, parseStoresCsv, type ImportMode } from './importer.ts'
import { DEMO_STORE_TOWNS, seedStores } from './seed.ts'
import { stores } from './tables.ts'

const HEADER = 'store_id,type,name,address_line,barangay_code,latitude,longitude,hours,services,payment_channels,phone'
// Bool, City of Tagbilaran, Bohol (province 012): no demo store is in Bohol.
const TAGBILARAN_BARANGAY = '01242001'
const BOHOL = '012'
const HERE = '9.6475,123.8544'

let t: TestGateway
beforeAll(async () => {
  t = await startTestGateway({ seed: true })
})
afterAll(() => t?.close())

const get = (path: string) => signedCall(t, 'GET', path)
const ids = (body: { data: { storeId: string }[] }) => body.data.map((store) => store.storeId)
const deps = () => ({ db: t.database.db, now: () => new Date('2026-11-23T02:00:00Z') })

function importCsv(rows: string[], mode: ImportMode = 'merge') {
  return importStores(deps(), parseStoresCsv([HEADER, ...rows].join('\n')), { mode })
}

async function refusal(rows: string[]) {
  const error = await importCsv(rows).then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(StoreImportError)
  return (error as StoreImportError).problems
}

describe('the demo stores (seed)', () => {
  it('puts a business centre, one or two payment centres and two or three cash-only outlets in each demo town', async () => {
    const rows = await t.database.db.select().from(stores)
    const centres = new Map((await t.database.db.select().from(townCentres)).map((c) => [c.municipalityCode, c]))
    for (const town of DEMO_STORE_TOWNS) {
      const mine = rows.filter((row) => row.municipalityCode === town.municipalityCode)
      const ofType = (type: string) => mine.filter((row) => row.type === type).length
      expect(ofType('business-centre'), town.label).toBe(1)
      expect(ofType('payment-centre'), town.label).toBeGreaterThanOrEqual(1)
      expect(ofType('payment-centre'), town.label).toBeLessThanOrEqual(2)
      expect(ofType('authorized-outlet'), town.label).toBeGreaterThanOrEqual(2)
      expect(ofType('authorized-outlet'), town.label).toBeLessThanOrEqual(3)
      const centre = centres.get(town.municipalityCode)!
      for (const row of mine) {
        expect(row.demo, row.id).toBe(true)
        expect(row.name, row.id).toMatch(/^Demo /)
        expect(row.barangayCode.startsWith(town.municipalityCode), row.id).toBe(true)
        const meters = haversineMeters(centre.latitude, centre.longitude, row.latitude, row.longitude)
        expect(meters, row.id).toBeGreaterThanOrEqual(300)
        expect(meters, row.id).toBeLessThanOrEqual(3000)
        if (row.type === 'authorized-outlet') expect(row.paymentChannels, row.id).toEqual(['cash'])
      }
    }
    expect(rows).toHaveLength(DEMO_STORE_TOWNS.reduce((sum, town) => sum + town.stores.length, 0))
  })

  it('has hours of every kind: office hours, mall hours, open 24 hours and past midnight', async () => {
    const hours = (await t.database.db.select({ hours: stores.hours }).from(stores)).map((row) => row.hours)
    expect(hours).toContain('Mon-Fri 08:00-17:00; Sat 08:00-12:00')
    expect(hours).toContain('Daily 10:00-21:00')
    expect(hours).toContain('Daily 00:00-24:00')
    expect(hours).toContain('Mon-Sun 18:00-02:00')
  })

  it('adds nothing when run again, nor without demo data', async () => {
    expect(await seedStores(t.database.db, { demo: true })).toEqual({ demoStores: 0 })
    expect(await seedStores(t.database.db, { demo: false })).toEqual({})
  })
})

describe('GET /v1/stores', () => {
  it('answers every store of a type, by town then name, with the names of its places', async () => {
    const { status, body } = await get('/v1/stores?type=business-centre')
    expect(status).toBe(200)
    expect(body.status).toBe(true)
    expect(body.data.map((store: { municipalityName: string }) => store.municipalityName)).toEqual([
      'City of Angeles',
      'City of Cebu',
      'City of Davao',
      'City of Iloilo',
      'City of Makati',
      'City of Mandaue',
      'City of San Fernando',
      'Quezon City',
    ])
    const makati = body.data.find((store: { storeId: string }) => store.storeId === 'DEMO-MKT-BC-01')
    expect(makati).toEqual({
      storeId: 'DEMO-MKT-BC-01',
      type: 'business-centre',
      name: 'Demo Makati Business Centre',
      addressLine: 'Ground floor, Demo Tower, Ayala Avenue',
      barangayCode: expect.stringMatching(/^80300\d{3}$/),
      barangayName: 'Urdaneta',
      municipalityCode: '80300',
      municipalityName: 'City of Makati',
      provinceCode: '000',
      provinceName: 'Metro Manila',
      regionCode: '13',
      regionName: 'National Capital Region (NCR)',
      latitude: expect.any(Number),
      longitude: expect.any(Number),
      hours: 'Mon-Fri 08:00-17:00; Sat 08:00-12:00',
      services: ['payments', 'applications', 'repairs', 'modem-swap'],
      paymentChannels: ['cash', 'check', 'card'],
      phone: '(02) 8555 0101',
      demo: true,
    })
  })

  it('answers only the stores of the type in the province, town by town', async () => {
    // Cebu province: the City of Cebu's outlets, then the City of Mandaue's, each by name.
    const { status, body } = await get('/v1/stores?type=authorized-outlet&province=022')
    expect(status).toBe(200)
    expect(
      body.data.map((s: { municipalityName: string; name: string }) => `${s.municipalityName}: ${s.name}`),
    ).toEqual([
      'City of Cebu: Demo Colon Supermarket Bills Payment',
      'City of Cebu: Demo Guadalupe Convenience Store',
      'City of Cebu: Demo Sambag Pawnshop',
      'City of Mandaue: Demo A.S. Fortuna Convenience Store',
      'City of Mandaue: Demo Mandaue Centro Pawnshop',
    ])
    for (const store of body.data) {
      expect(store).toMatchObject({ type: 'authorized-outlet', provinceCode: '022', provinceName: 'Cebu' })
    }
    // A province without stores of the type: an empty list, not an error.
    expect(await get(`/v1/stores?type=business-centre&province=${BOHOL}`)).toEqual({
      status: 200,
      body: { status: true, data: [] },
    })
  })

  it('refuses a missing or unknown type, and a province that is not a PSGC code', async () => {
    for (const query of ['', '?type=', '?type=kiosk', '?type=Business-Centre', '?province=022']) {
      const { status, body } = await get(`/v1/stores${query}`)
      expect(status, query).toBe(400)
      expect(body.error.code, query).toBe('invalid_query')
    }
    for (const province of ['Cebu', '02a', '12345678901', '-1']) {
      const { status, body } = await get(`/v1/stores?type=payment-centre&province=${province}`)
      expect(status, province).toBe(400)
      expect(body.error).toMatchObject({ code: 'invalid_query', message: 'province is a PSGC province code.' })
    }
  })
})

describe('GET /v1/stores/provinces', () => {
  it('answers the provinces that have stores of the type, by name, with their count', async () => {
    const { status, body } = await get('/v1/stores/provinces?type=payment-centre')
    expect(status).toBe(200)
    expect(body.data).toEqual([
      {
        provinceCode: '022',
        provinceName: 'Cebu',
        regionCode: '07',
        regionName: 'Region VII (Central Visayas)',
        stores: 3,
      },
      {
        provinceCode: '024',
        provinceName: 'Davao del Sur',
        regionCode: '11',
        regionName: 'Region XI (Davao Region)',
        stores: 2,
      },
      {
        provinceCode: '030',
        provinceName: 'Iloilo',
        regionCode: '06',
        regionName: 'Region VI (Western Visayas)',
        stores: 2,
      },
      {
        provinceCode: '000',
        provinceName: 'Metro Manila',
        regionCode: '13',
        regionName: 'National Capital Region (NCR)',
        stores: 4,
      },
      {
        provinceCode: '054',
        provinceName: 'Pampanga',
        regionCode: '03',
        regionName: 'Region III (Central Luzon)',
        stores: 2,
      },
    ])
    // Each count is the province's list.
    for (const province of body.data) {
      const list = await get(`/v1/stores?type=payment-centre&province=${province.provinceCode}`)
      expect(list.body.data, province.provinceName).toHaveLength(province.stores)
    }
  })

  it('refuses a missing or unknown type', async () => {
    for (const query of ['', '?type=shop']) {
      const { status, body } = await get(`/v1/stores/provinces${query}`)
      expect(status, query).toBe(400)
      expect(body.error.code, query).toBe('invalid_query')
    }
  })
})

describe('the importer', () => {
  it('reports every bad field with its line and column, and imports nothing from a bad file', async () => {
    const problems = await refusal([
      `T1-GOOD,business-centre,Test Bohol Business Centre,CPG Avenue,${TAGBILARAN_BARANGAY},${HERE},Mon-Fri 08:00-17:00,payments|applications,cash|check,(038) 555 1234`,
      `T1-KIOSK,kiosk,Test Kiosk,CPG Avenue,${TAGBILARAN_BARANGAY},${HERE},Daily 08:00-17:00,payments,cash,`,
      `T1-THREE,payment-centre,,CPG Avenue,99999998,${HERE},Mon-Fry 08:00-17:00,payments,cash,`,
      `T1-NOWHERE,payment-centre,Test Nowhere,CPG Avenue,99999999,${HERE},Daily 08:00-17:00,payments,cash,`,
      `T1-TOKYO,payment-centre,Test Tokyo,Ginza,${TAGBILARAN_BARANGAY},35.68,139.76,Daily 08:00-17:00,payments,cash,`,
      `T1-SING,payment-centre,Test Karaoke,CPG Avenue,${TAGBILARAN_BARANGAY},${HERE},Daily 08:00-17:00,payments|karaoke,cash,`,
      `T1-CHECK,authorized-outlet,Test Pawnshop,CPG Avenue,${TAGBILARAN_BARANGAY},${HERE},Daily 8:00-17:00,payments,cash|check,`,
      `T1-GOOD,payment-centre,Test Again,CPG Avenue,${TAGBILARAN_BARANGAY},${HERE},Daily 08:00-17:00,payments,cash,`,
      `bad id!,payment-centre,Test Id,CPG Avenue,${TAGBILARAN_BARANGAY},${HERE},Daily 08:00-17:00,payments,cash,`,
      `T1-SHORT,payment-centre,Test Short`,
    ])
    expect(problems).toEqual([
      { line: 3, field: 'type', reason: 'type is one of business-centre, payment-centre, authorized-outlet' },
      // Every bad field of a row, the unknown barangay included.
      { line: 4, field: 'name', reason: 'name is required' },
      { line: 4, field: 'barangay_code', reason: '99999998 is not a known barangay' },
      { line: 4, field: 'hours', reason: "'Mon-Fry' is not a day or a day range like Mon-Fri" },
      { line: 5, field: 'barangay_code', reason: '99999999 is not a known barangay' },
      { line: 6, field: 'latitude', reason: 'Coordinates must lie in the Philippines.' },
      { line: 6, field: 'longitude', reason: 'Coordinates must lie in the Philippines.' },
      { line: 7, field: 'services', reason: "'karaoke' is not one of payments, applications, repairs, modem-swap" },
      { line: 8, field: 'hours', reason: "'Daily 8:00-17:00' is not like 'Mon-Fri 08:00-17:00'" },
      {
        line: 8,
        field: 'payment_channels',
        reason: 'an authorized outlet takes cash only (no checks, cards or e-wallets)',
      },
      { line: 9, field: 'store_id', reason: 'T1-GOOD is used again (first at line 2)' },
      {
        line: 10,
        field: 'store_id',
        reason: 'store_id is 1 to 40 letters, digits, dots, dashes or underscores, starting with a letter or digit',
      },
      { line: 11, field: null, reason: 'expected 11 fields, found 3' },
    ])
    // Not even the good row of line 2.
    expect(await t.database.db.select().from(stores).where(eq(stores.id, 'T1-GOOD'))).toEqual([])
  })

  it('takes an authorized outlet with cash only: no checks, cards or e-wallets', async () => {
    const outlet = (id: string, channels: string) =>
      `${id},authorized-outlet,Test Outlet ${id},CPG Avenue,${TAGBILARAN_BARANGAY},${HERE},Daily 00:00-24:00,payments,${channels},`
    for (const channels of ['cash|check', 'check', 'card', 'cash|e-wallet', '']) {
      expect(await refusal([outlet('T2-NO', channels)]), channels).toEqual([
        {
          line: 2,
          field: 'payment_channels',
          reason: 'an authorized outlet takes cash only (no checks, cards or e-wallets)',
        },
      ])
    }
    expect(await importCsv([outlet('T2-CASH', 'cash')])).toMatchObject({ added: 1 })
    const [row] = await t.database.db.select().from(stores).where(eq(stores.id, 'T2-CASH'))
    expect(row).toMatchObject({ paymentChannels: ['cash'], demo: false })
  })

  it('merges by store id: adds new stores, updates those it names, keeps the rest (demo stores included)', async () => {
    const first = await importCsv([
      `T3-A,payment-centre,Test Tagbilaran Payment Centre,CPG Avenue,${TAGBILARAN_BARANGAY},${HERE},Mon-Sat 08:00-17:00,payments,cash|card,`,
      `T3-B,business-centre,Test Tagbilaran Business Centre,"Ground floor, Test Building, CPG Avenue",${TAGBILARAN_BARANGAY},${HERE},Mon-Fri 08:00-17:00;Sat  08:00-12:00,applications|payments,check|cash,(038) 555 0000`,
    ])
    expect(first).toMatchObject({ mode: 'merge', added: 2, updated: 0, removed: 0 })
    const second = await importCsv([
      `T3-A,payment-centre,Test Tagbilaran Payment Centre (moved),Carlos P. Garcia Avenue,${TAGBILARAN_BARANGAY},9.65,123.86,Daily 10:00-21:00,payments,cash|card|e-wallet,`,
      `T3-C,authorized-outlet,Test Tagbilaran Pawnshop,J.A. Clarin Street,${TAGBILARAN_BARANGAY},${HERE},Mon-Sat 08:30-17:30,payments,cash,`,
      // A demo store the operator's list now names becomes the operator's.
      `DEMO-ILO-BC-01,business-centre,Iloilo Business Centre,Iznart Street,${TAGBILARAN_BARANGAY},${HERE},Mon-Fri 08:00-17:00,payments,cash,`,
    ])
    expect(second).toMatchObject({
      added: 1,
      updated: 2,
      imported: { 'business-centre': 1, 'payment-centre': 1, 'authorized-outlet': 1 },
    })
    const demoCount = DEMO_STORE_TOWNS.reduce((sum, town) => sum + town.stores.length, 0)
    expect(second.demoStoresLeft).toBe(demoCount - 1)

    const bohol = (await get(`/v1/stores?type=payment-centre&province=${BOHOL}`)).body.data
    expect(bohol).toEqual([
      expect.objectContaining({
        storeId: 'T3-A',
        name: 'Test Tagbilaran Payment Centre (moved)',
        addressLine: 'Carlos P. Garcia Avenue',
        barangayName: 'Bool',
        municipalityName: 'City of Tagbilaran',
        provinceName: 'Bohol',
        latitude: 9.65,
        longitude: 123.86,
        hours: 'Daily 10:00-21:00',
        paymentChannels: ['cash', 'card', 'e-wallet'],
        phone: null,
        demo: false,
      }),
    ])
    // Kept as it was, with its hours and lists written the usual way.
    const businessCentres = (await get(`/v1/stores?type=business-centre&province=${BOHOL}`)).body.data
    expect(ids({ data: businessCentres })).toEqual(['DEMO-ILO-BC-01', 'T3-B']) // by name: 'Iloilo …', 'Test …'
    expect(businessCentres[1]).toMatchObject({
      storeId: 'T3-B',
      addressLine: 'Ground floor, Test Building, CPG Avenue',
      hours: 'Mon-Fri 08:00-17:00; Sat 08:00-12:00',
      services: ['payments', 'applications'],
      paymentChannels: ['cash', 'check'],
    })
    const [moved] = await t.database.db.select().from(stores).where(eq(stores.id, 'DEMO-ILO-BC-01'))
    expect(moved).toMatchObject({ demo: false, provinceCode: BOHOL, regionCode: '07' })
  })

  it('counts a replace in a dry run exactly as a real one would, and writes nothing (--dry-run)', async () => {
    const rowsOf = async () =>
      (await t.database.db.select().from(stores))
        .sort((a, b) => a.id.localeCompare(b.id))
        .map((row) => JSON.stringify(row))
    const before = await rowsOf()
    const file = parseStoresCsv(
      [
        HEADER,
        `T5-DRY,business-centre,Test Dry Business Centre,CPG Avenue,${TAGBILARAN_BARANGAY},${HERE},Mon-Fri 08:00-17:00,payments,cash,`,
        `T3-A,payment-centre,Test Tagbilaran Payment Centre,CPG Avenue,${TAGBILARAN_BARANGAY},${HERE},Mon-Sat 08:00-17:00,payments,cash,`,
      ].join('\n'),
    )
    const report = await importStores(deps(), file, { mode: 'replace', dryRun: true })
    expect(report).toMatchObject({
      mode: 'replace',
      added: 1,
      updated: 1,
      removed: before.length - 1,
      demoStoresLeft: 0,
    })
    expect(await rowsOf()).toEqual(before)
    // A bad file is refused the same way in a dry run.
    const bad = parseStoresCsv(
      [HEADER, `T5-BAD,kiosk,Test,CPG Avenue,${TAGBILARAN_BARANGAY},${HERE},,payments,cash,`].join('\n'),
    )
    await expect(importStores(deps(), bad, { mode: 'merge', dryRun: true })).rejects.toBeInstanceOf(StoreImportError)
  })

  it('replaces every store, demo ones included, with --replace', async () => {
    const before = (await t.database.db.select({ id: stores.id }).from(stores)).length
    const report = await importCsv(
      [
        `T4-ONLY,business-centre,Test Only Business Centre,CPG Avenue,${TAGBILARAN_BARANGAY},${HERE},Mon-Fri 08:00-17:00,payments,cash,`,
        `T3-A,payment-centre,Test Tagbilaran Payment Centre,CPG Avenue,${TAGBILARAN_BARANGAY},${HERE},Mon-Sat 08:00-17:00,payments,cash,`,
      ],
      'replace',
    )
    expect(report).toMatchObject({ mode: 'replace', added: 1, updated: 1, removed: before - 1, demoStoresLeft: 0 })
    expect((await t.database.db.select({ id: stores.id }).from(stores)).map((row) => row.id).sort()).toEqual([
      'T3-A',
      'T4-ONLY',
    ])
    for (const type of STORE_TYPES) {
      const expected = { 'business-centre': ['T4-ONLY'], 'payment-centre': ['T3-A'], 'authorized-outlet': [] }[type]
      expect(ids((await get(`/v1/stores?type=${type}`)).body), type).toEqual(expected)
    }
    // The seed does not bring the demo stores back over the operator's list.
    expect(await seedStores(t.database.db, { demo: true })).toEqual({ demoStores: 0 })
  })
})
