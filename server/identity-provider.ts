/**
 * Mounts the embedded OpenID provider (services/identity/oidc/host.ts) at Keycloak's realm
 * path on the portal's Express app, for the in-process set-up, and gives each request its
 * binding for the login route (load context).
 */
import type { Express, Request, Response } from 'express'
import type { IdentityInteraction } from '../lib/identity-interaction.ts'
import { hostIdentityProvider, type IdentityHostOptions } from '../services/identity/oidc/host.ts'

export type MountedIdentityProvider = {
  interaction: (req: Request, res: Response) => IdentityInteraction
  close: () => void
}

export async function mountIdentityProvider(
  app: Express,
  options: IdentityHostOptions,
): Promise<MountedIdentityProvider> {
  const host = await hostIdentityProvider(options)
  app.use(host.app)
  return { interaction: host.interaction, close: host.close }
}
