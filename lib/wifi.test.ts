/** The Wi-Fi rules at their edges: bytes, not characters, for the name; printable ASCII for the passphrase. */
import { describe, expect, it } from 'vitest'
import { WIFI_TEXT, WifiChangeSchema, WifiNameSchema, WifiPassphraseSchema } from './wifi'

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message)

describe('the network name', () => {
  it('takes 32 bytes and refuses 33, counting a multi-byte character by its bytes', () => {
    expect(WifiNameSchema.safeParse('a'.repeat(32)).success).toBe(true)
    expect(messagesOf(WifiNameSchema.safeParse('a'.repeat(33)))).toEqual([WIFI_TEXT.nameLength])
    // 'ñ' is two bytes in UTF-8: 16 of them are 32 bytes though only 16 characters.
    expect(WifiNameSchema.safeParse('ñ'.repeat(16)).success).toBe(true)
    expect(messagesOf(WifiNameSchema.safeParse('ñ'.repeat(16) + 'a'))).toEqual([WIFI_TEXT.nameLength])
    // An emoji is four bytes: 8 of them fill the name.
    expect(WifiNameSchema.safeParse('📶'.repeat(8)).success).toBe(true)
    expect(messagesOf(WifiNameSchema.safeParse('📶'.repeat(8) + 'a'))).toEqual([WIFI_TEXT.nameLength])
  })

  it('takes one byte, refuses none', () => {
    expect(WifiNameSchema.safeParse('x').success).toBe(true)
    expect(messagesOf(WifiNameSchema.safeParse(''))).toEqual([WIFI_TEXT.nameRequired])
  })

  it('refuses a leading or trailing space but keeps spaces inside', () => {
    expect(messagesOf(WifiNameSchema.safeParse(' Reyes Home'))).toEqual([WIFI_TEXT.nameSpaces])
    expect(messagesOf(WifiNameSchema.safeParse('Reyes Home '))).toEqual([WIFI_TEXT.nameSpaces])
    expect(WifiNameSchema.parse('Reyes Home')).toBe('Reyes Home')
  })

  it('refuses control characters', () => {
    expect(messagesOf(WifiNameSchema.safeParse('Reyes\nHome'))).toEqual([WIFI_TEXT.nameControl])
  })
})

describe('the passphrase', () => {
  it('takes 8 and 63 characters, refuses 7 and 64', () => {
    expect(messagesOf(WifiPassphraseSchema.safeParse('a'.repeat(7)))).toEqual([WIFI_TEXT.passphraseLength])
    expect(WifiPassphraseSchema.safeParse('a'.repeat(8)).success).toBe(true)
    expect(WifiPassphraseSchema.safeParse('a'.repeat(63)).success).toBe(true)
    expect(messagesOf(WifiPassphraseSchema.safeParse('a'.repeat(64)))).toEqual([WIFI_TEXT.passphraseLength])
  })

  it('takes spaces and every keyboard symbol, refuses anything outside printable ASCII', () => {
    expect(WifiPassphraseSchema.safeParse(' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~').success).toBe(true)
    expect(messagesOf(WifiPassphraseSchema.safeParse('mañana-2024'))).toEqual([WIFI_TEXT.passphraseCharacters])
    expect(messagesOf(WifiPassphraseSchema.safeParse('password\t1'))).toEqual([WIFI_TEXT.passphraseCharacters])
    expect(messagesOf(WifiPassphraseSchema.safeParse('pässwörd'))).toEqual([WIFI_TEXT.passphraseCharacters])
  })
})

describe('a change', () => {
  it('needs a band and something to change', () => {
    expect(messagesOf(WifiChangeSchema.safeParse({ bands: [], ssid: 'Home' }))).toEqual([WIFI_TEXT.bandsRequired])
    expect(messagesOf(WifiChangeSchema.safeParse({ bands: ['5GHz'] }))).toEqual([WIFI_TEXT.nothingToChange])
  })

  it('lists the bands once each, 2.4 GHz first', () => {
    expect(WifiChangeSchema.parse({ bands: ['5GHz', '2.4GHz', '5GHz'], passphrase: 'kalamansi-42' }).bands).toEqual([
      '2.4GHz',
      '5GHz',
    ])
  })
})
