/**
 * The coverage seed.
 * - Town centres (always; real data): where each city and municipality lies, from GeoNames
 *   (town-centres.ts), so the address search can place a barangay.
 * - A demo network (only with demo data, and only into a database whose coverage was never
 *   seeded nor imported): NAP boxes on a 150 m grid within 1.5 km of eight real town
 *   centres in Metro Manila, Cebu, Davao, Pampanga and Iloilo, with the south-west quarter
 *   of each town full (every port used), so both answers are reachable; and a few named
 *   buildings and subdivisions in real barangays of those towns. Every row is flagged
 *   `demo` and the version row says so: an operator's `import:coverage --replace` clears it.
 *
 * /work/handoff/coverage-demo.md and docs/operations.md list addresses to try.
 */
import { count } from 'drizzle-orm'
import { barangaysIn, municipalityList } from '../address/lookup.ts'
import type { Database } from '../db/client.ts'
import { destination } from './spatial-index.ts'
import { coverageVersion, naps, serviceableLeads, sites, townCentres } from './tables.ts'
import { matchTownCentres, philippinePlaces } from './town-centres.ts'

export const DEMO_NOTE =
  'Demo coverage: NAP boxes and wired buildings invented around real town centres, not a real network. ' +
  'Replace it with the operator’s data: npm run import:coverage -- FILE --replace.'

/** Spacing of the demo grid and the radius it fills around each town centre. */
export const DEMO_GRID_METERS = 150
export const DEMO_RADIUS_METERS = 1500
export const DEMO_PORTS = 16

type DemoSite = {
  kind: 'building' | 'subdivision'
  name: string
  /** The start of the real barangay's PSGC name. */
  barangay: string
  /** Metres east and north of the town centre. */
  east: number
  north: number
  wired: boolean
  capacity: number
  used: number
}

type DemoTown = { municipalityCode: string; label: string; sites: DemoSite[] }

/**
 * The same pattern in every town, so the demo addresses read alike: a building and a
 * subdivision served by free NAPs (north-east, north-west), a building in the full
 * quarter (south-west, not wired: not serviceable), a subdivision there that is wired
 * as a whole (serviceable by its own network), and a wired building whose capacity is used up.
 */
function pattern(town: string, first: string, second: string): DemoSite[] {
  return [
    {
      kind: 'building',
      name: `Demo ${town} Tower`,
      barangay: first,
      east: 300,
      north: 300,
      wired: false,
      capacity: 0,
      used: 0,
    },
    {
      kind: 'building',
      name: `Demo ${town} Residences`,
      barangay: first,
      east: -900,
      north: -900,
      wired: false,
      capacity: 0,
      used: 0,
    },
    {
      kind: 'building',
      name: `Demo ${town} Plaza (full)`,
      barangay: first,
      east: -700,
      north: -1000,
      wired: true,
      capacity: 80,
      used: 80,
    },
    {
      kind: 'subdivision',
      name: `Demo ${town} Village`,
      barangay: second,
      east: -600,
      north: 500,
      wired: false,
      capacity: 0,
      used: 0,
    },
    {
      kind: 'subdivision',
      name: `Demo ${town} Homes`,
      barangay: second,
      east: -1000,
      north: -600,
      wired: true,
      capacity: 300,
      used: 120,
    },
  ]
}

export const DEMO_TOWNS: DemoTown[] = [
  { municipalityCode: '80300', label: 'Makati', sites: pattern('Makati', 'Bel-Air', 'San Lorenzo') },
  { municipalityCode: '81300', label: 'Quezon City', sites: pattern('Quezon City', 'Loyola Heights', 'San Agustin') },
  { municipalityCode: '30600', label: 'Cebu', sites: pattern('Cebu', 'Lahug', 'Kasambagan') },
  { municipalityCode: '31300', label: 'Mandaue', sites: pattern('Mandaue', 'Subangdaku', 'Tipolo') },
  { municipalityCode: '30700', label: 'Davao', sites: pattern('Davao', 'Buhangin', 'Centro') },
  { municipalityCode: '05416', label: 'San Fernando', sites: pattern('San Fernando', 'Dolores', 'Sindalan') },
  { municipalityCode: '30100', label: 'Angeles', sites: pattern('Angeles', 'Balibago', 'Anunas') },
  { municipalityCode: '31000', label: 'Iloilo', sites: pattern('Iloilo', 'Tabucan', 'Ungka') },
]

/** A port count that looks used but is stable from seed to seed. */
function portsUsedFor(index: number): number {
  return (index * 7) % (DEMO_PORTS - 3)
}

