/**
 * Which parameters hold a modem's optical receive power and temperature, by manufacturer and
 * model (issue 36, item 3). TR-069 leaves both to vendor extensions on most fibre ONTs, each
 * in its own unit; this module knows two families used in the Philippines (every path says
 * where it comes from), the standard TR-181 and TR-098 parameters for any other modem, and
 * converts what a modem reports to dBm and °C. An operator adds or replaces entries without
 * a code change (GENIEACS_MODEL_MAP; lib/genieacs-model-map.ts has the file's shape).
 *
 * Not confirmed from a citable source, so not in the map: the Huawei and ZTE paths some guides
 * give as `X_HW_GponInterfaceConfig.RxPower`, `X_ZTE-COM_GponInterfaceConfig.RxPower` and
 * `….Temperature`; which Philippine ISPs issue which model.
 */
import {
  MODEL_MAP_MAX_PATHS,
  pathsOfModels,
  type ModelEntry,
  type RxPowerUnit,
  type TemperatureUnit,
} from '../../lib/genieacs-model-map.ts'
import { textAt, valueAt, type Document, type Value } from './genieacs-document.ts'

const FLASHMAN = 'https://github.com/rilpires/flashman/blob/1ba42a828c980afdf089d66cdaf53068eaa7858e'
const HUAWEI_DATA_MODEL =
  'https://github.com/frviana/js-dash-train/blob/0334bea226d59e8725a4ac786dc4a2014a9c01d0/huawei-hg8245h-wifi-dash-datamodel1.md'
const BBF = 'https://github.com/BroadbandForum/cwmp-data-models/blob/35da1133c049c71228eac6f7bdf981c378c3506a'
const NAUFALAZCA = 'https://github.com/naufalazca/genieacs-config/blob/33b063de0c8539490e7614aa6d5b7ac6b6a03d19'

/** The built-in families. Operators extend or replace them with GENIEACS_MODEL_MAP. */
export const BUILT_IN_MODELS: readonly ModelEntry[] = [
  {
    id: 'huawei-echolife-gpon',
    name: 'Huawei EchoLife GPON ONTs (HG8145V5, EG8145V5, HS8145V5, HG8245…)',
    match: { manufacturer: ['Huawei'], oui: ['00259E'], productClass: ['HG8', 'EG8', 'HS8'] },
    rxPower: [
      {
        // The vendor's own spelling, "Interafce".
        path: 'InternetGatewayDevice.WANDevice.1.X_GponInterafceConfig.RXPower',
        unit: 'dBm',
        source: `${HUAWEI_DATA_MODEL} (an ACS's data model export of an HG8145V5, OUI 00259E: WANDevice.{i}.X_GponInterafceConfig.RXPower, a string); ${FLASHMAN}/controllers/external-genieacs/cpe-models/huawei-hg8145v5.js (fields.wan.pon_rxpower, read as dBm: no convertToDbm)`,
      },
    ],
    temperature: [
      {
        path: 'InternetGatewayDevice.WANDevice.1.X_GponInterafceConfig.TransceiverTemperature',
        unit: 'celsius',
        source: `${HUAWEI_DATA_MODEL} (X_GponInterafceConfig.TransceiverTemperature, a string); https://github.com/EtherGig/genieacs-config/blob/1199a3f8b5a359f44f017f8b6b976b17c7b9347d/virtual-params/OpticalTemperature.js (read as °C on an HS8145C5)`,
      },
    ],
    source: `${FLASHMAN}/controllers/external-genieacs/cpe-models/ (huawei-hg8145v5.js, huawei-eg8145v5.js, huawei-hs8145v5.js, huawei-hg8245q2.js: the same RXPower path)`,
  },
  {
    id: 'zte-zxhn-f6xx',
    name: 'ZTE ZXHN F6xx GPON ONTs (F660, F670L, F680, F6600)',
    match: { manufacturer: ['ZTE'], productClass: ['F6', 'ZXHN F6'] },
    rxPower: [
      {
        path: 'InternetGatewayDevice.WANDevice.1.X_ZTE-COM_WANPONInterfaceConfig.RXPower',
        // F670L firmware V1.1.x reports tenths of a microwatt, F670L V9 dBm.
        unit: 'dBm-or-0.1uW',
        source: `${FLASHMAN}/controllers/external-genieacs/cpe-models/multilaser-f670l.js (convertToDbm: 10·log10(power × 0.0001)), multilaser-f670l-v9.js (convertToDbm: parseFloat, already dBm), multilaser-f660.js, multilaser-f6600.js; https://github.com/EtherGig/genieacs-config/blob/1199a3f8b5a359f44f017f8b6b976b17c7b9347d/virtual-params/OpticalRXPower.js (a positive value: 10·log10(v/10000), a negative one: dBm); ${NAUFALAZCA}/VirtualParam/RXPower.js (the same rule, and the Huawei path read as dBm)`,
      },
    ],
    temperature: [
      {
        path: 'InternetGatewayDevice.WANDevice.1.X_ZTE-COM_WANPONInterfaceConfig.TransceiverTemperature',
        // The path is sourced; the unit is not confirmed for the F670L: °C, or SFF-8472's
        // 1/256 °C steps as some ZTE and CT-COM firmware reports (a reading of 150 or more).
        unit: 'celsius-or-celsius/256',
        source: `${NAUFALAZCA}/VirtualParam/getZTEinfo.js (X_ZTE-COM_WANPONInterfaceConfig.TransceiverTemperature); unit unconfirmed`,
      },
    ],
    source: `${FLASHMAN}/controllers/external-genieacs/devices-api.js (ModelName 'F670L', V9 by HardwareVersion)`,
  },
]

