import { count, notInArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createUpstreamClient } from '../../app/upstream/client.server'
import { isUpstreamError } from '../../app/upstream/errors'
import { startTestUpstream, type TestUpstream } from '../support/upstream.ts'
import { seedAddress } from '../../services/address/seed.ts'
import { barangays, municipalities, provinces, regions } from '../../services/address/tables.ts'

let t: TestUpstream
beforeAll(async () => {
  t = await startTestUpstream({ seed: true })
})
afterAll(() => t?.close())

const address = () => t.upstream.address

/** What the service itself answers, before the portal maps it. */
async function rawGet(path: string) {
  const client = createUpstreamClient({
    fetch: t.fetch,
    baseUrl: t.config.UPSTREAM_URL ?? 'http://upstream.internal',
    channel: t.config.channel,
    secret: t.config.upstreamSecret,
    scheme: t.config.UPSTREAM_SIGNATURE_SCHEME,
    timeoutMs: t.config.UPSTREAM_TIMEOUT_MS,
    retryDelayMs: 0,
  })
  return client.call({ name: 'test.raw', method: 'GET', path, schema: z.unknown() })
}

async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!isUpstreamError(error)) throw new Error(`expected an upstream rejection, got ${String(error)}`)
  return { kind: error.kind, status: error.status }
}

async function rowCount(table: typeof regions | typeof provinces | typeof municipalities | typeof barangays) {
  const [row] = await t.database.db.select({ n: count() }).from(table)
  return row!.n
}

async function metroManilaCity(name: string) {
  const cities = await address().municipalities('000')
  const city = cities.find((m) => m.name === name)
  if (!city) throw new Error(`${name} is not under Metro Manila`)
  return city
}

describe('the seeded PSGC list', () => {
  it('holds 18 regions, 83 provinces, 1,656 cities and municipalities and 42,011 barangays', async () => {
    expect({
      regions: await rowCount(regions),
      provinces: await rowCount(provinces),
      municipalities: await rowCount(municipalities),
      barangays: await rowCount(barangays),
    }).toEqual({ regions: 18, provinces: 83, municipalities: 1656, barangays: 42011 })
  })

  it('reaches every province through its region and every city and municipality through its province', async () => {
    const regionList = await address().regions()
    const provinceLists = await Promise.all(regionList.map((r) => address().provinces(r.id)))
    const provinceIds = provinceLists.flat().map((p) => p.id)
    expect(new Set(provinceIds).size).toBe(83)

    const municipalityLists = await Promise.all(provinceIds.map((id) => address().municipalities(id)))
    expect(new Set(municipalityLists.flat().map((m) => m.id)).size).toBe(1656)
  })

  it('has no barangay outside a known city or municipality', async () => {
    const known = t.database.db.select({ code: municipalities.code }).from(municipalities)
    const [orphans] = await t.database.db
      .select({ n: count() })
      .from(barangays)
      .where(notInArray(barangays.municipalityCode, known))
    expect(orphans!.n).toBe(0)
  })

  it('adds nothing when seeded a second time', async () => {
    expect(await seedAddress(t.database.db)).toEqual({ regions: 0, provinces: 0, municipalities: 0, barangays: 0 })
  })
})

