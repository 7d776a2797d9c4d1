/**
 * A modem's Wi-Fi in its TR-069 data model, as GenieACS's device document holds it (issue
 * 18). The document's root tells the model: `Device` is TR-181 (Device:2), and
 * `InternetGatewayDevice` is TR-098 (most GPON ONTs in the field):
 *
 *   TR-181  Device.WiFi.Radio.{i}.OperatingFrequencyBand
 *           Device.WiFi.SSID.{i}.SSID, .Enable, .LowerLayers (its radio or radios)
 *           Device.WiFi.AccessPoint.{i}.SSIDReference, .Security.ModeEnabled,
 *             .Security.KeyPassphrase (and .SAEPassphrase for WPA3), .AssociatedDevice.{j}
 *           Device.Hosts.Host.{i}.HostName, .PhysAddress, .Active, .Layer1Interface, .ActiveLastChange
 *   TR-098  InternetGatewayDevice.LANDevice.1.WLANConfiguration.{i}.SSID, .Enable, .BeaconType,
 *             .KeyPassphrase or .PreSharedKey.1.KeyPassphrase, .OperatingFrequencyBand
 *             (else .Channel, else .Standard), .TotalAssociations
 *           InternetGatewayDevice.LANDevice.1.Hosts.Host.{i}.HostName, .Active, .InterfaceType, .Layer2Interface
 *
 * A modem has several SSIDs per radio (guest networks, mostly disabled); the customer's
 * networks are the lowest-numbered one on each band, or one on both bands (band steering).
 * Passphrases are 'hidden' parameters in both models: many modems report them, some
 * answer ''; then the passphrase is unknown here (null), never guessed.
 */
import { PASSPHRASE_MODES, WIFI_BANDS, type WifiBand, type WifiSecurityMode } from '../../lib/wifi.ts'
import {
  booleanAt,
  dateAt,
  instancesAt,
  nodeAt,
  numberAt,
  objectPath,
  textAt,
  type Document,
} from './genieacs-document.ts'
import type { WifiChangeRequest, WifiHost, WifiNetwork } from './driver.ts'

export type DataModel = 'tr-181' | 'tr-098'

/** What to project from GET /devices to read the Wi-Fi of either model. */
export const WIFI_PROJECTION = [
  'Device.WiFi',
  'Device.Hosts',
  'InternetGatewayDevice.LANDevice.1.WLANConfiguration',
  'InternetGatewayDevice.LANDevice.1.Hosts',
] as const

const TR098_LAN = 'InternetGatewayDevice.LANDevice.1'

export function dataModelOf(document: Document): DataModel | null {
  if (nodeAt(document, 'Device')) return 'tr-181'
  if (nodeAt(document, 'InternetGatewayDevice')) return 'tr-098'
  return null
}

/** One SSID of the modem, whatever the model, with where its values are set. */
type Ssid = {
  networkId: string
  path: string
  bands: WifiBand[]
  ssid: string
  enabled: boolean
  security: WifiSecurityMode
  connectedDevices: number | null
  /** Parameters that take a new passphrase (several where WPA2 and WPA3 keep their own). */
  passphrasePaths: string[]
  passphrase: string | null
  associated: { mac: string; signalDbm: number | null }[]
}

const bandOf = (value: string | null): WifiBand | null => {
  const band = value?.replace(/\s/g, '')
  return WIFI_BANDS.find((known) => known === band) ?? null
}

/** TR-181 Security.ModeEnabled, grouped as lib/wifi.ts names them. */
function tr181Mode(mode: string | null): WifiSecurityMode {
  if (!mode) return 'Unknown'
  if (mode === 'None') return 'None'
  if (mode.startsWith('WEP')) return 'WEP'
  if (mode.endsWith('Enterprise')) return 'Enterprise'
  if (mode === 'WPA3-Personal-Transition' || mode === 'WPA2-WPA3-Personal') return 'WPA2-WPA3-Personal'
  const known = ['WPA-Personal', 'WPA2-Personal', 'WPA-WPA2-Personal', 'WPA3-Personal'] as const
  return known.find((name) => name === mode) ?? 'Unknown'
}

/** TR-098 BeaconType (with its authentication modes), grouped the same way. */
function tr098Mode(wlan: Document): WifiSecurityMode {
  const beacon = textAt(wlan, 'BeaconType')
  const eap = [textAt(wlan, 'WPAAuthenticationMode'), textAt(wlan, 'IEEE11iAuthenticationMode')].includes(
    'EAPAuthentication',
  )
  switch (beacon) {
    case 'None':
      return 'None'
    case 'Basic':
      return textAt(wlan, 'BasicEncryptionModes') === 'WEPEncryption' ? 'WEP' : 'None'
    case 'WPA':
      return eap ? 'Enterprise' : 'WPA-Personal'
    case '11i':
      return eap ? 'Enterprise' : 'WPA2-Personal'
    case 'WPAand11i':
      return eap ? 'Enterprise' : 'WPA-WPA2-Personal'
    default:
      return 'Unknown'
  }
}

