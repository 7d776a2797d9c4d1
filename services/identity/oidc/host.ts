/**
 * The embedded OpenID provider as a mountable Express app, at Keycloak's realm path, and
 * the login screen's binding to it (docs/decisions/0005). One host serves both set-ups:
 * in-process, the portal mounts it (server/identity-provider.ts) and binds the login
 * route to the request; with the upstream in its own processes (`npm run services`), the
 * upstream mounts it and the portal reaches the login binding through signed calls
 * (`byCookie`, interaction-routes.ts), passing the browser's interaction cookie along.
 * Its state (sessions, codes, grants, keys) is in the database, so any copy answers.
 */
import http from 'node:http'
import net from 'node:net'
import express, { type Express } from 'express'
import type { Logger } from 'pino'
import type { IdentityInteraction } from '../../../lib/identity-interaction.ts'
import type { Config } from '../../../lib/env.ts'
import type { Database } from '../../db/client.ts'
import { deleteExpiredOidcRows } from './adapter.ts'
import type { IdentityDirectory } from './directory-contract.ts'
import { interactionFor } from './interaction.ts'
import { serverLogout } from './server-logout.ts'

const CLEANUP_EVERY_MS = 60 * 60 * 1000

export type IdentityHost = {
  /** The provider's endpoints under the issuer's path; mount it at the root of an Express app. */
  app: Express
  /** The login binding for one browser request (in-process). */
  interaction: (req: http.IncomingMessage, res: http.ServerResponse) => IdentityInteraction
  /** The login binding for a browser's Cookie header, as the portal forwards it (another process). */
  byCookie: (cookieHeader: string) => IdentityInteraction
  close: () => void
}

export type IdentityHostOptions = { config: Config; db: Database; directory: IdentityDirectory; logger: Logger }

export async function hostIdentityProvider(options: IdentityHostOptions): Promise<IdentityHost> {
  const { db, logger } = options
  // Loaded only when hosted: on Node 20 the library prints an "unsupported runtime"
  // warning as it loads (docs/conventions.md, Stack), which must not precede a configuration error.
  const { createIdentityProvider, KEYCLOAK_ROUTES, INTERACTION_PATH } = await import('./provider.ts')
  const provider = await createIdentityProvider(options)
  const { issuer, clientId, clientSecret } = options.config.oidc
  const mountPath = new URL(issuer).pathname
  const app = express()
  app.disable('x-powered-by')
  app.post(`${mountPath}${KEYCLOAK_ROUTES.end_session}`, serverLogout(provider, { clientId, clientSecret }, logger))
  app.use(mountPath, provider.callback())

  const cleanup = () =>
    deleteExpiredOidcRows(db).then(
      (count) => count > 0 && logger.debug({ count }, 'expired sign-in records deleted'),
      (error) => logger.warn({ err: error }, 'could not delete expired sign-in records'),
    )
  void cleanup()
  const timer = setInterval(cleanup, CLEANUP_EVERY_MS)
  timer.unref()

  return {
    app,
    interaction: (req, res) => interactionFor(provider, options.directory, req, res),
    byCookie(cookieHeader) {
      // The library reads its (signed) interaction cookie from a Node request; nothing is
      // written to this response: the portal sends the browser where the answer says.
      const req = new http.IncomingMessage(new net.Socket())
      req.method = 'POST'
      req.url = INTERACTION_PATH
      req.headers = { host: new URL(issuer).host, cookie: cookieHeader }
      return interactionFor(provider, options.directory, req, new http.ServerResponse(req))
    },
    close: () => clearInterval(timer),
  }
}
