/**
 * Status lookup, operator actions, compliance links and codes, and the OO/CVG email
 * verification through the real gateway (issue 10 parts 3 and 4; docs/decisions/0033).
 */
import crypto from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ApplicationPayload } from '../../lib/application.ts'
import { maskEmail } from '../../lib/masking.ts'
import { outbox } from '../notifications/tables.ts'
import { signedCall, startTestGateway, type TestGateway } from '../testing.ts'
import { applications } from './tables.ts'
import { TRACKING_LIMITS, TRACKING_MESSAGES } from './tracking.ts'
import { OPERATOR_CHANNEL } from './tracking-routes.ts'
import { complianceLinks, statusLookupAllowances } from './tracking-tables.ts'

const START = Date.parse('2026-11-23T08:00:00Z')
let nowMs = START

let t: TestGateway
beforeAll(async () => {
  t = await startTestGateway({ now: () => new Date(nowMs) })
})
afterAll(() => t?.close())
beforeEach(async () => {
  nowMs = START
  await t.database.db.delete(statusLookupAllowances)
})

function call(
  method: string,
  path: string,
  body?: unknown,
  options: { channel?: string; headers?: Record<string, string> } = {},
) {
  // Each call a moment later, so the newest email is the one the last call queued.
  nowMs += 10
  return signedCall(t, method, path, { body, nowMs, ...options })
}
const operator = (path: string, body: unknown) => call('POST', path, body, { channel: OPERATOR_CHANNEL })

let serial = 0
/** An application as the wizard's submission leaves it (status submitted). */
async function newApplication() {
  serial++
  const id = crypto.randomUUID()
  const referenceNo = `OO-261123-${String(serial).padStart(2, '0')}ABCD`
  const emailAddress = `liza.${id.slice(0, 8)}@example.net`
  await t.database.db.insert(applications).values({
    id,
    referenceNo,
    idempotencyKeyHash: crypto.randomBytes(16).toString('hex'),
    customerSegment: 'Residential',
    status: 'submitted',
    emailAddress,
    mobileNumber: '9171234567',
    slotId: '2026-11-24-AM',
    payload: { planName: 'Fiber Plan 1699' } as ApplicationPayload,
    createdAt: new Date(nowMs),
  })
  return { id, referenceNo, emailAddress }
}

async function newestMail(recipient: string) {
  const [mail] = await t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, recipient))
    .orderBy(desc(outbox.createdAt))
    .limit(1)
  return mail!
}
const linkToken = (body: string) => /\/compliance\/([A-Za-z0-9_-]{43})/.exec(body)![1]!
const codeOf = (body: string) => /is (\d{6})\./.exec(body)![1]!

