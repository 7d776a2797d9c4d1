import type { Logger } from 'pino'
import type { Config } from '../lib/env'
import type { FetchLike } from './upstream/client.server'

/** What server.ts hands every loader and action. */
export type PortalLoadContext = {
  config: Config
  /** The gateway's own handler in the embedded set-up; the network's with UPSTREAM_URL. */
  upstreamFetch: FetchLike
  logger: Logger
  requestId: string
  /** Per-request CSP nonce for inline and module scripts. */
  nonce: string
  /** The visitor's address (Express's req.ip, which honours TRUST_PROXY), for per-address limits. */
  clientAddress?: string
  /** The embedded OpenID provider's pending sign-in for this request; absent when sign-in is Keycloak's. */
  identityProvider?: IdentityInteraction
}

/** A sign-in the provider is waiting for: the login screen at /login/interaction/:uid. */
export type PendingSignIn = {
  uid: string
  /** 'login' asks for credentials; 'consent' is answered without a screen (first-party portal). */
  prompt: 'login' | 'consent'
  /** The `login_hint` the portal passed, to fill the email field. */
  loginHint: string | null
}

export type SignInOutcome = { ok: true; redirectTo: string } | { ok: false; reason: 'invalid' | 'locked' }

/**
 * Bound to one request's cookies. Every method takes the uid from the URL and answers
 * null when this browser has no such pending sign-in (expired, finished or another one).
 */
export type IdentityInteraction = {
  pending(uid: string): Promise<PendingSignIn | null>
  /** Checks the credentials; on success the browser goes back to the provider at `redirectTo`. */
  signIn(uid: string, credentials: { email: string; password: string }): Promise<SignInOutcome | null>
  /** Grants what the portal asked for and returns where to continue. */
  consent(uid: string): Promise<string | null>
}

declare module '@remix-run/node' {
  interface AppLoadContext extends PortalLoadContext {}
}
declare module '@remix-run/server-runtime' {
  interface AppLoadContext extends PortalLoadContext {}
}
