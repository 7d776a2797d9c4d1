/**
 * The GenieACS adapter against a small local fake of its NBI (node:http): finding a device
 * by the account's tag, reading the level and temperature by the model map (fixtures/: one
 * device document per documented ONT family, each saying where its paths come from), the
 * reboot task with a connection request, and the outcome from the next boot or a fault.
 * The fake answers only the projected fields, as GenieACS does.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MODEL_MAP_MAX_PATHS, parseModelMap } from '../../lib/genieacs-model-map.ts'
import { DeviceDriverError } from './driver.ts'
import { createGenieAcsDriver, INFORM_INTERVAL_PARAMETERS } from './genieacs.ts'
import HUAWEI from './fixtures/genieacs-huawei-hg8145v5.json' with { type: 'json' }
import OVERRIDE from './fixtures/genieacs-model-map-override.json' with { type: 'json' }
import ZTE from './fixtures/genieacs-zte-f670l.json' with { type: 'json' }

const NOW = new Date('2026-11-20T08:00:00Z')
const DEVICE = '00259E-HG8145V5-TEST01'

type Seen = { method: string; path: string; query: URLSearchParams; body: string }
let seen: Seen[] = []
let lastBoot = '2026-11-01T00:00:00Z'
let lastInform = '2026-11-20T07:58:00Z'
let faults: unknown[] = []
let rebootStatus = 200
/** The proxy in front of the NBI: the header it expects (name, value), or none. */
let requiredHeader: [string, string] | null = null
/** GET /devices answers 503 this many times first. */
let unavailable = 0
/** The modem's own PeriodicInformInterval (seconds), or none reported. */
let informInterval: number | null = null
/** GET /devices never answers. */
let hang = false
/** The device document GET /devices holds (before the test's inform times): a fixture's. */
let document: Record<string, unknown> = HUAWEI.answer[0]!

function nested(path: string, value: unknown) {
  return path
    .split('.')
    .reverse()
    .reduce<unknown>((inner, key) => ({ [key]: inner }), { _value: value, _timestamp: lastInform })
}

/** Only the projected fields, as GenieACS answers (its projection names dotted paths). */
function project(source: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const field of fields) {
    const parts = field.split('.')
    let node: unknown = source
    for (const part of parts)
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined
    if (node !== undefined)
      deepMerge(out, parts.reduceRight<unknown>((inner, key) => ({ [key]: inner }), node) as Record<string, unknown>)
  }
  return out
}

function deepMerge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(b))
    a[key] =
      a[key] && typeof value === 'object'
        ? deepMerge(a[key] as Record<string, unknown>, value as Record<string, unknown>)
        : value
  return a
}

const server = http.createServer((request, response) => {
  let body = ''
  request.on('data', (chunk) => (body += chunk))
  request.on('end', () => {
    const url = new URL(request.url!, 'http://fake')
    seen.push({ method: request.method!, path: url.pathname, query: url.searchParams, body })
    const json = (status: number, data: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(data))
    }
    if (requiredHeader && request.headers[requiredHeader[0].toLowerCase()] !== requiredHeader[1])
      return json(401, { error: 'unauthorized' })
    if (request.method === 'GET' && url.pathname === '/devices' && hang) return
    if (request.method === 'GET' && url.pathname === '/devices' && unavailable > 0) {
      unavailable--
      return json(503, { error: 'busy' })
    }
    if (request.method === 'GET' && url.pathname === '/devices') {
      const query = JSON.parse(url.searchParams.get('query')!) as Record<string, string>
      if (query._tags !== '1000000000002' && query._id !== DEVICE) return json(200, [])
      const device = deepMerge(structuredClone(document), { _id: DEVICE, _lastInform: lastInform, _lastBoot: lastBoot })
      if (informInterval !== null)
        deepMerge(device, nested(INFORM_INTERVAL_PARAMETERS[0], informInterval) as Record<string, unknown>)
      const projection = url.searchParams.get('projection')
      return json(200, [projection ? project(device, ['_id', ...projection.split(',')]) : device])
    }
    if (request.method === 'POST' && url.pathname === `/devices/${encodeURIComponent(DEVICE)}/tasks`)
      return json(rebootStatus, { _id: 'task123', name: 'reboot', device: DEVICE })
    if (request.method === 'GET' && url.pathname === '/faults') return json(200, faults)
    json(404, {})
  })
})

