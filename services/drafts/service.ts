/**
 * Drafts (docs/decisions/0018): what the old app kept in local storage, kept here by
 * section under an unguessable id. A draft lives 4 hours after its last save (spec 9),
 * by the services' clock (`deps.now`); past that it is gone: never answered, and deleted
 * when met or by the purge that runs with every new draft.
 *
 * Ownership (docs/security.md, Access control): a draft nobody has claimed is anyone's
 * who holds its id; once a signed-in user or agent claims it, only their bearer token
 * opens it. Everyone else gets the answer an unknown id gets, so a refusal tells nothing.
 */
import crypto from 'node:crypto'
import {
  and,
  eq,
  gt,
  inArray,
  isNull,
  lte,
  notExists,
  or,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm'
import { DRAFT_LIFETIME_MS, type DraftSectionName } from '../../lib/draft-sections.ts'
import type { Caller } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import type { Executor } from '../db/client.ts'
import { recordServiceableLeads } from '../coverage/serviceable-leads.ts'
import { ServiceError } from '../errors.ts'
import { drafts } from './tables.ts'

/**
 * A draft's sections as JSON (as Postgres writes it out) may not grow past this: a form's worth
 * many times over, not a file store.
 */
export const MAX_DRAFT_BYTES = 64 * 1024

// Expired rows deleted per new draft: enough to keep up, bounded so no save waits on a big clean-up.
const PURGE_BATCH = 200

export type DraftView = {
  draftId: string
  sections: Record<string, unknown>
  expiresAt: string
  ownerSub: string | null
}

export type DraftService = ReturnType<typeof createDraftService>

export function newDraftId(): string {
  return crypto.randomBytes(32).toString('base64url')
}

export function hashDraftId(id: string): string {
  return crypto.createHash('sha256').update(id).digest('base64url')
}

/**
 * For another service's rows kept by a draft's id hash (the files service's documents): true
 * where no draft with that hash lives at `now`, because it expired or was deleted. A condition,
 * not a list, so the caller picks and deletes its rows in one statement.
 */
export function noLiveDraft(db: Executor, draftIdHash: SQLWrapper, now: Date): SQL {
  return notExists(
    db
      .select({ one: sql`1` })
      .from(drafts)
      .where(and(eq(drafts.idHash, draftIdHash), gt(drafts.expiresAt, now))),
  )
}

export function createDraftService(deps: ServiceDeps) {
  const expiryFrom = (now: Date) => new Date(now.getTime() + DRAFT_LIFETIME_MS)

  /**
   * The row of a live draft this caller may use: unclaimed, or claimed by the caller (`sub`;
   * null for a visitor). The values, or placeholders for a statement built once.
   */
  type Value<T> = T | Placeholder
  const usableBy = (idHash: Value<string>, now: Value<Date>, sub: Value<string> | null) =>
    and(
      eq(drafts.idHash, idHash),
      gt(drafts.expiresAt, now),
      sub === null ? isNull(drafts.ownerSub) : or(isNull(drafts.ownerSub), eq(drafts.ownerSub, sub)),
    )
  const usable = (idHash: string, now: Date, caller: Caller | null) => usableBy(idHash, now, caller?.sub ?? null)

  /** The one answer for unknown, expired and someone else's drafts; an expired one met on the way is deleted. */
  async function notFound(db: Executor, idHash: string, now: Date): Promise<never> {
    await deleteExpired(db, eq(drafts.idHash, idHash), now)
    throw draftNotFound()
  }

  function checkSize(sections: Record<string, unknown>) {
    if (Buffer.byteLength(JSON.stringify(sections)) > MAX_DRAFT_BYTES) throw draftTooLarge()
  }

  // A read and a save run on nearly every page of a journey: their statements are built once
  // (drizzle's prepared queries, values as placeholders), for a visitor and for a signed-in caller (issue 8).
  type Who = 'visitor' | 'user'
  const whoOf = (caller: Caller | null): Who => (caller ? 'user' : 'visitor')
  const valuesOf = (idHash: string, now: Date, caller: Caller | null) => ({ idHash, now, sub: caller?.sub ?? '' })
  const usableFor = (who: Who) =>
    usableBy(sql.placeholder('idHash'), sql.placeholder('now'), who === 'user' ? sql.placeholder('sub') : null)
  const readFor = (who: Who) => deps.db.select().from(drafts).where(usableFor(who)).prepare(`drafts_read_${who}`)
  // The new sections as an SQL expression over the stored ones: a section set, or removed.
  const NEXT_SECTIONS = {
    save: sql`${drafts.sections} || jsonb_build_object(${sql.placeholder('section')}::text, ${sql.placeholder('value')}::jsonb)`,
    clear: sql`${drafts.sections} - ${sql.placeholder('section')}::text`,
  }
  type Change = keyof typeof NEXT_SECTIONS
  const changeFor = (change: Change, who: Who) =>
    deps.db
      .update(drafts)
      .set({
        sections: NEXT_SECTIONS[change],
        updatedAt: sql`${sql.placeholder('now')}`,
        expiresAt: sql`${sql.placeholder('expiresAt')}`,
      })
      .where(and(usableFor(who), lte(sql`octet_length((${NEXT_SECTIONS[change]})::text)`, MAX_DRAFT_BYTES)))
      .returning({ expiresAt: drafts.expiresAt })
      .prepare(`drafts_${change}_${who}`)
  const prepared = {
    read: { visitor: readFor('visitor'), user: readFor('user') },
    save: { visitor: changeFor('save', 'visitor'), user: changeFor('save', 'user') },
    clear: { visitor: changeFor('clear', 'visitor'), user: changeFor('clear', 'user') },
  }

  /**
   * Changes the caller's live draft in one statement (a section set or removed, as an SQL
   * expression over the stored sections) and starts its 4 hours again. The size limit is
   * checked on the sections as they would be stored: a change that would pass it is not
   * made, and a second look tells a draft too large from one the caller cannot use (issue 8:
   * one statement per save).
   */
  async function changeSections(
    draftId: string,
    caller: Caller | null,
    change: Change,
    section: DraftSectionName,
    value?: unknown,
  ): Promise<{ expiresAt: string }> {
    const now = deps.now()
    const idHash = hashDraftId(draftId)
    const expiresAt = expiryFrom(now)
    const [row] = await prepared[change][whoOf(caller)].execute({
      ...valuesOf(idHash, now, caller),
      section,
      value: JSON.stringify(value ?? null),
      expiresAt,
    })
    if (row) return { expiresAt: row.expiresAt.toISOString() }
    const [live] = await deps.db
      .select({ idHash: drafts.idHash })
      .from(drafts)
      .where(usable(idHash, now, caller))
    if (live) throw draftTooLarge()
    return notFound(deps.db, idHash, now)
  }

  return {
    /** A new draft, claimed at once when a signed-in caller makes it. Old expired drafts are purged on the way. */
    async create(
      sections: Partial<Record<DraftSectionName, unknown>>,
      caller: Caller | null,
    ): Promise<{ draftId: string; expiresAt: string }> {
      checkSize(sections)
      const now = deps.now()
      await purgeExpired(now)
      const draftId = newDraftId()
      const expiresAt = expiryFrom(now)
      await deps.db.insert(drafts).values({
        idHash: hashDraftId(draftId),
        sections,
        ownerSub: caller?.sub ?? null,
        agentCode: caller?.agentCode ?? null,
        createdAt: now,
        updatedAt: now,
        expiresAt,
      })
      return { draftId, expiresAt: expiresAt.toISOString() }
    },

    async read(draftId: string, caller: Caller | null): Promise<DraftView> {
      const now = deps.now()
      const idHash = hashDraftId(draftId)
      const [row] = await prepared.read[whoOf(caller)].execute(valuesOf(idHash, now, caller))
      if (!row) return notFound(deps.db, idHash, now)
      return { draftId, sections: row.sections, expiresAt: row.expiresAt.toISOString(), ownerSub: row.ownerSub }
    },

    /**
     * For another upstream service that was handed the draft's id (the files service's
     * checklist reads the customer category and business type): the live draft's sections,
     * whoever claimed it, or null. Holding the id is what the portal proved by reading the
     * draft with its owner's token; nothing here is answered to a caller as it is.
     */
    async sectionsFor(draftId: string): Promise<Record<string, unknown> | null> {
      const [row] = await deps.db
        .select({ sections: drafts.sections })
        .from(drafts)
        .where(and(eq(drafts.idHash, hashDraftId(draftId)), gt(drafts.expiresAt, deps.now())))
      return row?.sections ?? null
    },

    /** Stores one section's value (already validated by its schema), replacing what it held. */
    saveSection(draftId: string, section: DraftSectionName, value: unknown, caller: Caller | null) {
      return changeSections(draftId, caller, 'save', section, value)
    },

    clearSection(draftId: string, section: DraftSectionName, caller: Caller | null) {
      return changeSections(draftId, caller, 'clear', section)
    },

    async discard(draftId: string, caller: Caller | null): Promise<{ discarded: true }> {
      const now = deps.now()
      const idHash = hashDraftId(draftId)
      const rows = await deps.db
        .delete(drafts)
        .where(usable(idHash, now, caller))
        .returning({ idHash: drafts.idHash })
      if (rows.length === 0) return notFound(deps.db, idHash, now)
      return { discarded: true }
    },

    /**
     * Starts the caller's live draft's 4 hours again without changing it (issue 38, item 6: the
     * page's "Continue" before it expires; spec 9 keeps a draft 4 hours after it was last used).
     */
    async extend(draftId: string, caller: Caller | null): Promise<{ expiresAt: string }> {
      const now = deps.now()
      const idHash = hashDraftId(draftId)
      const [row] = await deps.db
        .update(drafts)
        .set({ expiresAt: expiryFrom(now) })
        .where(usable(idHash, now, caller))
        .returning({ expiresAt: drafts.expiresAt })
      if (!row) return notFound(deps.db, idHash, now)
      return { expiresAt: row.expiresAt.toISOString() }
    },

    /**
     * The caller becomes the draft's owner (an agent's code goes with it). Claiming one's
     * own draft again is fine; someone else's answers like an unknown id. The expiry does
     * not move: only a save does that.
     */
    async claim(
      draftId: string,
      caller: Caller,
    ): Promise<{ ownerSub: string; agentCode: string | null; expiresAt: string }> {
      const now = deps.now()
      const idHash = hashDraftId(draftId)
      const [row] = await deps.db
        .update(drafts)
        .set({ ownerSub: caller.sub, agentCode: caller.agentCode })
        .where(usable(idHash, now, caller))
        .returning()
      if (!row) return notFound(deps.db, idHash, now)
      return { ownerSub: caller.sub, agentCode: row.agentCode, expiresAt: row.expiresAt.toISOString() }
    },

    purgeExpired,
  }

  /** Deletes up to PURGE_BATCH drafts whose 4 hours are over; answers how many. */
  async function purgeExpired(now: Date = deps.now()): Promise<number> {
    const stale = deps.db
      .select({ idHash: drafts.idHash })
      .from(drafts)
      .where(lte(drafts.expiresAt, now))
      .limit(PURGE_BATCH)
    return deleteExpired(deps.db, inArray(drafts.idHash, stale), now)
  }

  /**
   * Deletes the expired drafts `which` picks and, in the same transaction, records the
   * serviceable leads they leave (spec 7; services/coverage/serviceable-leads.ts): a lead is
   * recorded once, by whichever copy deletes its draft.
   */
  async function deleteExpired(db: Executor, which: SQL, now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const deleted = await tx
        .delete(drafts)
        .where(and(which, lte(drafts.expiresAt, now)))
        .returning({ idHash: drafts.idHash, sections: drafts.sections, agentCode: drafts.agentCode })
      await recordServiceableLeads(tx, deleted, now)
      return deleted.length
    })
  }
}

function draftTooLarge() {
  return new ServiceError(413, 'draft_too_large', 'The draft is too large.')
}

export function draftNotFound() {
  return new ServiceError(404, 'draft_not_found', 'No such draft, or it has expired.')
}