export async function seedCoverage(db: Database, options: { demo?: boolean }): Promise<Record<string, number>> {
  const report: Record<string, number> = { townCentres: await seedTownCentres(db) }
  if (!options.demo) return report
  const [version] = await db.select().from(coverageVersion)
  if (version) return { ...report, demoNaps: 0, demoSites: 0 } // seeded before, or the operator's data

  const centres = await townCentresByMunicipality(db)
  const napRows: (typeof naps.$inferInsert)[] = []
  const siteRows: (typeof sites.$inferInsert)[] = []
  for (const town of DEMO_TOWNS) {
    const centre = centres.get(town.municipalityCode)
    if (!centre) throw new Error(`coverage seed: no town centre for ${town.label} (${town.municipalityCode})`)
    let n = 0
    const steps = Math.floor(DEMO_RADIUS_METERS / DEMO_GRID_METERS)
    for (let i = -steps; i <= steps; i++) {
      for (let j = -steps; j <= steps; j++) {
        const east = i * DEMO_GRID_METERS
        const north = j * DEMO_GRID_METERS
        if (Math.hypot(east, north) > DEMO_RADIUS_METERS) continue
        const point = offset(centre, east, north)
        const full = east < 0 && north < 0
        napRows.push({
          code: `DEMO-${town.municipalityCode}-${String(++n).padStart(4, '0')}`,
          ...point,
          portCapacity: DEMO_PORTS,
          portsUsed: full ? DEMO_PORTS : portsUsedFor(n),
          demo: true,
        })
      }
    }
    const barangays = await barangaysIn(db, town.municipalityCode)
    town.sites.forEach((site, k) => {
      const barangay = barangays.find((b) => b.name.startsWith(site.barangay))
      if (!barangay) throw new Error(`coverage seed: no barangay ${site.barangay} in ${town.label}`)
      siteRows.push({
        code: `DEMO-${site.kind === 'building' ? 'B' : 'S'}-${town.municipalityCode}-${k + 1}`,
        kind: site.kind,
        name: site.name,
        barangayCode: barangay.code,
        ...offset(centre, site.east, site.north),
        wired: site.wired,
        capacity: site.capacity,
        used: site.used,
        demo: true,
      })
    })
  }

  await db.transaction(async (tx) => {
    for (let i = 0; i < napRows.length; i += 1000) await tx.insert(naps).values(napRows.slice(i, i + 1000))
    await tx.insert(sites).values(siteRows)
    await tx
      .insert(coverageVersion)
      .values({ id: 1, version: 1, source: 'demo', note: DEMO_NOTE, updatedAt: new Date() })
      .onConflictDoNothing()
  })
  return { ...report, demoNaps: napRows.length, demoSites: siteRows.length }
}

/**
 * The seeded town centres by PSGC municipality code: the demo network here and the demo stores
 * (services/stores/seed.ts) are placed around them.
 */
export async function townCentresByMunicipality(
  db: Database,
): Promise<Map<string, { latitude: number; longitude: number }>> {
  return new Map((await db.select().from(townCentres)).map((centre) => [centre.municipalityCode, centre]))
}

/** Where a point `east` and `north` metres from the centre lies. */
export function offset(centre: { latitude: number; longitude: number }, east: number, north: number) {
  const northward = destination(centre.latitude, centre.longitude, north, 0)
  const point = destination(northward.latitude, northward.longitude, east, 90)
  return { latitude: round6(point.latitude), longitude: round6(point.longitude) }
}

function round6(value: number) {
  return Math.round(value * 1e6) / 1e6
}

async function seedTownCentres(db: Database): Promise<number> {
  const [present] = await db.select({ n: count() }).from(townCentres)
  if (present!.n > 0) return 0
  const centres = matchTownCentres(await municipalityList(db), philippinePlaces())
  for (let i = 0; i < centres.length; i += 1000) {
    await db
      .insert(townCentres)
      .values(centres.slice(i, i + 1000))
      .onConflictDoNothing()
  }
  return centres.length
}

/**
 * DEMO DATA (issue 33, item 7): two serviceable leads, so a sales admin's list is not empty
 * on a fresh installation: a visitor's own check and one AGT-0001 ran for a customer. Each
 * has a fixed draft hash, so seeding again adds nothing.
 */
export async function seedDemoServiceableLeads(db: Database): Promise<Record<string, number>> {
  const now = Date.now()
  const hoursAgo = (hours: number) => new Date(now - hours * 3_600_000)
  const common = {
    region: 'National Capital Region (NCR)',
    province: 'Metro Manila',
    municipality: 'City of Makati',
    barangay: 'Bel-Air',
    latitude: 14.5547,
    longitude: 121.0244,
  }
  const inserted = await db
    .insert(serviceableLeads)
    .values([
      {
        ...common,
        draftIdHash: 'demo-serviceable-lead-1',
        firstName: 'ROSA',
        lastName: 'LIM',
        email: 'rosa.lim@example.net',
        mobileNumber: '9175550123',
        place: 'Demo Makati Tower',
        checkReferenceNo: 'DEMO-CHECK-1',
        checkedAt: hoursAgo(28),
        agentCode: 'self',
        createdAt: hoursAgo(24),
      },
      {
        ...common,
        draftIdHash: 'demo-serviceable-lead-2',
        firstName: 'CARLO',
        lastName: 'REYES',
        email: 'carlo.reyes@example.net',
        mobileNumber: '9185550145',
        place: null,
        checkReferenceNo: 'DEMO-CHECK-2',
        checkedAt: hoursAgo(6),
        agentCode: 'AGT-0001',
        createdAt: hoursAgo(2),
      },
    ])
    .onConflictDoNothing({ target: serviceableLeads.draftIdHash })
    .returning({ id: serviceableLeads.id })
  return { demoServiceableLeads: inserted.length }
}
