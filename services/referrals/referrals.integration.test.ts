/**
 * Referrals through the real gateway on the seeded database (issue 15; docs/decisions/0048;
 * docs/security.md, Referrals): who may refer (the token's accounts, an eligible account, a
 * confirmed holder), the one-time code (expiry, five wrong tries), filing with its rules (no
 * self-referral, one open referral per person, the monthly limit, also under concurrent
 * submits), another account's referral answering 404, expiry, the invite lookup, Win Back,
 * and the applications link: an invite in the draft, a matching referee, the reward credited
 * once however often the installed event arrives.
 */
import crypto from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApplicationPayload } from '../../lib/application.ts'
import { maskEmail } from '../../lib/masking.ts'
import { DEMO_PAYLOAD } from '../applications/seed.ts'
import { OPERATOR_CHANNEL } from '../applications/tracking-routes.ts'
import { applicationEvents } from '../applications/tracking-tables.ts'
import { issueBill } from '../billing/service.ts'
import { credits, payments } from '../billing/tables.ts'
import { settingsOf, type ServiceDeps } from '../context.ts'
import { users } from '../identity/tables.ts'
import { findUserRowByEmail } from '../identity/users.ts'
import { latestMessagesFor } from '../notifications/outbox.ts'
import { inbox } from '../notifications/tables.ts'
import {
  freeSlotId,
  signAccessToken,
  signedCall,
  silentLogger,
  startTestGateway,
  type TestGateway,
  uploadRequiredDocuments,
} from '../testing.ts'
import { onApplicationEvent } from './link.ts'
import { REFERRAL_MESSAGES } from './messages.ts'
import { DEMO_INVITE_CODE, DEMO_REFERRALS } from './seed.ts'
import { invites, referrals } from './tables.ts'

// The services' clock, only ever moving forward (each call a second later, so the newest
// email is the one the last call queued); signatures keep the wall clock.
let nowMs = Date.now()
const now = () => new Date(nowMs)
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const LIMIT = 3

let t: TestGateway
beforeAll(async () => {
  t = await startTestGateway({
    seed: true,
    now,
    signatureClock: () => new Date(),
    env: {
      REFERRAL_MONTHLY_LIMIT: String(LIMIT),
      OTP_SENDS_PER_ACCOUNT_PER_HOUR: '50',
      OTP_SENDS_PER_USER_PER_HOUR: '50',
    },
  })
})
afterAll(() => t?.close())

/** A signed call a second after the last one. */
function call(method: string, path: string, options: Parameters<typeof signedCall>[3] = {}) {
  nowMs += 1000
  return signedCall(t, method, path, options)
}

const ACCOUNTS = {
  carlos: '1000000000002',
  liza: '1000000000003',
  suspended: '1000000000004',
  andrea: '1000000000005',
  paolo: '1000000000006',
  elena: '1000000000007',
  ramon: '1000000000008',
  teresa: '1000000000009',
  danilo: '1000000000010',
} as const
const REGISTERED_EMAIL: Record<string, string> = {
  '1000000000003': 'liza.santos@example.org',
  '1000000000005': 'andrea.lim@example.org',
  '1000000000006': 'paolo.tan@example.org',
  '1000000000007': 'elena.cruz@example.org',
  '1000000000008': 'ramon.villanueva@example.org',
  '1000000000009': 'teresa.aquino@example.org',
  '1000000000010': 'danilo.ramos@example.org',
}

type Holder = {
  id: string
  email: string
  call: (method: string, path: string, body?: unknown) => ReturnType<typeof signedCall>
}

let serial = 0
const unique = () => `${++serial}${crypto.randomBytes(3).toString('hex')}`

/** A signed-in user holding these accounts (proven), with a bearer token listing them. */
async function holder(accountNumbers: string[]): Promise<Holder> {
  const email = `holder.${unique()}@example.net`
  const [row] = await t.database.db
    .insert(users)
    .values({
      email,
      firstName: 'MIGUEL',
      lastName: 'TORRES',
      mobileNumber: `93${String(serial).padStart(8, '0')}`,
      passwordHash: 'not-used',
      roles: ['base', 'customer'],
      emailVerified: true,
      accountNumbers,
      verifiedAccountNumbers: accountNumbers,
      createdAt: now(),
      updatedAt: now(),
    })
    .returning({ id: users.id })
  return { id: row!.id, email, call: await caller(row!.id, accountNumbers) }
}

async function caller(sub: string, accountNumbers: string[]) {
  const token = await signAccessToken(t, {
    sub,
    realm_access: { roles: ['base', 'customer'] },
    accountNumber: accountNumbers,
  })
  return (method: string, path: string, body?: unknown) =>
    call(method, path, { body, headers: { authorization: `Bearer ${token}` } })
}