describe('status lookup', () => {
  it('answers the status and timeline for the reference with the email or the mobile, in any form', async () => {
    const app = await newApplication()
    for (const identifier of [app.emailAddress.toUpperCase(), '0917 123 4567', '+639171234567']) {
      const answer = await call('POST', '/v1/applications/status', { referenceNo: app.referenceNo, identifier })
      expect(answer.status).toBe(200)
      expect(answer.body.data).toMatchObject({
        referenceNo: app.referenceNo,
        status: 'submitted',
        planName: 'Fiber Plan 1699',
        timeline: [{ status: 'submitted', reason: null }],
        rejections: [],
      })
      expect(JSON.stringify(answer.body)).not.toContain(app.emailAddress)
    }
  })

  it('answers one generic message for a wrong identifier and for an unknown reference', async () => {
    const app = await newApplication()
    const wrongPerson = await call('POST', '/v1/applications/status', {
      referenceNo: app.referenceNo,
      identifier: 'someone@example.net',
    })
    const noSuchRef = await call('POST', '/v1/applications/status', {
      referenceNo: 'OO-261123-ZZZZZZ',
      identifier: app.emailAddress,
    })
    for (const answer of [wrongPerson, noSuchRef]) {
      expect(answer.status).toBe(404)
      expect(answer.body.error).toMatchObject({ code: 'not_found', message: TRACKING_MESSAGES.notFound })
    }
  })

  it('refuses every lookup of a reference after too many failures, the right pair too, until the window passes', async () => {
    const app = await newApplication()
    for (let i = 0; i < TRACKING_LIMITS.lookupFailuresPerReference; i++) {
      const miss = await call('POST', '/v1/applications/status', {
        referenceNo: app.referenceNo,
        identifier: `guess${i}@example.net`,
      })
      expect(miss.status).toBe(404)
    }
    const right = await call('POST', '/v1/applications/status', {
      referenceNo: app.referenceNo,
      identifier: app.emailAddress,
    })
    expect(right.status).toBe(429)
    expect(right.body.error.message).toBe(TRACKING_MESSAGES.limited)
    nowMs += TRACKING_LIMITS.lookupWindowMinutes * 60_000 + 1000
    const later = await call('POST', '/v1/applications/status', {
      referenceNo: app.referenceNo,
      identifier: app.emailAddress,
    })
    expect(later.status).toBe(200)
  })

  it('lets no more guesses through than the limit when they come at once, and a match costs nothing', async () => {
    const app = await newApplication()
    // The right pair, many times: each gives its count back, so the applicant never limits themself.
    for (let i = 0; i < TRACKING_LIMITS.lookupFailuresPerReference + 2; i++) {
      const found = await call('POST', '/v1/applications/status', {
        referenceNo: app.referenceNo,
        identifier: app.emailAddress,
      })
      expect(found.status).toBe(200)
    }
    // Twenty wrong guesses at once (the counter used to be read and then written, so concurrent
    // guesses all read the same count and passed): exactly the limit's worth are answered.
    nowMs += 10
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signedCall(t, 'POST', '/v1/applications/status', {
          body: { referenceNo: app.referenceNo, identifier: `guess${i}@example.net` },
          nowMs,
        }),
      ),
    )
    const statuses = guesses.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 404)).toHaveLength(TRACKING_LIMITS.lookupFailuresPerReference)
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - TRACKING_LIMITS.lookupFailuresPerReference)
  })

  it('limits one identifier tried against many references, and keeps only digests of what was tried', async () => {
    const identifier = 'prober@example.net'
    for (let i = 0; i < TRACKING_LIMITS.lookupFailuresPerIdentifier; i++) {
      await call('POST', '/v1/applications/status', {
        referenceNo: `OO-261123-${String(i).padStart(6, '0')}`,
        identifier,
      })
    }
    const next = await call('POST', '/v1/applications/status', { referenceNo: 'OO-261123-QQQQQQ', identifier })
    expect(next.status).toBe(429)
    const keys = await t.database.db.select().from(statusLookupAllowances)
    expect(JSON.stringify(keys)).not.toContain('prober')
    expect(JSON.stringify(keys)).not.toContain('OO-261123')
  })

  it('limits one client address trying many pairs', async () => {
    const headers = { 'x-client-address': '203.0.113.7' }
    for (let i = 0; i < TRACKING_LIMITS.lookupFailuresPerAddress; i++) {
      await call(
        'POST',
        '/v1/applications/status',
        { referenceNo: `OO-261123-A${String(i).padStart(5, '0')}`, identifier: `p${i}@example.net` },
        { headers },
      )
    }
    const app = await newApplication()
    const right = await call(
      'POST',
      '/v1/applications/status',
      { referenceNo: app.referenceNo, identifier: app.emailAddress },
      { headers },
    )
    expect(right.status).toBe(429)
  })
})

