/**
 * spec 7, account details, as the signed-in user (/account/subscription, the dashboard's
 * subscription card): plan, speed, status and service address of one of the caller's
 * accounts; any other account number is refused (docs/security.md, Access control).
 *   POST /v1/accounts/subscription   { accountNumber }   (in the body: no account numbers in paths)
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { AccountNumberSchema } from '../../lib/identity-schemas.ts'
import { requireCaller, type AccessTokenVerifier, type BearerEnv } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import { ok } from '../errors.ts'
import { readJsonBody } from '../validation.ts'
import { subscriptionOf } from './subscription.ts'

const AccountSchema = z.strictObject({ accountNumber: AccountNumberSchema })

export function subscriptionRoutes(deps: ServiceDeps & { accessTokens: AccessTokenVerifier }) {
  const app = new Hono<BearerEnv>()
  app.use('/v1/accounts/*', requireCaller(deps.accessTokens))

  app.post('/v1/accounts/subscription', async (c) => {
    const { accountNumber } = await readJsonBody(c, AccountSchema)
    return c.json(ok(await subscriptionOf(deps.db, c.get('caller'), accountNumber)))
  })

  return app
}