/** The demo customer CARLOS, holder of 1000000000001 and -002 (confirmed for -002 by the seed). */
async function carlos(): Promise<Holder> {
  const row = (await findUserRowByEmail(t.database.db, 'customer@example.com'))!
  return { id: row.id, email: row.email, call: await caller(row.id, row.verifiedAccountNumbers) }
}

async function newestMessage(recipient: string) {
  const [message] = await latestMessagesFor(t.database.db, recipient, 1)
  return message ?? null
}

async function newestCode(recipient: string) {
  return /\b(\d{6})\b/.exec((await newestMessage(recipient))!.body!)![1]!
}

/** Confirms the holder for the account with the code the account's registered email receives. */
async function confirm(who: Holder, accountNumber: string) {
  const sent = await who.call('POST', '/v1/referrals/eligibility/send', { accountNumber, channel: 'email' })
  expect(sent.status, JSON.stringify(sent.body)).toBe(200)
  const otp = await newestCode(REGISTERED_EMAIL[accountNumber]!)
  const verified = await who.call('POST', '/v1/referrals/eligibility/verify', {
    accountNumber,
    reference: sent.body.data.code.reference,
    otp,
  })
  expect(verified.body).toEqual({ status: true, data: { confirmed: true } })
}

/** spec 3's referral payload for a new friend (another email and mobile each time). */
function friend(accountNumber: string, overrides: Record<string, unknown> = {}) {
  const id = unique()
  return {
    referenceNum: `CHK-${id}`,
    referralType: 'MGM',
    // Both forged: the service takes its own.
    referrerEmailID: 'someone.else@example.net',
    referrerAccountType: 'SME',
    serviceabilityStatus: 'Serviceable',
    referrerAccountNumber: accountNumber,
    firstName: 'Juan',
    lastName: 'Dela Cruz',
    emailID: `Friend.${id}@Example.net`,
    mobileNumber: `98${String(serial).padStart(8, '0')}`,
    alternateMobileNumber: '',
    region: 'National Capital Region (NCR)',
    regionId: '13',
    province: 'METRO MANILA',
    provinceId: '137',
    municipality: 'City of Makati',
    municipalityId: '13760',
    barangay: 'Bel-Air',
    barangayId: '13760003',
    subDivision: '',
    subDivisionId: '',
    building: 'Demo Makati Tower',
    buildingId: 'B-1',
    zipCode: '1209',
    latitude: '14.5547',
    longitude: 121.0244,
    ...overrides,
  }
}

const submit = (who: Holder, accountNumber: string, referral: unknown) =>
  who.call('POST', '/v1/referrals', { accountNumber, referral })
const summary = async (who: Holder, accountNumber: string) =>
  (await who.call('GET', `/v1/referrals?accountNumber=${accountNumber}`)).body.data

describe('who may refer', () => {
  it('needs a signed-in user, and refuses an account the token does not list (403) before reading it', async () => {
    expect((await call('GET', `/v1/referrals?accountNumber=${ACCOUNTS.andrea}`)).status).toBe(401)
    const other = await holder([ACCOUNTS.paolo])
    for (const [method, path, body] of [
      ['GET', `/v1/referrals?accountNumber=${ACCOUNTS.andrea}`, undefined],
      ['POST', '/v1/referrals', { accountNumber: ACCOUNTS.andrea, referral: friend(ACCOUNTS.andrea) }],
      ['POST', '/v1/referrals/eligibility/send', { accountNumber: ACCOUNTS.andrea, channel: 'email' }],
      ['POST', '/v1/referrals/notify', { accountNumber: ACCOUNTS.andrea, referralId: crypto.randomUUID() }],
    ] as const) {
      const refused = await other.call(method, path, body)
      expect(refused.status, path).toBe(403)
      expect(refused.body.error.code).toBe('account_not_linked')
    }
  })

  it('a suspended account may not refer, and says why in plain words', async () => {
    const teresa = await holder([ACCOUNTS.suspended])
    const reason = 'Account 1000000000004 is suspended. Only an account with an active subscription can refer friends.'
    expect(REFERRAL_MESSAGES.accountNotActive(ACCOUNTS.suspended, 'suspended')).toBe(reason)
    const view = await summary(teresa, ACCOUNTS.suspended)
    expect(view.eligibility).toMatchObject({ eligible: false, reason, confirmed: false, code: null })
    expect(view.invite).toBeNull()
    for (const [path, body] of [
      ['/v1/referrals', { accountNumber: ACCOUNTS.suspended, referral: friend(ACCOUNTS.suspended) }],
      ['/v1/referrals/eligibility/send', { accountNumber: ACCOUNTS.suspended, channel: 'email' }],
    ] as const) {
      const refused = await teresa.call('POST', path, body)
      expect(refused.status, path).toBe(403)
      expect(refused.body.error).toMatchObject({ code: 'not_eligible', message: reason })
    }
  })

  it('an eligible account needs its holder to confirm first (eligibility_unconfirmed), and shows no invite till then', async () => {
    const liza = await holder([ACCOUNTS.liza])
    const view = await summary(liza, ACCOUNTS.liza)
    expect(view.eligibility).toEqual({
      eligible: true,
      reason: null,
      confirmed: false,
      contacts: [
        { channel: 'email', masked: 'l*********s@example.org' },
        { channel: 'mobile', masked: '*** *** 0103' },
      ],
      code: null,
    })
    expect(view.invite).toBeNull()
    const refused = await submit(liza, ACCOUNTS.liza, friend(ACCOUNTS.liza))
    expect(refused.status).toBe(403)
    expect(refused.body.error).toMatchObject({
      code: 'eligibility_unconfirmed',
      message: REFERRAL_MESSAGES.eligibilityUnconfirmed,
    })
  })
})