describe('operator actions', () => {
  it('are refused on the portal channel', async () => {
    const app = await newApplication()
    const answer = await call('POST', `/v1/operator/applications/${app.id}/status`, { status: 'documents_in_review' })
    expect(answer.status).toBe(403)
  })

  it('advance the status along the allowed moves, shown in the timeline; a rejection needs and shows a reason', async () => {
    const app = await newApplication()
    expect((await operator(`/v1/operator/applications/${app.id}/status`, { status: 'installed' })).status).toBe(409)
    nowMs += 60_000
    expect(
      (await operator(`/v1/operator/applications/${app.id}/status`, { status: 'documents_in_review' })).status,
    ).toBe(200)
    expect((await operator(`/v1/operator/applications/${app.id}/status`, { status: 'rejected' })).status).toBe(422)
    nowMs += 60_000
    const rejected = await operator(`/v1/operator/applications/${app.id}/status`, {
      status: 'rejected',
      reason: 'The address is outside our network.',
    })
    expect(rejected.status).toBe(200)
    const view = await call('POST', '/v1/applications/status', {
      referenceNo: app.referenceNo,
      identifier: app.emailAddress,
    })
    expect(view.body.data.status).toBe('rejected')
    expect(view.body.data.timeline.map((e: { status: string }) => e.status)).toEqual([
      'submitted',
      'documents_in_review',
      'rejected',
    ])
    expect(view.body.data.timeline[2].reason).toBe('The address is outside our network.')
    expect((await operator(`/v1/operator/applications/${app.id}/status`, { status: 'approved' })).status).toBe(409)
  })

  it('reject documents: for compliance, the categories open with their reasons, and an email with a link', async () => {
    const app = await newApplication()
    const answer = await operator(`/v1/operator/applications/${app.id}/compliance`, {
      rejections: [
        { category: 'governmentIssued', reason: 'The ID is blurred.' },
        { category: 'proofOfBilling', reason: 'The bill is older than 3 months.' },
      ],
    })
    expect(answer.status).toBe(200)
    expect(answer.body.data.status).toBe('for_compliance')
    expect((await call('GET', `/v1/operator/applications/${app.id}/compliance`)).status).toBe(403)
    const open = await call('GET', `/v1/operator/applications/${app.id}/compliance`, undefined, {
      channel: OPERATOR_CHANNEL,
    })
    expect(open.body.data.openCategories).toEqual([
      { category: 'governmentIssued', reason: 'The ID is blurred.' },
      { category: 'proofOfBilling', reason: 'The bill is older than 3 months.' },
    ])
    const mail = await newestMail(app.emailAddress)
    expect(mail.body).toContain('The ID is blurred.')
    const token = linkToken(mail.body!)
    const [stored] = await t.database.db.select().from(complianceLinks).where(eq(complianceLinks.applicationId, app.id))
    expect(stored!.tokenHash).not.toBe(token)
    expect(JSON.stringify(stored)).not.toContain(token)

    // A category the files service does not take cannot be rejected: it could never be sent again.
    const unknown = await operator(`/v1/operator/applications/${app.id}/compliance`, {
      rejections: [{ category: 'proofofidentity', reason: 'Not readable.' }],
    })
    expect(unknown.status).toBe(422)
    expect(
      (await call('GET', `/v1/operator/applications/not-a-uuid/compliance`, undefined, { channel: OPERATOR_CHANNEL }))
        .status,
    ).toBe(404)
  })
})

async function forCompliance() {
  const app = await newApplication()
  await operator(`/v1/operator/applications/${app.id}/compliance`, {
    rejections: [{ category: 'proofOfIncome', reason: 'The payslip is not readable.' }],
  })
  return { ...app, token: linkToken((await newestMail(app.emailAddress)).body!) }
}

