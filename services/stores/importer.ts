/**
 * The operator's store list (docs/operations.md, Stores): business centres, payment
 * centres and authorized outlets, from CSV. Every row is checked and every bad field
 * reported with its line (the header is line 1) and column; a file with any bad row
 * changes nothing. A good file is written in one transaction that replaces every store
 * (the demo ones included) or merges into them by store id.
 *
 *   store_id,type,name,address_line,barangay_code,latitude,longitude,hours,services,payment_channels,phone
 *   MNL-BC-001,business-centre,Makati Business Centre,"G/F Tower One, Ayala Avenue",80300030,14.5547,121.0244,Mon-Fri 08:00-17:00; Sat 08:00-12:00,payments|applications|repairs,cash|check|card,(02) 8888 1234
 *
 * Columns in any order; services and payment channels separated by `|`; phone may be empty.
 */
import { parse as parseCsv } from 'csv-parse/sync'
import { count, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { LatitudeSchema, LongitudeSchema } from '../../lib/coverage-schemas.ts'
import {
  STORE_PAYMENT_CHANNELS,
  STORE_SERVICES,
  STORE_TYPES,
  parseOpeningHours,
  type StorePaymentChannel,
  type StoreService,
  type StoreType,
} from '../../lib/stores.ts'
import type { BarangayPlace } from '../address/lookup.ts'
import type { ServiceDeps } from '../context.ts'
import { rehearse, type Executor, type Transaction } from '../db/client.ts'
import { placesOf } from './places.ts'
import { stores } from './tables.ts'
import type { ImportMode } from '../operator-command.ts'

export const CSV_COLUMNS = [
  'store_id',
  'type',
  'name',
  'address_line',
  'barangay_code',
  'latitude',
  'longitude',
  'hours',
  'services',
  'payment_channels',
  'phone',
] as const
type Column = (typeof CSV_COLUMNS)[number]

/** An operator's store id, kept plain so it reads in a URL or a log: 'MNL-BC-001'. */
const STORE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/
const STORE_NAME_MAX = 120
const ADDRESS_LINE_MAX = 200

export type { ImportMode }

/** A store as a good row describes it; the codes above the barangay are added on import. */
export type StoreRecord = {
  storeId: string
  type: StoreType
  name: string
  addressLine: string
  barangayCode: string
  latitude: number
  longitude: number
  hours: string
  services: StoreService[]
  paymentChannels: StorePaymentChannel[]
  phone: string | null
}

/** A bad field (or a bad row or file, when `field` is null), at its line of the file. */
export type RowProblem = { line: number; field: Column | null; reason: string }

export class StoreImportError extends Error {
  constructor(readonly problems: RowProblem[]) {
    super(`${problems.length} problem(s) in the store file; nothing was imported`)
  }
}

/** 'line 4, hours: …', as the command prints a problem. */
export function describeProblem(problem: RowProblem): string {
  return `line ${problem.line}${problem.field ? `, ${problem.field}` : ''}: ${problem.reason}`
}

const required = (what: string, max: number) =>
  z
    .string()
    .min(1, { error: `${what} is required` })
    .max(max, { error: `${what} is at most ${max} characters` })

/** 'payments|applications' → the known values in their canonical order; unknown ones are named. */
function valueList<T extends string>(values: readonly T[]) {
  return z.string().transform((text, ctx) => {
    const items = [
      ...new Set(
        text
          .split('|')
          .map((item) => item.trim().toLowerCase())
          .filter(Boolean),
      ),
    ]
    const unknown = items.filter((item) => !(values as readonly string[]).includes(item))
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `${unknown.map((item) => `'${item}'`).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not one of ${values.join(', ')}`,
      })
      return z.NEVER
    }
    return values.filter((value) => items.includes(value))
  })
}

const PhoneSchema = z
  .string()
  .max(40, { error: 'phone is at most 40 characters' })
  .refine((text) => text === '' || (/^\+?[0-9 ()-]+$/.test(text) && /^(\D*\d){7,15}\D*$/.test(text)), {
    error: 'phone is 7 to 15 digits, with spaces, brackets, dashes and a leading + allowed',
  })
  .transform((text) => text || null)

