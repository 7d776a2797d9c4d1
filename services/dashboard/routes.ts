/**
 * The customer's dashboard in one call (issue 35, item 2), as the signed-in user:
 *   POST /v1/dashboard   { accountNumber }   the cards of one of the caller's accounts
 * It answers what four calls answered before, each as a part of its own: the subscription
 * (services/accounts), the payment details and the credits pending for the next bill
 * (services/billing; docs/decisions/0076), and the device cards
 * (services/devices: the outage in the account's area, the modem with its Wi-Fi), and whether
 * to offer REPORT NO INTERNET (services/repairs, from the modem part). A part
 * that fails says so with the status its own call would have given, and the others stand.
 * An account the caller's token does not list is refused as a whole (403), before anything
 * is read (docs/security.md, Access control). Each part is its owner's function: this module
 * reads no table (docs/architecture.md, 7).
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { AccountNumberSchema } from '../../lib/identity-schemas.ts'
import { subscriptionOf } from '../accounts/subscription.ts'
import { requireCaller, requireOwnAccount, type AccessTokenVerifier, type BearerEnv } from '../bearer.ts'
import type { BillingService } from '../billing/service.ts'
import type { ServiceDeps } from '../context.ts'
import type { DevicesService } from '../devices/service.ts'
import type { RepairsService } from '../repairs/service.ts'
import { ok, part } from '../errors.ts'
import { readJsonBody } from '../validation.ts'

const AccountSchema = z.strictObject({ accountNumber: AccountNumberSchema })

export function dashboardRoutes(
  deps: ServiceDeps & { accessTokens: AccessTokenVerifier },
  services: { billing: BillingService; devices: DevicesService; repairs: RepairsService },
) {
  const app = new Hono<BearerEnv>()
  app.use('/v1/dashboard', requireCaller(deps.accessTokens))

  app.post('/v1/dashboard', async (c) => {
    const { accountNumber } = await readJsonBody(c, AccountSchema)
    const caller = c.get('caller')
    requireOwnAccount(caller, accountNumber)
    const [subscription, paymentDetails, credits, devices] = await Promise.all([
      part(() => subscriptionOf(deps.db, caller, accountNumber)),
      part(() => services.billing.paymentDetails(accountNumber)),
      part(() => services.billing.pendingCredits(accountNumber)),
      services.devices.overview(caller, accountNumber),
    ])
    // issue 37, item 6: REPORT NO INTERNET, from the modem part just read (services/repairs).
    const noInternet = await part(() => services.repairs.dashboardOffer(caller, accountNumber, devices.modem))
    return c.json(
      ok({ subscription, paymentDetails, credits, outage: devices.outage, modem: devices.modem, noInternet }),
    )
  })

  return app
}
