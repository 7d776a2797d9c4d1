/**
 * The address cascade (spec 7: region, province, municipality/{code}, barangay/{code},
 * zip code by province, municipality and barangay). Items carry the spec's address
 * option fields. An unknown parent code answers 404 rather than an empty list, so a
 * stale or mistyped code is told apart from a place with nothing under it.
 */
import { and, eq, inArray, or, type SQL } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import type { ServiceDeps } from '../context.ts'
import type { Database } from '../db/client.ts'
import { ServiceError, ok } from '../errors.ts'
import { barangays, municipalities, provinces, regions } from './tables.ts'

// Numeric-aware, so 'Barangay 2' comes before 'Barangay 10' (Manila and Caloocan
// number hundreds of theirs), and the same on PGlite and on any server collation.
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })
function byName<T extends { name: string; id: string }>(items: T[]): T[] {
  return items.sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id))
}

const CODE_DIGITS = { region: 2, province: 3, municipality: 5, barangay: 8 } as const
type Level = keyof typeof CODE_DIGITS

function parseCode(level: Level, value: string): string {
  if (!new RegExp(`^\\d{${CODE_DIGITS[level]}}$`).test(value)) {
    throw new ServiceError(400, 'invalid_code', `A ${level} code is ${CODE_DIGITS[level]} digits.`)
  }
  return value
}

function notFound(level: Level): never {
  throw new ServiceError(404, 'not_found', `No such ${level}.`)
}

async function exists(db: Database, table: typeof regions | typeof provinces | typeof municipalities, code: string) {
  const [row] = await db.select({ code: table.code }).from(table).where(eq(table.code, code)).limit(1)
  return row !== undefined
}

export function addressRoutes({ db }: ServiceDeps) {
  const app = new Hono()

  app.get('/v1/region', async (c) => {
    const rows = await db.select().from(regions)
    return c.json(ok(byName(rows.map((r) => ({ id: r.code, name: r.name, isActive: r.isActive })))))
  })

  async function provinceList(c: Context, where?: SQL) {
    const rows = await db.select().from(provinces).where(where)
    return c.json(
      ok(byName(rows.map((p) => ({ id: p.code, name: p.name, isActive: p.isActive, regionId: p.regionCode })))),
    )
  }
  app.get('/v1/province', (c) => provinceList(c))
  app.get('/v1/province/:regionCode', async (c) => {
    const regionCode = parseCode('region', c.req.param('regionCode'))
    if (!(await exists(db, regions, regionCode))) notFound('region')
    return provinceList(c, eq(provinces.regionCode, regionCode))
  })

  app.get('/v1/municipality/:provinceCode', async (c) => {
    const provinceCode = parseCode('province', c.req.param('provinceCode'))
    if (!(await exists(db, provinces, provinceCode))) notFound('province')
    const rows = await db.select().from(municipalities).where(eq(municipalities.provinceCode, provinceCode))
    return c.json(
      ok(
        byName(
          rows.map((m) => ({
            id: m.code,
            name: m.name,
            isActive: m.isActive,
            regionId: m.regionCode,
            provinceId: m.provinceCode,
            zipCode: m.zipCode,
          })),
        ),
      ),
    )
  })

  app.get('/v1/barangay/:municipalityCode', async (c) => {
    const municipalityCode = parseCode('municipality', c.req.param('municipalityCode'))
    if (!(await exists(db, municipalities, municipalityCode))) notFound('municipality')
    // Manila's barangays sit under its sub-municipalities; choosing the city itself
    // must not lead to an empty list.
    const parts = db
      .select({ code: municipalities.code })
      .from(municipalities)
      .where(eq(municipalities.parentCode, municipalityCode))
    const rows = await db
      .select()
      .from(barangays)
      .where(or(eq(barangays.municipalityCode, municipalityCode), inArray(barangays.municipalityCode, parts)))
    return c.json(
      ok(
        byName(
          rows.map((b) => ({
            id: b.code,
            name: b.name,
            isActive: b.isActive,
            regionId: b.regionCode,
            provinceId: b.provinceCode,
            cityId: b.municipalityCode,
            zipCode: b.zipCode,
          })),
        ),
      ),
    )
  })

  // The zip code for a chosen municipality, or for one of its barangays when given
  // (barangays of big cities can have their own). province, when given, must hold
  // the municipality; barangay must lie in it.
  app.get('/v1/zipcode', async (c) => {
    const query = c.req.query()
    if (!query.municipality) throw new ServiceError(400, 'invalid_query', 'A municipality code is required.')
    const municipalityCode = parseCode('municipality', query.municipality)
    const provinceCode = query.province ? parseCode('province', query.province) : undefined
    const barangayCode = query.barangay ? parseCode('barangay', query.barangay) : undefined

    const [municipality] = await db
      .select()
      .from(municipalities)
      .where(
        and(
          eq(municipalities.code, municipalityCode),
          provinceCode === undefined ? undefined : eq(municipalities.provinceCode, provinceCode),
        ),
      )
    if (!municipality) notFound('municipality')

    let barangayId: string | null = null
    let zipCode = municipality.zipCode
    if (barangayCode !== undefined) {
      const [barangay] = await db.select().from(barangays).where(eq(barangays.code, barangayCode))
      const inMunicipality =
        barangay !== undefined &&
        (barangay.municipalityCode === municipality.code ||
          (await isPartOf(db, barangay.municipalityCode, municipality.code)))
      if (!inMunicipality) notFound('barangay')
      barangayId = barangay.code
      zipCode = barangay.zipCode
    }
    if (zipCode === null) throw new ServiceError(404, 'zip_code_unknown', 'No zip code is known for this address.')
    return c.json(
      ok({
        zipCode,
        regionId: municipality.regionCode,
        provinceId: municipality.provinceCode,
        cityId: municipality.code,
        barangayId,
      }),
    )
  })

  return app
}

async function isPartOf(db: Database, municipalityCode: string, cityCode: string) {
  const [row] = await db
    .select({ code: municipalities.code })
    .from(municipalities)
    .where(and(eq(municipalities.code, municipalityCode), eq(municipalities.parentCode, cityCode)))
  return row !== undefined
}
