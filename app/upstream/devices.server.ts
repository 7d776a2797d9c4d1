/**
 * The devices and account-details calls (spec 7: device id, modem details, restart, outage
 * status, account details; services/devices/routes.ts, services/accounts/subscription-routes.ts),
 * all as the signed-in user. Account numbers and device ids go in signed bodies, never in URLs.
 */
import { z } from 'zod'
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
    /** spec 7, outage status: the open outage in the account's area, or null. */
    outage: (accessToken: string, accountNumber: string) =>
      post('devices.outage', '/v1/outages/status', { accountNumber }, accessToken, OutageSchema.nullable()),
    /** spec 7, account details: plan, speed, status, service address. */
    subscription: (accessToken: string, accountNumber: string) =>
      post('accounts.subscription', '/v1/accounts/subscription', { accountNumber }, accessToken, SubscriptionSchema),
  }
}
