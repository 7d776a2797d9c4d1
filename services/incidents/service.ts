/**
 * Incidents that operators run (issue 37, item 2; docs/decisions/0075): outages and planned
 * maintenance over barangays or whole cities and municipalities (PSGC codes, checked against
 * the address list), with every update and estimate kept in order and every change recorded
 * with who made it. The operator's screen (as the signed-in operator) and the network
 * monitoring system (its own signed channel) make the same changes through routes.ts.
 *
 * Which incidents reach an account: those naming its service address's barangay, or the city
 * or municipality (or, for Manila's districts, the city) it lies in. The public status page,
 * notices and rebates (issue 37, items 1, 3, 4) read `incidentsInArea` and
 * `incidentsAffectingAccount`.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm'
import { formatDate } from '../../lib/dates.ts'
import {
  CAUSE_MAX,
  PLANNED_NOTICE_HOURS,
  UPDATE_TEXT_MAX,
  type AreaLevel,
  type AuditAction,
  type Exclusion,
  type IncidentAreasInput,
  type IncidentKind,
} from '../../lib/incidents.ts'
import { accountsInBarangays, findSubscription } from '../accounts/registry.ts'
import {
  barangayPlaces,
  barangaysIn,
  existingBarangayCodes,
  municipalityPlaces,
  subMunicipalitiesOf,
} from '../address/lookup.ts'
import type { Executor } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import { notify } from '../notifications/inbox.ts'
import { incidentAreas, incidentAudit, incidentUpdates, incidents } from './tables.ts'

const HOUR_MS = 3_600_000

/** Who made a change: `user:<subject>` (an operator signed in) or `channel:<name>` (a signed system). */
export type Actor = string

export type IncidentRow = typeof incidents.$inferSelect

export type IncidentArea = { level: AreaLevel; code: string; name: string }

export type IncidentView = {
  id: string
  kind: IncidentKind
  cause: string
  startedAt: string
  scheduledEndAt: string | null
  announcedAt: string | null
  estimatedRestoreAt: string | null
  resolvedAt: string | null
  exclusion: Exclusion
  areas: IncidentArea[]
  updates: {
    kind: 'update' | 'estimate' | 'resolved'
    text: string | null
    estimatedRestoreAt: string | null
    postedAt: string
  }[]
}

/** What the operator reads besides: who posted each update, and every change. */
export type IncidentDetail = IncidentView & {
  openedBy: string
  updates: (IncidentView['updates'][number] & { postedBy: string })[]
  audit: { action: AuditAction; actor: string; at: string; detail: unknown }[]
}

export type OpenIncidentInput = {
  kind: IncidentKind
  cause: string
  areas: IncidentAreasInput
  /** An outage's start (default: now); maintenance's scheduled start. */
  startedAt?: Date
  /** Maintenance only: the scheduled end (required) and when subscribers were told (default: now). */
  scheduledEndAt?: Date
  announcedAt?: Date
  estimatedRestoreAt?: Date | null
  exclusion?: Exclusion
  demo?: boolean
}

const iso = (at: Date | null) => at?.toISOString() ?? null

function invalid(field: string, message: string): never {
  throw new ServiceError(422, 'invalid_input', 'Some fields are not valid.', { [field]: [message] })
}

function checkCause(cause: string): string {
  const trimmed = cause.trim()
  if (!trimmed) invalid('cause', 'Say what happened.')
  if (trimmed.length > CAUSE_MAX) invalid('cause', `At most ${CAUSE_MAX} characters.`)
  return trimmed
}

/** The exclusion rule (issue 37, item 4): planned only for maintenance announced 48 hours or more ahead. */
export function exclusionAllowed(
  incident: { kind: IncidentKind; startedAt: Date; announcedAt: Date | null },
  exclusion: Exclusion,
): boolean {
  if (exclusion !== 'planned_announced') return true
  if (incident.kind !== 'maintenance' || !incident.announcedAt) return false
  return incident.startedAt.getTime() - incident.announcedAt.getTime() >= PLANNED_NOTICE_HOURS * HOUR_MS
}

