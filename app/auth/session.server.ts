/**
 * The portal session (docs/decisions/0008): the cookie holds only the session id; the
 * session, with the tokens, lives in the upstream's sessions service. A request without
 * the cookie is anonymous without any upstream call; one with it reads its session once,
 * whatever number of loaders ask: the request's visit (app/visit/, docs/decisions/0067)
 * opens one SessionScope, which keeps what it read.
 */
import { data, redirect } from 'react-router'
import { decodeJwt } from 'jose'
import { signedCookie } from '~/utils/cookies.server'
import type { Logger } from 'pino'
import type { Config } from '../../lib/env'
import type { SessionIdentity, SessionTokens, SessionView } from '../../lib/session-schemas'
import type { Upstream } from '../upstream/index.server'
import { isUpstreamError } from '../upstream/errors'
import { upstreamStatus } from '../utils/upstream-failure'
import { IdTokenClaimsSchema, type IdTokenClaims } from './id-token.server'
import { oidcFor } from './oidc.server'
import { HOME_OF, isSales, userKind, type UserKind } from './roles'
import { createTokenKeeper, type TokenKeeper } from './token-keeper'
import { NOT_AUTHORIZED } from './guard'
import { redirectWithToast } from '../utils/toast.server'

export type User = {
  sub: string
  roles: string[]
  givenName: string
  kind: UserKind
  /** spec 4: where this user lands after sign-in and when refused elsewhere. */
  home: string
}

export type LiveSession = { id: string; view: SessionView }

// No maxAge: a browser-session cookie; the server-side timeouts are what count.
export const sessionCookie = (config: Config) => signedCookie(config, 'session')

export function clearSessionCookie(config: Config) {
  return sessionCookie(config).serialize('', { maxAge: 0, expires: new Date(0) })
}

/** What a session scope needs of its visit. */
export type SessionScopeInit = {
  config: Config
  logger: Pick<Logger, 'warn'>
  upstream: Upstream
  /** Whether the browser sent a cookie of that name (no parsing), and the Cookie header itself. */
  hasCookie: (name: string) => boolean
  cookieHeader: () => string | null
  /** The page's path and query, where sign-in comes back to. */
  returnTo: () => string
  /** Sets a cookie on this request's response. */
  setCookie: (setCookie: string) => void
}

export type SessionScope = ReturnType<typeof createSessionScope>

/**
 * The signed-in user of one request: read from the sessions service at most once, kept
 * for the rest of the request, and replaced when the request changes it (new tokens,
 * a new session at sign-in, the end of one at logout).
 */