describe('the one-time code', () => {
  it('goes to the registered contact, never in the answer; five wrong codes lock it, even against the right one', async () => {
    const danilo = await holder([ACCOUNTS.danilo])
    const sent = await danilo.call('POST', '/v1/referrals/eligibility/send', {
      accountNumber: ACCOUNTS.danilo,
      channel: 'email',
    })
    expect(sent.status).toBe(200)
    expect(sent.body.data.code).toMatchObject({
      channel: 'email',
      maskedDestination: maskEmail(REGISTERED_EMAIL[ACCOUNTS.danilo]!),
      state: 'live',
      triesLeft: 5,
    })
    const code = await newestCode(REGISTERED_EMAIL[ACCOUNTS.danilo]!)
    expect(JSON.stringify(sent.body)).not.toContain(code)
    const wrong = code === '000000' ? '000001' : '000000'
    const verify = (otp: string) =>
      danilo.call('POST', '/v1/referrals/eligibility/verify', {
        accountNumber: ACCOUNTS.danilo,
        reference: sent.body.data.code.reference,
        otp,
      })
    for (let left = 4; left >= 1; left--) {
      const refused = await verify(wrong)
      expect(refused.status).toBe(422)
      expect(refused.body.error.fields.otp).toEqual([REFERRAL_MESSAGES.wrongCode(left)])
    }
    expect((await verify(wrong)).body.error).toMatchObject({ code: 'otp_locked', message: REFERRAL_MESSAGES.locked })
    expect((await verify(code)).body.error.code).toBe('otp_locked')
    expect((await summary(danilo, ACCOUNTS.danilo)).eligibility).toMatchObject({
      confirmed: false,
      code: { state: 'locked', triesLeft: 0 },
    })
  })

  it('expires after 10 minutes; a new code confirms, the invite appears, and a code is not sent again', async () => {
    const danilo = await holder([ACCOUNTS.danilo])
    const send = () =>
      danilo.call('POST', '/v1/referrals/eligibility/send', { accountNumber: ACCOUNTS.danilo, channel: 'email' })
    const first = await send()
    const code = await newestCode(REGISTERED_EMAIL[ACCOUNTS.danilo]!)
    nowMs += 10 * MINUTE + 1000
    const late = await danilo.call('POST', '/v1/referrals/eligibility/verify', {
      accountNumber: ACCOUNTS.danilo,
      reference: first.body.data.code.reference,
      otp: code,
    })
    expect(late.status).toBe(422)
    expect(late.body.error).toMatchObject({ code: 'otp_expired', message: REFERRAL_MESSAGES.expired })

    await confirm(danilo, ACCOUNTS.danilo)
    const view = await summary(danilo, ACCOUNTS.danilo)
    expect(view.eligibility).toMatchObject({ eligible: true, confirmed: true, code: null })
    expect(view.invite.code).toMatch(/^[A-Za-z0-9_-]{22}$/)
    // The same invite on every read.
    expect((await summary(danilo, ACCOUNTS.danilo)).invite.code).toBe(view.invite.code)
    const again = await send()
    expect(again.status).toBe(409)
    expect(again.body.error.code).toBe('already_confirmed')
  })
})

