/**
 * Coverage data from the operator's inventory (docs/operations.md, Importing coverage):
 * NAP boxes, buildings and subdivisions, from CSV or GeoJSON. Every row is checked and
 * every bad row reported with its line (CSV) or feature number (GeoJSON) and the reason;
 * a file with any bad row changes nothing. A good file is written in one transaction that
 * replaces the network or merges into it, bumps the coverage version (so every process's
 * index rebuilds, docs/decisions/0020), and queues one email to each lead whose pin the
 * new network now serves.
 *
 * CSV: a header row with the columns below, in any order; one row per NAP, building or
 * subdivision. For a NAP, capacity and used are its ports, name and barangay_code and wired
 * are left empty.
 *
 *   kind,code,name,barangay_code,latitude,longitude,wired,capacity,used
 *   nap,NAP-0001,,,14.5547,121.0244,,16,3
 *   building,BLDG-001,Ayala Tower,13803003,14.5551,121.0230,true,120,40
 *
 * GeoJSON: a FeatureCollection of Point features (longitude, latitude) whose properties
 * carry the same names (barangayCode may be written barangay_code).
 */
import { parse as parseCsv } from 'csv-parse/sync'
import { and, count, eq, inArray, isNull, lt, sql } from 'drizzle-orm'
import { z } from 'zod'
import { LatitudeSchema, LongitudeSchema, SITE_CODE_PATTERN } from '../../lib/coverage-schemas.ts'
import { existingBarangayCodes } from '../address/lookup.ts'
import { settingsOf, type ServiceDeps } from '../context.ts'
import { rehearse, type Executor, type Transaction } from '../db/client.ts'
import { enqueueMessage } from '../notifications/outbox.ts'
import { fibreAvailableEmail } from './emails.ts'
import { buildNapIndex } from './engine.ts'
import { coverageVersion, leads, naps, sites } from './tables.ts'
import type { ImportMode } from '../operator-command.ts'

export const CSV_COLUMNS = [
  'kind',
  'code',
  'name',
  'barangay_code',
  'latitude',
  'longitude',
  'wired',
  'capacity',
  'used',
] as const

export type { ImportMode }

const Code = z
  .string()
  .trim()
  .regex(SITE_CODE_PATTERN, { error: 'must be 1 to 64 letters, digits, dot, dash or underscore' })
const Count = (what: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: `${what} is required` })
      .int({ error: `${what} must be a whole number` })
      .min(0, { error: `${what} must not be negative` })
      .max(100_000, { error: `${what} is at most 100000` }),
  )
const Flag = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
  z
    .union([z.boolean(), z.enum(['true', 'false', 'yes', 'no', '1', '0', 'y', 'n'])], {
      error: 'wired must be true or false',
    })
    .transform((value) => (typeof value === 'boolean' ? value : ['true', 'yes', '1', 'y'].includes(value))),
)

const NapRecordSchema = z
  .object({
    kind: z.literal('nap'),
    code: Code,
    latitude: LatitudeSchema,
    longitude: LongitudeSchema,
    capacity: Count('capacity').refine((n) => n > 0, { error: 'capacity must be at least 1' }),
    used: Count('used'),
  })
  .refine((nap) => nap.used <= nap.capacity, { error: 'used must not exceed capacity', path: ['used'] })
  .transform(({ capacity, used, ...nap }) => ({ ...nap, portCapacity: capacity, portsUsed: used }))

const SiteRecordSchema = z
  .object({
    kind: z.enum(['building', 'subdivision']),
    code: Code,
    name: z
      .string({ error: 'name is required' })
      .trim()
      .min(1, { error: 'name is required' })
      .max(200, { error: 'name is at most 200 characters' }),
    barangayCode: z
      .string({ error: 'barangay_code is required' })
      .trim()
      .regex(/^\d{8}$/, {
        error: 'barangay_code must be a PSGC barangay code of 8 digits',
      }),
    latitude: LatitudeSchema,
    longitude: LongitudeSchema,
    wired: Flag.default(false),
    capacity: Count('capacity').default(0),
    used: Count('used').default(0),
  })
  .refine((site) => site.used <= site.capacity, { error: 'used must not exceed capacity', path: ['used'] })
  .refine((site) => !site.wired || site.capacity > 0, {
    error: 'a wired site needs a capacity of at least 1',
    path: ['capacity'],
  })

