/**
 * The devices and account-details calls (spec 7: device id, modem details, restart, outage
 * status, account details; issue 18: Wi-Fi; services/devices/routes.ts,
 * services/accounts/subscription-routes.ts), all as the signed-in user. Account numbers,
 * device ids, the portal password and Wi-Fi passphrases go in signed bodies, never in URLs.
 */
import { z } from 'zod'
import { WIFI_BANDS, WIFI_FAILURE_REASONS, WIFI_SECURITY_MODES, type WifiChange } from '../../lib/wifi'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'

export const RestartSchema = z.object({
  state: z.enum(['requested', 'done', 'failed']),
  requestedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
})
export type Restart = z.infer<typeof RestartSchema>

export const ModemSchema = z.object({
  deviceId: z.string(),
  model: z.string(),
  online: z.boolean(),
  signalDbm: z.number().nullable(),
  temperatureC: z.number().nullable(),
  lastSeenAt: z.iso.datetime().nullable(),
  history: z.array(z.object({ at: z.iso.datetime(), signalDbm: z.number().nullable() })).max(1000),
  restart: RestartSchema.nullable(),
})
export type Modem = z.infer<typeof ModemSchema>

export const OutageSchema = z.object({
  areaName: z.string(),
  cause: z.string(),
  startedAt: z.iso.datetime(),
  estimatedRestoreAt: z.iso.datetime().nullable(),
})
export type Outage = z.infer<typeof OutageSchema>

export const SubscriptionSchema = z.object({
  accountNumber: z.string(),
  planName: z.string(),
  speedMbps: z.number().int(),
  monthlyFee: z.number(),
  status: z.enum(['active', 'suspended', 'disconnected']),
  serviceAddress: z.string(),
  areaName: z.string(),
  activatedAt: z.iso.datetime(),
})
export type Subscription = z.infer<typeof SubscriptionSchema>

const WifiBandSchema = z.enum(WIFI_BANDS)

/** A Wi-Fi change as recorded upstream: requested, then done or failed (with a reason: lib/wifi.ts, WIFI_FAILURE_TEXT). */
export const WifiChangeRecordSchema = z.object({
  id: z.string(),
  state: z.enum(['requested', 'done', 'failed']),
  bands: z.array(WifiBandSchema),
  changedName: z.boolean(),
  changedPassphrase: z.boolean(),
  requestedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  reason: z.enum(WIFI_FAILURE_REASONS).nullable(),
})
export type WifiChangeRecord = z.infer<typeof WifiChangeRecordSchema>

export const WifiSchema = z.object({
  deviceId: z.string(),
  online: z.boolean(),
  networks: z
    .array(
      z.object({
        networkId: z.string(),
        bands: z.array(WifiBandSchema).min(1),
        ssid: z.string(),
        security: z.enum(WIFI_SECURITY_MODES),
        enabled: z.boolean(),
        connectedDevices: z.number().int().min(0),
        passphraseSettable: z.boolean(),
      }),
    )
    .max(16),
  hosts: z
    .array(
      z.object({
        name: z.string().nullable(),
        connection: z.enum(['wifi', 'ethernet']),
        band: WifiBandSchema.nullable(),
        signalDbm: z.number().nullable(),
        connectedSince: z.iso.datetime().nullable(),
      }),
    )
    .max(500),
  change: WifiChangeRecordSchema.nullable(),
  changesLeft: z.number().int().min(0),
})
export type Wifi = z.infer<typeof WifiSchema>

export const WifiPassphrasesSchema = z.object({
  networks: z
    .array(
      z.object({
        networkId: z.string(),
        bands: z.array(WifiBandSchema).min(1),
        ssid: z.string(),
        // null: the modem does not tell it.
        passphrase: z.string().nullable(),
      }),
    )
    .max(16),
})
export type WifiPassphrases = z.infer<typeof WifiPassphrasesSchema>

export function deviceCalls(client: UpstreamClient) {
  const post = <T>(name: string, path: string, body: unknown, accessToken: string, schema: z.ZodType<T>) =>
    client.call({ name, method: 'POST', path, body, accessToken, schema: envelope(schema) })
  return {
    /** spec 7, device id: the modem installed for the account. */
    deviceId: (accessToken: string, accountNumber: string) =>
      post(
        'devices.deviceId',
        '/v1/devices/device-id',
        { accountNumber },
        accessToken,
        z.object({ deviceId: z.string() }),
      ),
    /** spec 7, modem details. */
    modem: (accessToken: string, accountNumber: string, deviceId: string) =>
      post('devices.modem', '/v1/devices/modem', { accountNumber, deviceId }, accessToken, ModemSchema),
    /** spec 7, restart: answers 'requested' (or the restart already under way). */
    restart: (accessToken: string, accountNumber: string, deviceId: string) =>
      post('devices.restart', '/v1/devices/modem/restart', { accountNumber, deviceId }, accessToken, RestartSchema),
    /** issue 18: the modem's Wi-Fi networks, who is connected, the latest change and changes left this hour. */
    wifi: (accessToken: string, accountNumber: string, deviceId: string) =>
      post('devices.wifi', '/v1/devices/wifi', { accountNumber, deviceId }, accessToken, WifiSchema),
    /**
     * issue 18: the passphrases, after the customer's current portal password. Refusals: 422
     * (wrong password, on the `password` field), 429 (locked for 15 minutes), 409 (cannot be
     * checked here: Keycloak). The answer must not be cached or logged.
     */
    revealWifi: (accessToken: string, accountNumber: string, deviceId: string, password: string) =>
      post(
        'devices.revealWifi',
        '/v1/devices/wifi/reveal',
        { accountNumber, deviceId, password },
        accessToken,
        WifiPassphrasesSchema,
      ),
    /**
     * issue 18: a new name and/or passphrase for one band or both; answers the change,
     * 'requested'. Refusals: 422 (the rules, per field), 409 (one under way), 429 (3 an hour).
     */
    changeWifi: (accessToken: string, accountNumber: string, deviceId: string, change: WifiChange) =>
      post(
        'devices.changeWifi',
        '/v1/devices/wifi/change',
        { accountNumber, deviceId, ...change },
        accessToken,
        WifiChangeRecordSchema,
      ),
    /** spec 7, outage status: the open outage in the account's area, or null. */
    outage: (accessToken: string, accountNumber: string) =>
      post('devices.outage', '/v1/outages/status', { accountNumber }, accessToken, OutageSchema.nullable()),
    /** spec 7, account details: plan, speed, status, service address. */
    subscription: (accessToken: string, accountNumber: string) =>
      post('accounts.subscription', '/v1/accounts/subscription', { accountNumber }, accessToken, SubscriptionSchema),
  }
}
