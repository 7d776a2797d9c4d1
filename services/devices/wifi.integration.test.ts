/**
 * The Wi-Fi calls through the real gateway with the simulated modems (issue 18;
 * docs/decisions/0045): a customer sees, reveals and changes only their own account's
 * Wi-Fi; the passphrase shows only after the portal password, with a lock-out; a change
 * applies after the simulated delay (or fails on a modem the outage keeps offline), is
 * recorded without its values, emails the account holder, and at most three an hour go
 * through. Nothing the services log holds a passphrase or a password.
 */
import { defaultServiceSettings } from '../context.ts'
import { eq } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tooManyWifiChangesMessage, WIFI_CHANGES_PER_HOUR, WIFI_TEXT } from '../../lib/wifi.ts'
import { DEMO_USERS } from '../identity/demo-users.ts'
import { findUserRowByEmail } from '../identity/users.ts'
import { latestMessagesFor } from '../notifications/outbox.ts'
import { signAccessToken, signedCall, silentLogger, startTestGateway, type TestGateway } from '../testing.ts'
import { DEMO_MODEMS, DEMO_WIFI } from './seed.ts'
import { createDevicesService } from './service.ts'
import { wifiChanges } from './tables.ts'

let nowMs = Date.now()
const now = () => new Date(nowMs)
const SECOND = 1000
const MINUTE = 60 * SECOND
const CHANGE_SECONDS = 30

// What the services log, at every level and without the logger's redaction, for the "never logged" test.
const logLines: string[] = []
const capturingLogger = pino({ level: 'trace' }, { write: (line: string) => void logLines.push(line) })

const deviceOf = (accountNumber: string) => DEMO_MODEMS.find((m) => m.accountNumber === accountNumber)!.deviceId
const device = (accountNumber: string) => ({ accountNumber, deviceId: deviceOf(accountNumber) })
const passwordOf = (email: string) => DEMO_USERS.find((user) => user.email === email)!.password

type Call = (path: string, body: unknown) => ReturnType<typeof signedCall>
let t: TestGateway
let asCarlos: Call // 1000000000001 (inside the outage) and 1000000000002
let asLiza: Call // 1000000000003, one band-steered network
let asElena: Call // 1000000000007
let asRamon: Call // 1000000000008

beforeAll(async () => {
  t = await startTestGateway({
    seed: true,
    now,
    signatureClock: () => new Date(),
    logger: capturingLogger,
    env: { DEVICES_WIFI_CHANGE_SECONDS: String(CHANGE_SECONDS) },
  })
  // The token's subject is the demo user's own id, as the embedded provider issues it.
  const caller = async (email: string) => {
    const user = (await findUserRowByEmail(t.database.db, email))!
    const token = await signAccessToken(t, {
      sub: user.id,
      accountNumber: user.verifiedAccountNumbers.length > 0 ? user.verifiedAccountNumbers : user.accountNumbers,
      realm_access: { roles: ['base', 'customer'] },
    })
    return (path: string, body: unknown) =>
      signedCall(t, 'POST', path, { body, headers: { authorization: `Bearer ${token}` } })
  }
  asCarlos = await caller('customer@example.com')
  asLiza = await caller('customer2@example.com')
  asElena = await caller('customer3@example.com')
  asRamon = await caller('customer4@example.com')
})
afterAll(() => t?.close())

const changesOf = (deviceId: string) =>
  t.database.db.select().from(wifiChanges).where(eq(wifiChanges.deviceId, deviceId))

describe('seeing the Wi-Fi', () => {
  it('answers both networks and who is connected, without a passphrase', async () => {
    const answer = await asCarlos('/v1/devices/wifi', device('1000000000002'))
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({
      deviceId: deviceOf('1000000000002'),
      online: true,
      change: null,
      changesLeft: WIFI_CHANGES_PER_HOUR,
      networks: [
        { networkId: '1', bands: ['2.4GHz'], ssid: 'Reyes-Home', security: 'WPA2-Personal', enabled: true },
        { networkId: '5', bands: ['5GHz'], ssid: 'Reyes-Home-5G', security: 'WPA2-WPA3-Personal' },
      ],
    })
    expect(answer.body.data.networks.map((n: { connectedDevices: number }) => n.connectedDevices)).toEqual([3, 2])
    expect(answer.body.data.hosts).toContainEqual({
      name: 'Carlos-iPhone',
      connection: 'wifi',
      band: '5GHz',
      signalDbm: -52,
      connectedSince: expect.any(String),
    })
    expect(answer.body.data.hosts).toContainEqual(
      expect.objectContaining({ name: 'DESKTOP-7KQ2M1', connection: 'ethernet', band: null, signalDbm: null }),
    )
    expect(JSON.stringify(answer.body)).not.toContain(DEMO_WIFI['1000000000002']!.networks[0]!.passphrase)
  })

  it('answers one band-steered network, and each device on it with its band', async () => {
    const answer = await asLiza('/v1/devices/wifi', device('1000000000003'))
    expect(answer.body.data.networks).toEqual([
      expect.objectContaining({ ssid: 'SANTOS_WIFI', bands: ['2.4GHz', '5GHz'], connectedDevices: 3 }),
    ])
    expect(answer.body.data.hosts).toContainEqual(expect.objectContaining({ name: 'Redmi-Note-12', band: '2.4GHz' }))
  })
})

