/**
 * One interface for the modems, whatever manages them (docs/architecture.md, Devices):
 * the simulated driver for the embedded set-up (simulated.ts) and a TR-069 ACS, GenieACS,
 * through its NBI (genieacs.ts). DEVICES_DRIVER chooses.
 */
import type { WifiBand, WifiFailureReason, WifiSecurityMode } from '../../lib/wifi.ts'

export type ModemReading = {
  model: string
  online: boolean
  /** Optical receive level in dBm; null when the modem does not answer. */
  signalDbm: number | null
  temperatureC: number | null
  /** When the ACS last heard from the modem (null: never). */
  lastSeenAt: Date | null
  /**
   * The readings since the `historySince` readModem was asked with, when the driver can tell
   * them; absent when it keeps none (the service then charts the samples it recorded itself).
   */
  history?: SignalSample[]
}

export type SignalSample = { at: Date; online: boolean; signalDbm: number | null }

export type RestartOutcome = 'requested' | 'done' | 'failed'

export type RestartRecord = { deviceId: string; taskId: string | null; requestedAt: Date }

/** A Wi-Fi network as the modem reports it (issue 18); a band-steered one lists both bands. */
export type WifiNetwork = {
  /** The modem's own instance (TR-181 SSID.{i}, TR-098 WLANConfiguration.{i}, or the simulated row). */
  networkId: string
  bands: WifiBand[]
  ssid: string
  security: WifiSecurityMode
  enabled: boolean
  connectedDevices: number
}

/** One device the modem sees on its network (its host table), as reported. */
export type WifiHost = {
  name: string | null
  connection: 'wifi' | 'ethernet'
  /** null: wired, or a band-steered network that does not say which. */
  band: WifiBand | null
  signalDbm: number | null
  connectedSince: Date | null
}

export type WifiReading = {
  online: boolean
  networks: WifiNetwork[]
  /** Connected now; empty while the modem is offline (a stale list would mislead). */
  hosts: WifiHost[]
}

/** What to set on which of the modem's networks. The passphrase goes to the modem and nowhere else. */
export type WifiChangeRequest = { deviceId: string; networkIds: string[]; ssid?: string; passphrase?: string }

export type WifiChangeRecord = { deviceId: string; taskId: string | null; requestedAt: Date }

export type WifiChangeOutcome =
  { state: 'requested' | 'done'; reason: null } | { state: 'failed'; reason: Exclude<WifiFailureReason, 'unavailable'> }

export interface DeviceDriver {
  /** The modem installed for the account (the spec's device id call), or null. */
  findDevice(accountNumber: string): Promise<string | null>
  /** The modem's reading and, when the driver can tell them, its readings since `historySince`. */
  readModem(deviceId: string, historySince: Date): Promise<ModemReading | null>
  /** Asks the modem to reboot; the answer is only that it was asked (a task id, if any). */
  requestRestart(deviceId: string): Promise<{ taskId: string | null }>
  /** Where a restart asked for earlier stands now. */
  restartOutcome(restart: RestartRecord): Promise<RestartOutcome>
  /** The modem's Wi-Fi networks (one per band, or one steered) and who is connected; null: no such modem. */
  readWifi(deviceId: string): Promise<WifiReading | null>
  /** The passphrase of each network by its id (null when the modem does not tell it); null: no such modem. */
  readWifiPassphrases(deviceId: string): Promise<Record<string, string | null> | null>
  /** Asks the modem to take a new name and/or passphrase; the answer is only that it was asked. */
  requestWifiChange(change: WifiChangeRequest): Promise<{ taskId: string | null }>
  /** Where a Wi-Fi change asked for earlier stands now. */
  wifiChangeOutcome(change: WifiChangeRecord): Promise<WifiChangeOutcome>
}

/** The ACS did not answer, or answered something unusable: the portal shows spec 8's unavailable message. */
export class DeviceDriverError extends Error {}
