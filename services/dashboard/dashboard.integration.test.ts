/**
 * The dashboard's one call through the real gateway (issue 35, item 2): it answers what the
 * calls it replaces answer, part by part (issue 37 adds the no-internet offer); a part that fails is that part's refusal and
 * the rest stand; an account the token does not list is refused as a whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signAccessToken, signedCall, startTestGateway, type TestGateway } from '../testing.ts'
import { DEMO_MODEMS } from '../devices/seed.ts'
import { DEMO_OUTAGE } from '../incidents/seed.ts'

const CARLOS = { sub: 'carlos', accountNumber: ['1000000000001', '1000000000002'] }
const deviceOf = (accountNumber: string) => DEMO_MODEMS.find((m) => m.accountNumber === accountNumber)!.deviceId

let t: TestGateway
let headers: Record<string, string>
const asCarlos = (method: 'GET' | 'POST', path: string, body?: unknown) =>
  signedCall(t, method, path, body === undefined ? { headers } : { body, headers })

beforeAll(async () => {
  // The services' clock stands still, so each call reads the modem at the same moment.
  const at = new Date()
  t = await startTestGateway({ seed: true, now: () => at, signatureClock: () => new Date() })
  const token = await signAccessToken(t, { ...CARLOS, realm_access: { roles: ['base', 'customer'] } })
  headers = { authorization: `Bearer ${token}` }
})
afterAll(() => t?.close())

describe('POST /v1/dashboard', () => {
  it('answers what the separate calls answer: subscription, payment details, outage, modem with its Wi-Fi', async () => {
    for (const accountNumber of CARLOS.accountNumber) {
      const deviceId = deviceOf(accountNumber)
      const [cards, subscription, details, outage, modem, wifi, noInternet] = await Promise.all([
        asCarlos('POST', '/v1/dashboard', { accountNumber }),
        asCarlos('POST', '/v1/accounts/subscription', { accountNumber }),
        asCarlos('GET', `/v1/payments/payment-details?accountNumber=${accountNumber}`),
        asCarlos('POST', '/v1/outages/status', { accountNumber }),
        asCarlos('POST', '/v1/devices/modem', { accountNumber, deviceId }),
        asCarlos('POST', '/v1/devices/wifi', { accountNumber, deviceId }),
        asCarlos('POST', '/v1/repairs/no-internet', { accountNumber }),
      ])
      expect(cards.status, accountNumber).toBe(200)
      expect(cards.body.data).toEqual({
        subscription: { ok: true, value: subscription.body.data },
        paymentDetails: { ok: true, value: details.body.data },
        credits: { ok: true, value: expect.any(Array) },
        outage: { ok: true, value: outage.body.data },
        modem: { ok: true, value: { ...modem.body.data, wifi: wifi.body.data } },
        noInternet: { ok: true, value: { offered: noInternet.body.data.offered, report: null } },
      })
    }
    // 001's area has the seeded outage; 002's has none.
    const first = await asCarlos('POST', '/v1/dashboard', { accountNumber: '1000000000001' })
    expect(first.body.data.outage.value).toMatchObject({ cause: DEMO_OUTAGE.cause })
    const second = await asCarlos('POST', '/v1/dashboard', { accountNumber: '1000000000002' })
    expect(second.body.data.outage.value).toBeNull()
    // 002's seeded referral reward waits for its next bill (docs/decisions/0076); 001 has no credit.
    expect(second.body.data.credits.value).toEqual([
      { kind: 'referral_reward', description: 'Referral reward', detail: null, pendingAmount: 500 },
    ])
    expect(first.body.data.credits.value).toEqual([])
  })

  it('answers each part on its own: an account with no records has each part refused as its own call would be', async () => {
    const token = await signAccessToken(t, {
      sub: 'nothing-on-record',
      accountNumber: ['1999999999999'],
      realm_access: { roles: ['base', 'customer'] },
    })
    const answer = await signedCall(t, 'POST', '/v1/dashboard', {
      body: { accountNumber: '1999999999999' },
      headers: { authorization: `Bearer ${token}` },
    })
    expect(answer.status).toBe(200)
    expect(answer.body.data).toEqual({
      subscription: { ok: false, error: expect.objectContaining({ code: 'no_subscription', status: 404 }) },
      paymentDetails: { ok: false, error: expect.objectContaining({ code: 'account_not_found', status: 404 }) },
      credits: { ok: true, value: [] },
      outage: { ok: true, value: null },
      modem: { ok: false, error: expect.objectContaining({ code: 'no_device', status: 404 }) },
      // No modem read: nothing to offer.
      noInternet: { ok: true, value: { offered: false, report: null } },
    })
  })

  it('refuses an account the token does not list as a whole (403), and a call without a token (401)', async () => {
    const other = await asCarlos('POST', '/v1/dashboard', { accountNumber: '1000000000003' })
    expect(other.status).toBe(403)
    expect(other.body.error.code).toBe('account_not_linked')
    const anonymous = await signedCall(t, 'POST', '/v1/dashboard', { body: { accountNumber: '1000000000001' } })
    expect(anonymous.status).toBe(401)
    const garbage = await asCarlos('POST', '/v1/dashboard', { accountNumber: 'x', extra: true })
    expect(garbage.status).toBe(422)
  })
})