describe('filing a referral', () => {
  it('invites the friend by email with the invite link; the referrer is who the token says; the same check again files nothing', async () => {
    const andrea = await holder([ACCOUNTS.andrea])
    await confirm(andrea, ACCOUNTS.andrea)
    const referral = friend(ACCOUNTS.andrea)
    const filed = await submit(andrea, ACCOUNTS.andrea, referral)
    expect(filed.status, JSON.stringify(filed.body)).toBe(201)
    expect(filed.body).toEqual({
      status: true,
      data: { status: true, referralId: expect.any(String), referenceNum: referral.referenceNum },
    })
    const friendEmail = (referral.emailID as string).toLowerCase()
    const invitation = await newestMessage(friendEmail)
    const { invite } = await summary(andrea, ACCOUNTS.andrea)
    expect(invitation!.subject).toBe('Miguel invites you to Hibla Fibre')
    expect(invitation!.body).toContain(`http://localhost:3000/referral?invite=${invite.code}`)
    expect(invitation!.body).toContain('Hello Juan,')

    const [row] = await t.database.db.select().from(referrals).where(eq(referrals.id, filed.body.data.referralId))
    expect(row).toMatchObject({
      status: 'invited',
      referrerEmail: andrea.email,
      referrerAccountType: 'fibre',
      email: friendEmail,
      latitude: 14.5547,
    })

    const again = await submit(andrea, ACCOUNTS.andrea, referral)
    expect(again.status).toBe(200)
    expect(again.body.data.referralId).toBe(filed.body.data.referralId)
    expect(await latestMessagesFor(t.database.db, friendEmail)).toHaveLength(1)

    const listed = await summary(andrea, ACCOUNTS.andrea)
    expect(listed.referrals[0]).toMatchObject({
      id: filed.body.data.referralId,
      type: 'MGM',
      status: 'invited',
      serviceabilityStatus: 'Serviceable',
      referee: { firstName: 'JUAN', maskedEmail: maskEmail(friendEmail) },
      rewardPesos: null,
      timeline: [{ status: 'invited' }],
    })
    expect(listed.usedThisMonth).toBe(1)
    expect(listed.programme).toMatchObject({ rewardPesos: 500, monthlyLimit: LIMIT, expiryDays: 60 })
    expect(listed.programme.terms.length).toBeGreaterThan(3)
  })

  it('a friend fibre does not reach yet is recorded as not serviceable, with no invitation', async () => {
    const andrea = await holder([ACCOUNTS.andrea])
    await confirm(andrea, ACCOUNTS.andrea)
    const referral = friend(ACCOUNTS.andrea, { serviceabilityStatus: 'Not Serviceable' })
    const filed = await submit(andrea, ACCOUNTS.andrea, referral)
    expect(filed.status).toBe(201)
    const listed = (await summary(andrea, ACCOUNTS.andrea)).referrals
    expect(listed.find((r: { id: string }) => r.id === filed.body.data.referralId).status).toBe('not_serviceable')
    expect(await newestMessage((referral.emailID as string).toLowerCase())).toBeNull()
  })

  it('refuses a self-referral: the account’s or the user’s own email or mobile, or the account’s own address', async () => {
    const andrea = await holder([ACCOUNTS.andrea])
    await confirm(andrea, ACCOUNTS.andrea)
    const me = (await t.database.db.select().from(users).where(eq(users.id, andrea.id)))[0]!
    for (const overrides of [
      { emailID: 'Andrea.Lim@example.org' },
      { emailID: andrea.email.toUpperCase() },
      { mobileNumber: '+63 917 000 0106' },
      { alternateMobileNumber: me.mobileNumber },
      // 21 Katipunan Avenue, Barangay Loyola Heights, Quezon City
      { barangay: 'Loyola Heights', building: 'Katipunan Avenue' },
    ]) {
      const refused = await submit(andrea, ACCOUNTS.andrea, friend(ACCOUNTS.andrea, overrides))
      expect(refused.status, JSON.stringify(overrides)).toBe(409)
      expect(refused.body.error).toMatchObject({ code: 'self_referral', message: REFERRAL_MESSAGES.selfReferral })
    }
  })

  it(`refuses referral ${LIMIT + 1} of the calendar month (429), and a new month starts again`, async () => {
    const paolo = await holder([ACCOUNTS.paolo])
    await confirm(paolo, ACCOUNTS.paolo)
    for (let n = 0; n < LIMIT; n++)
      expect((await submit(paolo, ACCOUNTS.paolo, friend(ACCOUNTS.paolo))).status).toBe(201)
    const refused = await submit(paolo, ACCOUNTS.paolo, friend(ACCOUNTS.paolo))
    expect(refused.status).toBe(429)
    expect(refused.body.error).toMatchObject({ code: 'monthly_limit', message: REFERRAL_MESSAGES.monthlyLimit(LIMIT) })
    expect((await summary(paolo, ACCOUNTS.paolo)).usedThisMonth).toBe(LIMIT)
    nowMs += 32 * DAY
    expect((await summary(paolo, ACCOUNTS.paolo)).usedThisMonth).toBe(0)
    expect((await submit(paolo, ACCOUNTS.paolo, friend(ACCOUNTS.paolo))).status).toBe(201)
  })

  it('concurrent submits cannot pass the monthly limit', async () => {
    const elena = await holder([ACCOUNTS.elena])
    await confirm(elena, ACCOUNTS.elena)
    const answers = await Promise.all(
      Array.from({ length: LIMIT + 3 }, () => submit(elena, ACCOUNTS.elena, friend(ACCOUNTS.elena))),
    )
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([...Array(LIMIT).fill(201), ...Array(3).fill(429)])
    const rows = await t.database.db.select().from(referrals).where(eq(referrals.referrerAccountNumber, ACCOUNTS.elena))
    expect(rows).toHaveLength(LIMIT)
  })

  it('one open referral per person, whoever refers them (by email or mobile), and concurrent referrals of one person file one', async () => {
    const ramon = await holder([ACCOUNTS.ramon])
    const teresa = await holder([ACCOUNTS.teresa])
    await confirm(ramon, ACCOUNTS.ramon)
    await confirm(teresa, ACCOUNTS.teresa)
    const person = friend(ACCOUNTS.ramon)
    expect((await submit(ramon, ACCOUNTS.ramon, person)).status).toBe(201)
    for (const same of [{ emailID: person.emailID }, { mobileNumber: person.mobileNumber }]) {
      const refused = await submit(teresa, ACCOUNTS.teresa, friend(ACCOUNTS.teresa, same))
      expect(refused.status, JSON.stringify(same)).toBe(409)
      expect(refused.body.error).toMatchObject({ code: 'already_referred', message: REFERRAL_MESSAGES.alreadyReferred })
    }

    const another = friend(ACCOUNTS.ramon)
    const both = await Promise.all([
      submit(ramon, ACCOUNTS.ramon, another),
      submit(teresa, ACCOUNTS.teresa, { ...friend(ACCOUNTS.teresa), emailID: another.emailID }),
    ])
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 409])
  })

  it('an invitation with no application after 60 days reads as expired, and the friend may be referred again', async () => {
    const teresa = await holder([ACCOUNTS.teresa])
    await confirm(teresa, ACCOUNTS.teresa)
    const person = friend(ACCOUNTS.teresa)
    const filed = await submit(teresa, ACCOUNTS.teresa, person)
    const mine = async () =>
      (await summary(teresa, ACCOUNTS.teresa)).referrals.find(
        (r: { id: string }) => r.id === filed.body.data.referralId,
      )
    const createdAt = Date.parse((await mine()).createdAt)
    nowMs = createdAt + 60 * DAY - 10 * MINUTE
    expect((await mine()).status).toBe('invited')
    nowMs += 20 * MINUTE
    const listed = await mine()
    expect(listed.status).toBe('expired')
    expect(listed.timeline.map((entry: { status: string }) => entry.status)).toEqual(['invited', 'expired'])
    expect(Date.parse(listed.timeline[1].at)).toBe(createdAt + 60 * DAY)
    const [row] = await t.database.db.select().from(referrals).where(eq(referrals.id, filed.body.data.referralId))
    expect(row!.status).toBe('expired')
    expect(
      (await submit(teresa, ACCOUNTS.teresa, { ...friend(ACCOUNTS.teresa), emailID: person.emailID })).status,
    ).toBe(201)
  })

  it('validates the payload with spec 3’s field names', async () => {
    const andrea = await holder([ACCOUNTS.andrea])
    const refused = await submit(andrea, ACCOUNTS.andrea, friend(ACCOUNTS.andrea, { emailID: 'nope', barangayId: '' }))
    expect(refused.status).toBe(422)
    expect(Object.keys(refused.body.error.fields).sort()).toEqual(['referral.barangayId', 'referral.emailID'])
    const mismatch = await submit(andrea, ACCOUNTS.andrea, friend(ACCOUNTS.paolo))
    expect(mismatch.status).toBe(422)
    expect(mismatch.body.error.fields.referrerAccountNumber).toEqual([REFERRAL_MESSAGES.referrerAccountMismatch])
  })
})

