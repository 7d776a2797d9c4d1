/**
 * One visit per request (issue 35; docs/decisions/0067): what a loader or action needs of the
 * request it answers, opened once and handed to the features instead of `(request, context)`.
 *
 * - **Who is asking:** the session, read from the sessions service at most once
 *   (app/auth/session.server.ts), the user and their claims.
 * - **The draft:** a handle that reads it once and saves, clears, discards or forgets it
 *   (draft.server.ts).
 * - **One way to call upstream, always a result:** `visit.portal.call` as the portal,
 *   `(await visit.signedIn()).call` as the user (with token refresh), or as the agent
 *   where an agent is signed in. The upstream's expected failures come back as
 *   `{ ok: false, message }` with spec 8's words; nothing but an HTTP answer (a redirect,
 *   a 503 page) is thrown at the feature.
 * - **The cookies the response must set:** `setCookie`, sent on the response whatever the
 *   route returns, and seen by the rest of the request (the loaders that follow a
 *   document POST's action).
 *
 * `visitOf(request, context)` opens it on first use, on the server's per-request load
 * context, so an action and the loaders that follow it share one.
 */
import type { AppLoadContext } from 'react-router'
import type { Logger } from 'pino'
import { createSessionScope, type SessionScope, type User } from '~/auth/session.server'
import type { IdTokenClaims } from '~/auth/id-token.server'
import { upstreamFor, type Upstream } from '~/upstream/index.server'
import type { Config } from '../../lib/env'
import { createCaller, createUserCaller, type Caller, type UserCaller } from './call.server'
import { createDraftHandle, type DraftHandle } from './draft.server'

export type { User }

export type Visit = {
  readonly config: Config
  readonly logger: Logger
  readonly requestId: string
  /** The visitor's address (TRUST_PROXY honoured), for per-address limits. */
  readonly clientAddress: string | undefined
  /** The page's path and query: where sign-in comes back to. */
  readonly returnTo: string
  /** Whether the browser sent (or this response sets) a cookie of that name. */
  hasCookie(name: string): boolean
  /** The Cookie header as the rest of this request sees it (the browser's, with what this response set). */
  cookieHeader(): string | null
  /** Sets a cookie on this request's response (a Set-Cookie value); the rest of the request sees it. */
  setCookie(setCookie: string): void
  /** Every Set-Cookie this visit set, in order. */
  readonly cookiesSet: readonly string[]
  /**
   * The Set-Cookie lines for an answer to carry itself, from the `from`-th set on: none on the
   * server, which sends each one as it is set; all of them on a visit without `sendCookie`
   * (a context built by hand, as a test's).
   */
  cookiesToAnswer(from?: number): Headers
  readonly session: SessionScope
  /** The signed-in user, or null; one session read per request. */
  user(): Promise<User | null>
  /**
   * The signed-in user, to read and to call upstream as. Anonymous: a redirect to /login;
   * with `roles`, a user holding none of them goes to their own home.
   */
  signedIn(options?: { roles?: readonly string[] }): Promise<UserCaller>
  /** Calls as the portal itself (no user's token): public content, a visitor's check. */
  readonly portal: Caller
  readonly draft: DraftHandle
  /** Something worked out once per request (a feature's own look-up), kept for the rest of it. */
  once<T>(key: symbol, work: () => Promise<T>): Promise<T>
}

export type VisitInit = {
  config: Config
  upstreamFetch: AppLoadContext['upstreamFetch']
  logger: Logger
  requestId: string
  clientAddress?: string
  metrics?: AppLoadContext['metrics']
  /** The Cookie header the browser sent. */
  cookieHeader: string | null
  /** The URL of the request the visit is opened for (React Router's: no single-fetch suffix). */
  url: string
  /** Where each Set-Cookie goes the moment it is set (the Express response); absent: kept in `cookiesSet`. */
  sendCookie?: (setCookie: string) => void
}