function checkExclusion(
  incident: { kind: IncidentKind; startedAt: Date; announcedAt: Date | null },
  exclusion: Exclusion,
) {
  if (!exclusionAllowed(incident, exclusion)) {
    invalid(
      'exclusion',
      `Planned maintenance is excluded only when it was announced at least ${PLANNED_NOTICE_HOURS} hours before it began.`,
    )
  }
}

/** The areas as rows, every code checked against the address list (unknown codes are named in the refusal). */
async function checkAreas(db: Executor, areas: IncidentAreasInput): Promise<{ level: AreaLevel; psgcCode: string }[]> {
  const barangays = [...new Set(areas.barangays)]
  const municipalities = [...new Set(areas.municipalities)]
  const knownBarangays = await existingBarangayCodes(db, barangays)
  const unknownBarangays = barangays.filter((code) => !knownBarangays.has(code))
  if (unknownBarangays.length > 0) invalid('areas.barangays', `No such barangay: ${unknownBarangays.join(', ')}.`)
  const knownMunicipalities = await municipalityPlaces(db, municipalities)
  const unknownMunicipalities = municipalities.filter((code) => !knownMunicipalities.has(code))
  if (unknownMunicipalities.length > 0) {
    invalid('areas.municipalities', `No such city or municipality: ${unknownMunicipalities.join(', ')}.`)
  }
  if (barangays.length + municipalities.length === 0) {
    invalid('areas', 'Choose at least one barangay or a whole city or municipality.')
  }
  return [
    ...municipalities.map((psgcCode) => ({ level: 'municipality' as const, psgcCode })),
    ...barangays.map((psgcCode) => ({ level: 'barangay' as const, psgcCode })),
  ]
}

async function audit(db: Executor, incidentId: string, action: AuditAction, actor: Actor, at: Date, detail: object) {
  await db.insert(incidentAudit).values({ incidentId, action, actor, at, detail })
}

/** The incident, locked for the change (FOR UPDATE): two changes to one incident go one after the other. */
async function lockIncident(db: Executor, id: string): Promise<IncidentRow> {
  const [row] = await db.select().from(incidents).where(eq(incidents.id, id)).for('update').limit(1)
  if (!row) throw new ServiceError(404, 'not_found', 'No such incident.')
  return row
}

function requireOpen(row: IncidentRow) {
  if (row.resolvedAt) throw new ServiceError(409, 'resolved', 'This incident is resolved; it can no longer change.')
}

/** Every account its areas reach (a city or municipality: every barangay in it). */
async function accountsReached(db: Executor, incidentId: string): Promise<string[]> {
  const areas = await db.select().from(incidentAreas).where(eq(incidentAreas.incidentId, incidentId))
  const barangayCodes = areas.filter((area) => area.level === 'barangay').map((area) => area.psgcCode)
  for (const area of areas.filter((a) => a.level === 'municipality')) {
    const towns = [area.psgcCode, ...(await subMunicipalitiesOf(db, area.psgcCode))]
    for (const town of towns) barangayCodes.push(...(await barangaysIn(db, town)).map((b) => b.code))
  }
  return accountsInBarangays(db, barangayCodes)
}

