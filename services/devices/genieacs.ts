/**
 * A TR-069 ACS through GenieACS's northbound interface (DEVICES_DRIVER=genieacs,
 * GENIEACS_NBI_URL; https://docs.genieacs.com/en/latest/api-reference.html):
 *   GET  /devices?query=<MongoDB-style JSON>&projection=<fields>   find and read devices
 *   POST /devices/<id>/tasks?connection_request   { name: 'reboot' }   200: done at once, 202: queued
 *   POST /devices/<id>/tasks?connection_request   { name: 'setParameterValues', parameterValues }   Wi-Fi
 *   GET  /tasks?query={"_id": "<task id>"}                             a task still pending
 *   GET  /faults?query={"device": "<id>"}                                a task that failed
 * Devices are found by a tag holding the account number (set by provisioning). The optical
 * level and temperature live in vendor parameters, each in its own unit: the model map
 * (genieacs-models.ts, GENIEACS_MODEL_MAP) says where per manufacturer and model, with the
 * standard TR-181 and TR-098 ones for any other modem. GenieACS keeps no history, so the
 * service records samples.
 * Wi-Fi is read and set in the device's own data model, TR-181 or TR-098 (genieacs-wifi.ts).
 */
import { z } from 'zod'
import {
  DeviceDriverError,
  type DeviceDriver,
  type ModemReading,
  type RestartOutcome,
  type WifiChangeOutcome,
  type WifiReading,
} from './driver.ts'
import type { ModelEntry } from '../../lib/genieacs-model-map.ts'
import { numberAt, type Document } from './genieacs-document.ts'
import { MODEL_NAME_PATHS, modelMap, readingPaths, readingsOf } from './genieacs-models.ts'
import { passphrasesOfDocument, WIFI_PROJECTION, wifiChangeTask, wifiOfDocument } from './genieacs-wifi.ts'

/** Where a modem keeps its periodic inform interval, in seconds (TR-098, TR-181). */
export const INFORM_INTERVAL_PARAMETERS = [
  'InternetGatewayDevice.ManagementServer.PeriodicInformInterval',
  'Device.ManagementServer.PeriodicInformInterval',
] as const
/** A reboot not confirmed by a new boot within this long is reported as failed. */
const RESTART_GIVE_UP_MS = 10 * 60_000
/** A Wi-Fi task neither done nor faulted within this long is reported as timed out. */
const WIFI_GIVE_UP_MS = 10 * 60_000

type Fetch = (input: string, init?: RequestInit) => Promise<Response>

/** How the NBI is reached: credentials by configuration, never in the URL (issue 36, item 3). */
export type GenieAcsAuth =
  { kind: 'basic'; username: string; password: string } | { kind: 'header'; name: string; value: string } | null

export type GenieAcsOptions = {
  nbiUrl: string
  now: () => Date
  fetch?: Fetch
  /** Each NBI request's time limit (GENIEACS_TIMEOUT_MS). */
  timeoutMs?: number
  auth?: GenieAcsAuth
  /** Reads tried again after a network failure, a time-out, 429 or 5xx (GENIEACS_RETRIES); tasks never are. */
  retries?: number
  /** The first retry's wait; each next one waits twice as long. */
  retryDelayMs?: number
  /** The inform interval of a modem that does not report its own (GENIEACS_INFORM_INTERVAL_SECONDS). */
  informIntervalSeconds?: number
  /** Online while the last inform is within this many of its intervals (GENIEACS_INFORM_TOLERANCE). */
  informTolerance?: number
  /** The configured model map's entries (GENIEACS_MODEL_MAP), tried before the built-in ones. */
  modelMap?: readonly ModelEntry[]
}

const RETRIED_STATUS = (status: number) => status === 429 || status >= 500

/** The NBI (or the proxy in front of it) refused the credentials: trying again cannot help. */
class RefusedCredentials extends DeviceDriverError {
  constructor(status: number) {
    super(
      `GenieACS refused the credentials (${status}): check GENIEACS_NBI_USERNAME and GENIEACS_NBI_PASSWORD, or GENIEACS_NBI_AUTH_HEADER`,
    )
  }
}

