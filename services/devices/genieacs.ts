/**
 * A TR-069 ACS through GenieACS's northbound interface (DEVICES_DRIVER=genieacs,
 * GENIEACS_NBI_URL; https://docs.genieacs.com/en/latest/api-reference.html):
 *   GET  /devices?query=<MongoDB-style JSON>&projection=<fields>   find and read devices
 *   POST /devices/<id>/tasks?connection_request   { name: 'reboot' }   200: done at once, 202: queued
 *   GET  /faults?query={"device": "<id>"}                                a task that failed
 * Devices are found by a tag holding the account number (set by provisioning). Readings
 * come from the IGD data model; the optical level and temperature live in vendor
 * parameters, named here once. GenieACS keeps no history, so the service records samples.
 */
import { z } from 'zod'
import { DeviceDriverError, type DeviceDriver, type ModemReading, type RestartOutcome } from './driver.ts'

/** Where the readings live in the data model (common GPON ONT vendor extensions). */
export const GENIEACS_PARAMETERS = {
  model: 'InternetGatewayDevice.DeviceInfo.ModelName',
  temperature: 'InternetGatewayDevice.DeviceInfo.TemperatureStatus.TemperatureSensor.1.Value',
  rxPower: 'InternetGatewayDevice.WANDevice.1.X_GponInterfaceConfig.RXPower',
} as const

/** A modem informs every 5 minutes by default; silent for three periods counts as offline. */
const ONLINE_WITHIN_MS = 15 * 60_000
/** A reboot not confirmed by a new boot within this long is reported as failed. */
const RESTART_GIVE_UP_MS = 10 * 60_000

type Fetch = (input: string, init?: RequestInit) => Promise<Response>

// GenieACS answers a parameter as { _value, _timestamp, ... } nested along its path.
const ParameterSchema = z.object({ _value: z.union([z.string(), z.number(), z.boolean()]).nullish() }).loose()
const DeviceSchema = z
  .object({ _id: z.string(), _lastInform: z.string().nullish(), _lastBoot: z.string().nullish() })
  .loose()
const FaultSchema = z.object({ _id: z.string(), device: z.string().optional(), code: z.string().optional() }).loose()

function valueAt(device: Record<string, unknown>, path: string): string | number | boolean | null {
  let node: unknown = device
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return null
    node = (node as Record<string, unknown>)[part]
  }
  const parsed = ParameterSchema.safeParse(node)
  return parsed.success ? (parsed.data._value ?? null) : null
}

function numberAt(device: Record<string, unknown>, path: string): number | null {
  const value = valueAt(device, path)
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN
  return Number.isFinite(number) ? number : null
}

export function createGenieAcsDriver(options: {
  nbiUrl: string
  now: () => Date
  fetch?: Fetch
  timeoutMs?: number
}): DeviceDriver {
  const base = options.nbiUrl.replace(/\/+$/, '')
  const doFetch: Fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const timeoutMs = options.timeoutMs ?? 10_000

  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    try {
      return await doFetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) })
    } catch (error) {
      throw new DeviceDriverError(`GenieACS unreachable: ${String(error)}`)
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

  return {
    async findDevice(accountNumber) {
      const found = await getJson(devicesQuery({ _tags: accountNumber }, ['_id']), z.array(DeviceSchema))
      return found[0]?._id ?? null
    },

    async readModem(deviceId): Promise<ModemReading | null> {
      const found = await device(deviceId, ['_lastInform', ...Object.values(GENIEACS_PARAMETERS)])
      if (!found) return null
      const lastSeenAt = found._lastInform ? new Date(found._lastInform) : null
      const online = lastSeenAt !== null && options.now().getTime() - lastSeenAt.getTime() <= ONLINE_WITHIN_MS
      return {
        model: String(valueAt(found, GENIEACS_PARAMETERS.model) ?? 'Modem'),
        online,
        signalDbm: online ? numberAt(found, GENIEACS_PARAMETERS.rxPower) : null,
        temperatureC: online ? numberAt(found, GENIEACS_PARAMETERS.temperature) : null,
        lastSeenAt,
      }
    },

    async signalHistory() {
      return null
    },

    async requestRestart(deviceId) {
      const response = await request(`/devices/${encodeURIComponent(deviceId)}/tasks?connection_request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'reboot' }),
      })
      // 200: the modem took the task during the connection request; 202: queued for its next inform.
      if (response.status !== 200 && response.status !== 202)
        throw new DeviceDriverError(`GenieACS answered ${response.status} to the reboot task`)
      const task = z
        .object({ _id: z.string() })
        .loose()
        .safeParse(await response.json().catch(() => null))
      return { taskId: task.success ? task.data._id : null }
    },

    async restartOutcome(restart): Promise<RestartOutcome> {
      // Done when the modem reports a boot after the request.
      const found = await device(restart.deviceId, ['_lastBoot'])
      if (found?._lastBoot && new Date(found._lastBoot).getTime() > restart.requestedAt.getTime()) return 'done'
      // Failed when the ACS recorded a fault for the task, or nothing happened in time.
      const faults = await getJson(
        `/faults?${new URLSearchParams({ query: JSON.stringify({ device: restart.deviceId }) })}`,
        z.array(FaultSchema),
      )
      if (restart.taskId && faults.some((fault) => fault._id.includes(restart.taskId!))) return 'failed'
      if (options.now().getTime() - restart.requestedAt.getTime() > RESTART_GIVE_UP_MS) return 'failed'
      return 'requested'
    },
  }
}