/** Opens an incident (an outage under way, or maintenance scheduled ahead). */
export async function openIncident(
  db: Executor,
  input: OpenIncidentInput,
  actor: Actor,
  now: Date,
): Promise<IncidentRow> {
  const cause = checkCause(input.cause)
  const startedAt = input.startedAt ?? now
  const maintenance = input.kind === 'maintenance'
  if (!maintenance && startedAt.getTime() > now.getTime() + 5 * 60_000) {
    invalid('startedAt', 'An outage cannot start in the future; schedule maintenance instead.')
  }
  if (maintenance && !input.scheduledEndAt) invalid('scheduledEndAt', 'Give the end of the maintenance window.')
  if (maintenance && input.scheduledEndAt!.getTime() <= startedAt.getTime()) {
    invalid('scheduledEndAt', 'The window must end after it starts.')
  }
  const announcedAt = maintenance ? (input.announcedAt ?? now) : null
  if (announcedAt && announcedAt.getTime() > now.getTime())
    invalid('announcedAt', 'It cannot be announced later than now.')
  const estimatedRestoreAt = input.estimatedRestoreAt ?? (maintenance ? (input.scheduledEndAt ?? null) : null)
  if (estimatedRestoreAt && estimatedRestoreAt.getTime() <= startedAt.getTime()) {
    invalid('estimatedRestoreAt', 'The restore time must be after the start.')
  }
  const exclusion = input.exclusion ?? 'none'
  checkExclusion({ kind: input.kind, startedAt, announcedAt }, exclusion)
  const areas = await checkAreas(db, input.areas)

  const [row] = await db
    .insert(incidents)
    .values({
      kind: input.kind,
      cause,
      startedAt,
      scheduledEndAt: maintenance ? input.scheduledEndAt : null,
      announcedAt,
      estimatedRestoreAt,
      exclusion,
      openedBy: actor,
      createdAt: now,
      demo: input.demo ?? false,
    })
    .returning()
  const incident = row!
  await db.insert(incidentAreas).values(areas.map((area) => ({ ...area, incidentId: incident.id })))
  await audit(db, incident.id, 'open', actor, now, {
    kind: incident.kind,
    cause,
    startedAt: iso(startedAt),
    scheduledEndAt: iso(incident.scheduledEndAt),
    announcedAt: iso(announcedAt),
    estimatedRestoreAt: iso(estimatedRestoreAt),
    exclusion,
    areas,
  })
  // An outage under way: every user holding an account it reaches hears of it (a seeded demo
  // one does not). Maintenance and restoration notices are issue 37, item 3.
  if (!incident.demo && incident.kind === 'outage') {
    const until = estimatedRestoreAt
      ? `We expect service back by ${formatDate(estimatedRestoreAt, 'dateTime')}.`
      : 'We will tell you as soon as we know when service will be back.'
    for (const accountNumber of await accountsReached(db, incident.id)) {
      await notify(
        db,
        {
          accountNumber,
          kind: 'outage',
          title: 'Service interruption in your area',
          body: `${cause} ${until}`,
          link: '/customer',
        },
        now,
      )
    }
  }
  return incident
}

/** Posts an update for subscribers to read. */
export async function postUpdate(db: Executor, id: string, text: string, actor: Actor, now: Date): Promise<void> {
  const row = await lockIncident(db, id)
  requireOpen(row)
  const trimmed = text.trim()
  if (!trimmed) invalid('text', 'Write the update.')
  if (trimmed.length > UPDATE_TEXT_MAX) invalid('text', `At most ${UPDATE_TEXT_MAX} characters.`)
  await db
    .insert(incidentUpdates)
    .values({ incidentId: id, kind: 'update', text: trimmed, postedAt: now, postedBy: actor })
  await audit(db, id, 'update', actor, now, { text: trimmed })
}

/** Changes the estimated restore time (kept in the updates, in order, with the one before). */
export async function changeEstimate(
  db: Executor,
  id: string,
  estimatedRestoreAt: Date,
  actor: Actor,
  now: Date,
): Promise<void> {
  const row = await lockIncident(db, id)
  requireOpen(row)
  if (estimatedRestoreAt.getTime() <= row.startedAt.getTime()) {
    invalid('estimatedRestoreAt', 'The restore time must be after the start.')
  }
  await db.update(incidents).set({ estimatedRestoreAt }).where(eq(incidents.id, id))
  await db
    .insert(incidentUpdates)
    .values({ incidentId: id, kind: 'estimate', estimatedRestoreAt, postedAt: now, postedBy: actor })
  await audit(db, id, 'estimate', actor, now, {
    from: iso(row.estimatedRestoreAt),
    to: iso(estimatedRestoreAt),
  })
}

