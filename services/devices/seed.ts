/**
 * DEMO DATA: a simulated modem for each demo fibre account (services/accounts/seed.ts); the
 * demo outage in the barangay of account 1000000000001 is the incidents service's
 * (services/incidents/seed.ts), so the dashboard shows both states across CARLOS REYES's two
 * accounts (his active one, 002, has none). Each modem has Wi-Fi
 * (issue 18): two networks (2.4 and 5 GHz), except LIZA SANTOS's (003), one band-steered
 * network; and a few connected devices. A Wi-Fi change on 001 fails (the outage keeps the
 * modem offline). The modems of 012 and 013 went silent 5 hours before the seed with no outage
 * in their areas: the "no internet" report's demo (issue 37, item 6). Inserted only where missing.
 */
import type { WifiBand, WifiSecurityMode } from '../../lib/wifi.ts'
import type { Database } from '../db/client.ts'
import { simulatedModems, simulatedWifiHosts, simulatedWifiNetworks } from './tables.ts'

export const DEMO_MODEMS = [
  {
    deviceId: '00259E-HG8145V5-48575443A1B2C301',
    accountNumber: '1000000000001',
    signalBaseDbm: -21,
    temperatureBaseC: 46,
    seed: 101,
  },
  {
    deviceId: '00259E-HG8145V5-48575443A1B2C302',
    accountNumber: '1000000000002',
    signalBaseDbm: -19.5,
    temperatureBaseC: 44,
    seed: 202,
  },
  // A long drop: the level sits near the weak band.
  {
    deviceId: '00259E-HG8145V5-48575443A1B2C303',
    accountNumber: '1000000000003',
    signalBaseDbm: -25.2,
    temperatureBaseC: 48,
    seed: 303,
  },
  {
    deviceId: '00259E-HG8145V5-48575443A1B2C304',
    accountNumber: '1000000000004',
    signalBaseDbm: -27.4,
    temperatureBaseC: 51,
    seed: 404,
  },
  {
    deviceId: '00259E-HG8145V5-48575443A1B2C305',
    accountNumber: '1000000000005',
    signalBaseDbm: -20.3,
    temperatureBaseC: 45,
    seed: 505,
  },
  {
    deviceId: '00259E-HG8145V5-48575443A1B2C306',
    accountNumber: '1000000000006',
    signalBaseDbm: -22.1,
    temperatureBaseC: 47,
    seed: 606,
  },
  {
    deviceId: '00259E-HG8145V5-48575443A1B2C307',
    accountNumber: '1000000000007',
    signalBaseDbm: -20.8,
    temperatureBaseC: 45,
    seed: 707,
  },
  {
    deviceId: '00259E-HG8145V5-48575443A1B2C308',
    accountNumber: '1000000000008',
    signalBaseDbm: -21.6,
    temperatureBaseC: 46,
    seed: 808,
  },
  {
    deviceId: '00259E-HG8145V5-48575443A1B2C309',
    accountNumber: '1000000000009',
    signalBaseDbm: -23.0,
    temperatureBaseC: 47,
    seed: 909,
  },
  {
    deviceId: '00259E-HG8145V5-48575443A1B2C310',
    accountNumber: '1000000000010',
    signalBaseDbm: -19.9,
    temperatureBaseC: 44,
    seed: 1010,
  },
  {
    deviceId: '00259E-HG8145V5-48575443A1B2C311',
    accountNumber: '1000000000011',
    signalBaseDbm: -21.2,
    temperatureBaseC: 45,
    seed: 1111,
  },
  // issue 37, item 6: two modems silent on their own (no outage in their areas), one for each
  // run of the "no internet" journey (JS and no-JS).
  {
    deviceId: '00259E-HG8145V5-48575443A1B2C312',
    accountNumber: '1000000000012',
    signalBaseDbm: -20.6,
    temperatureBaseC: 45,
    seed: 1212,
  },
  {
    deviceId: '00259E-HG8145V5-48575443A1B2C313',
    accountNumber: '1000000000013',
    signalBaseDbm: -21.4,
    temperatureBaseC: 46,
    seed: 1313,
  },
] as const