export type NapRecord = z.output<typeof NapRecordSchema>
export type SiteRecord = z.output<typeof SiteRecordSchema>
export type CoverageRecord = NapRecord | SiteRecord

/** Where a record came from: 'line 12' of a CSV file or 'feature 3' of a GeoJSON one. */
export type Located<T> = { at: string; value: T }
export type RowProblem = { at: string; reason: string }

export class CoverageImportError extends Error {
  constructor(readonly problems: RowProblem[]) {
    super(`${problems.length} problem(s) in the coverage file; nothing was imported`)
  }
}

function validateRecord(raw: Record<string, unknown>, at: string): Located<CoverageRecord> | RowProblem {
  const kind = typeof raw.kind === 'string' ? raw.kind.trim().toLowerCase() : raw.kind
  const schema =
    kind === 'nap' ? NapRecordSchema : kind === 'building' || kind === 'subdivision' ? SiteRecordSchema : null
  if (!schema) return { at, reason: 'kind must be nap, building or subdivision' }
  // An empty CSV cell is a missing value.
  const input = Object.fromEntries(Object.entries({ ...raw, kind }).filter(([, v]) => v !== '' && v !== null))
  const parsed = schema.safeParse(input)
  if (parsed.success) return { at, value: parsed.data }
  return {
    at,
    reason: parsed.error.issues
      .map((issue) => {
        const field = String(issue.path[0] ?? '')
        const name = field === 'barangayCode' ? 'barangay_code' : field
        return issue.message.startsWith(name) || !name ? issue.message : `${name}: ${issue.message}`
      })
      .join('; '),
  }
}

export type ParsedFile = { records: Located<CoverageRecord>[]; problems: RowProblem[] }

export function parseCoverageCsv(text: string): ParsedFile {
  let rows: { record: string[]; info: { lines: number } }[]
  try {
    rows = parseCsv(text, { bom: true, info: true, skip_empty_lines: true, relax_column_count: true }) as never
  } catch (error) {
    const line = (error as { lines?: number }).lines
    return { records: [], problems: [{ at: `line ${line ?? 1}`, reason: (error as Error).message }] }
  }
  const [header, ...body] = rows
  if (!header) return { records: [], problems: [{ at: 'line 1', reason: 'the file is empty' }] }
  const columns = header.record.map((name) => name.trim().toLowerCase())
  const missing = CSV_COLUMNS.filter((name) => !columns.includes(name))
  if (missing.length > 0) {
    return { records: [], problems: [{ at: 'line 1', reason: `the header lacks the column(s) ${missing.join(', ')}` }] }
  }
  const records: Located<CoverageRecord>[] = []
  const problems: RowProblem[] = []
  for (const { record, info } of body) {
    const at = `line ${info.lines}`
    if (record.length !== columns.length) {
      problems.push({ at, reason: `expected ${columns.length} fields, found ${record.length}` })
      continue
    }
    const raw: Record<string, unknown> = {}
    columns.forEach((name, i) => {
      raw[name === 'barangay_code' ? 'barangayCode' : name] = record[i]!.trim()
    })
    const result = validateRecord(raw, at)
    if ('value' in result) records.push(result)
    else problems.push(result)
  }
  return { records, problems }
}

const FeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]).rest(z.number()) }),
  properties: z.record(z.string(), z.unknown()),
})