/** Marks the rebate exclusion (also after resolution: the rebate is counted later). */
export async function markExclusion(db: Executor, id: string, exclusion: Exclusion, actor: Actor, now: Date) {
  const row = await lockIncident(db, id)
  checkExclusion(row, exclusion)
  await db.update(incidents).set({ exclusion }).where(eq(incidents.id, id))
  await audit(db, id, 'exclusion', actor, now, { from: row.exclusion, to: exclusion })
}

/** Replaces the areas. */
export async function changeAreas(db: Executor, id: string, areas: IncidentAreasInput, actor: Actor, now: Date) {
  const row = await lockIncident(db, id)
  requireOpen(row)
  const next = await checkAreas(db, areas)
  const before = await db
    .select({ level: incidentAreas.level, psgcCode: incidentAreas.psgcCode })
    .from(incidentAreas)
    .where(eq(incidentAreas.incidentId, id))
  await db.delete(incidentAreas).where(eq(incidentAreas.incidentId, id))
  await db.insert(incidentAreas).values(next.map((area) => ({ ...area, incidentId: id })))
  await audit(db, id, 'areas', actor, now, { from: before, to: next })
}

/** Resolves it: service is back (or the maintenance is over) at `resolvedAt` (default: now). */
export async function resolveIncident(
  db: Executor,
  id: string,
  actor: Actor,
  now: Date,
  resolvedAt: Date = now,
  text?: string,
) {
  const row = await lockIncident(db, id)
  requireOpen(row)
  if (resolvedAt.getTime() > now.getTime()) invalid('resolvedAt', 'It cannot be resolved in the future.')
  if (row.kind === 'outage' && resolvedAt.getTime() < row.startedAt.getTime()) {
    invalid('resolvedAt', 'It cannot be resolved before it started.')
  }
  const trimmed = text?.trim() || null
  if (trimmed && trimmed.length > UPDATE_TEXT_MAX) invalid('text', `At most ${UPDATE_TEXT_MAX} characters.`)
  await db.update(incidents).set({ resolvedAt }).where(eq(incidents.id, id))
  await db
    .insert(incidentUpdates)
    .values({ incidentId: id, kind: 'resolved', text: trimmed, postedAt: now, postedBy: actor })
  await audit(db, id, 'resolve', actor, now, { resolvedAt: iso(resolvedAt), text: trimmed })
}

// --- reading ----------------------------------------------------------------------------

const underWay = (at: Date): SQL =>
  and(lte(incidents.startedAt, at), or(isNull(incidents.resolvedAt), gt(incidents.resolvedAt, at)))!
const ahead = (at: Date): SQL => and(gt(incidents.startedAt, at), isNull(incidents.resolvedAt))!
const endedSince = (since: Date, at: Date): SQL =>
  and(isNotNull(incidents.resolvedAt), gt(incidents.resolvedAt, since), lte(incidents.resolvedAt, at))!

async function areaNames(db: Executor, rows: { level: AreaLevel; psgcCode: string }[]): Promise<Map<string, string>> {
  const barangays = await barangayPlaces(
    db,
    rows.filter((r) => r.level === 'barangay').map((r) => r.psgcCode),
  )
  const towns = await municipalityPlaces(
    db,
    rows.filter((r) => r.level === 'municipality').map((r) => r.psgcCode),
  )
  const names = new Map<string, string>()
  for (const [code, place] of barangays) names.set(code, `${place.barangayName}, ${place.municipalityName}`)
  for (const [code, place] of towns) names.set(code, `${place.name}, ${place.provinceName}`)
  return names
}