describe('compliance links and codes', () => {
  it('a code opens a session for that link only; the link is then spent', async () => {
    const app = await forCompliance()
    const sent = await call('POST', '/v1/compliance/otp', { token: app.token })
    expect(sent.status).toBe(200)
    // spec 9: the first and the last character of the local part show (lib/masking.ts).
    const local = app.emailAddress.slice(0, app.emailAddress.indexOf('@'))
    expect(sent.body.data.maskedEmail).toBe(`${local[0]}${'*'.repeat(local.length - 2)}${local.at(-1)}@example.net`)
    const code = codeOf((await newestMail(app.emailAddress)).body!)
    const verified = await call('POST', '/v1/compliance/otp/verify', { token: app.token, code })
    expect(verified.status).toBe(200)
    const { sessionToken } = verified.body.data
    const page = await call('POST', '/v1/compliance/session', { token: app.token, sessionToken })
    expect(page.body.data.openCategories).toEqual([
      { category: 'proofOfIncome', reason: 'The payslip is not readable.' },
    ])

    // Single use: the link sends no more codes, and takes no more codes.
    expect((await call('POST', '/v1/compliance/otp', { token: app.token })).status).toBe(404)
    expect((await call('POST', '/v1/compliance/otp/verify', { token: app.token, code })).status).toBe(404)
    // The session opens only its own link's page.
    const other = await forCompliance()
    expect((await call('POST', '/v1/compliance/session', { token: other.token, sessionToken })).status).toBe(404)
    // And only for a while.
    nowMs += TRACKING_LIMITS.sessionMinutes * 60_000 + 1000
    expect((await call('POST', '/v1/compliance/session', { token: app.token, sessionToken })).status).toBe(404)
  })

  it('a link expires after the configured hours', async () => {
    const app = await forCompliance()
    nowMs += 72 * 3_600_000 + 1000
    const answer = await call('POST', '/v1/compliance/otp', { token: app.token })
    expect(answer.status).toBe(404)
    expect(answer.body.error.message).toBe(TRACKING_MESSAGES.linkInvalid)
  })

  it('a code takes 5 tries, then it is dead even when right; a new code replaces it; at most 3 codes a link', async () => {
    const app = await forCompliance()
    await call('POST', '/v1/compliance/otp', { token: app.token })
    const code = codeOf((await newestMail(app.emailAddress)).body!)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let left = TRACKING_LIMITS.codeTries - 1; left >= 1; left--) {
      const answer = await call('POST', '/v1/compliance/otp/verify', { token: app.token, code: wrong })
      expect(answer.status).toBe(422)
      expect(answer.body.error.fields.code[0]).toContain(`${left} ${left === 1 ? 'try' : 'tries'} left`)
    }
    expect((await call('POST', '/v1/compliance/otp/verify', { token: app.token, code: wrong })).status).toBe(409)
    expect((await call('POST', '/v1/compliance/otp/verify', { token: app.token, code })).status).toBe(409)

    await call('POST', '/v1/compliance/otp', { token: app.token })
    const second = codeOf((await newestMail(app.emailAddress)).body!)
    await call('POST', '/v1/compliance/otp', { token: app.token })
    const third = codeOf((await newestMail(app.emailAddress)).body!)
    expect((await call('POST', '/v1/compliance/otp', { token: app.token })).status).toBe(429)
    if (second !== third)
      expect((await call('POST', '/v1/compliance/otp/verify', { token: app.token, code: second })).status).not.toBe(200)
    expect((await call('POST', '/v1/compliance/otp/verify', { token: app.token, code: third })).status).toBe(200)
  })

  it('a code expires after its minutes', async () => {
    const app = await forCompliance()
    await call('POST', '/v1/compliance/otp', { token: app.token })
    const code = codeOf((await newestMail(app.emailAddress)).body!)
    nowMs += TRACKING_LIMITS.codeMinutes * 60_000 + 1000
    expect((await call('POST', '/v1/compliance/otp/verify', { token: app.token, code })).status).toBe(409)
  })

  it('an applicant who proves the pair gets a new link, a few an hour, only when documents are needed', async () => {
    const plain = await newApplication()
    const pair = (a: { referenceNo: string; emailAddress: string }) => ({
      referenceNo: a.referenceNo,
      identifier: a.emailAddress,
    })
    expect((await call('POST', '/v1/applications/compliance-email', pair(plain))).status).toBe(409)
    const app = await forCompliance()
    expect(
      (await call('POST', '/v1/applications/compliance-email', { ...pair(app), identifier: 'x@example.net' })).status,
    ).toBe(404)
    for (let i = 1; i < TRACKING_LIMITS.resendsPerHour; i++) {
      expect((await call('POST', '/v1/applications/compliance-email', pair(app))).status).toBe(200)
    }
    expect((await call('POST', '/v1/applications/compliance-email', pair(app))).status).toBe(429)
    const fresh = linkToken((await newestMail(app.emailAddress)).body!)
    expect(fresh).not.toBe(app.token)
    expect((await call('POST', '/v1/compliance/otp', { token: fresh })).status).toBe(200)
  })
})

