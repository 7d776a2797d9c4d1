import type { Logger } from 'pino'
import type { Config } from '../lib/env'
import type { IdentityInteraction } from '../lib/identity-interaction'
import type { UpstreamCallMetrics } from '../lib/metrics'
import type { FetchLike } from './upstream/client.server'

/** What server.ts hands every loader and action. */
export type PortalLoadContext = {
  config: Config
  /** The gateway's own handler in the embedded set-up; the network's with UPSTREAM_URL. */
  upstreamFetch: FetchLike
  logger: Logger
  requestId: string
  /**
   * Per-request CSP nonce for inline and module scripts; '' when the page cache renders the page
   * (server/page-cache.ts), whose policy then allows its inline scripts by their hashes.
   */
  nonce: string
  /** The visitor's address (Express's req.ip, which honours TRUST_PROXY), for per-address limits. */
  clientAddress?: string
  /** The embedded OpenID provider's pending sign-in for this request; absent when sign-in is Keycloak's. */
  identityProvider?: IdentityInteraction
  /** Where the upstream client counts and times its calls (lib/metrics.ts); absent in tests that build a context. */
  metrics?: UpstreamCallMetrics
  /**
   * Sends a Set-Cookie on this request's response (Express's res.append). Present on the
   * server's context, which is made per request: the request's visit (app/visit/) lives on it.
   */
  sendCookie?: (setCookie: string) => void
}

// Module augmentation: React Router's own context type takes the portal's fields, so it has none of its own.
/* eslint-disable @typescript-eslint/no-empty-object-type */
declare module 'react-router' {
  interface AppLoadContext extends PortalLoadContext {}
}
/* eslint-enable @typescript-eslint/no-empty-object-type */