type Reading<Unit> = { path: string; unit: Unit; source?: string }

/**
 * Any other modem: the standard parameters, tried after a family's own. TR-098 names no
 * optical level (vendors extend it, as above); it has the temperature sensors.
 */
export const STANDARD_RX_POWER: readonly Reading<RxPowerUnit>[] = [
  {
    path: 'Device.Optical.Interface.1.OpticalSignalLevel',
    unit: 'dBm/1000',
    source: `${BBF}/tr-181-2-16-0-cwmp-full.xml (Device.Optical.Interface.{i}.OpticalSignalLevel, Dbm1000)`,
  },
]
export const STANDARD_TEMPERATURE: readonly Reading<TemperatureUnit>[] = [
  {
    path: 'Device.DeviceInfo.TemperatureStatus.TemperatureSensor.1.Value',
    unit: 'celsius',
    source: `${BBF}/tr-181-2-16-0-cwmp-full.xml (TemperatureSensor.{i}.Value, degrees celsius, -274: no reading)`,
  },
  {
    path: 'InternetGatewayDevice.DeviceInfo.TemperatureStatus.TemperatureSensor.1.Value',
    unit: 'celsius',
    source: `${BBF}/tr-098-1-8-0-full.xml (InternetGatewayDevice.DeviceInfo.TemperatureStatus.TemperatureSensor.{i}.Value)`,
  },
]
/** The model's name: the data model's ModelName, else the ProductClass GenieACS keeps in the device id. */
export const MODEL_NAME_PATHS = ['InternetGatewayDevice.DeviceInfo.ModelName', 'Device.DeviceInfo.ModelName'] as const

/**
 * The map in use: the configured entries first (one with a built-in id replaces it), then the
 * built-in ones. At most MODEL_MAP_MAX_PATHS paths in all (lib/env.ts refuses more at start).
 */
export function modelMap(configured: readonly ModelEntry[] = []): ModelEntry[] {
  const ids = new Set(configured.map((model) => model.id))
  return [...configured, ...BUILT_IN_MODELS.filter((model) => !ids.has(model.id))]
}

/** What readModem projects for the readings: every path of the map and the standard ones. */
export function readingPaths(models: readonly ModelEntry[]): string[] {
  const paths = [
    ...new Set([
      ...pathsOfModels(models),
      ...STANDARD_RX_POWER.map((reading) => reading.path),
      ...STANDARD_TEMPERATURE.map((reading) => reading.path),
    ]),
  ]
  if (paths.length > MODEL_MAP_MAX_PATHS)
    throw new Error(`The GenieACS model map names ${paths.length} parameter paths; at most ${MODEL_MAP_MAX_PATHS}`)
  return paths
}

/** How GenieACS identifies a device: `_deviceId` holds the Inform's DeviceID. */
export function deviceIdentity(document: Document) {
  const id = (document._deviceId ?? {}) as Record<string, unknown>
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null)
  return {
    manufacturer: text(id._Manufacturer),
    oui: text(id._OUI),
    productClass: text(id._ProductClass),
    modelName: MODEL_NAME_PATHS.map((path) => textAt(document, path)).find(Boolean) ?? null,
  }
}