describe('resending an invitation', () => {
  it("another account's referral id answers 404 and is absent from its list; the owner may resend 3 times", async () => {
    const ramon = await holder([ACCOUNTS.ramon])
    const danilo = await holder([ACCOUNTS.danilo])
    await confirm(ramon, ACCOUNTS.ramon)
    const person = friend(ACCOUNTS.ramon)
    const { referralId } = (await submit(ramon, ACCOUNTS.ramon, person)).body.data

    const foreign = await danilo.call('POST', '/v1/referrals/notify', { accountNumber: ACCOUNTS.danilo, referralId })
    expect(foreign.status).toBe(404)
    expect(foreign.body.error).toMatchObject({ code: 'not_found', message: REFERRAL_MESSAGES.notFound })
    expect(JSON.stringify(foreign.body)).not.toContain('JUAN')
    const listed = (await summary(danilo, ACCOUNTS.danilo)).referrals.map((r: { id: string }) => r.id)
    expect(listed).not.toContain(referralId)
    for (const id of ['not-a-uuid', crypto.randomUUID()]) {
      const unknown = await ramon.call('POST', '/v1/referrals/notify', {
        accountNumber: ACCOUNTS.ramon,
        referralId: id,
      })
      expect(unknown.status).toBe(404)
    }

    for (let left = 2; left >= 0; left--) {
      const resent = await ramon.call('POST', '/v1/referrals/notify', { accountNumber: ACCOUNTS.ramon, referralId })
      expect(resent.body).toEqual({ status: true, data: { sent: true, refereeFirstName: 'JUAN', resendsLeft: left } })
    }
    expect(await latestMessagesFor(t.database.db, (person.emailID as string).toLowerCase())).toHaveLength(4)
    const tooMany = await ramon.call('POST', '/v1/referrals/notify', { accountNumber: ACCOUNTS.ramon, referralId })
    expect(tooMany.status).toBe(429)
    expect(tooMany.body.error.code).toBe('too_many_resends')
  })
})

