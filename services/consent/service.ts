/**
 * Consent management (issue 11 item 6; spec 1 "manage consent"; docs/decisions/0040): a
 * user's consents, each with its purpose, current state and history, and the change of one.
 * A change is a new row in consent.events (never an update), with the time and the channel of
 * the signed request; a change to the state it already has records nothing.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { ServiceDeps } from '../context.ts'
import type { Executor } from '../db/client.ts'
import { CONSENTS, type ConsentName, type ConsentState } from './catalogue.ts'
import { consentEvents } from './tables.ts'

export type ConsentEventView = { state: ConsentState; at: string; channel: string }

export type ConsentView = {
  name: ConsentName
  title: string
  purpose: string
  /** 'not_given' until the first event. */
  state: ConsentState | 'not_given'
  /** When the current state began (the newest event), or null. */
  changedAt: string | null
  channel: string | null
  /** Newest first. */
  history: ConsentEventView[]
}

/**
 * The consents each user has given now (the newest event of each is 'given'), among `names`:
 * what other services ask before they send on a channel that rests on consent (services/reminders).
 */
export async function consentsGiven(
  db: Executor,
  userIds: readonly string[],
  names: readonly ConsentName[],
): Promise<Map<string, Set<ConsentName>>> {
  const given = new Map<string, Set<ConsentName>>()
  if (userIds.length === 0 || names.length === 0) return given
  const newest = await db
    .selectDistinctOn([consentEvents.userId, consentEvents.consent], {
      userId: consentEvents.userId,
      consent: consentEvents.consent,
      state: consentEvents.state,
    })
    .from(consentEvents)
    .where(and(inArray(consentEvents.userId, [...userIds]), inArray(consentEvents.consent, [...names])))
    .orderBy(consentEvents.userId, consentEvents.consent, desc(consentEvents.at), desc(consentEvents.id))
  for (const row of newest) {
    if (row.state !== 'given') continue
    given.set(row.userId, (given.get(row.userId) ?? new Set()).add(row.consent))
  }
  return given
}

/** How many past changes of each consent the page shows. */
const HISTORY_SHOWN = 20

export function createConsentService(deps: ServiceDeps) {
  async function list(userId: string): Promise<ConsentView[]> {
    const rows = await deps.db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.userId, userId))
      .orderBy(asc(consentEvents.at), asc(consentEvents.id))
    return CONSENTS.map((definition) => {
      const events = rows.filter((row) => row.consent === definition.name)
      const newest = events.at(-1)
      return {
        name: definition.name,
        title: definition.title,
        purpose: definition.purpose.replaceAll('{product}', deps.productName),
        state: newest?.state ?? 'not_given',
        changedAt: newest?.at.toISOString() ?? null,
        channel: newest?.channel ?? null,
        history: events
          .slice(-HISTORY_SHOWN)
          .reverse()
          .map((row) => ({ state: row.state, at: row.at.toISOString(), channel: row.channel })),
      }
    })
  }

  return {
    list,

    /** Records the change (when it is one) and answers the consents as they now stand. */
    async change(
      userId: string,
      change: { consent: ConsentName; state: ConsentState },
      request: { channel: string; requestId: string | null },
    ): Promise<ConsentView[]> {
      await deps.db.transaction(async (tx) => {
        // One change at a time per user and consent: two tabs cannot both record "given".
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`consent:${userId}:${change.consent}`}))`)
        const [newest] = await tx
          .select({ state: consentEvents.state })
          .from(consentEvents)
          .where(and(eq(consentEvents.userId, userId), eq(consentEvents.consent, change.consent)))
          .orderBy(sql`${consentEvents.at} DESC, ${consentEvents.id} DESC`)
          .limit(1)
        const current = newest?.state ?? 'not_given'
        // Withdrawing what was never given, or giving it twice, is not a change.
        if (current === change.state || (current === 'not_given' && change.state === 'withdrawn')) return
        await tx.insert(consentEvents).values({
          userId,
          consent: change.consent,
          state: change.state,
          at: deps.now(),
          channel: request.channel,
          requestId: request.requestId,
        })
      })
      return list(userId)
    },
  }
}

export type ConsentService = ReturnType<typeof createConsentService>