export function createSessionScope(init: SessionScopeInit) {
  const { config, upstream } = init
  const cookie = sessionCookie(config)
  let pending: Promise<LiveSession | null> | undefined

  function read(): Promise<LiveSession | null> {
    if (!init.hasCookie(cookie.name)) return Promise.resolve(null)
    pending ??= (async () => {
      const id: unknown = await cookie.parse(init.cookieHeader())
      if (typeof id !== 'string' || id === '') return null
      const view = await upstream.sessions.current(id).catch(unreadable)
      return view ? { id, view } : null
    })()
    return pending
  }

  const loginRedirect = () => redirect(`/login?${new URLSearchParams({ redirectTo: init.returnTo() })}`)

  async function user(): Promise<User | null> {
    const session = await read()
    return session ? userOf(session.view) : null
  }

  async function requireSession(): Promise<LiveSession> {
    const session = await read()
    if (!session) throw loginRedirect()
    return session
  }

  async function requireUser(): Promise<User> {
    return userOf((await requireSession()).view)
  }

  return {
    /** The live session, or null; the upstream is asked only when the cookie is there. */
    read,
    user,
    requireUser,

    /** spec 4: a user without one of `roles` goes to their own home (customers with a toast). */
    async requireRole(roles: readonly string[]): Promise<User> {
      const signedIn = await requireUser()
      if (signedIn.roles.some((role) => roles.includes(role))) return signedIn
      if (signedIn.kind === 'customer') {
        throw await redirectWithToast(config, signedIn.home, { kind: 'error', message: NOT_AUTHORIZED })
      }
      throw redirect(signedIn.home)
    },

    /**
     * The claims of the signed-in user's ID token (given name, account numbers, agent code).
     * The token was verified when it was stored (sign-in or refresh) and has stayed
     * encrypted upstream since, so it is read here without checking again.
     */
    async claims(): Promise<IdTokenClaims> {
      return storedClaims((await requireSession()).view.tokens.idToken)
    },

    /** True when the browser sent a session cookie that no longer opens a session (the root loader clears it). */
    async isStale(): Promise<boolean> {
      return init.hasCookie(cookie.name) && (await read()) === null
    },

    /**
     * A bearer token for an authenticated upstream call (spec 7): refreshed first when it
     * expires within 60 s; a failed refresh ends the session and throws a redirect to /login.
     */
    async accessToken(): Promise<string> {
      const session = await requireSession()
      return (await keeperFor(init).fresh(session.id, session.view.tokens)).accessToken
    },

    /**
     * After a change to the user's own attributes upstream (linking, unlinking, a flag): new
     * tokens at once, so the claims, and the session's roles, say what is now true. The rest
     * of this request goes on with them.
     */
    async renew(): Promise<User> {
      const session = await requireSession()
      const tokens = await keeperFor(init).renew(session.id, session.view.tokens)
      const view = { ...session.view, ...identityOf(tokens.idToken), tokens }
      pending = Promise.resolve({ id: session.id, view })
      return userOf(view)
    },

    /** Starts a new session at sign-in: a new id always; a session the browser already had is revoked. */
    async start(signIn: { claims: IdTokenClaims; tokens: SessionTokens }): Promise<User> {
      const previous = await read()
      if (previous) await upstream.sessions.revoke(previous.id)
      const roles = signIn.claims.realm_access?.roles ?? []
      const idleMinutes = isSales(roles) ? config.SESSION_SALES_IDLE_MINUTES : config.SESSION_IDLE_MINUTES
      const { sessionId, session } = await upstream.sessions.create({
        sub: signIn.claims.sub,
        roles,
        displayName: signIn.claims.given_name ?? '',
        tokens: signIn.tokens,
        idleTimeoutSeconds: idleMinutes * 60,
        absoluteTimeoutSeconds: config.SESSION_ABSOLUTE_HOURS * 60 * 60,
      })
      init.setCookie(await cookie.serialize(sessionId))
      pending = Promise.resolve({ id: sessionId, view: session })
      return userOf(session)
    },

    /**
     * Ends the session upstream and clears its cookie; answers the tokens the browser needs
     * to end the provider's session too.
     */
    async end(): Promise<{ tokens: SessionTokens | null }> {
      const session = await read()
      if (session) await upstream.sessions.revoke(session.id)
      init.setCookie(await clearSessionCookie(config))
      pending = Promise.resolve(null)
      return { tokens: session?.view.tokens ?? null }
    },

    /** Clears the cookie of a session that no longer opens (the root loader's tidy-up). */
    async clearCookie(): Promise<void> {
      init.setCookie(await clearSessionCookie(config))
    },
  }
}

/**
 * The sessions service failed (down, slow past UPSTREAM_TIMEOUT_MS, a 5xx or an answer of
 * the wrong shape): no page can tell who is asking, so each answers 503 with the shell's
 * "not available right now" (app/utils/upstream-failure.ts), not an unexpected 500; a
 * refusal is thrown as it was. docs/security.md, Upstream faults.
 */
function unreadable(error: unknown): never {
  if (isUpstreamError(error) && error.kind !== 'rejected') {
    throw data(null, { status: upstreamStatus(error), headers: { 'cache-control': 'no-store' } })
  }
  throw error
}

function userOf(view: SessionView): User {
  const kind = userKind(view.roles)
  return { sub: view.sub, roles: view.roles, givenName: view.displayName, kind, home: HOME_OF[kind] }
}

// One token keeper per upstream (process-wide: it holds no request's state, only refreshes in flight).
const keepers = new WeakMap<Upstream, TokenKeeper>()
function keeperFor({ upstream, config, logger }: SessionScopeInit): TokenKeeper {
  let keeper = keepers.get(upstream)
  if (!keeper) {
    const sessions = upstream.sessions
    keeper = createTokenKeeper({
      now: Date.now,
      refresh: async (refreshToken, previous) => (await oidcFor(config)).refresh(refreshToken, previous),
      claim: (id, refreshToken) => sessions.beginRefresh(id, refreshToken),
      // The roles and name follow the new ID token (refresh() has verified it).
      store: async (id, tokens) => (await sessions.updateTokens(id, tokens, identityOf(tokens.idToken))) !== null,
      revoke: async (id) => {
        await sessions.revoke(id)
      },
      signedOut: async () => redirect('/login', { headers: { 'set-cookie': await clearSessionCookie(config) } }),
      onRefreshFailed: (error) => logger.warn({ err: String(error) }, 'token refresh failed: session ended'),
    })
    keepers.set(upstream, keeper)
  }
  return keeper
}

/** The claims of an ID token verified when it was stored (sign-in or refresh). */
function storedClaims(idToken: string): IdTokenClaims {
  const payload = decodeJwt(idToken)
  return { ...payload, ...IdTokenClaimsSchema.parse(payload) }
}

function identityOf(idToken: string): SessionIdentity {
  const claims = storedClaims(idToken)
  return { roles: claims.realm_access?.roles ?? [], displayName: claims.given_name ?? '' }
}
