/**
 * The one-time-code challenge itself (services/otp/challenge.ts; docs/decisions/0068), below
 * the three flows that use it: a code lives OTP_TTL_SECONDS, the fifth wrong code locks it, a
 * right code is spent once, sends are limited per target and per user, and one purpose can
 * neither see, spend nor count another's codes.
 */
import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServiceDeps } from '../context.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import { openTestDatabase, silentLogger } from '../testing.ts'
import { createCodeChallenges, codeRefusal, type CodeCheck } from './challenge.ts'
import { CODE_TEXT } from './code.ts'
import { oneTimeCodes, type ChallengePurpose } from './tables.ts'

let database: DatabaseHandle
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database?.close())

let nowMs = Date.parse('2025-06-02T01:00:00Z')
const now = () => new Date(nowMs)
const MINUTE = 60_000
const HOUR = 60 * MINUTE

function challengesFor(purpose: ChallengePurpose) {
  const deps: ServiceDeps = {
    db: database.db,
    logger: silentLogger,
    productName: 'Hibla',
    now,
    settings: {
      sessionSecret: 'challenge-test-secret-0123456789-abcdef',
      otp: { ttlSeconds: 600, maxAttempts: 5, sendsPerAccountPerHour: 3, sendsPerUserPerHour: 2 },
    },
  }
  return createCodeChallenges(deps, purpose)
}

const newUserId = () => crypto.randomUUID()
const otherThan = (code: string) => (code === '000000' ? '000001' : '000000')

async function issue(purpose: ChallengePurpose, userId = newUserId(), target = '1000000000003') {
  const challenges = challengesFor(purpose)
  const { challenge, code } = await database.db.transaction((tx) =>
    challenges.issue(tx, { userId, target, channel: 'email', maskedDestination: 'l*********s@example.org' }, now()),
  )
  return { challenges, challenge, code, userId, target }
}

function verify(
  challenges: ReturnType<typeof challengesFor>,
  scope: { userId: string; reference: string; target?: string },
  typed: string,
): Promise<CodeCheck> {
  return database.db.transaction((tx) => challenges.verify(tx, scope, typed, now()))
}

async function stored(id: string) {
  const [row] = await database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.id, id))
  return row!
}

describe('a code', () => {
  it('is kept only as a hash, verifies once, and is spent by consume', async () => {
    const { challenges, challenge, code, userId } = await issue('account-ownership')
    expect(code).toMatch(/^\d{6}$/)
    const row = await stored(challenge.id)
    expect(row).toMatchObject({ purpose: 'account-ownership', userId, failedAttempts: 0, consumedAt: null })
    expect(JSON.stringify(row)).not.toContain(code)
    expect(row.codeHash).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(600_000)

    const right = await verify(challenges, { userId, reference: challenge.reference }, code)
    expect(right.kind).toBe('right')
    // The right code alone spends nothing: the flow consumes it with what it does.
    expect((await stored(challenge.id)).consumedAt).toBeNull()
    expect(await database.db.transaction((tx) => challenges.consume(tx, challenge, now()))).toBe(true)
    expect((await stored(challenge.id)).consumedAt).toEqual(now())
    // Spent: not again, and the same code is answered as no code at all.
    expect(await database.db.transaction((tx) => challenges.consume(tx, challenge, now()))).toBe(false)
    expect(await verify(challenges, { userId, reference: challenge.reference }, code)).toEqual({ kind: 'no-code' })
    expect(await challenges.unspent(database.db, { userId })).toEqual([])
  })

  it('is answered for its own user and target only', async () => {
    const { challenges, challenge, code, userId } = await issue('referral-eligibility')
    expect(await verify(challenges, { userId: newUserId(), reference: challenge.reference }, code)).toEqual({
      kind: 'no-code',
    })
    expect(await verify(challenges, { userId, target: '1000000000004', reference: challenge.reference }, code)).toEqual(
      { kind: 'no-code' },
    )
    expect(
      (await verify(challenges, { userId, target: '1000000000003', reference: challenge.reference }, code)).kind,
    ).toBe('right')
  })

  it('expires after the TTL, and says so', async () => {
    const { challenges, challenge, code, userId } = await issue('contact-change')
    nowMs += 10 * MINUTE - 1000
    expect(challenges.stateOf(challenge, now())).toMatchObject({ state: 'live', triesLeft: 5 })
    nowMs += 1000
    expect(challenges.stateOf(challenge, now()).state).toBe('expired')
    expect(await verify(challenges, { userId, reference: challenge.reference }, code)).toEqual({ kind: 'expired' })
    expect((await stored(challenge.id)).failedAttempts).toBe(0)
  })

  it('locks at the fifth wrong code, and then refuses the right one too', async () => {
    nowMs += HOUR
    const { challenges, challenge, code, userId } = await issue('account-ownership')
    const scope = { userId, reference: challenge.reference }
    for (let left = 4; left >= 1; left--)
      expect(await verify(challenges, scope, otherThan(code))).toEqual({ kind: 'wrong', triesLeft: left })
    expect(await verify(challenges, scope, otherThan(code))).toEqual({ kind: 'locked' })
    expect(await verify(challenges, scope, code)).toEqual({ kind: 'locked' })
    const row = await stored(challenge.id)
    expect(row).toMatchObject({ failedAttempts: 5, lockedAt: now(), consumedAt: null })
    expect(challenges.stateOf(row, now())).toMatchObject({ state: 'locked', triesLeft: 0 })
  })

  it('stops working when voided (a newer code, a cancel)', async () => {
    const { challenges, challenge, code, userId } = await issue('contact-change')
    await challenges.voidUnspent(database.db, { userId, target: '1000000000004' }, now())
    expect((await stored(challenge.id)).voidedAt).toBeNull()
    await challenges.voidUnspent(database.db, { userId, target: challenge.target }, now())
    expect(await verify(challenges, { userId, reference: challenge.reference }, code)).toEqual({ kind: 'no-code' })
  })

  it('is refused in the same words in every flow', () => {
    const answer = (check: Parameters<typeof codeRefusal>[0]) => {
      const error = codeRefusal(check)
      return { status: error.httpStatus, code: error.code, message: error.message, fields: error.fields }
    }
    expect(answer({ kind: 'wrong', triesLeft: 1 })).toEqual({
      status: 422,
      code: 'otp_wrong',
      message: 'That code is not right. You have 1 try left.',
      fields: { otp: ['That code is not right. You have 1 try left.'] },
    })
    expect(answer({ kind: 'locked' })).toMatchObject({ code: 'otp_locked', message: CODE_TEXT.locked })
    expect(answer({ kind: 'expired' })).toMatchObject({ code: 'otp_expired', message: CODE_TEXT.expired })
    expect(answer({ kind: 'no-code' })).toMatchObject({ code: 'otp_no_code', message: CODE_TEXT.noCode })
  })
})