/** TR-098 has OperatingFrequencyBand only since amendment 6: else the channel, else the standard. */
function tr098Band(wlan: Document): WifiBand | null {
  const declared = bandOf(textAt(wlan, 'OperatingFrequencyBand'))
  if (declared) return declared
  const channel = numberAt(wlan, 'Channel')
  if (channel !== null && channel > 0) return channel > 14 ? '5GHz' : '2.4GHz'
  const standards = (textAt(wlan, 'Standard') ?? '').split(/[\s,/]+/)
  if (standards.some((standard) => standard === 'a' || standard === 'ac')) return '5GHz'
  if (standards.some((standard) => ['b', 'g'].includes(standard))) return '2.4GHz'
  return null
}

function tr181Ssids(document: Document): Ssid[] {
  const radioBands = new Map(
    instancesAt(document, 'Device.WiFi.Radio').map(([index, radio]) => [
      `Device.WiFi.Radio.${index}`,
      bandOf(textAt(radio, 'OperatingFrequencyBand')),
    ]),
  )
  const accessPoints = instancesAt(document, 'Device.WiFi.AccessPoint').map(([index, accessPoint]) => ({
    index,
    accessPoint,
    ssidPath: objectPath(textAt(accessPoint, 'SSIDReference') ?? ''),
  }))
  return instancesAt(document, 'Device.WiFi.SSID').map(([index, node]) => {
    const path = `Device.WiFi.SSID.${index}`
    const bands = (textAt(node, 'LowerLayers') ?? '')
      .split(',')
      .map((layer) => radioBands.get(objectPath(layer)) ?? null)
      .filter((band): band is WifiBand => band !== null)
    // An access point names its SSID; older firmware leaves it out and numbers them alike.
    const found =
      accessPoints.find((candidate) => candidate.ssidPath === path) ??
      accessPoints.find((candidate) => candidate.index === index && candidate.ssidPath === '')
    const security = found ? tr181Mode(textAt(found.accessPoint, 'Security.ModeEnabled')) : 'Unknown'
    const securityPath = found ? `Device.WiFi.AccessPoint.${found.index}.Security` : null
    const wpa3 = security === 'WPA3-Personal' || security === 'WPA2-WPA3-Personal'
    const passphrasePaths = securityPath
      ? [
          `${securityPath}.KeyPassphrase`,
          // A WPA3 access point with a separate SAE password takes the same one.
          ...(wpa3 && nodeAt(found!.accessPoint, 'Security.SAEPassphrase') ? [`${securityPath}.SAEPassphrase`] : []),
        ]
      : []
    const associated = found
      ? instancesAt(found.accessPoint, 'AssociatedDevice').map(([, device]) => ({
          mac: (textAt(device, 'MACAddress') ?? '').toLowerCase(),
          signalDbm: numberAt(device, 'SignalStrength'),
        }))
      : []
    return {
      networkId: index,
      path,
      bands: WIFI_BANDS.filter((band) => bands.includes(band)),
      ssid: textAt(node, 'SSID') ?? '',
      enabled: booleanAt(node, 'Enable') ?? false,
      security,
      connectedDevices: found ? numberAt(found.accessPoint, 'AssociatedDeviceNumberOfEntries') : null,
      passphrasePaths,
      passphrase: found ? textAt(found.accessPoint, 'Security.KeyPassphrase') : null,
      associated,
    }
  })
}

function tr098Ssids(document: Document): Ssid[] {
  return instancesAt(document, `${TR098_LAN}.WLANConfiguration`).map(([index, wlan]) => {
    const path = `${TR098_LAN}.WLANConfiguration.${index}`
    const band = tr098Band(wlan)
    // The WPA key lives in PreSharedKey.1 where the modem has it, else on the configuration itself.
    const preShared = nodeAt(wlan, 'PreSharedKey.1.KeyPassphrase') !== null
    return {
      networkId: index,
      path,
      bands: band ? [band] : [],
      ssid: textAt(wlan, 'SSID') ?? '',
      enabled: booleanAt(wlan, 'Enable') ?? false,
      security: tr098Mode(wlan),
      connectedDevices: numberAt(wlan, 'TotalAssociations'),
      passphrasePaths: [preShared ? `${path}.PreSharedKey.1.KeyPassphrase` : `${path}.KeyPassphrase`],
      passphrase: textAt(wlan, 'PreSharedKey.1.KeyPassphrase') ?? textAt(wlan, 'KeyPassphrase'),
      associated: instancesAt(wlan, 'AssociatedDevice').map(([, device]) => ({
        mac: (textAt(device, 'AssociatedDeviceMACAddress') ?? '').toLowerCase(),
        // TR-098 has no standard signal strength.
        signalDbm: null,
      })),
    }
  })
}

