/**
 * The simulated modems (DEVICES_DRIVER=simulated, the embedded set-up's default). A
 * modem's readings drift with time, deterministically from its seed, so every process and
 * every reload agree and no state lives in memory: the modems and the restarts are rows in
 * Postgres. A modem is offline while an outage covers its area and while it reboots. A
 * restart takes DEVICES_RESTART_SECONDS; it is done when the modem is back online at that
 * moment, and failed when it is not (an outage in its area, a line too weak to sync, or a
 * modem silent since `silent_since`, the demo's fault on the subscriber's side).
 *
 * Wi-Fi (issue 18): each modem's networks and host table are rows. A change waits in the
 * modem's queue (devices.simulated_wifi_changes) for DEVICES_WIFI_CHANGE_SECONDS on the
 * clock, then applies when the modem is online at that moment and fails ('offline') when it
 * is not: the demo account 1000000000001, inside the seeded outage's area, always fails,
 * and so does any modem while it reboots. Due changes are applied by whichever read comes
 * first, each claimed with a conditional update, so processes agree.
 */
import { and, asc, desc, eq, gt, inArray, lte } from 'drizzle-orm'
import { incidentWindowsForAccount } from '../incidents/service.ts'
import type { Executor } from '../db/client.ts'
import type {
  DeviceDriver,
  ModemReading,
  RestartOutcome,
  RestartRecord,
  SignalSample,
  WifiChangeOutcome,
  WifiHost,
  WifiReading,
} from './driver.ts'
import {
  modemRestarts,
  simulatedModems,
  simulatedWifiChanges,
  simulatedWifiHosts,
  simulatedWifiNetworks,
} from './tables.ts'
import { WIFI_BANDS, type WifiBand } from '../../lib/wifi.ts'

type Modem = typeof simulatedModems.$inferSelect
type Window = { from: Date; to: Date | null }

const HOUR_MS = 3_600_000
/** Below this the simulated ONT loses sync (a GPON receiver's sensitivity, about -28 dBm). */
export const SYNC_LOSS_DBM = -28
/** Chart resolution: one reading every three hours. */
export const HISTORY_STEP_MS = 3 * HOUR_MS

/** A number in [-1, 1] from the seed and an hour bucket: the same inputs always give the same noise. */
function noise(seed: number, bucket: number): number {
  let x = (seed ^ Math.imul(bucket, 0x9e3779b1)) >>> 0
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b) >>> 0
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b) >>> 0
  x = (x ^ (x >>> 16)) >>> 0
  return (x / 0xffffffff) * 2 - 1
}

const round1 = (value: number) => Math.round(value * 10) / 10

/** The line's level and temperature at a moment, ignoring outages and reboots. */
export function drift(modem: Pick<Modem, 'signalBaseDbm' | 'temperatureBaseC' | 'seed'>, at: Date) {
  const hours = at.getTime() / HOUR_MS
  const bucket = Math.floor(hours)
  const phase = (modem.seed % 360) * (Math.PI / 180)
  // A slow wander over about three days, plus a little noise each hour.
  const signalDbm =
    modem.signalBaseDbm + 1.2 * Math.sin((2 * Math.PI * hours) / 72 + phase) + 0.4 * noise(modem.seed, bucket)
  // Warmer in the afternoon, cooler at night.
  const temperatureC =
    modem.temperatureBaseC + 4 * Math.sin((2 * Math.PI * (hours - 8)) / 24) + 0.5 * noise(modem.seed + 1, bucket)
  return { signalDbm: round1(signalDbm), temperatureC: round1(temperatureC) }
}

const within = (at: Date, window: Window) =>
  at.getTime() >= window.from.getTime() && (window.to === null || at.getTime() < window.to.getTime())

const isBand = (value: string | null): value is WifiBand => WIFI_BANDS.includes(value as WifiBand)

