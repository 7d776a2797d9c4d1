/**
 * The GenieACS adapter's Wi-Fi against a small local fake of its NBI (node:http) that
 * answers device documents in GenieACS's own shape (fixtures/: a TR-181 Wi-Fi 6 ONT and a
 * TR-098 GPON ONT, each with guest SSIDs and a host table): the customer's networks and
 * who is connected, the passphrases, the setParameterValues task built for each data
 * model, and a change's outcome from the task queue, its faults and the time.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createGenieAcsDriver, INFORM_INTERVAL_PARAMETERS } from './genieacs.ts'
import { dataModelOf, WIFI_PROJECTION, wifiChangeTask } from './genieacs-wifi.ts'
import TR181 from './fixtures/genieacs-tr181-device.json' with { type: 'json' }
import TR098 from './fixtures/genieacs-tr098-device.json' with { type: 'json' }

const NOW = new Date('2026-11-20T08:00:00Z')
const TR181_DEVICE = TR181[0]!._id
const TR098_DEVICE = TR098[0]!._id

type Seen = { method: string; path: string; query: URLSearchParams; body: string }
let seen: Seen[] = []
let documents: Record<string, unknown> = {}
let pendingTasks: string[] = []
let faults: unknown[] = []

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
    if (request.method === 'GET' && url.pathname === '/devices') {
      const query = JSON.parse(url.searchParams.get('query')!) as { _id?: string }
      const found = query._id ? documents[query._id] : undefined
      return json(200, found ? [found] : [])
    }
    const task = /^\/devices\/([^/]+)\/tasks$/.exec(url.pathname)
    if (request.method === 'POST' && task && documents[decodeURIComponent(task[1]!)]) {
      pendingTasks.push('task-wifi-1')
      return json(202, { _id: 'task-wifi-1', ...JSON.parse(body), device: decodeURIComponent(task[1]!) })
    }
    if (request.method === 'GET' && url.pathname === '/tasks') {
      const query = JSON.parse(url.searchParams.get('query')!) as { _id: string }
      return json(200, pendingTasks.includes(query._id) ? [{ _id: query._id, name: 'setParameterValues' }] : [])
    }
    if (request.method === 'GET' && url.pathname === '/faults') return json(200, faults)
    json(404, {})
  })
})

let base = ''
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => {
  seen = []
  pendingTasks = []
  faults = []
  documents = { [TR181_DEVICE]: structuredClone(TR181[0]), [TR098_DEVICE]: structuredClone(TR098[0]) }
})

const driver = (now = NOW) => createGenieAcsDriver({ nbiUrl: base, now: () => now })
const postedTask = () => {
  const post = seen.find((request) => request.method === 'POST')!
  expect(post.query.has('connection_request')).toBe(true)
  return JSON.parse(post.body) as { name: string; parameterValues: [string, string, string][] }
}

describe('TR-181 (Device:2)', () => {
  it('reads the main network of each band, not the guest ones, with security and counts', async () => {
    const wifi = await driver().readWifi(TR181_DEVICE)
    expect(wifi?.networks).toEqual([
      {
        networkId: '1',
        bands: ['2.4GHz'],
        ssid: 'Bautista-Home',
        security: 'WPA2-Personal',
        enabled: true,
        connectedDevices: 2,
      },
      {
        networkId: '3',
        bands: ['5GHz'],
        ssid: 'Bautista-Home-5G',
        security: 'WPA2-WPA3-Personal',
        enabled: true,
        connectedDevices: 1,
      },
    ])
    expect(seen[0]!.query.get('projection')).toBe(
      ['_lastInform', ...INFORM_INTERVAL_PARAMETERS, ...WIFI_PROJECTION].join(','),
    )
  })

  it('reads the active hosts with their band, signal and since when; a nameless one as null', async () => {
    const wifi = await driver().readWifi(TR181_DEVICE)
    expect(wifi?.online).toBe(true)
    expect(wifi?.hosts).toEqual([
      {
        name: 'Galaxy-S24',
        connection: 'wifi',
        band: '2.4GHz',
        signalDbm: -63,
        connectedSince: new Date('2026-11-20T05:12:40Z'),
      },
      { name: null, connection: 'wifi', band: '2.4GHz', signalDbm: -71, connectedSince: null },
      {
        name: 'MacBook-Pro',
        connection: 'wifi',
        band: '5GHz',
        signalDbm: -51,
        connectedSince: new Date('2026-11-19T22:40:00Z'),
      },
      {
        name: 'NAS-DS220',
        connection: 'ethernet',
        band: null,
        signalDbm: null,
        connectedSince: new Date('2026-11-01T03:00:00Z'),
      },
    ])
  })

  it('reads the passphrases the modem reports', async () => {
    expect(await driver().readWifiPassphrases(TR181_DEVICE)).toEqual({ '1': 'Mabuhay-2026!', '3': 'Mabuhay-2026!' })
  })

  it('sets the SSID and the access point’s key (and the WPA3 SAE password) of both bands in one task', async () => {
    const asked = await driver().requestWifiChange({
      deviceId: TR181_DEVICE,
      networkIds: ['1', '3'],
      ssid: 'Bautista',
      passphrase: 'Bagong-Susi-2026',
    })
    expect(asked).toEqual({ taskId: 'task-wifi-1' })
    expect(postedTask()).toEqual({
      name: 'setParameterValues',
      parameterValues: [
        ['Device.WiFi.SSID.1.SSID', 'Bautista', 'xsd:string'],
        ['Device.WiFi.AccessPoint.1.Security.KeyPassphrase', 'Bagong-Susi-2026', 'xsd:string'],
        ['Device.WiFi.SSID.3.SSID', 'Bautista', 'xsd:string'],
        ['Device.WiFi.AccessPoint.3.Security.KeyPassphrase', 'Bagong-Susi-2026', 'xsd:string'],
        ['Device.WiFi.AccessPoint.3.Security.SAEPassphrase', 'Bagong-Susi-2026', 'xsd:string'],
      ],
    })
    // The passphrase travels in the body only, never in the URL.
    expect(seen.every((request) => !`${request.path}?${request.query}`.includes('Bagong-Susi-2026'))).toBe(true)
  })

  it('reads an SSID on both radios as one band-steered network, its hosts without a band', async () => {
    const document = structuredClone(TR181[0]!)
    document.Device.WiFi.SSID['1'].LowerLayers._value = 'Device.WiFi.Radio.1.,Device.WiFi.Radio.2.'
    documents[TR181_DEVICE] = document
    const wifi = await driver().readWifi(TR181_DEVICE)
    expect(wifi?.networks).toEqual([expect.objectContaining({ networkId: '1', bands: ['2.4GHz', '5GHz'] })])
    expect(wifi?.hosts[0]).toMatchObject({ name: 'Galaxy-S24', band: null, signalDbm: -63 })
  })

  it('reads a modem silent for over 15 minutes with its networks but no hosts', async () => {
    const wifi = await driver(new Date('2026-11-20T08:30:00Z')).readWifi(TR181_DEVICE)
    expect(wifi).toMatchObject({ online: false, hosts: [] })
    expect(wifi?.networks).toHaveLength(2)
  })
})

describe('TR-098 (InternetGatewayDevice)', () => {
  it('tells the model from the root, and the band from the declared band, the channel or the standard', async () => {
    expect(dataModelOf(TR098[0]!)).toBe('tr-098')
    expect(dataModelOf(TR181[0]!)).toBe('tr-181')
    const wifi = await driver().readWifi(TR098_DEVICE)
    expect(wifi?.networks).toEqual([
      {
        networkId: '1',
        bands: ['2.4GHz'],
        ssid: 'DELACRUZ_FIBR',
        security: 'WPA2-Personal',
        enabled: true,
        connectedDevices: 1,
      },
      {
        networkId: '5',
        bands: ['5GHz'],
        ssid: 'DELACRUZ_FIBR_5G',
        security: 'WPA-WPA2-Personal',
        enabled: true,
        connectedDevices: 1,
      },
    ])
  })

  it('reads the active hosts by their interface; TR-098 tells no signal or since when', async () => {
    const wifi = await driver().readWifi(TR098_DEVICE)
    expect(wifi?.hosts).toEqual([
      { name: 'OPPO-A78', connection: 'wifi', band: '2.4GHz', signalDbm: null, connectedSince: null },
      { name: 'iPad', connection: 'wifi', band: '5GHz', signalDbm: null, connectedSince: null },
      { name: 'DESKTOP-KX9M2', connection: 'ethernet', band: null, signalDbm: null, connectedSince: null },
    ])
  })

  it('reads a passphrase from PreSharedKey.1, and none where the modem hides it', async () => {
    expect(await driver().readWifiPassphrases(TR098_DEVICE)).toEqual({ '1': 'mangga-hinog-4410', '5': null })
  })

  it('sets the WPA key in PreSharedKey.1.KeyPassphrase where the modem has one', async () => {
    await driver().requestWifiChange({
      deviceId: TR098_DEVICE,
      networkIds: ['1'],
      ssid: 'DELACRUZ',
      passphrase: 'Bagong-Susi-2026',
    })
    expect(postedTask().parameterValues).toEqual([
      ['InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.SSID', 'DELACRUZ', 'xsd:string'],
      [
        'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.PreSharedKey.1.KeyPassphrase',
        'Bagong-Susi-2026',
        'xsd:string',
      ],
    ])
  })

  it('sets WLANConfiguration.{i}.KeyPassphrase on a modem without PreSharedKey', () => {
    const document = structuredClone(TR098[0]!) as Record<string, unknown>
    const wlan = (document as { InternetGatewayDevice: { LANDevice: Record<string, Record<string, unknown>> } })
      .InternetGatewayDevice.LANDevice['1']!.WLANConfiguration as Record<string, Record<string, unknown>>
    delete wlan['5']!.PreSharedKey
    expect(
      wifiChangeTask(document, { deviceId: TR098_DEVICE, networkIds: ['5'], passphrase: 'Bagong-Susi-2026' }),
    ).toEqual({
      name: 'setParameterValues',
      parameterValues: [
        ['InternetGatewayDevice.LANDevice.1.WLANConfiguration.5.KeyPassphrase', 'Bagong-Susi-2026', 'xsd:string'],
      ],
    })
  })
})

describe('a change’s outcome', () => {
  const change = { deviceId: TR181_DEVICE, taskId: 'task-wifi-1', requestedAt: new Date('2026-11-20T07:59:00Z') }

  it('is requested while the task waits, done once GenieACS has removed it', async () => {
    pendingTasks = ['task-wifi-1']
    expect(await driver().wifiChangeOutcome(change)).toEqual({ state: 'requested', reason: null })
    pendingTasks = []
    expect(await driver().wifiChangeOutcome(change)).toEqual({ state: 'done', reason: null })
  })

  it('failed when the task faulted (refused) or nothing happened in 10 minutes (timed out)', async () => {
    pendingTasks = ['task-wifi-1']
    faults = [{ _id: `${TR181_DEVICE}:task_task-wifi-1`, device: TR181_DEVICE, code: 'cwmp.9007' }]
    expect(await driver().wifiChangeOutcome(change)).toEqual({ state: 'failed', reason: 'refused' })
    faults = []
    expect(await driver(new Date('2026-11-20T08:10:00Z')).wifiChangeOutcome(change)).toEqual({
      state: 'failed',
      reason: 'timed_out',
    })
  })
})