describe('application email verification (OO and CVG)', () => {
  it('each link verifies once, and only through its own service', async () => {
    const app = await newApplication()
    for (const kind of ['OO', 'CVG'] as const) {
      expect((await operator(`/v1/operator/applications/${app.id}/email-verification`, { kind })).status).toBe(200)
      const mail = await newestMail(app.emailAddress)
      const id = new RegExp(`/verifyEmail/(${kind}-[A-Za-z0-9_-]{43})`).exec(mail.body!)![1]!
      const token = id.slice(kind.length + 1)
      const otherKind = kind === 'OO' ? 'cvg' : 'oo'
      expect((await call('PATCH', `/v1/applications/verify-email/${otherKind}`, { token })).status).toBe(404)
      const done = await call('PATCH', `/v1/applications/verify-email/${kind.toLowerCase()}`, { token })
      expect(done.status).toBe(200)
      expect(done.body.data.referenceNo).toBe(app.referenceNo)
      expect((await call('PATCH', `/v1/applications/verify-email/${kind.toLowerCase()}`, { token })).status).toBe(404)
    }
  })

  it('a verified link records the address and the time on the application; the status says so, masked', async () => {
    const app = await newApplication()
    const pair = { referenceNo: app.referenceNo, identifier: app.emailAddress }
    expect((await call('POST', '/v1/applications/status', pair)).body.data.emailVerified).toBeNull()
    await operator(`/v1/operator/applications/${app.id}/email-verification`, { kind: 'OO' })
    const token = /\/verifyEmail\/OO-([A-Za-z0-9_-]{43})/.exec((await newestMail(app.emailAddress)).body!)![1]!
    // An unknown or expired link records nothing.
    expect((await call('PATCH', '/v1/applications/verify-email/oo', { token: 'x'.repeat(43) })).status).toBe(404)
    nowMs += TRACKING_LIMITS.verificationHours * 3_600_000 + 1
    expect((await call('PATCH', '/v1/applications/verify-email/oo', { token })).status).toBe(404)
    const [unverified] = await t.database.db.select().from(applications).where(eq(applications.id, app.id))
    expect(unverified!.emailVerifiedAt).toBeNull()

    await operator(`/v1/operator/applications/${app.id}/email-verification`, { kind: 'OO' })
    const fresh = /\/verifyEmail\/OO-([A-Za-z0-9_-]{43})/.exec((await newestMail(app.emailAddress)).body!)![1]!
    const at = nowMs + 10
    expect((await call('PATCH', '/v1/applications/verify-email/oo', { token: fresh })).status).toBe(200)
    const [row] = await t.database.db.select().from(applications).where(eq(applications.id, app.id))
    expect(row!.emailVerifiedAddress).toBe(app.emailAddress)
    expect(row!.emailVerifiedAt?.getTime()).toBe(at)
    const status = await call('POST', '/v1/applications/status', pair)
    expect(status.body.data.emailVerified).toEqual({
      address: maskEmail(app.emailAddress),
      at: new Date(at).toISOString(),
    })
  })
})
