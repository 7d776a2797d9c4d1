/**
 * The modem's Wi-Fi (issue 18): what a customer may set, with the words they see. Shared by
 * the devices service (which always validates) and the portal's Wi-Fi form (Conform reuses
 * the schemas), so both sides say the same thing. Each field stops at its first failed
 * check, so a field shows one message at a time.
 */
import { z } from 'zod'
import { WIFI_BANDS } from './wifi-bands.ts'

export { bandLabel, WIFI_BANDS, type WifiBand } from './wifi-bands.ts'

/** IEEE 802.11: an SSID is at most 32 octets, whatever the characters. */
export const WIFI_NAME_MAX_BYTES = 32
/** WPA2/WPA3-Personal: a passphrase of 8 to 63 printable ASCII characters (64 would be a raw hex key). */
export const WIFI_PASSPHRASE_MIN = 8
export const WIFI_PASSPHRASE_MAX = 63
/** Changes one account may ask for in an hour (docs/security.md, Abuse). */
export const WIFI_CHANGES_PER_HOUR = 3
/** Wrong portal passwords before showing the Wi-Fi password is refused for a while (per user). */
export const WIFI_REVEAL_MAX_FAILURES = 5
export const WIFI_REVEAL_WINDOW_MINUTES = 15

/** Security modes, in TR-181's words (Device.WiFi.AccessPoint.{i}.Security.ModeEnabled), grouped. */
export const WIFI_SECURITY_MODES = [
  'None',
  'WEP',
  'WPA-Personal',
  'WPA2-Personal',
  'WPA-WPA2-Personal',
  'WPA3-Personal',
  'WPA2-WPA3-Personal',
  'Enterprise',
  'Unknown',
] as const
export type WifiSecurityMode = (typeof WIFI_SECURITY_MODES)[number]

/** The modes whose passphrase a customer may set here (a WPA key; not an open, WEP or enterprise network). */
export const PASSPHRASE_MODES: readonly WifiSecurityMode[] = [
  'WPA-Personal',
  'WPA2-Personal',
  'WPA-WPA2-Personal',
  'WPA3-Personal',
  'WPA2-WPA3-Personal',
]

/** Why a change did not take (the change record's reason); the portal shows WIFI_FAILURE_TEXT. */
export const WIFI_FAILURE_REASONS = ['offline', 'refused', 'timed_out', 'unavailable'] as const
export type WifiFailureReason = (typeof WIFI_FAILURE_REASONS)[number]

export const WIFI_TEXT = {
  nameRequired: 'Please enter a network name.',
  nameLength: `The network name must be 1 to ${WIFI_NAME_MAX_BYTES} bytes (some characters count as more than one).`,
  nameSpaces: 'The network name cannot start or end with a space.',
  nameControl: 'The network name cannot contain line breaks or other control characters.',
  passphraseRequired: 'Please enter a password.',
  passphraseLength: `The password must be ${WIFI_PASSPHRASE_MIN} to ${WIFI_PASSPHRASE_MAX} characters.`,
  passphraseCharacters: 'The password may use only letters, digits, spaces and the symbols on a keyboard.',
  bandsRequired: 'Choose the network to change.',
  nothingToChange: 'Enter a new network name, a new password, or both.',
  portalPasswordRequired: 'Please enter your portal password.',
  // The devices service's refusals (services/devices/wifi.ts), shown as the form's errors.
  noNetworkOnBand: 'This modem has no network on that band.',
  passphraseNotSettable:
    'This network is open or uses an older security mode, so its password cannot be set here. Please call us to change it.',
  changeUnderWay: 'Your last Wi-Fi change is still being applied. Please wait a minute, then look again.',
  wrongPortalPassword: 'That is not your portal password.',
  passphraseUnknown: 'Your modem does not tell its Wi-Fi password. You can set a new one below.',
  revealLocked: `Too many wrong passwords. For your security, showing the Wi-Fi password is locked for ${WIFI_REVEAL_WINDOW_MINUTES} minutes.`,
  revealUnavailable:
    'Showing the Wi-Fi password needs your portal password, which cannot be checked here. You can set a new Wi-Fi password instead, or read the one on the sticker on your modem.',
} as const

