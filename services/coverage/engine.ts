/**
 * The serviceability rule (issue 8): a pin is serviceable when a NAP with a free port lies
 * within the maximum drop distance (COVERAGE_MAX_DROP_METERS, default 250 m), or when the
 * chosen building or subdivision is wired and has free capacity.
 *
 * The NAP positions live in a per-process spatial index, a cache of the database tagged
 * with the coverage version it was built from (docs/decisions/0020). Each look-up asks
 * the database, in one query, for the current version and which of the index's
 * candidates still have a free port: a newer version (another process imported data)
 * rebuilds the index before answering, and ports filling up are seen at once.
 */
import { sql } from 'drizzle-orm'
import type { Database, Executor } from '../db/client.ts'
import { NapIndex, type NapHit } from './spatial-index.ts'
import { coverageVersion, naps, sites } from './tables.ts'

/** How far the log's "nearest NAP" looks; further than this it says null. */
export const NEAREST_NAP_SEARCH_METERS = 10_000
// Candidate NAPs asked about in one query, nearest first: the first batch almost always
// settles it; a block where all of them are full asks again for the next.
const CANDIDATES_PER_QUERY = 32
const READ_BATCH = 100_000

export type Site = typeof sites.$inferSelect

export type Assessment = {
  serviceable: boolean
  /** What serves the pin: a NAP with a free port in reach, or the wired site. */
  servedBy: 'nap' | 'site' | null
  /** The NAP that serves it, when one does. */
  nap: { code: string; meters: number } | null
  /** The nearest NAP whatever its ports, up to NEAREST_NAP_SEARCH_METERS. */
  nearestNapMeters: number | null
  coverageVersion: number
}

export function siteHasRoom(site: Pick<Site, 'wired' | 'capacity' | 'used'>): boolean {
  return site.wired && site.used < site.capacity
}

/**
 * Reads the NAP positions of the current version into a new index. Each page of rows
 * comes back as one text value ('id,lat,lng' lines; Postgres prints doubles exactly): on
 * PGlite that is five times faster than as rows, and the same on a server.
 */
export async function buildNapIndex(db: Executor): Promise<NapIndex> {
  // The version first: rows read after it are at least that new, so an import landing
  // in between only makes the next look-up rebuild again, never serves stale data.
  const version = await readVersion(db)
  let ids = new Int32Array(1024)
  let latitudes = new Float64Array(1024)
  let longitudes = new Float64Array(1024)
  let count = 0
  let after = 0
  for (;;) {
    const result = await db.execute(
      sql`select count(*)::int as n, max(id) as last,
            string_agg(id::text || ',' || latitude::text || ',' || longitude::text, ';') as points
          from (select ${naps.id} as id, ${naps.latitude} as latitude, ${naps.longitude} as longitude
                from ${naps} where ${naps.id} > ${after} order by ${naps.id} limit ${READ_BATCH}) page`,
    )
    const [page] = (result as unknown as { rows: { n: number; last: number | null; points: string | null }[] }).rows
    const n = Number(page?.n ?? 0)
    if (n === 0 || !page?.points) break
    if (count + n > ids.length) {
      const size = Math.max(ids.length * 2, count + n)
      ids = grow(ids, new Int32Array(size))
      latitudes = grow(latitudes, new Float64Array(size))
      longitudes = grow(longitudes, new Float64Array(size))
    }
    for (const point of page.points.split(';')) {
      const first = point.indexOf(',')
      const second = point.indexOf(',', first + 1)
      ids[count] = Number(point.slice(0, first))
      latitudes[count] = Number(point.slice(first + 1, second))
      longitudes[count] = Number(point.slice(second + 1))
      count++
    }
    if (n < READ_BATCH) break
    after = Number(page.last)
  }
  return NapIndex.build(
    { ids: ids.slice(0, count), latitudes: latitudes.slice(0, count), longitudes: longitudes.slice(0, count) },
    version,
  )
}

function grow<T extends Int32Array | Float64Array>(from: T, to: T): T {
  to.set(from)
  return to
}

export async function readVersion(db: Executor): Promise<number> {
  // Raw SQL through execute: the query builder's overhead doubled this query's time on PGlite.
  const result = await db.execute(
    sql`select ${coverageVersion.version} as version from ${coverageVersion} where ${coverageVersion.id} = 1`,
  )
  const [row] = (result as unknown as { rows: { version: number }[] }).rows
  return row ? Number(row.version) : 0
}

/** What the rule reads of a building or subdivision, read with the NAPs' ports in one query. */
export type SiteState = Pick<Site, 'code' | 'kind' | 'wired' | 'capacity' | 'used'>

