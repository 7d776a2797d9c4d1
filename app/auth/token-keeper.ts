/**
 * Fresh access tokens for authenticated upstream calls (ARCHITECTURE 6; SECURITY.md,
 * Sign-in). A token expiring within 60 s is refreshed first. The provider rotates
 * refresh tokens and revokes the whole grant when a used one comes back, so refreshes
 * are single-flight per session in this process: concurrent callers share one refresh,
 * and a caller still holding the tokens read just before that refresh gets its result
 * instead of redeeming the old refresh token again. A failed refresh ends the session.
 */
import type { SessionTokens } from '../../lib/session-schemas'

export const REFRESH_AHEAD_MS = 60_000
// How long a finished rotation answers callers that still hold the tokens it replaced:
// longer than one request takes from reading its session to asking for a token.
const ROTATION_MEMORY_MS = 30_000

export type TokenKeeperDeps = {
  now: () => number
  /** Redeems the refresh token at the provider (and checks any new ID token). */
  refresh: (refreshToken: string, previous: SessionTokens) => Promise<SessionTokens>
  /** Stores rotated tokens with the session; false when the session has ended meanwhile. */
  store: (sessionId: string, tokens: SessionTokens) => Promise<boolean>
  revoke: (sessionId: string) => Promise<void>
  /** What a caller gets thrown when the session cannot go on (a redirect to /login). */
  signedOut: () => Promise<Response> | Response
  onRefreshFailed?: (error: unknown) => void
}

export class SessionEnded extends Error {}

export type TokenKeeper = ReturnType<typeof createTokenKeeper>

export function createTokenKeeper(deps: TokenKeeperDeps) {
  const inFlight = new Map<string, Promise<SessionTokens>>()
  const rotated = new Map<string, { from: string; tokens: SessionTokens; until: number }>()

  function forget(now: number) {
    for (const [id, entry] of rotated) if (entry.until <= now) rotated.delete(id)
  }

  async function rotate(sessionId: string, current: SessionTokens): Promise<SessionTokens> {
    let tokens: SessionTokens
    try {
      tokens = await deps.refresh(current.refreshToken, current)
      if (!(await deps.store(sessionId, tokens))) throw new SessionEnded('session ended during refresh')
    } catch (error) {
      deps.onRefreshFailed?.(error)
      await deps.revoke(sessionId).catch(() => {})
      throw new SessionEnded('refresh failed')
    }
    const now = deps.now()
    if (rotated.size > 1000) forget(now)
    rotated.set(sessionId, { from: current.refreshToken, tokens, until: now + ROTATION_MEMORY_MS })
    return tokens
  }

  async function shared(sessionId: string, current: SessionTokens): Promise<SessionTokens> {
    let pending = inFlight.get(sessionId)
    if (!pending) {
      pending = rotate(sessionId, current).finally(() => inFlight.delete(sessionId))
      inFlight.set(sessionId, pending)
    }
    try {
      return await pending
    } catch (error) {
      if (error instanceof SessionEnded) throw await deps.signedOut()
      throw error
    }
  }

  return {
    /** The tokens to call with: `current` while its access token lives a minute more, else rotated ones. */
    async fresh(sessionId: string, current: SessionTokens): Promise<SessionTokens> {
      const now = deps.now()
      if (Date.parse(current.accessTokenExpiresAt) - now > REFRESH_AHEAD_MS) return current
      const recent = rotated.get(sessionId)
      if (recent && recent.from === current.refreshToken && recent.until > now) return recent.tokens
      return shared(sessionId, current)
    },

    /**
     * New tokens now, whatever the expiry: after the user's attributes changed upstream,
     * so their claims (linked accounts, roles, flags) say what is true.
     */
    async renew(sessionId: string, current: SessionTokens): Promise<SessionTokens> {
      const recent = rotated.get(sessionId)
      // Someone renewed these very tokens a moment ago: theirs are newer still.
      const from = recent && recent.from === current.refreshToken && recent.until > deps.now() ? recent.tokens : current
      return shared(sessionId, from)
    },
  }
}