describe('the demo data', () => {
  it('CARLOS is confirmed for 1000000000002, has its invite code and three older referrals outside this month', async () => {
    const view = await summary(await carlos(), ACCOUNTS.carlos)
    expect(view.eligibility).toMatchObject({ eligible: true, confirmed: true })
    expect(view.invite).toEqual({ code: DEMO_INVITE_CODE })
    const demo = view.referrals.filter((r: { referenceNum: string }) => r.referenceNum.startsWith('DEMO-'))
    expect(demo.map((r: { status: string }) => r.status)).toEqual(['expired', 'applied', 'rewarded'])
    expect(demo.map((r: { referee: { firstName: string } }) => r.referee.firstName)).toEqual(
      [...DEMO_REFERRALS].reverse().map((r) => r.firstName),
    )
    expect(demo[2]).toMatchObject({ rewardPesos: 500, rewardCredit: { pendingPesos: 500, appliedTo: [] } })
    expect(demo[2].timeline.map((e: { status: string }) => e.status)).toEqual([
      'invited',
      'applied',
      'installed',
      'rewarded',
    ])
  })
})

describe('the invite lookup (public)', () => {
  it("answers the referrer's first name for a live code of an eligible account, and 404 otherwise", async () => {
    const found = await call('GET', `/v1/referrals/invite?code=${DEMO_INVITE_CODE}`)
    expect(found.body).toEqual({ status: true, data: { referrerFirstName: 'CARLOS' } })
    await t.database.db.insert(invites).values({
      accountNumber: ACCOUNTS.suspended,
      code: 'SuspendedAccountInvite',
      referrerFirstName: 'MARK',
      createdAt: now(),
    })
    for (const code of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', 'SuspendedAccountInvite']) {
      const missing = await call('GET', `/v1/referrals/invite?code=${code}`)
      expect(missing.status, code).toBe(404)
      expect(missing.body.error).toMatchObject({ code: 'invite_not_found', message: REFERRAL_MESSAGES.inviteNotFound })
    }
  })

  it('serves the video setting: none configured by default', async () => {
    const video = await call('GET', '/v1/referrals/video')
    expect(video.body.data).toEqual({
      title: 'How referring a friend to Hibla works',
      url: null,
      captionsUrl: null,
    })
  })
})

