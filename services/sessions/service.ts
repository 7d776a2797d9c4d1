/**
 * Portal sessions (docs/decisions/0008): created at sign-in, read (and touched) on every
 * signed-in request, given new tokens after a refresh, revoked at logout. A session is
 * over when revoked, idle past its idle timeout, or past its absolute expiry; over is
 * over: reading it again answers 404, exactly like an id that never existed.
 */
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type {
  CreateSession,
  RefreshClaim,
  SessionIdentity,
  SessionTokens,
  SessionView,
} from '../../lib/session-schemas.ts'
import type { ServiceDeps } from '../context.ts'
import { sessionSecretRing, settingsOf } from '../context.ts'
import { ServiceError } from '../errors.ts'
import { hashSessionId, newSessionId, openWithAny, seal, sessionTokenKey } from './crypto.ts'
import { portalSessions } from './tables.ts'

// Rows past their absolute expiry are kept a day for investigations, then deleted.
const KEEP_EXPIRED_MS = 24 * 60 * 60 * 1000

type Row = typeof portalSessions.$inferSelect

/** A session's idle expiry is pushed forward at most this often (touch). */
export const TOUCH_AT_MOST_EVERY_MS = 60_000

/** Longer than a refresh at the provider takes; a caller that died holding it delays the others this long at most. */
export const REFRESH_LEASE_MS = 15_000

export type SessionService = ReturnType<typeof createSessionService>