/** The demo modems that stopped reporting, and how many hours before the seed (services/devices/tables.ts, silentSince). */
export const DEMO_SILENT_HOURS: Record<string, number> = { '1000000000012': 5, '1000000000013': 5 }

type DemoNetwork = {
  networkId: string
  bands: WifiBand[]
  ssid: string
  passphrase: string
  security: WifiSecurityMode
}
type DemoHost = {
  name: string | null
  /** null: a LAN cable. */
  networkId: string | null
  band?: WifiBand
  signalDbm: number | null
  connectedMinutesAgo: number
}

const dualBand = (ssid: string, passphrase: string, security: WifiSecurityMode = 'WPA2-Personal'): DemoNetwork[] => [
  { networkId: '1', bands: ['2.4GHz'], ssid, passphrase, security },
  { networkId: '5', bands: ['5GHz'], ssid: `${ssid}_5G`, passphrase, security },
]

/** Each demo modem's Wi-Fi, by account number. */
export const DEMO_WIFI: Record<string, { networks: DemoNetwork[]; hosts: DemoHost[] }> = {
  '1000000000001': {
    networks: dualBand('REYES_FAM', 'adobo-sinigang-2019'),
    hosts: [{ name: 'Carlos-iPad', networkId: '5', signalDbm: -58, connectedMinutesAgo: 300 }],
  },
  '1000000000002': {
    networks: [
      {
        networkId: '1',
        bands: ['2.4GHz'],
        ssid: 'Reyes-Home',
        passphrase: 'Sampaguita#7741',
        security: 'WPA2-Personal',
      },
      {
        networkId: '5',
        bands: ['5GHz'],
        ssid: 'Reyes-Home-5G',
        passphrase: 'Sampaguita#7741',
        security: 'WPA2-WPA3-Personal',
      },
    ],
    hosts: [
      { name: 'Carlos-iPhone', networkId: '5', signalDbm: -52, connectedMinutesAgo: 95 },
      { name: 'Galaxy-A54', networkId: '5', signalDbm: -61, connectedMinutesAgo: 610 },
      { name: 'LIVINGROOM-TV', networkId: '1', signalDbm: -67, connectedMinutesAgo: 2880 },
      { name: 'ESP_3A9F1C', networkId: '1', signalDbm: -74, connectedMinutesAgo: 8640 },
      { name: null, networkId: '1', signalDbm: -70, connectedMinutesAgo: 42 },
      { name: 'DESKTOP-7KQ2M1', networkId: null, signalDbm: null, connectedMinutesAgo: 1440 },
    ],
  },
  // One network on both bands (band steering): the modem moves each device to the better one.
  '1000000000003': {
    networks: [
      {
        networkId: '1',
        bands: ['2.4GHz', '5GHz'],
        ssid: 'SANTOS_WIFI',
        passphrase: 'kalamansi-juice-88',
        security: 'WPA2-Personal',
      },
    ],
    hosts: [
      { name: 'Lizas-MacBook-Air', networkId: '1', band: '5GHz', signalDbm: -55, connectedMinutesAgo: 180 },
      { name: 'Redmi-Note-12', networkId: '1', band: '2.4GHz', signalDbm: -69, connectedMinutesAgo: 75 },
      { name: 'Chromecast', networkId: '1', band: '5GHz', signalDbm: -58, connectedMinutesAgo: 4320 },
    ],
  },
  '1000000000004': {
    networks: dualBand('DELACRUZ_FIBR', 'mangga-hinog-4410'),
    hosts: [{ name: 'OPPO-A78', networkId: '1', signalDbm: -71, connectedMinutesAgo: 20 }],
  },
  '1000000000005': {
    networks: dualBand('LIM_FIBR', 'ube-halaya-5512'),
    hosts: [
      { name: 'Andreas-iPhone', networkId: '5', signalDbm: -49, connectedMinutesAgo: 130 },
      { name: 'HP-LaserJet-M110', networkId: '1', signalDbm: -63, connectedMinutesAgo: 10080 },
    ],
  },
  '1000000000006': {
    networks: dualBand('TAN_FIBR', 'bibingka-2023-tan'),
    hosts: [{ name: 'LAPTOP-PT2024', networkId: '5', signalDbm: -57, connectedMinutesAgo: 240 }],
  },
  '1000000000007': {
    networks: dualBand('CRUZ_HOME', 'halo-halo-summer', 'WPA2-WPA3-Personal'),
    hosts: [
      { name: 'Elenas-Galaxy-S23', networkId: '5', signalDbm: -54, connectedMinutesAgo: 60 },
      { name: 'Smart-TV', networkId: '1', signalDbm: -66, connectedMinutesAgo: 2000 },
    ],
  },
  '1000000000008': {
    networks: dualBand('VILLANUEVA_FIBR', 'Taal-volcano-1754'),
    hosts: [{ name: 'Ramons-iPhone', networkId: '5', signalDbm: -60, connectedMinutesAgo: 15 }],
  },
  '1000000000009': {
    networks: dualBand('AQUINO_FIBR', 'pandesal-at-kape7'),
    hosts: [{ name: 'vivo-Y36', networkId: '1', signalDbm: -72, connectedMinutesAgo: 400 }],
  },
  '1000000000010': {
    networks: dualBand('RAMOS_FIBR', 'jeepney-ride-0910'),
    hosts: [{ name: 'DESKTOP-RAMOS', networkId: null, signalDbm: null, connectedMinutesAgo: 720 }],
  },
  '1000000000011': {
    networks: dualBand('TORRES_FIBR', 'batchoy-at-iloilo11'),
    hosts: [{ name: 'Miguels-Redmi', networkId: '5', signalDbm: -58, connectedMinutesAgo: 90 }],
  },
  '1000000000012': {
    networks: dualBand('NAVARRO_FIBR', 'suman-sa-lihiya12'),
    hosts: [{ name: 'Joys-iPhone', networkId: '5', signalDbm: -56, connectedMinutesAgo: 400 }],
  },
  '1000000000013': {
    networks: dualBand('PASCUAL_FIBR', 'puto-bumbong-1313'),
    hosts: [{ name: 'LAPTOP-PASCUAL', networkId: '5', signalDbm: -59, connectedMinutesAgo: 500 }],
  },
}