describe('access control', () => {
  it("refuses another account's device id under the caller's own account number (404), and records nothing", async () => {
    const stranger = { accountNumber: '1000000000002', deviceId: deviceOf('1000000000003') }
    for (const [path, body] of [
      ['/v1/devices/wifi', stranger],
      ['/v1/devices/wifi/reveal', { ...stranger, password: passwordOf('customer@example.com') }],
      ['/v1/devices/wifi/change', { ...stranger, bands: ['2.4GHz'], ssid: 'Not-Yours' }],
    ] as const) {
      const answer = await asCarlos(path, body)
      expect(answer.status, path).toBe(404)
    }
    expect(await changesOf(deviceOf('1000000000003'))).toEqual([])
  })

  it("refuses another customer's account number (403)", async () => {
    const liza = device('1000000000003')
    for (const [path, body] of [
      ['/v1/devices/wifi', liza],
      ['/v1/devices/wifi/reveal', { ...liza, password: passwordOf('customer@example.com') }],
      ['/v1/devices/wifi/change', { ...liza, bands: ['5GHz'], ssid: 'Not-Yours' }],
    ] as const) {
      const answer = await asCarlos(path, body)
      expect(answer.status, path).toBe(403)
      expect(answer.body.error.code).toBe('account_not_linked')
    }
  })
})

describe('showing the passphrase', () => {
  it('shows it after the right portal password, refuses a wrong one beside the field', async () => {
    const wrong = await asLiza('/v1/devices/wifi/reveal', { ...device('1000000000003'), password: 'Wrong-Password1' })
    expect(wrong.status).toBe(422)
    expect(wrong.body.error).toMatchObject({
      code: 'wrong_password',
      fields: { password: [WIFI_TEXT.wrongPortalPassword] },
    })
    const right = await asLiza('/v1/devices/wifi/reveal', {
      ...device('1000000000003'),
      password: passwordOf('customer2@example.com'),
    })
    expect(right.status).toBe(200)
    expect(right.body.data.networks).toEqual([
      { networkId: '1', bands: ['2.4GHz', '5GHz'], ssid: 'SANTOS_WIFI', passphrase: 'kalamansi-juice-88' },
    ])
  })

  it('locks after 5 wrong passwords in 15 minutes, the right one too, and opens again after them', async () => {
    const reveal = (password: string) => asElena('/v1/devices/wifi/reveal', { ...device('1000000000007'), password })
    for (let i = 0; i < 5; i++) expect((await reveal(`Wrong-Password${i}`)).status).toBe(422)
    const locked = await reveal(passwordOf('customer3@example.com'))
    expect(locked.status).toBe(429)
    expect(locked.body.error.message).toBe(WIFI_TEXT.revealLocked)
    nowMs += 15 * MINUTE + SECOND
    const open = await reveal(passwordOf('customer3@example.com'))
    expect(open.status).toBe(200)
    expect(open.body.data.networks[0].passphrase).toBe('halo-halo-summer')
  })

  it('refuses plainly when the users live in another provider (Keycloak), without checking anything', async () => {
    const keycloak = createDevicesService({
      db: t.database.db,
      logger: silentLogger,
      productName: t.config.PRODUCT_NAME,
      now,
      settings: { identityEmbedded: false },
    })
    const caller = {
      sub: 'f:keycloak:carlos',
      roles: ['customer'],
      accountNumbers: ['1000000000002'],
      unverifiedAccountNumbers: [],
      activeAccountNumber: '1000000000002',
      agentCode: null,
    }
    const refusal = await keycloak
      .revealWifi(caller, '1000000000002', deviceOf('1000000000002'), 'Customer2024')
      .catch((error: unknown) => error)
    expect(refusal).toMatchObject({ httpStatus: 409, code: 'reveal_unavailable', message: WIFI_TEXT.revealUnavailable })
    expect(WIFI_TEXT.revealUnavailable).toMatch(/^Showing the Wi-Fi password needs /)
  })
})