export function createSimulatedDriver(deps: {
  db: Executor
  now: () => Date
  restartSeconds: number
  /** How long a Wi-Fi change takes to apply (DEVICES_WIFI_CHANGE_SECONDS). */
  wifiChangeSeconds: number
}): DeviceDriver {
  const { db } = deps
  const restartMs = deps.restartSeconds * 1000
  const wifiChangeMs = deps.wifiChangeSeconds * 1000

  async function modemOf(deviceId: string): Promise<Modem | null> {
    const [row] = await db.select().from(simulatedModems).where(eq(simulatedModems.deviceId, deviceId)).limit(1)
    return row ?? null
  }

  /** The windows in which the modem was unreachable since `since`: its area's outages and its reboots. */
  async function downtime(modem: Modem, since: Date): Promise<Window[]> {
    // The incidents reaching the account's barangay (services/incidents).
    const areaOutages = await incidentWindowsForAccount(db, modem.accountNumber, since, deps.now())
    const reboots = await db
      .select({ from: modemRestarts.requestedAt })
      .from(modemRestarts)
      .where(
        and(
          eq(modemRestarts.deviceId, modem.deviceId),
          gt(modemRestarts.requestedAt, new Date(since.getTime() - restartMs)),
        ),
      )
    // A modem silent on its own (seeded demo fault) stays down whatever a reboot does.
    const silent = modem.silentSince ? [{ from: modem.silentSince, to: null }] : []
    return [
      ...areaOutages,
      ...silent,
      ...reboots.map(({ from }) => ({ from, to: new Date(from.getTime() + restartMs) })),
    ]
  }

  function readingAt(modem: Modem, at: Date, down: Window[]) {
    const { signalDbm, temperatureC } = drift(modem, at)
    const online = signalDbm >= SYNC_LOSS_DBM && !down.some((window) => within(at, window))
    return { online, signalDbm: online ? signalDbm : null, temperatureC: online ? temperatureC : null }
  }

  async function onlineAt(modem: Modem, at: Date): Promise<boolean> {
    return readingAt(modem, at, await downtime(modem, new Date(at.getTime() - 7 * 24 * HOUR_MS))).online
  }

  /**
   * Applies the modem's Wi-Fi changes whose time has come, oldest first: the new values when
   * the modem is online then (its hosts join again at that moment), failed otherwise. The
   * passphrase leaves the queue either way.
   */
  async function settleWifiChanges(modem: Modem): Promise<void> {
    const due = await db
      .select()
      .from(simulatedWifiChanges)
      .where(
        and(
          eq(simulatedWifiChanges.deviceId, modem.deviceId),
          eq(simulatedWifiChanges.state, 'pending'),
          lte(simulatedWifiChanges.requestedAt, new Date(deps.now().getTime() - wifiChangeMs)),
        ),
      )
      .orderBy(asc(simulatedWifiChanges.requestedAt))
    for (const change of due) {
      const settledAt = new Date(change.requestedAt.getTime() + wifiChangeMs)
      const applies = await onlineAt(modem, settledAt)
      await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(simulatedWifiChanges)
          .set({ state: applies ? 'applied' : 'failed', settledAt, ssid: null, passphrase: null })
          .where(and(eq(simulatedWifiChanges.id, change.id), eq(simulatedWifiChanges.state, 'pending')))
          .returning({ id: simulatedWifiChanges.id })
        if (!claimed || !applies) return
        const networks = and(
          eq(simulatedWifiNetworks.deviceId, modem.deviceId),
          inArray(simulatedWifiNetworks.networkId, change.networkIds),
        )
        await tx
          .update(simulatedWifiNetworks)
          .set({
            ...(change.ssid === null ? {} : { ssid: change.ssid }),
            ...(change.passphrase === null ? {} : { passphrase: change.passphrase }),
          })
          .where(networks)
        // The modem restarts its radios: every device on those networks joins again.
        await tx
          .update(simulatedWifiHosts)
          .set({ connectedSince: settledAt })
          .where(
            and(
              eq(simulatedWifiHosts.deviceId, modem.deviceId),
              inArray(simulatedWifiHosts.networkId, change.networkIds),
            ),
          )
      })
    }
  }

  /** The modem and its Wi-Fi networks with every due change applied, or null. */
  async function wifiOf(deviceId: string) {
    const modem = await modemOf(deviceId)
    if (!modem) return null
    await settleWifiChanges(modem)
    const networks = await db
      .select()
      .from(simulatedWifiNetworks)
      .where(eq(simulatedWifiNetworks.deviceId, deviceId))
      .orderBy(asc(simulatedWifiNetworks.networkId))
    return { modem, networks }
  }

  return {
    async findDevice(accountNumber) {
      const [row] = await db
        .select({ deviceId: simulatedModems.deviceId })
        .from(simulatedModems)
        .where(eq(simulatedModems.accountNumber, accountNumber))
        .limit(1)
      return row?.deviceId ?? null
    },

    async readModem(deviceId, historySince): Promise<ModemReading | null> {
      const modem = await modemOf(deviceId)
      if (!modem) return null
      const now = deps.now()
      const week = new Date(now.getTime() - 7 * 24 * HOUR_MS)
      // One read of the downtime serves the reading and the history.
      const down = await downtime(modem, historySince < week ? historySince : week)
      const reading = readingAt(modem, now, down)
      // Offline: last heard from when the latest downtime began (a simulated modem informs continuously).
      const lastSeenAt = reading.online
        ? now
        : (down
            .filter((window) => within(now, window))
            .map((window) => window.from)
            .sort((a, b) => a.getTime() - b.getTime())[0] ?? now)
      const history: SignalSample[] = []
      const first = Math.ceil(historySince.getTime() / HISTORY_STEP_MS) * HISTORY_STEP_MS
      for (let at = first; at <= now.getTime(); at += HISTORY_STEP_MS) {
        const sample = readingAt(modem, new Date(at), down)
        history.push({ at: new Date(at), online: sample.online, signalDbm: sample.signalDbm })
      }
      return { model: modem.model, ...reading, lastSeenAt, history }
    },

    async requestRestart() {
      // The reboot itself is the restarts row (its time makes the modem offline for restartMs).
      return { taskId: null }
    },

    async restartOutcome(restart: RestartRecord): Promise<RestartOutcome> {
      const settlesAt = new Date(restart.requestedAt.getTime() + restartMs)
      if (deps.now().getTime() < settlesAt.getTime()) return 'requested'
      const modem = await modemOf(restart.deviceId)
      if (!modem) return 'failed'
      // Back online once the reboot is over, unless an outage or the line keeps it down.
      const down = (await downtime(modem, settlesAt)).filter(
        (window) => window.from.getTime() !== restart.requestedAt.getTime(),
      )
      return readingAt(modem, settlesAt, down).online ? 'done' : 'failed'
    },

    async readWifi(deviceId): Promise<WifiReading | null> {
      const found = await wifiOf(deviceId)
      if (!found) return null
      const online = await onlineAt(found.modem, deps.now())
      const rows = online
        ? await db
            .select()
            .from(simulatedWifiHosts)
            .where(eq(simulatedWifiHosts.deviceId, deviceId))
            .orderBy(asc(simulatedWifiHosts.connectedSince))
        : []
      const bandsOf = new Map(found.networks.map((network) => [network.networkId, network.bands.filter(isBand)]))
      const hosts: WifiHost[] = rows.map((row) => {
        const bands = row.networkId === null ? [] : (bandsOf.get(row.networkId) ?? [])
        return {
          name: row.name,
          connection: row.networkId === null ? 'ethernet' : 'wifi',
          band: isBand(row.band) ? row.band : bands.length === 1 ? bands[0]! : null,
          signalDbm: row.networkId === null ? null : row.signalDbm,
          connectedSince: row.connectedSince,
        }
      })
      return {
        online,
        networks: found.networks.map((network) => ({
          networkId: network.networkId,
          bands: network.bands.filter(isBand),
          ssid: network.ssid,
          security: network.security,
          enabled: network.enabled,
          connectedDevices: rows.filter((row) => row.networkId === network.networkId).length,
        })),
        hosts,
      }
    },

    async readWifiPassphrases(deviceId) {
      const found = await wifiOf(deviceId)
      if (!found) return null
      return Object.fromEntries(found.networks.map((network) => [network.networkId, network.passphrase]))
    },

    async requestWifiChange(change) {
      // The modem's queue holds the values until they apply (settleWifiChanges).
      const [row] = await db
        .insert(simulatedWifiChanges)
        .values({
          deviceId: change.deviceId,
          networkIds: change.networkIds,
          ssid: change.ssid ?? null,
          passphrase: change.passphrase ?? null,
          requestedAt: deps.now(),
          state: 'pending',
        })
        .returning({ id: simulatedWifiChanges.id })
      return { taskId: row!.id }
    },

    async wifiChangeOutcome(change): Promise<WifiChangeOutcome> {
      if (!change.taskId) return { state: 'failed', reason: 'refused' }
      const found = await wifiOf(change.deviceId)
      if (!found) return { state: 'failed', reason: 'refused' }
      const [queued] = await db
        .select({ state: simulatedWifiChanges.state })
        .from(simulatedWifiChanges)
        .where(eq(simulatedWifiChanges.id, change.taskId))
        .limit(1)
      if (!queued) return { state: 'failed', reason: 'refused' }
      if (queued.state === 'pending') return { state: 'requested', reason: null }
      return queued.state === 'applied' ? { state: 'done', reason: null } : { state: 'failed', reason: 'offline' }
    },
  }
}

/** The latest restart of a device (for tests and the service). */
export async function latestRestart(db: Executor, deviceId: string) {
  const [row] = await db
    .select()
    .from(modemRestarts)
    .where(eq(modemRestarts.deviceId, deviceId))
    .orderBy(desc(modemRestarts.requestedAt))
    .limit(1)
  return row ?? null
}
