/**
 * The devices service (spec 7: modem details, restart, outage status, device id; issue 18:
 * the modem's Wi-Fi, in wifi.ts), all as the signed-in user: an account number the bearer token does not list, or a device that
 * is not that account's, is refused (docs/security.md, Access control) before the driver
 * is asked anything.
 */
import { and, count, desc, eq, gt, sql } from 'drizzle-orm'
import { findSubscription } from '../accounts/registry.ts'
import { requireOwnAccount, type Caller } from '../bearer.ts'
import { settingsOf, type ServiceDeps } from '../context.ts'
import { part, ServiceError } from '../errors.ts'
import { DeviceDriverError, type DeviceDriver, type ModemReading, type RestartOutcome } from './driver.ts'
import { createGenieAcsDriver } from './genieacs.ts'
import { incidentsAffectingAccount } from '../incidents/service.ts'
import { createSimulatedDriver } from './simulated.ts'
import { modemRestarts, signalSamples } from './tables.ts'
import { createWifiCalls } from './wifi.ts'

const HOUR_MS = 3_600_000
/** The chart's span (issue 11: "the last days"). */
export const HISTORY_DAYS = 7
/** Restarts one device may be asked for in an hour (docs/security.md, Abuse). */
export const RESTARTS_PER_HOUR = 5

export const DEVICES_TEXT = {
  noDevice: 'No modem is on record for this account.',
  unknownDevice: 'No such modem.',
  unavailable: 'The modem service did not answer.',
  tooManyRestarts: 'This modem was restarted several times in the last hour. Please wait before trying again.',
} as const

export function driverFromDeps(deps: ServiceDeps): DeviceDriver {
  const { devices } = settingsOf(deps)
  if (devices.driver === 'genieacs')
    return createGenieAcsDriver({ nbiUrl: devices.genieacsNbiUrl!, now: deps.now, ...devices.genieacs })
  return createSimulatedDriver({
    db: deps.db,
    now: deps.now,
    restartSeconds: devices.restartSeconds,
    wifiChangeSeconds: devices.wifiChangeSeconds,
  })
}

export type RestartView = { state: RestartOutcome; requestedAt: string; finishedAt: string | null }