const DeviceSchema = z
  .object({ _id: z.string(), _lastInform: z.string().nullish(), _lastBoot: z.string().nullish() })
  .loose()
const FaultSchema = z.object({ _id: z.string(), device: z.string().optional(), code: z.string().optional() }).loose()
const TaskSchema = z.object({ _id: z.string() }).loose()

export function createGenieAcsDriver(options: GenieAcsOptions): DeviceDriver {
  const base = options.nbiUrl.replace(/\/+$/, '')
  const doFetch: Fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const timeoutMs = options.timeoutMs ?? 10_000
  const retries = options.retries ?? 2
  const retryDelayMs = options.retryDelayMs ?? 250
  const informIntervalMs = (options.informIntervalSeconds ?? 300) * 1000
  const informTolerance = options.informTolerance ?? 3
  const models = modelMap(options.modelMap)
  /** What a modem reading asks for: who the device is, when it last spoke, and only the map's paths. */
  const readingProjection = [
    '_lastInform',
    '_deviceId',
    ...INFORM_INTERVAL_PARAMETERS,
    ...MODEL_NAME_PATHS,
    ...readingPaths(models),
  ]
  const credentials: Record<string, string> =
    options.auth?.kind === 'basic'
      ? {
          authorization: `Basic ${Buffer.from(`${options.auth.username}:${options.auth.password}`).toString('base64')}`,
        }
      : options.auth?.kind === 'header'
        ? { [options.auth.name]: options.auth.value }
        : {}

  /** One attempt; a refused credential is said as such (the message never holds the credential). */
  async function attempt(path: string, init: RequestInit): Promise<Response> {
    let response: Response
    try {
      response = await doFetch(`${base}${path}`, {
        ...init,
        headers: { ...credentials, ...(init.headers as Record<string, string> | undefined) },
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      throw new DeviceDriverError(`GenieACS unreachable: ${String(error)}`)
    }
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel()
      throw new RefusedCredentials(response.status)
    }
    return response
  }

  /**
   * A request with its time limit; a read (GET) is tried again after a network failure, a
   * time-out, 429 or 5xx, waiting longer each time. A task (POST) is sent once: sent twice, a
   * modem would reboot twice.
   */
  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    const tries = (init.method ?? 'GET') === 'GET' ? retries + 1 : 1
    for (let n = 1; ; n++) {
      const last = n >= tries
      try {
        const response = await attempt(path, init)
        if (last || !RETRIED_STATUS(response.status)) return response
        await response.body?.cancel()
      } catch (error) {
        if (last || !(error instanceof DeviceDriverError) || error instanceof RefusedCredentials) throw error
      }
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** (n - 1)))
    }
  }

  async function getJson<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    const response = await request(path)
    if (!response.ok) throw new DeviceDriverError(`GenieACS answered ${response.status} to GET ${path.split('?')[0]}`)
    const parsed = schema.safeParse(await response.json().catch(() => null))
    if (!parsed.success) throw new DeviceDriverError('GenieACS answered an unexpected shape')
    return parsed.data
  }

  const devicesQuery = (query: object, projection: readonly string[]) =>
    `/devices?${new URLSearchParams({ query: JSON.stringify(query), projection: projection.join(',') })}`

  async function device(deviceId: string, projection: readonly string[]) {
    const [found] = await getJson(devicesQuery({ _id: deviceId }, projection), z.array(DeviceSchema))
    return found ?? null
  }

  /**
   * Online while the last inform is within the modem's own periodic inform interval (read from
   * the device; the configured default when it does not say), times the tolerance: an ISP that
   * lets modems inform every 6 hours must not see them all offline after 15 minutes.
   */
  function informedRecently(found: Document) {
    const lastInform = typeof found._lastInform === 'string' ? new Date(found._lastInform) : null
    if (!lastInform || Number.isNaN(lastInform.getTime())) return false
    const reported = INFORM_INTERVAL_PARAMETERS.map((path) => numberAt(found, path)).find(
      (seconds) => seconds !== null && seconds > 0,
    )
    const intervalMs = reported ? reported * 1000 : informIntervalMs
    return options.now().getTime() - lastInform.getTime() <= intervalMs * informTolerance
  }

  /** Queues a task and asks the ACS to reach the modem now; the body never goes in a log or a URL. */
  async function postTask(deviceId: string, task: { name: string }) {
    const response = await request(`/devices/${encodeURIComponent(deviceId)}/tasks?connection_request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(task),
    })
    // 200: the modem took the task during the connection request; 202: queued for its next inform.
    if (response.status !== 200 && response.status !== 202)
      throw new DeviceDriverError(`GenieACS answered ${response.status} to the ${task.name} task`)
    const answer = TaskSchema.safeParse(await response.json().catch(() => null))
    return { taskId: answer.success ? answer.data._id : null }
  }

  /** Whether the ACS recorded a fault for the task (its fault id ends with the task id). */
  async function faulted(deviceId: string, taskId: string | null): Promise<boolean> {
    if (!taskId) return false
    const faults = await getJson(
      `/faults?${new URLSearchParams({ query: JSON.stringify({ device: deviceId }) })}`,
      z.array(FaultSchema),
    )
    return faults.some((fault) => fault._id.includes(taskId))
  }

  return {
    async findDevice(accountNumber) {
      const found = await getJson(devicesQuery({ _tags: accountNumber }, ['_id']), z.array(DeviceSchema))
      return found[0]?._id ?? null
    },

    async readModem(deviceId): Promise<ModemReading | null> {
      const found = await device(deviceId, readingProjection)
      if (!found) return null
      const lastSeenAt = found._lastInform ? new Date(found._lastInform) : null
      const online = informedRecently(found)
      // The paths and units by the device's manufacturer and model (genieacs-models.ts).
      const { model, signalDbm, temperatureC } = readingsOf(models, found)
      return {
        model,
        online,
        signalDbm: online ? signalDbm : null,
        temperatureC: online ? temperatureC : null,
        lastSeenAt,
      }
    },

    async requestRestart(deviceId) {
      return postTask(deviceId, { name: 'reboot' })
    },

    async restartOutcome(restart): Promise<RestartOutcome> {
      // Done when the modem reports a boot after the request.
      const found = await device(restart.deviceId, ['_lastBoot'])
      if (found?._lastBoot && new Date(found._lastBoot).getTime() > restart.requestedAt.getTime()) return 'done'
      // Failed when the ACS recorded a fault for the task, or nothing happened in time.
      if (await faulted(restart.deviceId, restart.taskId)) return 'failed'
      if (options.now().getTime() - restart.requestedAt.getTime() > RESTART_GIVE_UP_MS) return 'failed'
      return 'requested'
    },

    async readWifi(deviceId): Promise<WifiReading | null> {
      const found = await device(deviceId, ['_lastInform', ...INFORM_INTERVAL_PARAMETERS, ...WIFI_PROJECTION])
      if (!found) return null
      const { networks, hosts } = wifiOfDocument(found)
      const online = informedRecently(found)
      return { online, networks, hosts: online ? hosts : [] }
    },

    async readWifiPassphrases(deviceId) {
      const found = await device(deviceId, WIFI_PROJECTION)
      return found ? passphrasesOfDocument(found) : null
    },

    async requestWifiChange(change) {
      const found = await device(change.deviceId, WIFI_PROJECTION)
      if (!found) throw new DeviceDriverError('GenieACS no longer knows the device')
      let task
      try {
        task = wifiChangeTask(found, change)
      } catch (error) {
        throw new DeviceDriverError(`GenieACS device cannot take the change: ${(error as Error).message}`)
      }
      return postTask(change.deviceId, task)
    },

    async wifiChangeOutcome(change): Promise<WifiChangeOutcome> {
      if (!change.taskId) return { state: 'failed', reason: 'refused' }
      if (await faulted(change.deviceId, change.taskId)) return { state: 'failed', reason: 'refused' }
      // GenieACS deletes a task once the modem has taken it.
      const pending = await getJson(
        `/tasks?${new URLSearchParams({ query: JSON.stringify({ _id: change.taskId }) })}`,
        z.array(TaskSchema),
      )
      if (pending.length === 0) return { state: 'done', reason: null }
      if (options.now().getTime() - change.requestedAt.getTime() > WIFI_GIVE_UP_MS)
        return { state: 'failed', reason: 'timed_out' }
      return { state: 'requested', reason: null }
    },
  }
}
