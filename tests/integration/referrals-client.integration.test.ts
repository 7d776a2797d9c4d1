/**
 * The portal's referral client (referralCalls) against the real referral calls on the seeded
 * demo data: every answer parses with the portal's Zod schemas through confirming, filing,
 * listing and resending, the public calls answer a visitor, and refusals arrive as the
 * statuses and words a page shows.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ReferralPayload, WinbackPayload } from '../../lib/referrals'
import { findUserRowByEmail } from '../../services/identity/users.ts'
import { latestMessagesFor } from '../../services/notifications/outbox.ts'
import { DEMO_INVITE_CODE } from '../../services/referrals/seed.ts'
import { signAccessToken, startTestGateway, type TestGateway } from '../../services/testing.ts'
import { testUpstreamClient } from '../support/upstream.ts'
import { isUpstreamError } from '../../app/upstream/errors'
import { referralCalls } from '../../app/upstream/referrals.server'

let t: TestGateway
let referrals: ReturnType<typeof referralCalls>
beforeAll(async () => {
  t = await startTestGateway({ seed: true })
  referrals = referralCalls(testUpstreamClient(t))
})
afterAll(() => t?.close())

async function tokenOf(email: string) {
  const user = (await findUserRowByEmail(t.database.db, email))!
  return signAccessToken(t, { sub: user.id, accountNumber: user.verifiedAccountNumbers })
}

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise
    return null
  } catch (error) {
    if (isUpstreamError(error)) return error
    throw error
  }
}

const ADDRESS = {
  region: 'National Capital Region (NCR)',
  regionId: '13',
  province: 'METRO MANILA',
  provinceId: '137',
  municipality: 'City of Makati',
  municipalityId: '13760',
  barangay: 'Bel-Air',
  barangayId: '13760003',
  subDivision: null,
  subDivisionId: null,
  building: 'Demo Makati Tower',
  buildingId: 'B-1',
  zipCode: '1209',
  latitude: 14.5547,
  longitude: 121.0244,
}

it('confirms LIZA with the code, files a referral for her account, lists it and resends it, every answer parsed', async () => {
  const accessToken = await tokenOf('customer2@example.com')
  const accountNumber = '1000000000003'
  const before = await referrals.overview(accountNumber, { accessToken })
  expect(before.eligibility).toMatchObject({ eligible: true, confirmed: false, code: null })
  expect(before.invite).toBeNull()

  const sent = await referrals.sendCode({ accountNumber, channel: 'email' }, { accessToken })
  expect(sent.code).toMatchObject({ channel: 'email', state: 'live', triesLeft: 5 })
  const wrong = await failureOf(
    referrals.verifyCode({ accountNumber, reference: sent.code!.reference, otp: '999999' }, { accessToken }),
  )
  const [message] = await latestMessagesFor(t.database.db, 'liza.santos@example.org', 1)
  const otp = /\b(\d{6})\b/.exec(message!.body!)![1]!
  if (otp !== '999999') {
    expect(wrong).toMatchObject({ kind: 'rejected', status: 422, fields: { otp: [expect.stringMatching(/4 tries/)] } })
  }
  expect(await referrals.verifyCode({ accountNumber, reference: sent.code!.reference, otp }, { accessToken })).toEqual({
    confirmed: true,
  })

  const payload: ReferralPayload = {
    referenceNum: 'CHK-CLIENT-1',
    referralType: 'MGM',
    referrerEmailID: null,
    serviceabilityStatus: 'Serviceable',
    referrerAccountNumber: accountNumber,
    referrerAccountType: null,
    firstName: 'NENA',
    lastName: 'GOMEZ',
    emailID: 'nena.gomez@example.net',
    mobileNumber: '9988776655',
    alternateMobileNumber: undefined,
    ...ADDRESS,
  }
  const filed = await referrals.submit(accountNumber, payload, { accessToken })
  expect(filed).toMatchObject({ status: true, referenceNum: 'CHK-CLIENT-1' })

  const after = await referrals.overview(accountNumber, { accessToken })
  expect(after.eligibility.confirmed).toBe(true)
  expect(after.invite?.code).toMatch(/^[A-Za-z0-9_-]{22}$/)
  expect(after.usedThisMonth).toBe(1)
  expect(after.referrals[0]).toMatchObject({
    id: filed.referralId,
    status: 'invited',
    referee: { firstName: 'NENA', maskedEmail: 'n********z@example.net' },
  })

  expect(await referrals.notify({ accountNumber, referralId: filed.referralId }, { accessToken })).toEqual({
    sent: true,
    refereeFirstName: 'NENA',
    resendsLeft: 2,
  })
  // The same friend again, by another account's holder: refused with the service's words.
  const carlos = await tokenOf('customer@example.com')
  const again = await failureOf(
    referrals.submit(
      '1000000000002',
      { ...payload, referenceNum: 'CHK-CLIENT-2', referrerAccountNumber: '1000000000002' },
      { accessToken: carlos },
    ),
  )
  expect(again).toMatchObject({ kind: 'rejected', status: 409 })
  expect(again!.serverMessage).toMatch(/already has a referral in progress/)
  // Another account's referral: 404, never the details.
  const foreign = await failureOf(
    referrals.notify({ accountNumber: '1000000000002', referralId: filed.referralId }, { accessToken: carlos }),
  )
  expect(foreign).toMatchObject({ kind: 'rejected', status: 404 })
})

it('tells TERESA why her suspended account may not refer', async () => {
  const accessToken = await tokenOf('customer5@example.com')
  const overview = await referrals.overview('1000000000004', { accessToken })
  expect(overview.eligibility).toMatchObject({
    eligible: false,
    reason: 'Account 1000000000004 is suspended. Only an account with an active subscription can refer friends.',
  })
})

it('answers a visitor: the invite by code (null when dead), the video, and a Win Back', async () => {
  expect(await referrals.invite(DEMO_INVITE_CODE)).toEqual({ referrerFirstName: 'CARLOS' })
  expect(await referrals.invite('AAAAAAAAAAAAAAAAAAAAAA')).toBeNull()
  expect(await referrals.video()).toMatchObject({ url: null, captionsUrl: null })

  const winback: WinbackPayload = {
    referenceNum: 'CHK-CLIENT-WB',
    serviceabilityStatus: 'Not Serviceable',
    formerAccountNumber: undefined,
    firstName: 'ROSA',
    lastName: 'DIAZ',
    emailID: 'rosa.diaz@example.net',
    mobileNumber: '9977665544',
    alternateMobileNumber: undefined,
    ...ADDRESS,
  }
  const filed = await referrals.winback(winback)
  expect(filed).toMatchObject({ status: true, referralId: expect.any(String) })
})