const ssidsOf = (document: Document, model: DataModel) =>
  model === 'tr-181' ? tr181Ssids(document) : tr098Ssids(document)

/** The customer's networks: per band, the lowest-numbered SSID on it (a steered one covers both). */
function primary(ssids: Ssid[]): Ssid[] {
  const claimed = new Set<WifiBand>()
  return ssids.filter((ssid) => {
    const fresh = ssid.bands.filter((band) => !claimed.has(band))
    for (const band of fresh) claimed.add(band)
    return fresh.length > 0
  })
}

function hostsOf(document: Document, model: DataModel, ssids: Ssid[]): WifiHost[] {
  const byPath = new Map(ssids.map((ssid) => [ssid.path, ssid]))
  const hostTable = model === 'tr-181' ? 'Device.Hosts.Host' : `${TR098_LAN}.Hosts.Host`
  return instancesAt(document, hostTable)
    .filter(([, host]) => booleanAt(host, 'Active') === true)
    .map(([, host]) => {
      const mac = (textAt(host, model === 'tr-181' ? 'PhysAddress' : 'MACAddress') ?? '').toLowerCase()
      const layer = objectPath(textAt(host, model === 'tr-181' ? 'Layer1Interface' : 'Layer2Interface') ?? '')
      const ssid = byPath.get(layer)
      const wireless = ssid !== undefined || textAt(host, 'InterfaceType') === '802.11'
      const signalDbm = ssid?.associated.find((device) => device.mac === mac)?.signalDbm ?? null
      return {
        name: textAt(host, 'HostName'),
        connection: wireless ? 'wifi' : 'ethernet',
        band: ssid?.bands.length === 1 ? ssid.bands[0]! : null,
        signalDbm,
        // TR-181 says when Active last changed; TR-098 does not.
        connectedSince: model === 'tr-181' ? dateAt(host, 'ActiveLastChange') : null,
      } satisfies WifiHost
    })
}

/** The networks and hosts a device document tells; empty when it holds no Wi-Fi. */
export function wifiOfDocument(document: Document): { networks: WifiNetwork[]; hosts: WifiHost[] } {
  const model = dataModelOf(document)
  if (!model) return { networks: [], hosts: [] }
  const ssids = ssidsOf(document, model)
  const hosts = hostsOf(document, model, ssids)
  const networks = primary(ssids).map((ssid) => ({
    networkId: ssid.networkId,
    bands: ssid.bands,
    ssid: ssid.ssid,
    security: ssid.security,
    enabled: ssid.enabled,
    // The modem's own count, else the associated devices it lists.
    connectedDevices: ssid.connectedDevices ?? ssid.associated.length,
  }))
  return { networks, hosts }
}

/** Each customer network's passphrase as the modem reported it (null: not reported). */
export function passphrasesOfDocument(document: Document): Record<string, string | null> {
  const model = dataModelOf(document)
  if (!model) return {}
  return Object.fromEntries(primary(ssidsOf(document, model)).map((ssid) => [ssid.networkId, ssid.passphrase]))
}

/** The setParameterValues task for a change, for the device's own data model. */
export function wifiChangeTask(document: Document, change: WifiChangeRequest) {
  const model = dataModelOf(document)
  if (!model) throw new Error('The device document holds no Wi-Fi')
  const ssids = ssidsOf(document, model)
  const parameterValues: [string, string, 'xsd:string'][] = []
  for (const networkId of change.networkIds) {
    const ssid = ssids.find((candidate) => candidate.networkId === networkId)
    if (!ssid) throw new Error(`No Wi-Fi network ${networkId} on the device`)
    if (change.ssid !== undefined) parameterValues.push([`${ssid.path}.SSID`, change.ssid, 'xsd:string'])
    if (change.passphrase !== undefined) {
      if (!PASSPHRASE_MODES.includes(ssid.security) || ssid.passphrasePaths.length === 0)
        throw new Error(`Wi-Fi network ${networkId} takes no passphrase`)
      for (const path of ssid.passphrasePaths) parameterValues.push([path, change.passphrase, 'xsd:string'])
    }
  }
  return { name: 'setParameterValues' as const, parameterValues }
}
