/**
 * Fresh access tokens for authenticated upstream calls (docs/architecture.md, 6; docs/security.md,
 * Sign-in). A token expiring within 60 s is refreshed first. The provider rotates
 * refresh tokens and revokes the whole grant when a used one comes back, so a refresh
 * token is redeemed once, whatever the number of callers and portal processes:
 * - in this process, concurrent callers share one refresh, and a caller still holding
 *   the tokens read just before that refresh gets its result;
 * - across processes, the sessions service grants one caller at a time a lease to
 *   redeem it (`claim`); the others wait, then take the tokens it stored.
 * A failed refresh ends the session.
 */
import type { RefreshClaim, SessionTokens } from '../../lib/session-schemas'

export const REFRESH_AHEAD_MS = 60_000
// How long a finished rotation answers callers that still hold the tokens it replaced:
// longer than one request takes from reading its session to asking for a token.
const ROTATION_MEMORY_MS = 30_000
// While another process refreshes: ask again this often, and give up after this long
// (past the sessions service's 15-second lease, so a crashed holder is outlived).
const CLAIM_RETRY_MS = 200
const CLAIM_WAIT_MS = 20_000

export type TokenKeeperDeps = {
  now: () => number
  /** Redeems the refresh token at the provider (and checks any new ID token). */
  refresh: (refreshToken: string, previous: SessionTokens) => Promise<SessionTokens>
  /** Asks the sessions service for the right to redeem `refreshToken`; null when the session has ended. */
  claim: (sessionId: string, refreshToken: string) => Promise<RefreshClaim | null>
  /** Stores rotated tokens with the session (and ends the lease); false when the session has ended meanwhile. */
  store: (sessionId: string, tokens: SessionTokens) => Promise<boolean>
  revoke: (sessionId: string) => Promise<void>
  /** What a caller gets thrown when the session cannot go on (a redirect to /login). */
  signedOut: () => Promise<Response> | Response
  onRefreshFailed?: (error: unknown) => void
  sleep?: (ms: number) => Promise<void>
}

export class SessionEnded extends Error {}

export type TokenKeeper = ReturnType<typeof createTokenKeeper>

export function createTokenKeeper(deps: TokenKeeperDeps) {
  const inFlight = new Map<string, Promise<SessionTokens>>()
  const rotated = new Map<string, { from: string; tokens: SessionTokens; until: number }>()

  function forget(now: number) {
    for (const [id, entry] of rotated) if (entry.until <= now) rotated.delete(id)
  }

  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))

  /** Redeems at the provider once this caller holds the lease; tokens another process stored otherwise. */
  async function rotate(sessionId: string, current: SessionTokens, force: boolean): Promise<SessionTokens> {
    const deadline = deps.now() + CLAIM_WAIT_MS
    let from = current
    for (;;) {
      const claim = await deps.claim(sessionId, from.refreshToken)
      if (claim === null) throw new SessionEnded('session ended before refresh')
      if (claim.state === 'rotated') {
        // Another process refreshed meanwhile. Its tokens do, unless this caller needs
        // tokens minted after now (renew): then those are refreshed in turn.
        if (!force || claim.tokens.refreshToken === current.refreshToken) return claim.tokens
        from = claim.tokens
        force = false
        continue
      }
      if (claim.state === 'granted') break
      if (deps.now() > deadline) throw new SessionEnded('another refresh never finished')
      await sleep(CLAIM_RETRY_MS)
    }
    let tokens: SessionTokens
    try {
      tokens = await deps.refresh(from.refreshToken, from)
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

  async function shared(sessionId: string, current: SessionTokens, force = false): Promise<SessionTokens> {
    let pending = inFlight.get(sessionId)
    if (!pending) {
      pending = rotate(sessionId, current, force).finally(() => inFlight.delete(sessionId))
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
      return shared(sessionId, from, true)
    },
  }
}
