/**
 * The devices calls through the real gateway with the simulated driver (spec 7: device id,
 * modem details, restart, outage status; docs/security.md, Access control): a customer
 * reads and restarts only their own accounts' modems; a restart is 'requested' until it
 * settles, then done, or failed where an outage keeps the modem down; the seeded outage
 * shows for its area only. Plus the subscription call of services/accounts.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signAccessToken, signedCall, startTestGateway, type TestGateway } from '../testing.ts'
import { DEMO_OUTAGE } from '../incidents/seed.ts'
import { DEMO_MODEMS } from './seed.ts'
import { RESTARTS_PER_HOUR } from './service.ts'
import { modemRestarts } from './tables.ts'

let nowMs = Date.now()
const now = () => new Date(nowMs)
const SECOND = 1000

const CARLOS = { sub: 'carlos', accountNumber: ['1000000000001', '1000000000002'] }
const LIZA = { sub: 'liza', accountNumber: ['1000000000003'] }
const deviceOf = (accountNumber: string) => DEMO_MODEMS.find((m) => m.accountNumber === accountNumber)!.deviceId

let t: TestGateway
let asCarlos: (path: string, body: unknown) => ReturnType<typeof signedCall>
let asLiza: (path: string, body: unknown) => ReturnType<typeof signedCall>

beforeAll(async () => {
  t = await startTestGateway({
    seed: true,
    now,
    signatureClock: () => new Date(),
    env: { DEVICES_RESTART_SECONDS: '60' },
  })
  const caller = async (claims: { sub: string; accountNumber: string[] }) => {
    const token = await signAccessToken(t, { ...claims, realm_access: { roles: ['base', 'customer'] } })
    return (path: string, body: unknown) =>
      signedCall(t, 'POST', path, { body, headers: { authorization: `Bearer ${token}` } })
  }
  asCarlos = await caller(CARLOS)
  asLiza = await caller(LIZA)
})
afterAll(() => t?.close())

describe('access control', () => {
  it("refuses another customer's account number on every call", async () => {
    const liza = '1000000000003'
    for (const [path, body] of [
      ['/v1/devices/device-id', { accountNumber: liza }],
      ['/v1/devices/modem', { accountNumber: liza, deviceId: deviceOf(liza) }],
      ['/v1/devices/modem/restart', { accountNumber: liza, deviceId: deviceOf(liza) }],
      ['/v1/outages/status', { accountNumber: liza }],
      ['/v1/accounts/subscription', { accountNumber: liza }],
    ] as const) {
      const answer = await asCarlos(path, body)
      expect(answer.status, path).toBe(403)
      expect(answer.body.error.code).toBe('account_not_linked')
    }
  })

  it("refuses another account's device id under the caller's own account number (404, as an unknown id)", async () => {
    for (const path of ['/v1/devices/modem', '/v1/devices/modem/restart']) {
      const answer = await asCarlos(path, { accountNumber: '1000000000002', deviceId: deviceOf('1000000000003') })
      expect(answer.status, path).toBe(404)
    }
    expect(
      await t.database.db
        .select()
        .from(modemRestarts)
        .where(eq(modemRestarts.deviceId, deviceOf('1000000000003'))),
    ).toEqual([])
  })

  it('answers 401 without a bearer token', async () => {
    const answer = await signedCall(t, 'POST', '/v1/devices/device-id', { body: { accountNumber: '1000000000002' } })
    expect(answer.status).toBe(401)
  })
})

describe('modem details', () => {
  it("reads the own account's modem: online, level, temperature, seven days of readings", async () => {
    const { body } = await asLiza('/v1/devices/device-id', { accountNumber: '1000000000003' })
    expect(body.data.deviceId).toBe(deviceOf('1000000000003'))
    const modem = await asLiza('/v1/devices/modem', { accountNumber: '1000000000003', deviceId: body.data.deviceId })
    expect(modem.status).toBe(200)
    expect(modem.body.data).toMatchObject({ online: true, model: 'HG8145V5', restart: null })
    expect(modem.body.data.signalDbm).toBeGreaterThan(-28)
    expect(modem.body.data.signalDbm).toBeLessThan(-22)
    expect(modem.body.data.history.length).toBeGreaterThanOrEqual(55)
    expect(modem.body.data.history.length).toBeLessThanOrEqual(57)
  })
})

describe('restart', () => {
  it('is requested, answered again while under way, then done once the modem is back', async () => {
    const device = { accountNumber: '1000000000002', deviceId: deviceOf('1000000000002') }
    const first = await asCarlos('/v1/devices/modem/restart', device)
    expect(first.body.data).toMatchObject({ state: 'requested', finishedAt: null })
    nowMs += 20 * SECOND
    const again = await asCarlos('/v1/devices/modem/restart', device)
    expect(again.body.data.requestedAt).toBe(first.body.data.requestedAt)
    const during = await asCarlos('/v1/devices/modem', device)
    expect(during.body.data).toMatchObject({ online: false, signalDbm: null, restart: { state: 'requested' } })
    nowMs += 45 * SECOND
    const after = await asCarlos('/v1/devices/modem', device)
    expect(after.body.data).toMatchObject({ online: true, restart: { state: 'done' } })
    const rows = await t.database.db.select().from(modemRestarts).where(eq(modemRestarts.deviceId, device.deviceId))
    expect(rows.map((row) => row.state)).toEqual(['done'])
  })

  it('fails when an outage keeps the modem down, and the outage shows for that area only', async () => {
    const device = { accountNumber: '1000000000001', deviceId: deviceOf('1000000000001') }
    const before = await asCarlos('/v1/devices/modem', device)
    expect(before.body.data).toMatchObject({ online: false, signalDbm: null })
    await asCarlos('/v1/devices/modem/restart', device)
    nowMs += 61 * SECOND
    const after = await asCarlos('/v1/devices/modem', device)
    expect(after.body.data.restart.state).toBe('failed')

    const outage = await asCarlos('/v1/outages/status', { accountNumber: '1000000000001' })
    expect(outage.body.data).toMatchObject({ cause: DEMO_OUTAGE.cause, areaName: 'Barangay San Antonio, Pasig City' })
    expect(outage.body.data.estimatedRestoreAt).not.toBeNull()
    const none = await asCarlos('/v1/outages/status', { accountNumber: '1000000000002' })
    expect(none.body.data).toBeNull()
  })

  it(`refuses more than ${RESTARTS_PER_HOUR} restarts of one modem in an hour`, async () => {
    const device = { accountNumber: '1000000000003', deviceId: deviceOf('1000000000003') }
    for (let i = 0; i < RESTARTS_PER_HOUR; i++) {
      expect((await asLiza('/v1/devices/modem/restart', device)).status).toBe(200)
      nowMs += 61 * SECOND
      await asLiza('/v1/devices/modem', device)
    }
    const refused = await asLiza('/v1/devices/modem/restart', device)
    expect(refused.status).toBe(429)
  })
})

describe('subscription', () => {
  it("answers the own account's plan, speed, status and service address", async () => {
    const answer = await asLiza('/v1/accounts/subscription', { accountNumber: '1000000000003' })
    expect(answer.body.data).toMatchObject({
      planName: 'Fiber Plan 2499',
      speedMbps: 500,
      status: 'active',
      serviceAddress: expect.stringContaining('Makati City'),
    })
  })
})
