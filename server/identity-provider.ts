/**
 * Mounts the embedded OpenID provider at Keycloak's realm path on the portal's Express
 * app, and gives each request its binding for the login route (load context).
 */
import type { Express, Request, Response } from 'express'
import type { Logger } from 'pino'
import type { IdentityInteraction } from '../lib/identity-interaction.ts'
import type { Config } from '../lib/env.ts'
import type { Database } from '../services/db/client.ts'
import { deleteExpiredOidcRows } from '../services/identity/oidc/adapter.ts'
import type { IdentityDirectory } from '../services/identity/oidc/directory-contract.ts'
import { interactionFor } from '../services/identity/oidc/interaction.ts'
import { serverLogout } from '../services/identity/oidc/server-logout.ts'

const CLEANUP_EVERY_MS = 60 * 60 * 1000

export type MountedIdentityProvider = {
  interaction: (req: Request, res: Response) => IdentityInteraction
  close: () => void
}

export async function mountIdentityProvider(
  app: Express,
  options: { config: Config; db: Database; directory: IdentityDirectory; logger: Logger },
): Promise<MountedIdentityProvider> {
  const { db, logger } = options
  // Loaded only when mounted: on Node 20 the library prints an "unsupported runtime"
  // warning as it loads (docs/conventions.md, Stack), which must not precede a configuration error.
  const { createIdentityProvider, KEYCLOAK_ROUTES } = await import('../services/identity/oidc/provider.ts')
  const provider = await createIdentityProvider(options)
  const { issuer, clientId, clientSecret } = options.config.oidc
  const mountPath = new URL(issuer).pathname
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
    interaction: (req, res) => interactionFor(provider, options.directory, req, res),
    close: () => clearInterval(timer),
  }
}
