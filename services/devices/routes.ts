/**
 * The devices calls (spec 7: device id, modem details, restart, outage status; issue 18:
 * Wi-Fi), all as the signed-in user. The dashboard's device cards come with its one call
 * (services/dashboard). Account numbers and device ids travel in signed
 * bodies, never in paths (docs/security.md, Logs and privacy), so reads are POSTs too; so do
 * the portal password and the Wi-Fi passphrase, which no log line holds (the gateway logs
 * no bodies; lib/logger.ts redacts `password` and `passphrase` besides).
 *   POST /v1/devices/device-id       { accountNumber }             the account's modem
 *   POST /v1/devices/modem           { accountNumber, deviceId }   reading, last days, latest restart
 *   POST /v1/devices/modem/restart   { accountNumber, deviceId }   'requested' (the outcome comes later)
 *   POST /v1/devices/wifi            { accountNumber, deviceId }   networks, who is connected, latest change
 *   POST /v1/devices/wifi/reveal     { accountNumber, deviceId, password }   the passphrases (no-store)
 *   POST /v1/devices/wifi/change     { accountNumber, deviceId, bands, ssid?, passphrase? }   'requested'
 *   POST /v1/outages/status          { accountNumber }             the open outage in its area, or null
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { AccountNumberSchema, PASSWORD_MAX } from '../../lib/identity-schemas.ts'
import { HEADER } from '../../lib/signature.ts'
import { changesSomething, WIFI_CHANGE_FIELDS, WIFI_TEXT } from '../../lib/wifi.ts'
import { requireCaller, type AccessTokenVerifier, type BearerEnv } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import { ok } from '../errors.ts'
import { readJsonBody } from '../validation.ts'
import { createDevicesService, type DevicesService } from './service.ts'

const AccountSchema = z.strictObject({ accountNumber: AccountNumberSchema })
const DeviceIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\w.:%-]+$/)
const DeviceSchema = z.strictObject({ accountNumber: AccountNumberSchema, deviceId: DeviceIdSchema })
const RevealSchema = z.strictObject({
  accountNumber: AccountNumberSchema,
  deviceId: DeviceIdSchema,
  password: z
    .string({ error: WIFI_TEXT.portalPasswordRequired })
    .min(1, { error: WIFI_TEXT.portalPasswordRequired })
    .max(PASSWORD_MAX),
})
const WifiChangeBodySchema = z
  .strictObject({ accountNumber: AccountNumberSchema, deviceId: DeviceIdSchema, ...WIFI_CHANGE_FIELDS })
  .refine(changesSomething, { error: WIFI_TEXT.nothingToChange })

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

  app.post('/v1/devices/wifi', async (c) => {
    const { accountNumber, deviceId } = await readJsonBody(c, DeviceSchema)
    return c.json(ok(await service.wifi(c.get('caller'), accountNumber, deviceId)))
  })

  app.post('/v1/devices/wifi/reveal', async (c) => {
    const { accountNumber, deviceId, password } = await readJsonBody(c, RevealSchema)
    const answer = await service.revealWifi(c.get('caller'), accountNumber, deviceId, password)
    c.header('cache-control', 'no-store')
    return c.json(ok(answer))
  })

  app.post('/v1/devices/wifi/change', async (c) => {
    const { accountNumber, deviceId, ...change } = await readJsonBody(c, WifiChangeBodySchema)
    // The gateway admitted only known channels, signed; the record keeps which one asked.
    const channel = c.req.header(HEADER.channel) ?? 'unknown'
    return c.json(ok(await service.changeWifi(c.get('caller'), channel, accountNumber, deviceId, change)))
  })

  app.post('/v1/outages/status', async (c) => {
    const { accountNumber } = await readJsonBody(c, AccountSchema)
    return c.json(ok(await service.outage(c.get('caller'), accountNumber)))
  })

  return app
}