describe('changing the Wi-Fi', () => {
  it('is requested, refused again while under way, applied after the delay, recorded and emailed', async () => {
    const change = {
      ...device('1000000000002'),
      bands: ['2.4GHz', '5GHz'],
      ssid: 'Reyes-Casa',
      passphrase: 'Bagong-Susi-2026',
    }
    const asked = await asCarlos('/v1/devices/wifi/change', change)
    expect(asked.status).toBe(200)
    expect(asked.body.data).toMatchObject({
      state: 'requested',
      bands: ['2.4GHz', '5GHz'],
      changedName: true,
      changedPassphrase: true,
      finishedAt: null,
      reason: null,
    })
    const again = await asCarlos('/v1/devices/wifi/change', { ...change, ssid: 'Reyes-Again' })
    expect(again.status).toBe(409)
    expect(again.body.error.message).toBe(WIFI_TEXT.changeUnderWay)

    nowMs += (CHANGE_SECONDS - 5) * SECOND
    const during = await asCarlos('/v1/devices/wifi', device('1000000000002'))
    expect(during.body.data.change).toMatchObject({ id: asked.body.data.id, state: 'requested' })
    expect(during.body.data.networks[0].ssid).toBe('Reyes-Home')

    nowMs += 10 * SECOND
    const after = await asCarlos('/v1/devices/wifi', device('1000000000002'))
    expect(after.body.data.change).toMatchObject({ state: 'done', reason: null })
    // Both bands take the one name: the 5 GHz network is no longer '…_5G'.
    expect(after.body.data.networks.map((n: { ssid: string }) => n.ssid)).toEqual(['Reyes-Casa', 'Reyes-Casa'])
    expect(after.body.data.changesLeft).toBe(WIFI_CHANGES_PER_HOUR - 1)
    const revealed = await asCarlos('/v1/devices/wifi/reveal', {
      ...device('1000000000002'),
      password: passwordOf('customer@example.com'),
    })
    expect(revealed.body.data.networks.map((n: { passphrase: string }) => n.passphrase)).toEqual([
      'Bagong-Susi-2026',
      'Bagong-Susi-2026',
    ])

    const [row] = await changesOf(deviceOf('1000000000002'))
    expect(row).toMatchObject({
      accountNumber: '1000000000002',
      channel: t.config.channel,
      bands: ['2.4GHz', '5GHz'],
      networkIds: ['1', '5'],
      changedName: true,
      changedPassphrase: true,
      state: 'done',
      reason: null,
    })
    expect(row!.notifiedAt).not.toBeNull()
    expect(JSON.stringify(row)).not.toContain('Bagong-Susi-2026')

    const [email] = await latestMessagesFor(t.database.db, 'carlos.reyes@example.org', 1)
    expect(email).toMatchObject({ channel: 'email', subject: 'Your Wi-Fi settings were changed' })
    expect(email!.body).toContain('network name and password of the 2.4 GHz and 5 GHz Wi-Fi')
    expect(email!.body).toContain("If this wasn't you, change your portal password")
    expect(email!.body).not.toContain('Bagong-Susi-2026')
  })

  it('fails on a modem the outage keeps offline: nothing changes and no email goes', async () => {
    const outbox = (await latestMessagesFor(t.database.db, 'carlos.reyes@example.org', 50)).length
    const asked = await asCarlos('/v1/devices/wifi/change', {
      ...device('1000000000001'),
      bands: ['5GHz'],
      passphrase: 'Offline-Key-2026',
    })
    expect(asked.status).toBe(200)
    nowMs += (CHANGE_SECONDS + 1) * SECOND
    const after = await asCarlos('/v1/devices/wifi', device('1000000000001'))
    expect(after.body.data).toMatchObject({ online: false, hosts: [], change: { state: 'failed', reason: 'offline' } })
    expect((await latestMessagesFor(t.database.db, 'carlos.reyes@example.org', 50)).length).toBe(outbox)
    const revealed = await asCarlos('/v1/devices/wifi/reveal', {
      ...device('1000000000001'),
      password: passwordOf('customer@example.com'),
    })
    expect(revealed.body.data.networks[1].passphrase).toBe('adobo-sinigang-2019')
  })

  it(`refuses a ${WIFI_CHANGES_PER_HOUR + 1}th change in an hour (429), and takes one again once the hour has passed`, async () => {
    const ramon = device('1000000000008')
    const started = nowMs
    for (let i = 1; i <= WIFI_CHANGES_PER_HOUR; i++) {
      const asked = await asRamon('/v1/devices/wifi/change', { ...ramon, bands: ['2.4GHz'], ssid: `VILLANUEVA_${i}` })
      expect(asked.status).toBe(200)
      nowMs += (CHANGE_SECONDS + 1) * SECOND
      expect((await asRamon('/v1/devices/wifi', ramon)).body.data.change.state).toBe('done')
    }
    const refused = await asRamon('/v1/devices/wifi/change', { ...ramon, bands: ['2.4GHz'], ssid: 'VILLANUEVA_4' })
    expect(refused.status).toBe(429)
    expect(refused.body.error.message).toBe(tooManyWifiChangesMessage(59))
    expect((await asRamon('/v1/devices/wifi', ramon)).body.data.changesLeft).toBe(0)

    nowMs = started + 60 * MINUTE + SECOND
    const allowed = await asRamon('/v1/devices/wifi/change', { ...ramon, bands: ['2.4GHz'], ssid: 'VILLANUEVA_4' })
    expect(allowed.status).toBe(200)
  })

  it('refuses a name or passphrase outside the rules with the field’s message', async () => {
    const liza = device('1000000000003')
    const long = await asLiza('/v1/devices/wifi/change', { ...liza, bands: ['5GHz'], ssid: 'ñ'.repeat(17) })
    expect(long.status).toBe(422)
    expect(long.body.error.fields).toEqual({ ssid: [WIFI_TEXT.nameLength] })
    const short = await asLiza('/v1/devices/wifi/change', { ...liza, bands: ['5GHz'], passphrase: 'a'.repeat(64) })
    expect(short.body.error.fields).toEqual({ passphrase: [WIFI_TEXT.passphraseLength] })
    const nothing = await asLiza('/v1/devices/wifi/change', { ...liza, bands: ['5GHz'] })
    expect(nothing.body.error.fields).toEqual({ _form: [WIFI_TEXT.nothingToChange] })
    expect(await changesOf(deviceOf('1000000000003'))).toEqual([])
  })

  it('settles in the background (the email goes without anyone looking again); a band-steered network changes on both bands', async () => {
    const liza = device('1000000000003')
    const outbox = (await latestMessagesFor(t.database.db, 'liza.santos@example.org', 50)).length
    const asked = await asLiza('/v1/devices/wifi/change', { ...liza, bands: ['5GHz'], ssid: 'SANTOS_BAHAY' })
    // Her one network is on both bands: asked for 5 GHz, both change, and the record says so.
    expect(asked.body.data.bands).toEqual(['2.4GHz', '5GHz'])
    nowMs += (CHANGE_SECONDS + 1) * SECOND
    const job = createDevicesService({
      db: t.database.db,
      logger: silentLogger,
      productName: t.config.PRODUCT_NAME,
      now,
      settings: {
        devices: {
          ...defaultServiceSettings.devices,
          driver: 'simulated',
          genieacsNbiUrl: null,
          restartSeconds: 60,
          wifiChangeSeconds: 30,
        },
      },
    })
    expect((await job.settleWifiChanges()).settled).toBeGreaterThanOrEqual(1)
    expect((await latestMessagesFor(t.database.db, 'liza.santos@example.org', 50)).length).toBe(outbox + 1)
  })
})

describe('logs', () => {
  it('never hold a passphrase or a portal password, whatever the level', async () => {
    logLines.length = 0
    const ramon = device('1000000000008')
    nowMs += 2 * 60 * MINUTE
    await asRamon('/v1/devices/wifi/change', { ...ramon, bands: ['5GHz'], passphrase: 'Never-Logged-Key-77' })
    nowMs += (CHANGE_SECONDS + 1) * SECOND
    await asRamon('/v1/devices/wifi', ramon)
    await asRamon('/v1/devices/wifi/reveal', { ...ramon, password: 'Not-Ramons-Password9' })
    await asRamon('/v1/devices/wifi/reveal', { ...ramon, password: passwordOf('customer4@example.com') })
    const text = logLines.join('\n')
    expect(text).toContain('wifi change requested')
    expect(text).toContain('wifi passphrase refused')
    for (const secret of ['Never-Logged-Key-77', 'Not-Ramons-Password9', passwordOf('customer4@example.com')])
      expect(text).not.toContain(secret)
  })
})