/** The 429 after WIFI_CHANGES_PER_HOUR changes: when the oldest of them leaves the hour. */
export function tooManyWifiChangesMessage(minutes: number): string {
  const wait = minutes <= 1 ? 'a minute' : `${minutes} minutes`
  return `The Wi-Fi settings can be changed ${WIFI_CHANGES_PER_HOUR} times an hour. Please try again in ${wait}.`
}

export const WIFI_FAILURE_TEXT: Record<WifiFailureReason, string> = {
  offline: 'The modem was offline and did not take the change. Your Wi-Fi settings are as they were.',
  refused: 'The modem refused the change. Your Wi-Fi settings are as they were.',
  timed_out: 'The modem did not confirm the change within 10 minutes. Please check your Wi-Fi settings again later.',
  unavailable: 'The modem service did not answer, so nothing was changed.',
}

const utf8Bytes = (value: string) => new TextEncoder().encode(value).length
// C0 controls and DEL: a name a phone would show as boxes or break a line with.
const hasControl = (value: string) =>
  [...value].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f)
// 0x20 to 0x7E: what every device's Wi-Fi keyboard can type (IEEE 802.11i, Annex H.4).
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/

/** An SSID: 1 to 32 bytes of UTF-8 (not characters: 'ñ' is two bytes, an emoji four), no edge spaces. */
export const WifiNameSchema = z
  .string({ error: WIFI_TEXT.nameRequired })
  .min(1, { error: WIFI_TEXT.nameRequired, abort: true })
  .refine((value) => utf8Bytes(value) <= WIFI_NAME_MAX_BYTES, { error: WIFI_TEXT.nameLength, abort: true })
  .refine((value) => value.trim() === value, { error: WIFI_TEXT.nameSpaces, abort: true })
  .refine((value) => !hasControl(value), { error: WIFI_TEXT.nameControl })

/** A WPA2/WPA3-Personal passphrase: 8 to 63 characters from 0x20 to 0x7E. */
export const WifiPassphraseSchema = z
  .string({ error: WIFI_TEXT.passphraseRequired })
  .min(1, { error: WIFI_TEXT.passphraseRequired, abort: true })
  .min(WIFI_PASSPHRASE_MIN, { error: WIFI_TEXT.passphraseLength, abort: true })
  .max(WIFI_PASSPHRASE_MAX, { error: WIFI_TEXT.passphraseLength, abort: true })
  .regex(PRINTABLE_ASCII, { error: WIFI_TEXT.passphraseCharacters })

/** One band or both; a band-steered network answers to either. */
export const WifiBandsSchema = z
  .array(z.enum(WIFI_BANDS), { error: WIFI_TEXT.bandsRequired })
  .min(1, { error: WIFI_TEXT.bandsRequired })
  // Repeats are harmless (dropped below); a long list is not a form's.
  .max(4)
  .transform((bands) => WIFI_BANDS.filter((band) => bands.includes(band)))

/** A change's fields, for a schema that adds its own (the devices call adds the account and device). */
export const WIFI_CHANGE_FIELDS = {
  bands: WifiBandsSchema,
  ssid: WifiNameSchema.optional(),
  passphrase: WifiPassphraseSchema.optional(),
}

/** A change must set something: a new name, a new passphrase or both (absent: unchanged). */
export const changesSomething = (change: { ssid?: string; passphrase?: string }) =>
  change.ssid !== undefined || change.passphrase !== undefined

export const WifiChangeSchema = z.object(WIFI_CHANGE_FIELDS).refine(changesSomething, {
  error: WIFI_TEXT.nothingToChange,
})
export type WifiChange = z.output<typeof WifiChangeSchema>