let base = ''
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(
  () =>
    new Promise<void>((resolve) => {
      // The requests left hanging on purpose end with the server.
      server.closeAllConnections()
      server.close(() => resolve())
    }),
)
beforeEach(() => {
  seen = []
  faults = []
  rebootStatus = 200
  requiredHeader = null
  unavailable = 0
  informInterval = null
  hang = false
  document = HUAWEI.answer[0]!
  lastBoot = '2026-11-01T00:00:00Z'
  lastInform = '2026-11-20T07:58:00Z'
})

const driver = (now = NOW, options: Partial<Parameters<typeof createGenieAcsDriver>[0]> = {}) =>
  createGenieAcsDriver({ nbiUrl: `${base}/`, now: () => now, retryDelayMs: 10, ...options })

describe('GenieACS adapter', () => {
  it("finds the account's device by its tag", async () => {
    expect(await driver().findDevice('1000000000002')).toBe(DEVICE)
    expect(JSON.parse(seen[0]!.query.get('query')!)).toEqual({ _tags: '1000000000002' })
    expect(await driver().findDevice('1000000000003')).toBeNull()
  })

  it('reads a Huawei HG8145V5 by its vendor paths (dBm, °C); online when it informed recently', async () => {
    expect(await driver().readModem(DEVICE, new Date(0))).toEqual({
      model: 'HG8145V5',
      online: true,
      ...HUAWEI.expected,
      lastSeenAt: new Date(lastInform),
    })
    expect(HUAWEI.expected).toEqual({ signalDbm: -21.3, temperatureC: 47 })
  })

  it('reads a ZTE F670L in tenths of a microwatt and 1/256 °C, or on V9 firmware in dBm', async () => {
    document = ZTE.answer[0]!
    expect(await driver().readModem(DEVICE, new Date(0))).toMatchObject({ model: 'F670L', ...ZTE.expected })
    // 110 × 0.1 µW = 0.011 mW = 10·log10(0.011) dBm; 11520 / 256 °C.
    expect(ZTE.expected).toEqual({ signalDbm: -19.59, temperatureC: 45 })
    document = structuredClone(ZTE.answer[0]!)
    const pon = (document.InternetGatewayDevice as any).WANDevice['1']['X_ZTE-COM_WANPONInterfaceConfig']
    pon.RXPower._value = '-18.42'
    pon.TransceiverTemperature._value = 44
    expect(await driver().readModem(DEVICE, new Date(0))).toMatchObject({ signalDbm: -18.42, temperatureC: 44 })
  })

  it('asks only for the paths the map names, the identity and the inform fields', async () => {
    await driver().readModem(DEVICE, new Date(0))
    const projection = seen[0]!.query.get('projection')!.split(',')
    expect(projection).toEqual(expect.arrayContaining(['_lastInform', '_deviceId', ...INFORM_INTERVAL_PARAMETERS]))
    expect(projection).toEqual(
      expect.arrayContaining([
        'InternetGatewayDevice.WANDevice.1.X_GponInterafceConfig.RXPower',
        'InternetGatewayDevice.WANDevice.1.X_ZTE-COM_WANPONInterfaceConfig.RXPower',
        'Device.Optical.Interface.1.OpticalSignalLevel',
        'InternetGatewayDevice.DeviceInfo.TemperatureStatus.TemperatureSensor.1.Value',
      ]),
    )
    // Never the whole device (no Wi-Fi, no parent objects), and bounded.
    expect(projection.some((field) => field.includes('LANDevice') || field === 'InternetGatewayDevice')).toBe(false)
    expect(projection.length).toBeLessThanOrEqual(MODEL_MAP_MAX_PATHS + 8)
  })

  it('reads a modem of another make by the standard paths only, TR-181 or TR-098', async () => {
    const standard = {
      _deviceId: { _Manufacturer: 'Acme Optical', _OUI: 'A1B2C3', _ProductClass: 'ONT-1' },
      Device: {
        DeviceInfo: {
          ModelName: { _value: 'ONT-1' },
          TemperatureStatus: { TemperatureSensor: { '1': { Value: { _value: 51 } } } },
        },
        Optical: { Interface: { '1': { OpticalSignalLevel: { _value: -20150 } } } },
      },
      // A Huawei vendor path on a device that is not Huawei's is not read.
      InternetGatewayDevice: { WANDevice: { '1': { X_GponInterafceConfig: { RXPower: { _value: '-9.99' } } } } },
    }
    document = standard
    expect(await driver().readModem(DEVICE, new Date(0))).toMatchObject({
      model: 'ONT-1',
      signalDbm: -20.15,
      temperatureC: 51,
    })
    // TR-098 names no optical level; its temperature sensor is read. A ProductClass stands in for the name.
    document = {
      _deviceId: { _Manufacturer: 'Acme Optical', _ProductClass: 'ONT-2' },
      InternetGatewayDevice: {
        DeviceInfo: { TemperatureStatus: { TemperatureSensor: { '1': { Value: { _value: 40 } } } } },
      },
    }
    expect(await driver().readModem(DEVICE, new Date(0))).toMatchObject({
      model: 'ONT-2',
      signalDbm: null,
      temperatureC: 40,
    })
  })

  it("takes the operator's model map: an entry with a built-in id replaces its paths", async () => {
    const parsed = parseModelMap(JSON.stringify(OVERRIDE))
    if (!parsed.ok) throw new Error(parsed.problem)
    document = structuredClone(HUAWEI.answer[0]!)
    const gpon = (document.InternetGatewayDevice as any).WANDevice['1']
    gpon.X_ISP_Optical = { RxPowerMicrowatts: { _value: '12.5' } }
    const overridden = driver(NOW, { modelMap: parsed.models })
    // 12.5 µW = 0.0125 mW = -19.03 dBm, from the override's path; the built-in path is no longer read.
    expect(await overridden.readModem(DEVICE, new Date(0))).toMatchObject({ signalDbm: -19.03, temperatureC: 47 })
    expect(seen.at(-1)!.query.get('projection')).toContain(
      'InternetGatewayDevice.WANDevice.1.X_ISP_Optical.RxPowerMicrowatts',
    )
    delete gpon.X_ISP_Optical
    expect(await overridden.readModem(DEVICE, new Date(0))).toMatchObject({ signalDbm: null })
    // Without the override, the built-in map reads the vendor path.
    expect(await driver().readModem(DEVICE, new Date(0))).toMatchObject({ signalDbm: -21.3 })
  })

  it('reads a modem silent for over 15 minutes as offline, without readings', async () => {
    lastInform = '2026-11-20T07:40:00Z'
    expect(await driver().readModem(DEVICE, new Date(0))).toMatchObject({
      online: false,
      signalDbm: null,
      temperatureC: null,
    })
  })

  it('asks for a reboot task with a connection request', async () => {
    expect(await driver().requestRestart(DEVICE)).toEqual({ taskId: 'task123' })
    const post = seen.find((request) => request.method === 'POST')!
    expect(post.query.has('connection_request')).toBe(true)
    expect(JSON.parse(post.body)).toEqual({ name: 'reboot' })
  })

  it('accepts a queued task (202) and refuses any other answer', async () => {
    rebootStatus = 202
    expect(await driver().requestRestart(DEVICE)).toEqual({ taskId: 'task123' })
    rebootStatus = 500
    await expect(driver().requestRestart(DEVICE)).rejects.toBeInstanceOf(DeviceDriverError)
  })

  it('tells a restart done by the next boot, failed by a fault or time, requested otherwise', async () => {
    const restart = { deviceId: DEVICE, taskId: 'task123', requestedAt: new Date('2026-11-20T07:59:00Z') }
    expect(await driver().restartOutcome(restart)).toBe('requested')
    faults = [{ _id: `${DEVICE}:task_task123`, device: DEVICE, code: 'cwmp.9002' }]
    expect(await driver().restartOutcome(restart)).toBe('failed')
    faults = []
    expect(await driver(new Date('2026-11-20T08:20:00Z')).restartOutcome(restart)).toBe('failed')
    lastBoot = '2026-11-20T08:01:30Z'
    expect(await driver().restartOutcome(restart)).toBe('done')
  })

  it('reads a modem by its own inform interval: every 6 hours, it is online 5 hours after its last inform', async () => {
    informInterval = 6 * 3600
    lastInform = '2026-11-20T03:00:00Z'
    expect(await driver().readModem(DEVICE, new Date(0))).toMatchObject({ online: true, signalDbm: -21.3 })
    expect(seen[0]!.query.get('projection')).toContain(INFORM_INTERVAL_PARAMETERS[0])
    // Three intervals (the tolerance) without a word: offline.
    lastInform = '2026-11-19T13:59:00Z'
    expect(await driver().readModem(DEVICE, new Date(0))).toMatchObject({ online: false, signalDbm: null })
    // The same modem without its interval: the configured default (5 minutes × 3) decides.
    informInterval = null
    lastInform = '2026-11-20T03:00:00Z'
    expect(await driver().readModem(DEVICE, new Date(0))).toMatchObject({ online: false })
    expect(await driver(NOW, { informIntervalSeconds: 6 * 3600 }).readModem(DEVICE, new Date(0))).toMatchObject({
      online: true,
    })
    // Its Wi-Fi follows the same rule.
    informInterval = 6 * 3600
    expect((await driver().readWifi(DEVICE))?.online).toBe(true)
  })

  it('signs in to the proxy in front of the NBI with basic auth or a header, never in the URL', async () => {
    requiredHeader = ['Authorization', `Basic ${Buffer.from('portal:s3cret-pass').toString('base64')}`]
    const basic = driver(NOW, { auth: { kind: 'basic', username: 'portal', password: 's3cret-pass' } })
    expect(await basic.findDevice('1000000000002')).toBe(DEVICE)
    requiredHeader = ['X-API-Key', 'key-123']
    const keyed = driver(NOW, { auth: { kind: 'header', name: 'X-API-Key', value: 'key-123' } })
    expect(await keyed.findDevice('1000000000002')).toBe(DEVICE)
    expect(await keyed.requestRestart(DEVICE)).toEqual({ taskId: 'task123' })
  })

  it('reports a refused credential plainly, without the credential, and does not ask again', async () => {
    requiredHeader = ['X-API-Key', 'the-right-key']
    const wrong = driver(NOW, { auth: { kind: 'header', name: 'X-API-Key', value: 'a-wrong-key' } })
    const refused = await wrong.readModem(DEVICE, new Date(0)).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(DeviceDriverError)
    expect(String(refused)).toContain('GenieACS refused the credentials (401)')
    expect(String(refused)).not.toContain('a-wrong-key')
    expect(seen).toHaveLength(1)
  })

  it('asks again after a busy answer (reads only), and gives up after its retries', async () => {
    unavailable = 2
    expect(await driver().findDevice('1000000000002')).toBe(DEVICE)
    expect(seen.map((request) => request.method)).toEqual(['GET', 'GET', 'GET'])
    seen = []
    unavailable = 3
    await expect(driver().findDevice('1000000000002')).rejects.toBeInstanceOf(DeviceDriverError)
    expect(seen).toHaveLength(3)
    // A task is sent once: sent twice, a modem would reboot twice.
    seen = []
    rebootStatus = 503
    await expect(driver().requestRestart(DEVICE)).rejects.toBeInstanceOf(DeviceDriverError)
    expect(seen.filter((request) => request.method === 'POST')).toHaveLength(1)
  })

  it('gives up on an NBI that never answers, after its time limit', async () => {
    hang = true
    const slow = driver(NOW, { timeoutMs: 300, retries: 1 })
    await expect(slow.findDevice('1000000000002')).rejects.toBeInstanceOf(DeviceDriverError)
    expect(seen).toHaveLength(2)
  })

  it('reports an unreachable NBI as a driver error', async () => {
    const down = createGenieAcsDriver({ nbiUrl: 'http://127.0.0.1:9', now: () => NOW, timeoutMs: 2000 })
    await expect(down.findDevice('1000000000002')).rejects.toBeInstanceOf(DeviceDriverError)
  })
})