const FIELDS = {
  store_id: z.string().regex(STORE_ID_PATTERN, {
    error: 'store_id is 1 to 40 letters, digits, dots, dashes or underscores, starting with a letter or digit',
  }),
  type: z.preprocess(
    (value) => (typeof value === 'string' ? value.toLowerCase() : value),
    z.enum(STORE_TYPES, { error: `type is one of ${STORE_TYPES.join(', ')}` }),
  ),
  name: required('name', STORE_NAME_MAX),
  address_line: required('address_line', ADDRESS_LINE_MAX),
  barangay_code: z.string().regex(/^\d{8}$/, { error: 'barangay_code is a PSGC barangay code of 8 digits' }),
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
  hours: z.string().transform((text, ctx) => {
    const parsed = parseOpeningHours(text)
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.reason })
      return z.NEVER
    }
    // Written back the way lib/stores.ts writes it: 'Mon-Fri 08:00-17:00; Sat 08:00-12:00'.
    return text
      .split(';')
      .map((part) => part.trim().replace(/\s+/g, ' '))
      .filter(Boolean)
      .join('; ')
  }),
  services: valueList(STORE_SERVICES).refine((list) => list.length > 0, {
    error: `services needs at least one of ${STORE_SERVICES.join(', ')}`,
  }),
  payment_channels: valueList(STORE_PAYMENT_CHANNELS),
  phone: PhoneSchema,
}
const StoreRowSchema = z.object(FIELDS)

/**
 * What the payment channels must be given the row's other fields, checked even when those
 * others have problems of their own, so one pass over the file names every bad field.
 */
function paymentChannelsProblem(raw: Record<string, string>): string | null {
  const channels = FIELDS.payment_channels.safeParse(raw.payment_channels)
  if (!channels.success) return null
  const type = FIELDS.type.safeParse(raw.type)
  // spec 9: authorized outlets take cash only, no checks.
  if (type.data === 'authorized-outlet' && !(channels.data.length === 1 && channels.data[0] === 'cash')) {
    return 'an authorized outlet takes cash only (no checks, cards or e-wallets)'
  }
  const services = FIELDS.services.safeParse(raw.services)
  if (services.data?.includes('payments') && channels.data.length === 0) {
    return `a store that takes payments needs at least one of ${STORE_PAYMENT_CHANNELS.join(', ')}`
  }
  return null
}

function toRecord(row: z.output<typeof StoreRowSchema>): StoreRecord {
  return {
    storeId: row.store_id,
    type: row.type,
    name: row.name,
    addressLine: row.address_line,
    barangayCode: row.barangay_code,
    latitude: row.latitude,
    longitude: row.longitude,
    hours: row.hours,
    services: row.services,
    paymentChannels: row.payment_channels,
    phone: row.phone,
  }
}

export type ParsedFile = {
  records: { line: number; value: StoreRecord }[]
  problems: RowProblem[]
  /** Every well-formed barangay code, bad rows' too, for the import to check against the address list. */
  barangayCodes: { line: number; code: string }[]
}

function fileProblem(line: number, reason: string): ParsedFile {
  return { records: [], problems: [{ line, field: null, reason }], barangayCodes: [] }
}

/** The file's rows checked one by one; what only the database can tell (barangays) is checked on import. */
export function parseStoresCsv(text: string): ParsedFile {
  let rows: { record: string[]; info: { lines: number } }[]
  try {
    rows = parseCsv(text, { bom: true, info: true, skip_empty_lines: true, relax_column_count: true }) as never
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1
    return fileProblem(line, (error as Error).message)
  }
  const [header, ...body] = rows
  if (!header) return fileProblem(1, 'the file is empty')
  const columns = header.record.map((name) => name.trim().toLowerCase())
  const missing = CSV_COLUMNS.filter((name) => !columns.includes(name))
  if (missing.length > 0) return fileProblem(1, `the header lacks the column(s) ${missing.join(', ')}`)
  const records: ParsedFile['records'] = []
  const problems: RowProblem[] = []
  const barangayCodes: ParsedFile['barangayCodes'] = []
  const seen = new Map<string, number>()
  for (const { record, info } of body) {
    const line = info.lines
    if (record.length !== columns.length) {
      problems.push({ line, field: null, reason: `expected ${columns.length} fields, found ${record.length}` })
      continue
    }
    const raw: Record<string, string> = {}
    columns.forEach((name, i) => {
      raw[name] = record[i]!.trim()
    })
    // One problem per field (its first), in the columns' order.
    const fields = new Map<Column, string>()
    const parsed = StoreRowSchema.safeParse(raw)
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path[0] as Column
      if (!fields.has(field)) fields.set(field, issue.message)
    }
    const channelsProblem = fields.has('payment_channels') ? null : paymentChannelsProblem(raw)
    if (channelsProblem) fields.set('payment_channels', channelsProblem)
    if (!fields.has('barangay_code')) barangayCodes.push({ line, code: raw.barangay_code! })
    if (!fields.has('store_id')) {
      const first = seen.get(raw.store_id!)
      if (first !== undefined) fields.set('store_id', `${raw.store_id} is used again (first at line ${first})`)
      else seen.set(raw.store_id!, line)
    }
    if (fields.size > 0 || !parsed.success) {
      for (const field of CSV_COLUMNS) {
        if (fields.has(field)) problems.push({ line, field, reason: fields.get(field)! })
      }
      continue
    }
    records.push({ line, value: toRecord(parsed.data) })
  }
  return { records, problems, barangayCodes }
}