/**
 * Of the candidates, the first (nearest) with a free port, the version the database is at
 * and, when asked, the chosen building or subdivision, in one query and one row: the version
 * row joined to the first candidate, in the candidates' order, that has a port left, and to
 * the site. The ids go as one array parameter, so the statement's text is the same every time.
 */
async function firstFree(db: Executor, candidates: NapHit[], siteCode: string | null) {
  const ids = candidates.map((c) => c.id)
  const result = await db.execute(
    sql`select ${coverageVersion.version} as version, n.id as id, n.code as code, s.code as site_code,
          s.kind as site_kind, s.wired as site_wired, s.capacity as site_capacity, s.used as site_used
        from ${coverageVersion}
        left join lateral (
          select ${naps.id} as id, ${naps.code} as code from ${naps}
          where ${naps.id} = any(${sql.param(ids)}::int[]) and ${naps.portsUsed} < ${naps.portCapacity}
          order by array_position(${sql.param(ids)}::int[], ${naps.id}) limit 1
        ) n on true
        left join ${sites} s on s.code = ${siteCode}
        where ${coverageVersion.id} = 1`,
  )
  type Row = {
    version: number
    id: number | null
    code: string | null
    site_code: string | null
    site_kind: SiteState['kind'] | null
    site_wired: boolean | null
    site_capacity: number | null
    site_used: number | null
  }
  const rows = (result as unknown as { rows: Row[] }).rows
  const first = rows[0]
  const version = first?.version ?? 0
  const free = new Map(rows.flatMap((row) => (row.id === null ? [] : [[Number(row.id), row.code!] as const])))
  const hit = candidates.find((c) => free.has(c.id))
  const site: SiteState | null =
    first?.site_code == null
      ? null
      : {
          code: first.site_code,
          kind: first.site_kind!,
          wired: Boolean(first.site_wired),
          capacity: Number(first.site_capacity),
          used: Number(first.site_used),
        }
  return { version: Number(version), nap: hit ? { code: free.get(hit.id)!, meters: hit.meters } : null, site }
}

export type CoverageEngine = ReturnType<typeof createCoverageEngine>

export function createCoverageEngine(db: Database, options: { maxDropMeters: number }) {
  let index: NapIndex | null = null
  let building: Promise<NapIndex> | null = null

  /** One rebuild at a time; callers meanwhile wait for it. */
  function rebuild(): Promise<NapIndex> {
    building ??= buildNapIndex(db)
      .then((built) => {
        index = built
        return built
      })
      .finally(() => {
        building = null
      })
    return building
  }

  async function currentIndex(): Promise<NapIndex> {
    return index ?? (building ? building : rebuild())
  }

  /** The first free NAP in reach, the version, and the site (asked with the first batch). */
  async function napInReach(candidates: NapHit[], within: NapIndex, siteCode: string | null) {
    const first = await firstFree(db, candidates.slice(0, CANDIDATES_PER_QUERY), siteCode)
    let { version, nap } = first
    for (
      let i = CANDIDATES_PER_QUERY;
      !nap && version === within.version && i < candidates.length;
      i += CANDIDATES_PER_QUERY
    ) {
      ;({ version, nap } = await firstFree(db, candidates.slice(i, i + CANDIDATES_PER_QUERY), null))
    }
    return { version, nap, site: first.site }
  }

  return {
    maxDropMeters: options.maxDropMeters,
    currentIndex,

    /**
     * The rule for a pin and, when chosen, its building or subdivision (by code: it is read
     * with the ports; `site` is null when there is no such site, for the caller to refuse).
     */
    async assess(
      point: { latitude: number; longitude: number },
      siteCode: string | null = null,
    ): Promise<Assessment & { site: SiteState | null }> {
      let napIndex = await currentIndex()
      let candidates = napIndex.within(point.latitude, point.longitude, options.maxDropMeters)
      let reach = await napInReach(candidates, napIndex, siteCode)
      // Another process (an import) changed the network: answer from the new one. A rebuild
      // already under way may predate that import, hence a second try.
      for (let attempt = 0; attempt < 2 && reach.version !== napIndex.version; attempt++) {
        napIndex = await rebuild()
        candidates = napIndex.within(point.latitude, point.longitude, options.maxDropMeters)
        reach = await napInReach(candidates, napIndex, siteCode)
      }
      const { site } = reach
      const nearest = candidates[0] ?? napIndex.nearest(point.latitude, point.longitude, NEAREST_NAP_SEARCH_METERS)
      const bySite = site ? siteHasRoom(site) : false
      return {
        serviceable: reach.nap !== null || bySite,
        servedBy: reach.nap ? 'nap' : bySite ? 'site' : null,
        nap: reach.nap,
        nearestNapMeters: nearest ? Math.round(nearest.meters * 10) / 10 : null,
        coverageVersion: reach.version,
        site,
      }
    },
  }
}