describe('Win Back (public)', () => {
  it('files a former subscriber’s request, confirms it by email, answers the same check again, and keeps one open referral per person', async () => {
    const id = unique()
    const { referenceNum, ...rest } = friend(ACCOUNTS.andrea)
    const winback = {
      referenceNum,
      serviceabilityStatus: rest.serviceabilityStatus,
      formerAccountNumber: '1000000000999',
      firstName: 'Rosario',
      lastName: 'Diaz',
      emailID: `rosario.${id}@example.net`,
      mobileNumber: rest.mobileNumber,
      region: rest.region,
      regionId: rest.regionId,
      province: rest.province,
      provinceId: rest.provinceId,
      municipality: rest.municipality,
      municipalityId: rest.municipalityId,
      barangay: rest.barangay,
      barangayId: rest.barangayId,
      building: rest.building,
      buildingId: rest.buildingId,
      zipCode: rest.zipCode,
      latitude: rest.latitude,
      longitude: rest.longitude,
    }
    const filed = await call('POST', '/v1/referrals/winback', { body: winback })
    expect(filed.status, JSON.stringify(filed.body)).toBe(201)
    expect(filed.body).toEqual({ status: true, data: { status: true, referralId: expect.any(String) } })
    const [row] = await t.database.db.select().from(referrals).where(eq(referrals.id, filed.body.data.referralId))
    expect(row).toMatchObject({
      type: 'WINBACK',
      status: 'invited',
      referrerAccountNumber: null,
      formerAccountNumber: '1000000000999',
    })
    expect((await newestMessage(winback.emailID))!.subject).toBe('Welcome back to Hibla')

    const again = await call('POST', '/v1/referrals/winback', { body: winback })
    expect(again.status).toBe(200)
    expect(again.body.data.referralId).toBe(filed.body.data.referralId)
    const other = await call('POST', '/v1/referrals/winback', {
      body: { ...winback, referenceNum: `CHK-${unique()}` },
    })
    expect(other.status).toBe(409)
    expect(other.body.error.code).toBe('already_referred')

    const andrea = await holder([ACCOUNTS.andrea])
    await confirm(andrea, ACCOUNTS.andrea)
    const referred = await submit(andrea, ACCOUNTS.andrea, friend(ACCOUNTS.andrea, { emailID: winback.emailID }))
    expect(referred.status).toBe(409)
  })
})

// --- the applications link ---------------------------------------------------------------

const servicesDeps = (): ServiceDeps => ({
  db: t.database.db,
  logger: silentLogger,
  productName: t.config.PRODUCT_NAME,
  now,
  storage: t.storage,
})

/** Files an application as the wizard does; with sections, through a draft holding them. */
async function apply(overrides: Partial<ApplicationPayload>, sections?: Record<string, unknown>) {
  const headers: Record<string, string> = { 'idempotency-key': crypto.randomBytes(32).toString('base64url') }
  if (sections) {
    const made = await call('POST', '/v1/drafts', { body: { sections } })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    headers['x-draft-id'] = made.body.data.draftId
    await uploadRequiredDocuments(servicesDeps(), made.body.data.draftId)
  }
  const payload = { ...DEMO_PAYLOAD, appointment: { slotId: await freeSlotId(t) }, ...overrides }
  const submitted = await call('POST', '/v3/applicant-details', { body: payload, headers })
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(201)
  return submitted.body.data as { applicationId: string; referenceNo: string }
}

const operator = (applicationId: string, status: string, reason?: string) =>
  call('POST', `/v1/operator/applications/${applicationId}/status`, {
    body: { status, reason },
    channel: OPERATOR_CHANNEL,
  })