export type ImportReport = {
  mode: ImportMode
  /** Stores in the file, by type. */
  imported: Record<StoreType, number>
  added: number
  updated: number
  /** Stores deleted because the file replaced them all (replace only). */
  removed: number
  /** Demo stores still listed after a merge. */
  demoStoresLeft: number
}

/**
 * Writes a checked file, or throws StoreImportError with every problem: the file's, and
 * the barangay codes the address service does not know. With `dryRun` it checks and counts
 * the same, and writes nothing.
 */
export async function importStores(
  deps: Pick<ServiceDeps, 'db' | 'now'>,
  parsed: ParsedFile,
  options: { mode: ImportMode; dryRun?: boolean },
): Promise<ImportReport> {
  const problems = [...parsed.problems]
  const places = await placesOf(
    deps.db,
    parsed.barangayCodes.map((b) => b.code),
  )
  for (const { line, code } of parsed.barangayCodes) {
    if (!places.has(code)) problems.push({ line, field: 'barangay_code', reason: `${code} is not a known barangay` })
  }
  if (parsed.records.length === 0 && problems.length === 0) {
    problems.push({ line: 1, field: null, reason: 'no stores to import' })
  }
  if (problems.length > 0) {
    throw new StoreImportError(problems.sort((a, b) => a.line - b.line || order(a.field) - order(b.field)))
  }

  const now = deps.now()
  const rows = parsed.records.map(({ value }) => storeRow(value, places.get(value.barangayCode)!, now))
  const write = async (tx: Transaction): Promise<ImportReport> => {
    const ids = rows.map((row) => row.id)
    const existing = await existingIds(tx, ids)
    let removed = 0
    if (options.mode === 'replace') {
      const inFile = new Set(ids)
      const deleted = await tx.delete(stores).returning({ id: stores.id })
      removed = deleted.filter((row) => !inFile.has(row.id)).length
    }
    for (let i = 0; i < rows.length; i += 500) {
      await tx
        .insert(stores)
        .values(rows.slice(i, i + 500))
        .onConflictDoUpdate({ target: stores.id, set: FROM_FILE })
    }
    const [demo] = await tx.select({ n: count() }).from(stores).where(eq(stores.demo, true))
    const imported = Object.fromEntries(STORE_TYPES.map((type) => [type, 0])) as Record<StoreType, number>
    for (const row of rows) imported[row.type]++
    const updated = rows.filter((row) => existing.has(row.id)).length
    return {
      mode: options.mode,
      imported,
      added: rows.length - updated,
      updated,
      removed,
      demoStoresLeft: demo!.n,
    }
  }
  return options.dryRun ? rehearse(deps.db, write) : deps.db.transaction(write)
}

function order(field: Column | null) {
  return field === null ? -1 : CSV_COLUMNS.indexOf(field)
}

/** On a merge, the stored store becomes the file's, and no longer a demo one. */
const FROM_FILE = {
  type: sql`excluded.type`,
  name: sql`excluded.name`,
  addressLine: sql`excluded.address_line`,
  barangayCode: sql`excluded.barangay_code`,
  municipalityCode: sql`excluded.municipality_code`,
  provinceCode: sql`excluded.province_code`,
  regionCode: sql`excluded.region_code`,
  latitude: sql`excluded.latitude`,
  longitude: sql`excluded.longitude`,
  hours: sql`excluded.hours`,
  services: sql`excluded.services`,
  paymentChannels: sql`excluded.payment_channels`,
  phone: sql`excluded.phone`,
  demo: false,
  updatedAt: sql`excluded.updated_at`,
}

async function existingIds(tx: Executor, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>()
  for (let i = 0; i < ids.length; i += 1000) {
    const batch = await tx
      .select({ id: stores.id })
      .from(stores)
      .where(inArray(stores.id, ids.slice(i, i + 1000)))
    for (const row of batch) found.add(row.id)
  }
  return found
}

/** The table's row for a store: the codes above the barangay are the address service's. */
export function storeRow(
  store: StoreRecord,
  place: BarangayPlace,
  now: Date,
  options: { demo?: boolean } = {},
): typeof stores.$inferInsert {
  return {
    id: store.storeId,
    type: store.type,
    name: store.name,
    addressLine: store.addressLine,
    barangayCode: store.barangayCode,
    municipalityCode: place.municipalityCode,
    provinceCode: place.provinceCode,
    regionCode: place.regionCode,
    latitude: store.latitude,
    longitude: store.longitude,
    hours: store.hours,
    services: store.services,
    paymentChannels: store.paymentChannels,
    phone: store.phone,
    demo: options.demo ?? false,
    updatedAt: now,
  }
}
