/**
 * The portal session (docs/decisions/0008): the cookie holds only the session id; the
 * session, with the tokens, lives in the upstream's sessions service. A request without
 * the cookie is anonymous without any upstream call; one with it reads its session once,
 * whatever number of loaders ask.
 */
import { data, redirect, type AppLoadContext } from 'react-router'
import { decodeJwt } from 'jose'
import { hasCookie, signedCookie } from '~/utils/cookies.server'
import type { Config } from '../../lib/env'
import type { SessionIdentity, SessionTokens, SessionView } from '../../lib/session-schemas'
import { upstreamFor } from '../upstream/index.server'
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

type LiveSession = { id: string; view: SessionView }

// No maxAge: a browser-session cookie; the server-side timeouts are what count.
export const sessionCookie = (config: Config) => signedCookie(config, 'session')

const perRequest = new WeakMap<Request, Promise<LiveSession | null>>()

/** The live session of this request, or null; the upstream is asked only when the cookie is there. */
export function readSession(request: Request, context: AppLoadContext): Promise<LiveSession | null> {
  const cookie = sessionCookie(context.config)
  if (!hasCookie(request, cookie.name)) return Promise.resolve(null)
  let pending = perRequest.get(request)
  if (!pending) {
    pending = (async () => {
      const id: unknown = await cookie.parse(request.headers.get('cookie'))
      if (typeof id !== 'string' || id === '') return null
      const view = await upstreamFor(context).sessions.current(id).catch(unreadable)
      return view ? { id, view } : null
    })()
    perRequest.set(request, pending)
  }
  return pending
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

/** True when the browser sent a session cookie that no longer opens a session (the root loader clears it). */
export async function hasStaleCookie(request: Request, context: AppLoadContext) {
  return hasCookie(request, sessionCookie(context.config).name) && (await readSession(request, context)) === null
}

function userOf(view: SessionView): User {
  const kind = userKind(view.roles)
  return { sub: view.sub, roles: view.roles, givenName: view.displayName, kind, home: HOME_OF[kind] }
}

export async function getUser(request: Request, context: AppLoadContext): Promise<User | null> {
  const session = await readSession(request, context)
  return session ? userOf(session.view) : null
}

function loginRedirect(request: Request) {
  const url = new URL(request.url)
  return redirect(`/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`)
}

export async function requireUser(request: Request, context: AppLoadContext): Promise<User> {
  const user = await getUser(request, context)
  if (!user) throw loginRedirect(request)
  return user
}

/** spec 4: a user without one of `roles` goes to their own home (customers with a toast). */
export async function requireRole(request: Request, context: AppLoadContext, roles: readonly string[]): Promise<User> {
  const user = await requireUser(request, context)
  if (user.roles.some((role) => roles.includes(role))) return user
  if (user.kind === 'customer') {
    throw await redirectWithToast(context.config, user.home, { kind: 'error', message: NOT_AUTHORIZED })
  }
  throw redirect(user.home)
}

/**
 * The claims of the signed-in user's ID token (given name, account numbers, agent code).
 * The token was verified when it was stored (sign-in or refresh) and has stayed
 * encrypted upstream since, so it is read here without checking again.
 */
export async function requireClaims(request: Request, context: AppLoadContext): Promise<IdTokenClaims> {
  const session = await readSession(request, context)
  if (!session) throw loginRedirect(request)
  return storedClaims(session.view.tokens.idToken)
}

/** Starts a new session at sign-in: a new id always; a session the browser already had is revoked. */
export async function startSession(
  request: Request,
  context: AppLoadContext,
  signIn: { claims: IdTokenClaims; tokens: SessionTokens },
) {
  const { config } = context
  const sessions = upstreamFor(context).sessions
  const previous = await readSession(request, context)
  if (previous) await sessions.revoke(previous.id)
  const roles = signIn.claims.realm_access?.roles ?? []
  const idleMinutes = isSales(roles) ? config.SESSION_SALES_IDLE_MINUTES : config.SESSION_IDLE_MINUTES
  const { sessionId, session } = await sessions.create({
    sub: signIn.claims.sub,
    roles,
    displayName: signIn.claims.given_name ?? '',
    tokens: signIn.tokens,
    idleTimeoutSeconds: idleMinutes * 60,
    absoluteTimeoutSeconds: config.SESSION_ABSOLUTE_HOURS * 60 * 60,
  })
  return { user: userOf(session), setCookie: await sessionCookie(config).serialize(sessionId) }
}

/** Ends the session upstream; returns what the browser needs to end the provider's session too. */
export async function endSession(request: Request, context: AppLoadContext) {
  const session = await readSession(request, context)
  if (session) await upstreamFor(context).sessions.revoke(session.id)
  return { tokens: session?.view.tokens ?? null, clearCookie: await clearSessionCookie(context.config) }
}

export function clearSessionCookie(config: Config) {
  return sessionCookie(config).serialize('', { maxAge: 0, expires: new Date(0) })
}

const keepers = new WeakMap<AppLoadContext['upstreamFetch'], TokenKeeper>()
function keeperFor(context: AppLoadContext): TokenKeeper {
  let keeper = keepers.get(context.upstreamFetch)
  if (!keeper) {
    const sessions = upstreamFor(context).sessions
    const { config, logger } = context
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
    keepers.set(context.upstreamFetch, keeper)
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

/**
 * After a change to the user's own attributes upstream (linking, unlinking, a flag): new
 * tokens at once, so the claims, and the session's roles, say what is now true.
 */
export async function renewTokens(request: Request, context: AppLoadContext): Promise<User> {
  const session = await readSession(request, context)
  if (!session) throw loginRedirect(request)
  const tokens = await keeperFor(context).renew(session.id, session.view.tokens)
  const view = { ...session.view, ...identityOf(tokens.idToken), tokens }
  // The rest of this request (a second call, its claims) goes on with the new tokens.
  perRequest.set(request, Promise.resolve({ id: session.id, view }))
  return userOf(view)
}

/**
 * A bearer token for an authenticated upstream call (spec 7): refreshed first when it
 * expires within 60 s; a failed refresh ends the session and throws a redirect to /login.
 */
export async function getAccessToken(request: Request, context: AppLoadContext): Promise<string> {
  const session = await readSession(request, context)
  if (!session) throw loginRedirect(request)
  const tokens = await keeperFor(context).fresh(session.id, session.view.tokens)
  return tokens.accessToken
}