export async function seedDevices(db: Database, now: Date = new Date()): Promise<Record<string, number>> {
  const added = await db
    .insert(simulatedModems)
    .values(
      DEMO_MODEMS.map((modem) => {
        const silentHours = DEMO_SILENT_HOURS[modem.accountNumber]
        const silentSince = silentHours === undefined ? null : new Date(now.getTime() - silentHours * 3_600_000)
        return { ...modem, model: 'HG8145V5', silentSince, demo: true }
      }),
    )
    .onConflictDoNothing()
    .returning({ deviceId: simulatedModems.deviceId })
  const wifi = await seedWifi(db, now)
  return { demoModems: added.length, ...wifi }
}

async function seedWifi(db: Database, now: Date) {
  const deviceOf = new Map<string, string>(DEMO_MODEMS.map((modem) => [modem.accountNumber, modem.deviceId]))
  const added = await db
    .insert(simulatedWifiNetworks)
    .values(
      Object.entries(DEMO_WIFI).flatMap(([accountNumber, { networks }]) =>
        networks.map((network) => ({ ...network, deviceId: deviceOf.get(accountNumber)! })),
      ),
    )
    .onConflictDoNothing()
    .returning({ deviceId: simulatedWifiNetworks.deviceId })
  // Hosts only for modems whose Wi-Fi was just added, so a second seed adds none.
  const fresh = new Set(added.map((row) => row.deviceId))
  const hosts = Object.entries(DEMO_WIFI).flatMap(([accountNumber, wifi]) => {
    const deviceId = deviceOf.get(accountNumber)!
    if (!fresh.has(deviceId)) return []
    return wifi.hosts.map(({ connectedMinutesAgo, band, ...host }) => ({
      ...host,
      deviceId,
      band: band ?? null,
      connectedSince: new Date(now.getTime() - connectedMinutesAgo * 60_000),
    }))
  })
  if (hosts.length > 0) await db.insert(simulatedWifiHosts).values(hosts)
  return { demoWifiNetworks: added.length, demoWifiHosts: hosts.length }
}