/** The incidents with their areas and updates, in the order given. */
async function views(db: Executor, rows: IncidentRow[]): Promise<IncidentDetail[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const areas = await db.select().from(incidentAreas).where(inArray(incidentAreas.incidentId, ids))
  const names = await areaNames(db, areas)
  const updates = await db
    .select()
    .from(incidentUpdates)
    .where(inArray(incidentUpdates.incidentId, ids))
    .orderBy(asc(incidentUpdates.id))
  const changes = await db
    .select()
    .from(incidentAudit)
    .where(inArray(incidentAudit.incidentId, ids))
    .orderBy(asc(incidentAudit.id))
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    cause: row.cause,
    startedAt: row.startedAt.toISOString(),
    scheduledEndAt: iso(row.scheduledEndAt),
    announcedAt: iso(row.announcedAt),
    estimatedRestoreAt: iso(row.estimatedRestoreAt),
    resolvedAt: iso(row.resolvedAt),
    exclusion: row.exclusion,
    openedBy: row.openedBy,
    areas: areas
      .filter((area) => area.incidentId === row.id)
      .map((area) => ({ level: area.level, code: area.psgcCode, name: names.get(area.psgcCode) ?? area.psgcCode }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    updates: updates
      .filter((update) => update.incidentId === row.id)
      .map((update) => ({
        kind: update.kind,
        text: update.text,
        estimatedRestoreAt: iso(update.estimatedRestoreAt),
        postedAt: update.postedAt.toISOString(),
        postedBy: update.postedBy,
      })),
    audit: changes
      .filter((change) => change.incidentId === row.id)
      .map((change) => ({
        action: change.action,
        actor: change.actor,
        at: change.at.toISOString(),
        detail: change.detail,
      })),
  }))
}

/** What anyone may read of an incident: no names of who posted, no audit. */
export function publicView(detail: IncidentDetail): IncidentView {
  return {
    id: detail.id,
    kind: detail.kind,
    cause: detail.cause,
    startedAt: detail.startedAt,
    scheduledEndAt: detail.scheduledEndAt,
    announcedAt: detail.announcedAt,
    estimatedRestoreAt: detail.estimatedRestoreAt,
    resolvedAt: detail.resolvedAt,
    exclusion: detail.exclusion,
    areas: detail.areas,
    updates: detail.updates.map(({ kind, text, estimatedRestoreAt, postedAt }) => ({
      kind,
      text,
      estimatedRestoreAt,
      postedAt,
    })),
  }
}

export async function incidentDetail(db: Executor, id: string): Promise<IncidentDetail> {
  const [row] = await db.select().from(incidents).where(eq(incidents.id, id)).limit(1)
  if (!row) throw new ServiceError(404, 'not_found', 'No such incident.')
  return (await views(db, [row]))[0]!
}

/** The PSGC codes whose incidents reach a barangay: itself, its city or municipality, and (Manila's districts) the city. */
async function codesCovering(db: Executor, barangayCode: string): Promise<string[]> {
  const place = (await barangayPlaces(db, [barangayCode])).get(barangayCode)
  if (!place) return [barangayCode]
  return [barangayCode, place.municipalityCode, ...(place.parentMunicipalityCode ? [place.parentMunicipalityCode] : [])]
}

export type AreaQuery = { current?: boolean; planned?: boolean; restoredSince?: Date | null }

/**
 * The incidents in an area (a barangay, or a city or municipality: then every incident naming it
 * or one of its barangays), at `now`: under way (`current`), scheduled ahead (`planned`), ended
 * since a moment (`restoredSince`). Each list newest first.
 */