describe('the applications link', () => {
  it('an invite in the draft makes the referral at submission; installed credits the reward once, however often it arrives', async () => {
    const me = await carlos()
    const email = `invited.${unique()}@example.net`
    const application = await apply(
      { emailAddress: email, mobileNumber: `96${String(serial).padStart(8, '0')}` },
      { referral: { kind: 'INVITE', inviteCode: DEMO_INVITE_CODE, referrerFirstName: 'CARLOS' } },
    )
    const find = async () =>
      (await summary(me, ACCOUNTS.carlos)).referrals.find(
        (r: { referenceNum: string }) => r.referenceNum === application.referenceNo,
      )
    expect(await find()).toMatchObject({ type: 'MGM', status: 'applied', referee: { firstName: 'DEMO' } })

    const paymentsBefore = (
      await t.database.db.select().from(payments).where(eq(payments.accountNumber, ACCOUNTS.carlos))
    ).length
    for (const status of ['documents_in_review', 'approved', 'installation_scheduled', 'installed']) {
      expect((await operator(application.applicationId, status)).status, status).toBe(200)
    }
    const rewarded = await find()
    expect(rewarded).toMatchObject({ status: 'rewarded', rewardPesos: 500 })
    expect(rewarded.timeline.map((e: { status: string }) => e.status)).toEqual(['applied', 'installed', 'rewarded'])

    const counts = async () => {
      const credited = await t.database.db
        .select()
        .from(credits)
        .where(eq(credits.sourceKey, `referral-reward:${rewarded.id}`))
      const posted = await t.database.db.select().from(payments).where(eq(payments.accountNumber, ACCOUNTS.carlos))
      const told = await t.database.db
        .select()
        .from(inbox)
        .where(and(eq(inbox.userId, me.id), eq(inbox.title, 'Your referral reward is credited')))
      const paymentNotices = await t.database.db
        .select()
        .from(inbox)
        .where(and(eq(inbox.userId, me.id), eq(inbox.kind, 'payment_posted')))
      return { credits: credited, payments: posted.length, told, paymentNotices: paymentNotices.length }
    }
    const once = await counts()
    // A credit on the next bill (docs/decisions/0076), not a payment.
    expect(once.credits).toMatchObject([
      {
        accountNumber: ACCOUNTS.carlos,
        kind: 'referral_reward',
        amountCentavos: 50_000,
        remainingCentavos: 50_000,
        description: 'Referral reward',
      },
    ])
    expect(once.payments).toBe(paymentsBefore)
    expect(rewarded.rewardCredit).toEqual({ pendingPesos: 500, appliedTo: [] })
    expect(once.told).toHaveLength(1)
    expect(once.told[0]!.body).toContain('₱500.00 comes off the next bill of account 1000000000002')

    // The installed event delivered again, and another installed event: nothing changes.
    const [installed] = await t.database.db
      .select()
      .from(applicationEvents)
      .where(
        and(eq(applicationEvents.applicationId, application.applicationId), eq(applicationEvents.status, 'installed')),
      )
    const settings = settingsOf(servicesDeps()).referrals
    for (const eventId of [installed!.id, installed!.id, crypto.randomUUID()]) {
      await t.database.db.transaction((tx) =>
        onApplicationEvent(
          tx,
          { applicationId: application.applicationId, eventId, status: 'installed', now: now() },
          settings,
        ),
      )
    }
    const twice = await counts()
    expect(twice.credits).toHaveLength(1)
    expect(twice.payments).toBe(paymentsBefore)
    expect(twice.told).toHaveLength(1)
    expect(twice.paymentNotices).toBe(once.paymentNotices)
    expect((await find()).timeline).toHaveLength(3)

    // The account's next bill takes the credit off; the referral says which bill (docs/decisions/0076).
    await t.database.db.transaction((tx) =>
      issueBill(
        tx,
        {
          accountNumber: ACCOUNTS.carlos,
          month: '2099-01',
          periodStart: '2098-12-05',
          periodEnd: '2099-01-04',
          issuedOn: '2099-01-05',
          dueOn: '2099-01-20',
          lines: [{ description: 'Fiber Plan 1699 monthly service fee', amountCentavos: 169_900 }],
        },
        now(),
        { takeCredits: true },
      ),
    )
    expect((await find()).rewardCredit).toEqual({
      pendingPesos: 0,
      appliedTo: [{ month: '2099-01', amountPesos: 500 }],
    })
  })

  it('an invited friend who applies with the same email moves the referral to applied; a rejection declines it', async () => {
    const danilo = await holder([ACCOUNTS.danilo])
    await confirm(danilo, ACCOUNTS.danilo)
    const person = friend(ACCOUNTS.danilo)
    const { referralId } = (await submit(danilo, ACCOUNTS.danilo, person)).body.data
    const application = await apply({ emailAddress: (person.emailID as string).toUpperCase() })
    const [row] = await t.database.db.select().from(referrals).where(eq(referrals.id, referralId))
    expect(row).toMatchObject({ status: 'applied', applicationId: application.applicationId })

    expect((await operator(application.applicationId, 'rejected', 'Incomplete documents')).status).toBe(200)
    const listed = (await summary(danilo, ACCOUNTS.danilo)).referrals.find((r: { id: string }) => r.id === referralId)
    expect(listed).toMatchObject({ status: 'declined', rewardPesos: null })
    expect(listed.timeline.map((e: { status: string }) => e.status)).toEqual(['invited', 'applied', 'declined'])
  })

  it("an invite is ignored for the referrer's own application, and without a draft nothing is linked", async () => {
    const me = await carlos()
    const before = (await summary(me, ACCOUNTS.carlos)).referrals.length
    await apply(
      { emailAddress: 'carlos.reyes@example.org' },
      { referral: { kind: 'INVITE', inviteCode: DEMO_INVITE_CODE, referrerFirstName: 'CARLOS' } },
    )
    await apply({ emailAddress: `stranger.${unique()}@example.net`, mobileNumber: '9551234567' })
    expect((await summary(me, ACCOUNTS.carlos)).referrals).toHaveLength(before)
  })
})
