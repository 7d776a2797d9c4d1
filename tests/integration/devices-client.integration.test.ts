/**
 * The portal's Wi-Fi client (deviceCalls: wifi, revealWifi, changeWifi) against the real
 * devices calls and the simulated modems: every answer parses with the portal's Zod
 * schemas through seeing, revealing and changing, and refusals arrive as the statuses and
 * field messages a page acts on.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { WIFI_TEXT } from '../../lib/wifi'
import { DEMO_USERS } from '../../services/identity/demo-users.ts'
import { findUserRowByEmail } from '../../services/identity/users.ts'
import { DEMO_MODEMS } from '../../services/devices/seed.ts'
import { signAccessToken, startTestGateway, type TestGateway } from '../../services/testing.ts'
import { testUpstreamClient } from '../support/upstream.ts'
import { deviceCalls } from '../../app/upstream/devices.server'
import { isUpstreamError } from '../../app/upstream/errors'

let nowMs = Date.now()
let t: TestGateway
let devices: ReturnType<typeof deviceCalls>
let carlos: string
beforeAll(async () => {
  t = await startTestGateway({
    seed: true,
    now: () => new Date(nowMs),
    // The portal's client signs with the wall clock while the services' clock moves.
    signatureClock: () => new Date(),
    env: { DEVICES_WIFI_CHANGE_SECONDS: '5' },
  })
  devices = deviceCalls(testUpstreamClient(t))
  const user = (await findUserRowByEmail(t.database.db, 'customer@example.com'))!
  carlos = await signAccessToken(t, { sub: user.id, accountNumber: user.verifiedAccountNumbers })
})
afterAll(() => t?.close())

const ACCOUNT = '1000000000002'
const DEVICE = DEMO_MODEMS.find((modem) => modem.accountNumber === ACCOUNT)!.deviceId
const PASSWORD = DEMO_USERS.find((user) => user.email === 'customer@example.com')!.password

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise
    return null
  } catch (error) {
    if (isUpstreamError(error)) return error
    throw error
  }
}

it('reads the Wi-Fi, shows the passphrase after the password, and follows a change to done, every answer parsed', async () => {
  const wifi = await devices.wifi(carlos, ACCOUNT, DEVICE)
  expect(wifi.networks.map((network) => [network.ssid, network.bands, network.passphraseSettable])).toEqual([
    ['Reyes-Home', ['2.4GHz'], true],
    ['Reyes-Home-5G', ['5GHz'], true],
  ])
  expect(wifi.hosts.length).toBeGreaterThan(0)
  expect(wifi).toMatchObject({ online: true, change: null, changesLeft: 3 })

  const shown = await devices.revealWifi(carlos, ACCOUNT, DEVICE, PASSWORD)
  expect(shown.networks.map((network) => network.passphrase)).toEqual(['Sampaguita#7741', 'Sampaguita#7741'])

  const asked = await devices.changeWifi(carlos, ACCOUNT, DEVICE, { bands: ['5GHz'], ssid: 'Reyes-Home-Mabilis' })
  expect(asked).toMatchObject({ state: 'requested', bands: ['5GHz'], changedName: true, changedPassphrase: false })
  nowMs += 6000
  const after = await devices.wifi(carlos, ACCOUNT, DEVICE)
  expect(after.change).toMatchObject({ id: asked.id, state: 'done', reason: null })
  expect(after.networks[1]!.ssid).toBe('Reyes-Home-Mabilis')
})

it('brings the refusals a page shows: the wrong password on its field, the rules per field, another device 404', async () => {
  const wrong = await failureOf(devices.revealWifi(carlos, ACCOUNT, DEVICE, 'Not-My-Password1'))
  expect(wrong).toMatchObject({ status: 422, fields: { password: [WIFI_TEXT.wrongPortalPassword] } })

  const rules = await failureOf(
    devices.changeWifi(carlos, ACCOUNT, DEVICE, { bands: ['2.4GHz'], passphrase: 'pässwörd-1' }),
  )
  expect(rules).toMatchObject({ status: 422, fields: { passphrase: [WIFI_TEXT.passphraseCharacters] } })

  const another = DEMO_MODEMS.find((modem) => modem.accountNumber === '1000000000003')!.deviceId
  expect((await failureOf(devices.wifi(carlos, ACCOUNT, another)))?.status).toBe(404)
})