describe('purposes', () => {
  it("cannot see, verify or spend another purpose's code, even the right one", async () => {
    const { challenge, code, userId, target } = await issue('account-ownership')
    const referrals = challengesFor('referral-eligibility')
    expect(await referrals.unspent(database.db, { userId, target })).toEqual([])
    expect(await verify(referrals, { userId, reference: challenge.reference }, code)).toEqual({ kind: 'no-code' })
    expect(await database.db.transaction((tx) => referrals.consume(tx, challenge, now()))).toBe(false)
    expect(await referrals.unspent(database.db, { userId })).toEqual([])
    expect(await stored(challenge.id)).toMatchObject({ failedAttempts: 0, consumedAt: null, voidedAt: null })
    await referrals.voidUnspent(database.db, { userId }, now())
    expect((await stored(challenge.id)).voidedAt).toBeNull()
  })

  it("keys each purpose's hash apart: a row moved to another purpose does not take its code", async () => {
    const { challenge, code, userId } = await issue('account-ownership')
    await database.db.update(oneTimeCodes).set({ purpose: 'contact-change' }).where(eq(oneTimeCodes.id, challenge.id))
    const contact = challengesFor('contact-change')
    expect(await verify(contact, { userId, reference: challenge.reference }, code)).toEqual({
      kind: 'wrong',
      triesLeft: 4,
    })
  })
})

describe('send limits', () => {
  const refusals = {
    target: new ServiceError(429, 'too_many_requests', 'Too many for this target.'),
    user: new ServiceError(429, 'too_many_requests', 'Too many for this user.'),
  }
  async function send(purpose: ChallengePurpose, userId: string, target: string, userFirst = false) {
    const challenges = challengesFor(purpose)
    return database.db.transaction(async (tx) => {
      const order = userFirst
        ? ([
            { per: 'user', refusal: refusals.user },
            { per: 'target', refusal: refusals.target },
          ] as const)
        : ([
            { per: 'target', refusal: refusals.target },
            { per: 'user', refusal: refusals.user },
          ] as const)
      await challenges.requireSendAllowance(tx, { userId, target }, now(), order)
      await challenges.issue(tx, { userId, target, channel: 'mobile', maskedDestination: '*** *** 0103' }, now())
    })
  }

  it('counts sends per target and per user an hour, each purpose apart, and answers in the order given', async () => {
    nowMs += 2 * HOUR
    const target = '1000000000009'
    const [a, b, c, d] = [newUserId(), newUserId(), newUserId(), newUserId()]
    await send('account-ownership', a, target)
    await send('account-ownership', b, target)
    await send('account-ownership', c, target)
    // The target's fourth: its limit (3).
    await expect(send('account-ownership', d, target)).rejects.toBe(refusals.target)
    await send('account-ownership', a, '1000000000010')
    // The user's third, to a target with room: the user's limit (2).
    await expect(send('account-ownership', a, '1000000000011')).rejects.toBe(refusals.user)
    // Both used up: the first limit in the order given answers.
    await expect(send('account-ownership', a, target)).rejects.toBe(refusals.target)
    await expect(send('account-ownership', a, target, true)).rejects.toBe(refusals.user)
    // Another purpose counts its own sends only.
    await send('referral-eligibility', a, target)
    await send('referral-eligibility', d, target)
    // An hour later the sends are allowed again.
    nowMs += HOUR + 1000
    await send('account-ownership', d, target)
  })
})