/**
 * The entry for a device: of those whose manufacturer or OUI fits, one that names the model
 * wins over one for the whole manufacturer; otherwise the first (configured entries come
 * first). Null: none fits, only the standard parameters are read.
 */
export function modelFor(models: readonly ModelEntry[], document: Document): ModelEntry | null {
  const identity = deviceIdentity(document)
  const lower = (value: string | null) => value?.toLowerCase() ?? ''
  const names = [lower(identity.productClass), lower(identity.modelName)].filter(Boolean)
  const vendorFits = (model: ModelEntry) =>
    Boolean(
      model.match.manufacturer?.some((name) => lower(identity.manufacturer).includes(name.toLowerCase())) ||
      model.match.oui?.some((oui) => oui.toUpperCase() === identity.oui?.toUpperCase()),
    )
  const modelFits = (model: ModelEntry) =>
    model.match.productClass?.some((prefix) => names.some((name) => name.startsWith(prefix.toLowerCase()))) ?? false
  const candidates = models.filter(vendorFits)
  return (
    candidates.find((model) => model.match.productClass && modelFits(model)) ??
    candidates.find((model) => !model.match.productClass) ??
    null
  )
}

/** A reported number: a number, or a string starting with one ("-19.59", "-19.59 dBm", "110"). */
function numberOf(value: Value | null): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value !== 'string') return null
  const match = /^\s*([-+]?\d+(?:\.\d+)?)/.exec(value)
  return match ? Number(match[1]) : null
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits
const milliwattsToDbm = (mW: number) => (mW > 0 ? 10 * Math.log10(mW) : null)

/** A receive level this far out is a wrong unit or a sentinel (TR-181's -65536), not a reading. */
const PLAUSIBLE_DBM = { min: -50, max: 10 }
const PLAUSIBLE_CELSIUS = { min: -40, max: 150 }

/** An optical receive power in dBm, to 0.01 dB; null when absent, no light, or implausible. */
export function toDbm(value: Value | null, unit: RxPowerUnit): number | null {
  const n = numberOf(value)
  if (n === null) return null
  const dBm =
    unit === 'dBm'
      ? n
      : unit === 'dBm/1000'
        ? n / 1000
        : unit === '0.1uW'
          ? milliwattsToDbm(n * 0.0001)
          : unit === 'uW'
            ? milliwattsToDbm(n / 1000)
            : unit === 'mW'
              ? milliwattsToDbm(n)
              : n < 0
                ? n
                : milliwattsToDbm(n * 0.0001)
  if (dBm === null || dBm < PLAUSIBLE_DBM.min || dBm > PLAUSIBLE_DBM.max) return null
  return round(dBm, 2)
}

/** A temperature in °C, to 0.1 °C; null when absent, "no reading" (TR-181's -274) or implausible. */
export function toCelsius(value: Value | null, unit: TemperatureUnit): number | null {
  const n = numberOf(value)
  if (n === null) return null
  const celsius = unit === 'celsius/256' || (unit === 'celsius-or-celsius/256' && Math.abs(n) >= 150) ? n / 256 : n
  if (celsius < PLAUSIBLE_CELSIUS.min || celsius > PLAUSIBLE_CELSIUS.max) return null
  return round(celsius, 1)
}

/** The first plausible reading along the paths, in order. */
function first<Unit>(
  document: Document,
  readings: readonly Reading<Unit>[],
  convert: (value: Value | null, unit: Unit) => number | null,
): number | null {
  for (const reading of readings) {
    const converted = convert(valueAt(document, reading.path), reading.unit)
    if (converted !== null) return converted
  }
  return null
}

/** A device document's model name, receive power (dBm) and temperature (°C), by its entry in the map. */
export function readingsOf(models: readonly ModelEntry[], document: Document) {
  const model = modelFor(models, document)
  const identity = deviceIdentity(document)
  return {
    model: identity.modelName ?? identity.productClass ?? 'Modem',
    signalDbm: first(document, [...(model?.rxPower ?? []), ...STANDARD_RX_POWER], toDbm),
    temperatureC: first(document, [...(model?.temperature ?? []), ...STANDARD_TEMPERATURE], toCelsius),
  }
}
