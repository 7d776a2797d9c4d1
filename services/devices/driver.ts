/**
 * One interface for the modems, whatever manages them (docs/architecture.md, Devices):
 * the simulated driver for the embedded set-up (simulated.ts) and a TR-069 ACS, GenieACS,
 * through its NBI (genieacs.ts). DEVICES_DRIVER chooses.
 */
export type ModemReading = {
  model: string
  online: boolean
  /** Optical receive level in dBm; null when the modem does not answer. */
  signalDbm: number | null
  temperatureC: number | null
  /** When the ACS last heard from the modem (null: never). */
  lastSeenAt: Date | null
}

export type SignalSample = { at: Date; online: boolean; signalDbm: number | null }

export type RestartOutcome = 'requested' | 'done' | 'failed'

export type RestartRecord = { deviceId: string; taskId: string | null; requestedAt: Date }

export interface DeviceDriver {
  /** The modem installed for the account (the spec's device id call), or null. */
  findDevice(accountNumber: string): Promise<string | null>
  readModem(deviceId: string): Promise<ModemReading | null>
  /**
   * The last days' readings when the driver can tell them; null when it keeps none (the
   * service then charts the samples it recorded itself).
   */
  signalHistory(deviceId: string, since: Date): Promise<SignalSample[] | null>
  /** Asks the modem to reboot; the answer is only that it was asked (a task id, if any). */
  requestRestart(deviceId: string): Promise<{ taskId: string | null }>
  /** Where a restart asked for earlier stands now. */
  restartOutcome(restart: RestartRecord): Promise<RestartOutcome>
}

/** The ACS did not answer, or answered something unusable: the portal shows spec 8's unavailable message. */
export class DeviceDriverError extends Error {}
