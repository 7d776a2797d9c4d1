/**
 * The devices calls (spec 7: device id, modem details, restart, outage status), all as the
 * signed-in user. Account numbers and device ids travel in signed bodies, never in paths
 * (docs/security.md, Logs and privacy), so reads are POSTs too.
 *   POST /v1/devices/device-id       { accountNumber }             the account's modem
 *   POST /v1/devices/modem           { accountNumber, deviceId }   reading, last days, latest restart
 *   POST /v1/devices/modem/restart   { accountNumber, deviceId }   'requested' (the outcome comes later)
 *   POST /v1/outages/status          { accountNumber }             the open outage in its area, or null
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { AccountNumberSchema } from '../../lib/identity-schemas.ts'
import { requireCaller, type AccessTokenVerifier, type BearerEnv } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import { ok } from '../errors.ts'
import { readJsonBody } from '../validation.ts'
import { createDevicesService, type DevicesService } from './service.ts'

const AccountSchema = z.strictObject({ accountNumber: AccountNumberSchema })
const DeviceSchema = z.strictObject({
  accountNumber: AccountNumberSchema,
  deviceId: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\w.:%-]+$/),
})

export function deviceRoutes(
  deps: ServiceDeps & { accessTokens: AccessTokenVerifier },
  service: DevicesService = createDevicesService(deps),
) {
  const app = new Hono<BearerEnv>()
  app.use('/v1/devices/*', requireCaller(deps.accessTokens))
  app.use('/v1/outages/*', requireCaller(deps.accessTokens))

  app.post('/v1/devices/device-id', async (c) => {
    const { accountNumber } = await readJsonBody(c, AccountSchema)
    return c.json(ok(await service.deviceId(c.get('caller'), accountNumber)))
  })

  app.post('/v1/devices/modem', async (c) => {
    const { accountNumber, deviceId } = await readJsonBody(c, DeviceSchema)
    return c.json(ok(await service.modem(c.get('caller'), accountNumber, deviceId)))
  })

  app.post('/v1/devices/modem/restart', async (c) => {
    const { accountNumber, deviceId } = await readJsonBody(c, DeviceSchema)
    return c.json(ok(await service.restart(c.get('caller'), accountNumber, deviceId)))
  })

  app.post('/v1/outages/status', async (c) => {
    const { accountNumber } = await readJsonBody(c, AccountSchema)
    return c.json(ok(await service.outage(c.get('caller'), accountNumber)))
  })

  return app
}