export function parseCoverageGeoJson(text: string): ParsedFile {
  let document: unknown
  try {
    document = JSON.parse(text)
  } catch (error) {
    return { records: [], problems: [{ at: 'file', reason: `not JSON: ${(error as Error).message}` }] }
  }
  const collection = z
    .object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) })
    .safeParse(document)
  if (!collection.success) {
    return { records: [], problems: [{ at: 'file', reason: 'not a GeoJSON FeatureCollection' }] }
  }
  const records: Located<CoverageRecord>[] = []
  const problems: RowProblem[] = []
  collection.data.features.forEach((item, i) => {
    const at = `feature ${i + 1}`
    const feature = FeatureSchema.safeParse(item)
    if (!feature.success) {
      problems.push({ at, reason: 'not a Point feature with properties' })
      return
    }
    const { properties, geometry } = feature.data
    const [longitude, latitude] = geometry.coordinates
    const result = validateRecord(
      { ...properties, barangayCode: properties.barangayCode ?? properties.barangay_code, latitude, longitude },
      at,
    )
    if ('value' in result) records.push(result)
    else problems.push(result)
  })
  return { records, problems }
}

export function parseCoverageFile(fileName: string, text: string): ParsedFile {
  return /\.(geo)?json$/i.test(fileName) ? parseCoverageGeoJson(text) : parseCoverageCsv(text)
}

export type ImportReport = {
  mode: ImportMode
  naps: number
  buildings: number
  subdivisions: number
  version: number
  /** Demo rows still in the network after a merge. */
  demoRowsLeft: number
  /** Leads told that fibre now reaches them. */
  leadsNotified: number
}

/**
 * Writes checked records, or throws CoverageImportError with every problem (the file's
 * and those only the database can tell: duplicate codes, unknown barangays). With `dryRun`
 * it checks and counts the same, and writes nothing.
 */
export async function importCoverage(
  deps: ServiceDeps,
  parsed: ParsedFile,
  options: { mode: ImportMode; source: string; dryRun?: boolean },
): Promise<ImportReport> {
  const problems = [...parsed.problems]
  const seen = new Map<string, string>()
  for (const { at, value } of parsed.records) {
    const key = `${value.kind === 'nap' ? 'nap' : 'site'}:${value.code}`
    const first = seen.get(key)
    if (first) problems.push({ at, reason: `code ${value.code} is used again (first at ${first})` })
    else seen.set(key, at)
  }
  const siteRecords = parsed.records.filter((r): r is Located<SiteRecord> => r.value.kind !== 'nap')
  const known = await existingBarangayCodes(
    deps.db,
    siteRecords.map((r) => r.value.barangayCode),
  )
  for (const { at, value } of siteRecords) {
    if (!known.has(value.barangayCode))
      problems.push({ at, reason: `barangay_code ${value.barangayCode} is not a known barangay` })
  }
  if (parsed.records.length === 0 && problems.length === 0) problems.push({ at: 'file', reason: 'no rows to import' })
  if (problems.length > 0) throw new CoverageImportError(sortProblems(problems))

  const napRecords = parsed.records.flatMap((r) => (r.value.kind === 'nap' ? [r.value] : []))
  const siteValues = siteRecords.map((r) => r.value)
  const now = deps.now()
  const write = async (tx: Transaction): Promise<ImportReport> => {
    if (options.mode === 'replace') {
      await tx.delete(naps)
      await tx.delete(sites)
    }
    for (let i = 0; i < napRecords.length; i += 1000) {
      await tx
        .insert(naps)
        .values(napRecords.slice(i, i + 1000).map(({ kind: _kind, ...nap }) => ({ ...nap, demo: false })))
        .onConflictDoUpdate({
          target: naps.code,
          set: {
            latitude: sql`excluded.latitude`,
            longitude: sql`excluded.longitude`,
            portCapacity: sql`excluded.port_capacity`,
            portsUsed: sql`excluded.ports_used`,
            demo: false,
          },
        })
    }
    for (let i = 0; i < siteValues.length; i += 1000) {
      await tx
        .insert(sites)
        .values(siteValues.slice(i, i + 1000).map((site) => ({ ...site, demo: false })))
        .onConflictDoUpdate({
          target: sites.code,
          set: {
            kind: sql`excluded.kind`,
            name: sql`excluded.name`,
            barangayCode: sql`excluded.barangay_code`,
            latitude: sql`excluded.latitude`,
            longitude: sql`excluded.longitude`,
            wired: sql`excluded.wired`,
            capacity: sql`excluded.capacity`,
            used: sql`excluded.used`,
            demo: false,
          },
        })
    }
    const [demoNaps] = await tx.select({ n: count() }).from(naps).where(eq(naps.demo, true))
    const [demoSites] = await tx.select({ n: count() }).from(sites).where(eq(sites.demo, true))
    const demoRowsLeft = demoNaps!.n + demoSites!.n
    const note =
      `Imported ${options.source} (${options.mode}) at ${now.toISOString()}: ${napRecords.length} NAPs, ` +
      `${siteValues.length} buildings and subdivisions.` +
      (demoRowsLeft > 0 ? ` ${demoRowsLeft} rows of demo coverage remain (merge).` : '')
    const [version] = await tx
      .insert(coverageVersion)
      .values({ id: 1, version: 1, source: 'import', note, updatedAt: now })
      .onConflictDoUpdate({
        target: coverageVersion.id,
        set: { version: sql`${coverageVersion.version} + 1`, source: 'import', note, updatedAt: now },
      })
      .returning({ version: coverageVersion.version })
    const leadsNotified = await notifyLeadsNowServed(tx, deps, now)
    return {
      mode: options.mode,
      naps: napRecords.length,
      buildings: siteValues.filter((s) => s.kind === 'building').length,
      subdivisions: siteValues.filter((s) => s.kind === 'subdivision').length,
      version: version!.version,
      demoRowsLeft,
      leadsNotified,
    }
  }
  // A dry run writes all of it, counts, and rolls back: its version and leads are what a real run's would be.
  return options.dryRun ? rehearse(deps.db, write) : deps.db.transaction(write)
}