export async function incidentsInArea(
  db: Executor,
  psgcCode: string,
  query: AreaQuery,
  now: Date,
): Promise<{ current: IncidentDetail[]; planned: IncidentDetail[]; restored: IncidentDetail[] }> {
  let codes: string[]
  if ((await existingBarangayCodes(db, [psgcCode])).has(psgcCode)) {
    codes = await codesCovering(db, psgcCode)
  } else {
    const town = (await municipalityPlaces(db, [psgcCode])).get(psgcCode)
    if (!town) throw new ServiceError(404, 'unknown_area', 'No such barangay, city or municipality.')
    const towns = [psgcCode, ...(await subMunicipalitiesOf(db, psgcCode))]
    codes = [...towns]
    for (const code of towns) codes.push(...(await barangaysIn(db, code)).map((b) => b.code))
    // A district of Manila is also covered by an incident for the whole city.
    if (town.parentCode) codes.push(town.parentCode)
  }
  const matching = db
    .selectDistinct({ id: incidentAreas.incidentId })
    .from(incidentAreas)
    .where(inArray(incidentAreas.psgcCode, codes))
  const pick = async (when: SQL | undefined, order: SQL) =>
    when
      ? views(
          db,
          await db
            .select()
            .from(incidents)
            .where(and(inArray(incidents.id, matching), when))
            .orderBy(order),
        )
      : []
  return {
    current: await pick(query.current ? underWay(now) : undefined, desc(incidents.startedAt)),
    planned: await pick(query.planned ? ahead(now) : undefined, asc(incidents.startedAt)),
    restored: await pick(
      query.restoredSince ? endedSince(query.restoredSince, now) : undefined,
      desc(incidents.resolvedAt),
    ),
  }
}

/**
 * The ids of the incidents whose areas reach the account's service address (its barangay, or
 * the city or municipality around it), as a subquery; null when the account was never placed.
 */
async function incidentsReaching(db: Executor, accountNumber: string) {
  const subscription = await findSubscription(db, accountNumber)
  if (!subscription?.barangayCode) return null
  const codes = await codesCovering(db, subscription.barangayCode)
  // Wrapped: a query builder returned from an async function would be awaited, that is, run.
  return {
    ids: db
      .selectDistinct({ id: incidentAreas.incidentId })
      .from(incidentAreas)
      .where(inArray(incidentAreas.psgcCode, codes)),
  }
}

/** The incidents under way at `at` that reach the account's service address (none when it was never placed). */
export async function incidentsAffectingAccount(
  db: Executor,
  accountNumber: string,
  at: Date,
): Promise<IncidentDetail[]> {
  const matching = await incidentsReaching(db, accountNumber)
  if (!matching) return []
  const rows = await db
    .select()
    .from(incidents)
    .where(and(inArray(incidents.id, matching.ids), underWay(at)))
    .orderBy(desc(incidents.startedAt))
  return views(db, rows)
}

/**
 * The windows in which incidents reached the account since `since` (the simulated modems are
 * offline in them; services/devices/simulated.ts). An open one has no end.
 */
export async function incidentWindowsForAccount(
  db: Executor,
  accountNumber: string,
  since: Date,
  now: Date,
): Promise<{ from: Date; to: Date | null }[]> {
  const matching = await incidentsReaching(db, accountNumber)
  if (!matching) return []
  return db
    .select({ from: incidents.startedAt, to: incidents.resolvedAt })
    .from(incidents)
    .where(
      and(
        inArray(incidents.id, matching.ids),
        lte(incidents.startedAt, now),
        or(isNull(incidents.resolvedAt), gt(incidents.resolvedAt, since)),
      ),
    )
}

/** The operator's lists at `now`: under way, scheduled, and ended in the last `recentDays` days. */
export async function operatorLists(db: Executor, now: Date, recentDays = 7) {
  const since = new Date(now.getTime() - recentDays * 24 * HOUR_MS)
  const current = await db.select().from(incidents).where(underWay(now)).orderBy(desc(incidents.startedAt)).limit(200)
  const planned = await db.select().from(incidents).where(ahead(now)).orderBy(asc(incidents.startedAt)).limit(200)
  const recent = await db
    .select()
    .from(incidents)
    .where(endedSince(since, now))
    .orderBy(desc(incidents.resolvedAt))
    .limit(200)
  return { current: await views(db, current), planned: await views(db, planned), recent: await views(db, recent) }
}