export function createDevicesService(deps: ServiceDeps, driver: DeviceDriver = driverFromDeps(deps)) {
  const { db } = deps

  /** Driver failures become the common 503; everything else passes through. */
  async function asking<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      if (error instanceof DeviceDriverError) {
        deps.logger.warn({ err: error.message }, 'device driver failed')
        throw new ServiceError(503, 'devices_unavailable', DEVICES_TEXT.unavailable)
      }
      throw error
    }
  }

  async function deviceOf(caller: Caller, accountNumber: string): Promise<string> {
    requireOwnAccount(caller, accountNumber)
    const deviceId = await asking(() => driver.findDevice(accountNumber))
    if (!deviceId) throw new ServiceError(404, 'no_device', DEVICES_TEXT.noDevice)
    return deviceId
  }

  /** The account must be the caller's and the device that account's; any other id answers 404 (not 403). */
  async function requireOwnDevice(caller: Caller, accountNumber: string, deviceId: string): Promise<void> {
    const own = await deviceOf(caller, accountNumber)
    if (own !== deviceId) throw new ServiceError(404, 'unknown_device', DEVICES_TEXT.unknownDevice)
  }

  /** The latest restart, its outcome asked of the driver while it is pending and recorded once known. */
  async function latestRestart(deviceId: string): Promise<RestartView | null> {
    const [row] = await db
      .select()
      .from(modemRestarts)
      .where(eq(modemRestarts.deviceId, deviceId))
      .orderBy(desc(modemRestarts.requestedAt))
      .limit(1)
    if (!row) return null
    let { state, finishedAt } = row
    if (state === 'requested') {
      state = await asking(() => driver.restartOutcome(row))
      if (state !== 'requested') {
        finishedAt = deps.now()
        await db
          .update(modemRestarts)
          .set({ state, finishedAt })
          .where(and(eq(modemRestarts.id, row.id), eq(modemRestarts.state, 'requested')))
      }
    }
    return { state, requestedAt: row.requestedAt.toISOString(), finishedAt: finishedAt?.toISOString() ?? null }
  }

  /** The ACS keeps no history: record this reading (at most one an hour) and chart the recorded ones. */
  async function recordedHistory(deviceId: string, reading: ModemReading, now: Date, since: Date) {
    const [recent] = await db
      .select({ n: count() })
      .from(signalSamples)
      .where(and(eq(signalSamples.deviceId, deviceId), gt(signalSamples.sampledAt, new Date(now.getTime() - HOUR_MS))))
    if (!recent?.n)
      await db
        .insert(signalSamples)
        .values({ deviceId, sampledAt: now, online: reading.online, signalDbm: reading.signalDbm })
    const rows = await db
      .select()
      .from(signalSamples)
      .where(and(eq(signalSamples.deviceId, deviceId), gt(signalSamples.sampledAt, since)))
      .orderBy(signalSamples.sampledAt)
    return rows.map((row) => ({ at: row.sampledAt, online: row.online, signalDbm: row.signalDbm }))
  }

  // wifiOfOwnDevice checks no ownership: the overview's own, never one of the service's calls.
  const { wifiOfOwnDevice, ...wifiCalls } = createWifiCalls(deps, driver, { asking, requireOwnDevice })

  /** spec 7, modem details: the reading, the last days' signal and the latest restart. */
  async function modem(caller: Caller, accountNumber: string, deviceId: string) {
    await requireOwnDevice(caller, accountNumber, deviceId)
    return modemOfOwnDevice(deviceId)
  }

  /** `modem` for a device already found to be the caller's account's (the overview's one look-up). */
  async function modemOfOwnDevice(deviceId: string) {
    const now = deps.now()
    const since = new Date(now.getTime() - HISTORY_DAYS * 24 * HOUR_MS)
    // One read of the modem for its reading and, where the driver keeps them, its last days.
    const reading = await asking(() => driver.readModem(deviceId, since))
    if (!reading) throw new ServiceError(404, 'unknown_device', DEVICES_TEXT.unknownDevice)
    const samples = reading.history ?? (await recordedHistory(deviceId, reading, now, since))
    return {
      deviceId,
      model: reading.model,
      online: reading.online,
      signalDbm: reading.signalDbm,
      temperatureC: reading.temperatureC,
      lastSeenAt: reading.lastSeenAt?.toISOString() ?? null,
      history: samples.map((sample) => ({ at: sample.at.toISOString(), signalDbm: sample.signalDbm })),
      restart: await latestRestart(deviceId),
    }
  }

  /** spec 7, outage status: the latest incident under way that reaches the account (services/incidents), or null. */
  async function outage(caller: Caller, accountNumber: string) {
    requireOwnAccount(caller, accountNumber)
    const subscription = await findSubscription(db, accountNumber)
    if (!subscription) return null
    const [open] = await incidentsAffectingAccount(db, accountNumber, deps.now())
    if (!open) return null
    return {
      areaName: subscription.areaName,
      cause: open.cause,
      startedAt: open.startedAt,
      estimatedRestoreAt: open.estimatedRestoreAt,
    }
  }

  return {
    ...wifiCalls,

    /** spec 7, device id. */
    async deviceId(caller: Caller, accountNumber: string) {
      return { deviceId: await deviceOf(caller, accountNumber) }
    },

    modem,
    outage,

    /**
     * The dashboard's device cards (issue 35, item 2; services/dashboard): the outage in the account's
     * area, and its modem with its Wi-Fi networks. Each part answers on its own, as the
     * separate calls would: a modem that cannot be read leaves the outage shown, and the
     * Wi-Fi is null when only it fails. A refusal of the account itself is the whole call's.
     */
    async overview(caller: Caller, accountNumber: string) {
      requireOwnAccount(caller, accountNumber)
      const [area, device] = await Promise.all([
        part(() => outage(caller, accountNumber)),
        part(async () => {
          // The device is looked up once; the modem and the Wi-Fi need not find it again.
          const deviceId = await deviceOf(caller, accountNumber)
          const [reading, wifi] = await Promise.all([
            modemOfOwnDevice(deviceId),
            wifiOfOwnDevice(accountNumber, deviceId).catch((error: unknown) => {
              if (error instanceof ServiceError) return null
              throw error
            }),
          ])
          return { ...reading, wifi }
        }),
      ])
      return { outage: area, modem: device }
    },

    /**
     * spec 7, restart: asks the modem to reboot and answers 'requested'; the outcome comes
     * later from `modem`. A restart still under way is answered again, not repeated.
     */
    async restart(caller: Caller, accountNumber: string, deviceId: string): Promise<RestartView> {
      await requireOwnDevice(caller, accountNumber, deviceId)
      const pending = await latestRestart(deviceId)
      if (pending?.state === 'requested') return pending
      return db.transaction(async (tx) => {
        // One at a time per device, across processes (Postgres, not memory).
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`devices:restart:${deviceId}`}))`)
        const now = deps.now()
        const [recent] = await tx
          .select({ n: count() })
          .from(modemRestarts)
          .where(
            and(eq(modemRestarts.deviceId, deviceId), gt(modemRestarts.requestedAt, new Date(now.getTime() - HOUR_MS))),
          )
        if ((recent?.n ?? 0) >= RESTARTS_PER_HOUR)
          throw new ServiceError(429, 'too_many_restarts', DEVICES_TEXT.tooManyRestarts)
        const { taskId } = await asking(() => driver.requestRestart(deviceId))
        const [row] = await tx
          .insert(modemRestarts)
          .values({ deviceId, accountNumber, requestedBy: caller.sub, requestedAt: now, taskId, state: 'requested' })
          .returning()
        return { state: 'requested' as const, requestedAt: row!.requestedAt.toISOString(), finishedAt: null }
      })
    },
  }
}

export type DevicesService = ReturnType<typeof createDevicesService>