function sortProblems(problems: RowProblem[]): RowProblem[] {
  const order = (at: string) => Number(/\d+/.exec(at)?.[0] ?? 0)
  return problems.sort((a, b) => order(a.at) - order(b.at))
}

/**
 * Inside the import's transaction: every lead not yet told, whose pin now has a NAP with
 * a free port within the drop distance, gets one email, and is marked so it never gets
 * another.
 */
async function notifyLeadsNowServed(tx: Executor, deps: ServiceDeps, now: Date): Promise<number> {
  const waiting = await tx.select().from(leads).where(isNull(leads.notifiedAt))
  if (waiting.length === 0) return 0
  const { coverageMaxDropMeters, publicUrl } = settingsOf(deps)
  const index = await buildNapIndex(tx)
  const candidates = new Map(
    waiting.map((lead) => [lead.id, index.within(lead.latitude, lead.longitude, coverageMaxDropMeters)]),
  )
  const ids = [...new Set([...candidates.values()].flatMap((hits) => hits.map((hit) => hit.id)))]
  const free = new Set<number>()
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await tx
      .select({ id: naps.id })
      .from(naps)
      .where(and(inArray(naps.id, ids.slice(i, i + 1000)), lt(naps.portsUsed, naps.portCapacity)))
    for (const row of rows) free.add(row.id)
  }
  let notified = 0
  for (const lead of waiting) {
    if (!candidates.get(lead.id)!.some((hit) => free.has(hit.id))) continue
    await enqueueMessage(
      tx,
      fibreAvailableEmail({ productName: deps.productName, publicUrl, to: lead.email, firstName: lead.firstName }),
      now,
    )
    await tx.update(leads).set({ notifiedAt: now }).where(eq(leads.id, lead.id))
    notified++
  }
  return notified
}