export function createSessionService(deps: ServiceDeps) {
  // New tokens are sealed with the current SESSION_SECRET's key; stored ones open with it or,
  // after a rotation, with a previous one (docs/operations.md, Rotating secrets).
  const secrets = sessionSecretRing(settingsOf(deps))
  const keys = [secrets.current, ...secrets.previous].map(sessionTokenKey)
  const key = keys[0]!

  /** The row's tokens, and whether they are still sealed with a previous key. */
  function opened(row: Row): { tokens: SessionTokens; underPreviousKey: boolean } {
    try {
      const { plaintext, keyIndex } = openWithAny(keys, row.tokensEncrypted, row.idHash)
      return { tokens: JSON.parse(plaintext) as SessionTokens, underPreviousKey: keyIndex > 0 }
    } catch {
      // Another SESSION_SECRET, or an altered row: the session cannot be used.
      deps.logger.warn({ sub: row.sub }, 'session tokens could not be decrypted')
      throw gone()
    }
  }

  function view(row: Row, tokens = opened(row).tokens): SessionView {
    return {
      sub: row.sub,
      roles: row.roles,
      displayName: row.displayName,
      tokens,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      idleExpiresAt: row.idleExpiresAt.toISOString(),
      absoluteExpiresAt: row.absoluteExpiresAt.toISOString(),
    }
  }

  const live = (idHash: string, now: Date) =>
    and(
      eq(portalSessions.idHash, idHash),
      isNull(portalSessions.revokedAt),
      gt(portalSessions.idleExpiresAt, now),
      gt(portalSessions.absoluteExpiresAt, now),
    )

  return {
    async create(input: CreateSession): Promise<{ sessionId: string; session: SessionView }> {
      const now = deps.now()
      const sessionId = newSessionId()
      const idHash = hashSessionId(sessionId)
      const absoluteExpiresAt = new Date(now.getTime() + input.absoluteTimeoutSeconds * 1000)
      const idleExpiresAt = new Date(
        Math.min(now.getTime() + input.idleTimeoutSeconds * 1000, absoluteExpiresAt.getTime()),
      )
      const [row] = await deps.db
        .insert(portalSessions)
        .values({
          idHash,
          sub: input.sub,
          roles: input.roles,
          displayName: input.displayName,
          tokensEncrypted: seal(key, JSON.stringify(input.tokens), idHash),
          createdAt: now,
          lastSeenAt: now,
          idleTimeoutSeconds: input.idleTimeoutSeconds,
          idleExpiresAt,
          absoluteExpiresAt,
        })
        .returning()
      await deps.db
        .delete(portalSessions)
        .where(lt(portalSessions.absoluteExpiresAt, new Date(now.getTime() - KEEP_EXPIRED_MS)))
      return { sessionId, session: view(row!) }
    },

    /**
     * The live session, its idle expiry pushed forward (never past the absolute one). Pushed
     * at most once a minute (TOUCH_AT_MOST_EVERY_MS): a signed-in page is a read, not a write,
     * and a session idles out at most that much before its idle timeout.
     */
    async touch(sessionId: string): Promise<SessionView> {
      const now = deps.now()
      const idHash = hashSessionId(sessionId)
      const [read] = await deps.db.select().from(portalSessions).where(live(idHash, now))
      if (!read) throw gone()
      const row =
        now.getTime() - read.lastSeenAt.getTime() < TOUCH_AT_MOST_EVERY_MS
          ? read
          : (
              await deps.db
                .update(portalSessions)
                .set({
                  lastSeenAt: now,
                  idleExpiresAt: sql`LEAST(${now.toISOString()}::timestamptz + make_interval(secs => ${portalSessions.idleTimeoutSeconds}), ${portalSessions.absoluteExpiresAt})`,
                })
                .where(live(idHash, now))
                .returning()
            )[0]
      if (!row) throw gone()
      const { tokens, underPreviousKey } = opened(row)
      if (underPreviousKey) {
        // Sealed again with the current key at the first read after a rotation, not at the next
        // refresh: refreshes follow the provider's access-token lifetime (Keycloak's may be long),
        // reads follow use, so every live session leaves the old key within its idle timeout.
        // Only if the row still holds what was read: tokens stored meanwhile are newer.
        await deps.db
          .update(portalSessions)
          .set({ tokensEncrypted: seal(key, JSON.stringify(tokens), idHash) })
          .where(and(eq(portalSessions.idHash, idHash), eq(portalSessions.tokensEncrypted, row.tokensEncrypted)))
      }
      return view(row, tokens)
    },

    /**
     * Before a portal process redeems the session's refresh token at the provider: the
     * provider rotates refresh tokens and revokes the sign-in when a used one comes back,
     * so two processes must never redeem the same one. Answers `granted` (this caller
     * refreshes, for up to REFRESH_LEASE_MS, then stores the result with updateTokens),
     * `rotated` with the tokens another caller already stored, or `busy` while another
     * caller holds the lease.
     */
    async beginRefresh(sessionId: string, refreshToken: string): Promise<RefreshClaim> {
      const now = deps.now()
      const idHash = hashSessionId(sessionId)
      return deps.db.transaction(async (tx) => {
        const [row] = await tx.select().from(portalSessions).where(live(idHash, now)).for('update')
        if (!row) throw gone()
        const current = view(row)
        if (current.tokens.refreshToken !== refreshToken) return { state: 'rotated', tokens: current.tokens }
        if (row.refreshLeaseUntil && row.refreshLeaseUntil > now) return { state: 'busy' }
        await tx
          .update(portalSessions)
          .set({ refreshLeaseUntil: new Date(now.getTime() + REFRESH_LEASE_MS) })
          .where(eq(portalSessions.idHash, idHash))
        return { state: 'granted' }
      })
    },

    async updateTokens(
      sessionId: string,
      tokens: SessionTokens,
      identity: Partial<SessionIdentity> = {},
    ): Promise<SessionView> {
      const now = deps.now()
      const idHash = hashSessionId(sessionId)
      const [row] = await deps.db
        .update(portalSessions)
        .set({
          refreshLeaseUntil: null,
          tokensEncrypted: seal(key, JSON.stringify(tokens), idHash),
          ...(identity.roles === undefined ? {} : { roles: identity.roles }),
          ...(identity.displayName === undefined ? {} : { displayName: identity.displayName }),
        })
        .where(live(idHash, now))
        .returning()
      if (!row) throw gone()
      return view(row)
    },

    /** Idempotent: revoking an unknown or ended session is not an error (logout must always succeed). */
    async revoke(sessionId: string): Promise<{ revoked: boolean }> {
      const now = deps.now()
      const rows = await deps.db
        .update(portalSessions)
        .set({ revokedAt: now })
        .where(and(eq(portalSessions.idHash, hashSessionId(sessionId)), isNull(portalSessions.revokedAt)))
        .returning({ idHash: portalSessions.idHash })
      return { revoked: rows.length > 0 }
    },
  }
}

function gone() {
  return new ServiceError(404, 'session_not_found', 'No such session, or it has ended.')
}