export function openVisit(init: VisitInit): Visit {
  const upstream: Upstream = upstreamFor({
    config: init.config,
    upstreamFetch: init.upstreamFetch,
    logger: init.logger,
    metrics: init.metrics,
  } as AppLoadContext)
  const url = new URL(init.url)
  const jar = new Map<string, string | null>()
  const cookiesSet: string[] = []
  const memo = new Map<symbol, Promise<unknown>>()

  function cookieHeader(): string | null {
    if (jar.size === 0) return init.cookieHeader
    const others = (init.cookieHeader ?? '')
      .split(/;\s*/)
      .filter((part) => part !== '' && !jar.has(part.slice(0, part.indexOf('='))))
    const set = [...jar].flatMap(([name, value]) => (value === null ? [] : [`${name}=${value}`]))
    const header = [...others, ...set].join('; ')
    return header === '' ? null : header
  }

  function hasCookie(name: string): boolean {
    if (jar.has(name)) return jar.get(name) !== null
    const header = init.cookieHeader
    return header !== null && new RegExp(`(?:^|;\\s*)${name.replace(/[-$]/g, '\\$&')}=`).test(header)
  }

  function setCookie(value: string) {
    const pair = value.split(';')[0]!
    const name = pair.slice(0, pair.indexOf('='))
    const expired = /;\s*max-age=0(?:;|$)/i.test(value)
    jar.set(name, expired ? null : pair.slice(name.length + 1))
    cookiesSet.push(value)
    init.sendCookie?.(value)
  }

  const returnTo = () => url.pathname + url.search
  const session = createSessionScope({
    config: init.config,
    logger: init.logger,
    upstream,
    hasCookie,
    cookieHeader,
    returnTo,
    setCookie,
  })
  const portal = createCaller(upstream)

  const visit: Visit = {
    config: init.config,
    logger: init.logger,
    requestId: init.requestId,
    clientAddress: init.clientAddress,
    returnTo: returnTo(),
    hasCookie,
    cookieHeader,
    setCookie,
    cookiesSet,
    cookiesToAnswer(from = 0) {
      const headers = new Headers()
      if (!init.sendCookie) for (const line of cookiesSet.slice(from)) headers.append('set-cookie', line)
      return headers
    },
    session,
    user: () => session.user(),
    async signedIn(options = {}) {
      const user = options.roles ? await session.requireRole(options.roles) : await session.requireUser()
      const claims: IdTokenClaims = await session.claims()
      return createUserCaller(upstream, session, user, claims)
    },
    portal,
    get draft() {
      return draft
    },
    once<T>(key: symbol, work: () => Promise<T>): Promise<T> {
      let pending = memo.get(key) as Promise<T> | undefined
      if (!pending) memo.set(key, (pending = work()))
      return pending
    },
  }
  const draft: DraftHandle = createDraftHandle(visit, upstream)
  return visit
}

const VISIT = Symbol('visit')
type Holder = AppLoadContext & { [VISIT]?: { request: Request; visit: Visit } }

/**
 * This request's visit, opened on first use. On the server's context (one per request, with
 * `sendCookie`) it serves every loader and action of the request, whatever copy of the
 * Request each is given. On a context built by hand (a test calling a loader directly,
 * perhaps again and again) it serves the Request it was opened for: a new Request opens a
 * new visit.
 */
export function visitOf(request: Request, context: AppLoadContext): Visit {
  const holder = context as Holder
  const held = holder[VISIT]
  if (held && (context.sendCookie || held.request === request)) return held.visit
  const visit = openVisit({
    config: context.config,
    upstreamFetch: context.upstreamFetch,
    logger: context.logger,
    requestId: context.requestId,
    clientAddress: context.clientAddress,
    metrics: context.metrics,
    cookieHeader: request.headers.get('cookie'),
    url: request.url,
    sendCookie: context.sendCookie,
  })
  Object.defineProperty(holder, VISIT, { value: { request, visit }, configurable: true, writable: true })
  return visit
}
