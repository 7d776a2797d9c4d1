import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { WIFI_FAILURE_TEXT, WIFI_TEXT } from '../../../lib/wifi'
import { CONFIRM_REQUIRED, WifiChangeFormSchema } from './schemas'
import { changeView } from './wifi.server'

const form = (fields: [string, string][]) => {
  const data = new FormData()
  for (const [name, value] of fields) data.append(name, value)
  return parseWithZod(data, { schema: WifiChangeFormSchema })
}

describe('the Wi-Fi change form (issue 18)', () => {
  it('takes one band or both, a name and/or a password, and the word that devices will be disconnected', () => {
    const both = form([
      ['bands', '5GHz'],
      ['bands', '2.4GHz'],
      ['ssid', 'Bahay ni Juan'],
      ['confirmDisconnect', 'on'],
    ])
    expect(both.status).toBe('success')
    expect(both.status === 'success' && both.value).toMatchObject({ bands: ['2.4GHz', '5GHz'], ssid: 'Bahay ni Juan' })
    const one = form([
      ['bands', '2.4GHz'],
      ['passphrase', 'kape-at-pandesal'],
      ['confirmDisconnect', 'on'],
    ])
    expect(one.status === 'success' && one.value).toMatchObject({ bands: ['2.4GHz'], passphrase: 'kape-at-pandesal' })
  })

  it('refuses without the confirmation, without a band, and with nothing to change, each on its field', () => {
    const refused = form([['ssid', ' edge ']])
    expect(refused.status).toBe('error')
    const errors = refused.reply().error ?? {}
    expect(errors.confirmDisconnect).toEqual([CONFIRM_REQUIRED])
    expect(errors.bands).toEqual([WIFI_TEXT.bandsRequired])
    expect(errors.ssid).toEqual([WIFI_TEXT.nameSpaces])
    const nothing = form([
      ['bands', '5GHz'],
      ['confirmDisconnect', 'on'],
    ])
    expect(nothing.reply().error?.ssid).toEqual([WIFI_TEXT.nothingToChange])
  })
})

describe('what the page says of the last change', () => {
  const change = {
    id: 'c1',
    bands: ['2.4GHz' as const],
    changedName: true,
    changedPassphrase: false,
    requestedAt: '2026-11-23T04:00:00.000Z',
    finishedAt: null,
    reason: null,
  }
  it('asked, applied (Philippine time), or not applied with the reason', () => {
    expect(changeView(null)).toBeNull()
    expect(changeView({ ...change, state: 'requested' })!.text).toMatch(
      /^New network name, asked at November 23, 2026 • 12:00 PM/,
    )
    expect(
      changeView({ ...change, state: 'done', changedPassphrase: true, finishedAt: '2026-11-23T04:01:00.000Z' })!.text,
    ).toBe(
      'New name and password: applied at November 23, 2026 • 12:01 PM. Join your devices again with the new settings.',
    )
    expect(changeView({ ...change, state: 'failed', reason: 'offline' })!.text).toBe(
      `New network name: not applied. ${WIFI_FAILURE_TEXT.offline}`,
    )
  })
})