describe('the address cascade through the portal client', () => {
  it('leads from NCR to METRO MANILA to Makati to barangay Bel-Air', async () => {
    const ncr = (await address().regions()).find((r) => r.name === 'National Capital Region (NCR)')
    expect(ncr).toMatchObject({ id: '13', isActive: true })

    const ncrProvinces = await address().provinces(ncr!.id)
    expect(ncrProvinces).toEqual([{ id: '000', name: 'METRO MANILA', isActive: true, regionId: '13' }])

    const makati = (await address().municipalities(ncrProvinces[0]!.id)).find((m) => m.name === 'City of Makati')
    expect(makati).toMatchObject({ id: '80300', provinceId: '000', regionId: '13', zipCode: '1200' })

    const belAir = (await address().barangays(makati!.id)).find((b) => b.name === 'Bel-Air')
    expect(belAir).toEqual({
      id: '80300002',
      name: 'Bel-Air',
      isActive: true,
      regionId: '13',
      provinceId: '000',
      municipalityId: '80300',
      zipCode: '1209',
    })
  })

  it('names NCR as Metro Manila upstream and shows it as METRO MANILA only in the portal', async () => {
    expect(await rawGet('/v1/province/13')).toEqual({
      status: true,
      data: [{ id: '000', name: 'Metro Manila', isActive: true, regionId: '13' }],
    })
    expect((await address().provinces('13')).map((p) => p.name)).toEqual(['METRO MANILA'])
    // Other provinces keep their names.
    expect((await address().provinces('04')).map((p) => p.name)).toEqual([
      'Batangas',
      'Cavite',
      'Laguna',
      'Quezon',
      'Rizal',
    ])
  })

  it("answers the spec's address option fields, cityId included, upstream", async () => {
    const answer = (await rawGet('/v1/barangay/80300')) as { data: unknown[] }
    expect(answer.data).toContainEqual({
      id: '80300002',
      name: 'Bel-Air',
      isActive: true,
      regionId: '13',
      provinceId: '000',
      cityId: '80300',
      zipCode: '1209',
    })
    const allProvinces = (await rawGet('/v1/province')) as { status: boolean; data: unknown[] }
    expect(allProvinces.status).toBe(true)
    expect(allProvinces.data).toHaveLength(83)
  })

  it('sorts by name, numbers in numeric order', async () => {
    const regionNames = (await address().regions()).map((r) => r.name)
    expect(regionNames.slice(0, 3)).toEqual([
      'Bangsamoro Autonomous Region In Muslim Mindanao (BARMM)',
      'Cordillera Administrative Region (CAR)',
      'MIMAROPA Region',
    ])
    const caloocan = await metroManilaCity('City of Caloocan')
    const names = (await address().barangays(caloocan.id)).map((b) => b.name)
    expect(names.slice(0, 3)).toEqual(['Barangay 1', 'Barangay 2', 'Barangay 3'])
    expect(names.indexOf('Barangay 10')).toBeGreaterThan(names.indexOf('Barangay 9'))
  })

  it('places independent cities under the province they lie in, keeping their own region', async () => {
    const pampanga = (await address().provinces('03')).find((p) => p.name === 'Pampanga')
    expect((await address().municipalities(pampanga!.id)).find((m) => m.name === 'City of Angeles')).toMatchObject({
      regionId: '03',
    })
    const basilan = (await address().provinces('19')).find((p) => p.name === 'Basilan')
    expect((await address().municipalities(basilan!.id)).find((m) => m.name === 'City of Isabela')).toMatchObject({
      regionId: '09',
      provinceId: basilan!.id,
    })
  })

  it("lists Manila's barangays under the city as well as under its sub-municipalities", async () => {
    const manila = await metroManilaCity('City of Manila')
    const binondo = await metroManilaCity('Binondo')
    const cityBarangays = await address().barangays(manila.id)
    const binondoBarangays = await address().barangays(binondo.id)
    expect(binondoBarangays.length).toBeGreaterThan(0)
    expect(cityBarangays.length).toBeGreaterThan(binondoBarangays.length)
    expect(cityBarangays.map((b) => b.id)).toEqual(expect.arrayContaining(binondoBarangays.map((b) => b.id)))
  })
})

describe('bad and unknown codes', () => {
  it.each([
    ['a region code with letters', () => address().provinces('1a')],
    ['a province code with a slash', () => address().municipalities('0/1')],
    ['a municipality code too short', () => address().barangays('803')],
  ])('rejects %s with 400', async (_name, call) => {
    expect(await rejection(call())).toEqual({ kind: 'rejected', status: 400 })
  })

  it('answers 404 for a well-formed code that names nothing', async () => {
    expect(await rejection(address().provinces('99'))).toEqual({ kind: 'rejected', status: 404 })
    expect(await rejection(address().municipalities('998'))).toEqual({ kind: 'rejected', status: 404 })
    expect(await rejection(address().barangays('99999'))).toEqual({ kind: 'rejected', status: 404 })
  })
})

describe('zip codes', () => {
  it("gives a municipality's zip code, checked against its province", async () => {
    const bacoor = (await address().municipalities('021')).find((m) => m.name === 'City of Bacoor')
    expect(await address().zipCode({ provinceCode: '021', municipalityCode: bacoor!.id })).toBe('4102')
    // Bacoor is not in Laguna.
    expect(await address().zipCode({ provinceCode: '034', municipalityCode: bacoor!.id })).toBeNull()
  })

  it("gives a barangay's own zip code where it has one", async () => {
    expect(await address().zipCode({ municipalityCode: '80300', barangayCode: '80300002' })).toBe('1209')
  })

  it('answers null where PHLPost has no single code for the place', async () => {
    const taguig = await metroManilaCity('City of Taguig')
    expect(taguig.zipCode).toBeNull()
    expect(await address().zipCode({ municipalityCode: taguig.id })).toBeNull()
  })

  it('answers null for a barangay of another municipality', async () => {
    const caloocan = await metroManilaCity('City of Caloocan')
    expect(await address().zipCode({ municipalityCode: caloocan.id, barangayCode: '80300002' })).toBeNull()
  })

  it('rejects a malformed code with 400', async () => {
    expect(await rejection(address().zipCode({ municipalityCode: 'makati' }))).toEqual({
      kind: 'rejected',
      status: 400,
    })
  })
})
