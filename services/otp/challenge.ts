/**
 * The one-time-code challenge (docs/decisions/0068; docs/security.md, One-time codes): the
 * only copy, owned by the otp service with its table (`otp.one_time_codes`), and used by every
 * flow that proves something with a code sent to an address: the ownership proof
 * (./service.ts), a referrer's eligibility (services/referrals) and a change of email or mobile
 * (services/identity/contact-change.ts). Each flow is a purpose; a purpose sees only its own
 * codes, and its codes' HMACs are keyed with its own label, so no flow can spend another's.
 *
 * - issue: a new code (./code.ts: 6 digits, kept only as an HMAC), living OTP_TTL_SECONDS.
 * - limits: at most OTP_SENDS_PER_ACCOUNT_PER_HOUR per target (the account, or the new
 *   address) and OTP_SENDS_PER_USER_PER_HOUR per user, per purpose, counted from this table
 *   (Postgres, never process memory) under advisory locks, so concurrent sends cannot both
 *   take the last one.
 * - verify: the typed code against the live challenge the reference names, in the caller's
 *   transaction (the row locked): the fifth wrong code locks it, an expired one is refused.
 * - consume: the right code spent, once; voidUnspent: codes replaced or cancelled.
 * The flows keep what is theirs: what a code is for, whom to send it to and the message.
 */
import crypto from 'node:crypto'
import { and, count, desc, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm'
import { sessionSecretRing, settingsOf, type ServiceDeps } from '../context.ts'
import type { Executor } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import { CODE_TEXT, codeHasher, judgeCode, newCode } from './code.ts'
import { oneTimeCodes, type ChallengePurpose } from './tables.ts'

export type Challenge = typeof oneTimeCodes.$inferSelect
export type CodeChannel = Challenge['channel']

/**
 * Each purpose's HMAC label: the one its flow used before the three tables became one
 * (migration 0031 kept the ids), so a code sent before the move still verifies after it.
 */
const HASH_LABEL: Record<ChallengePurpose, string> = {
  'account-ownership': 'otp',
  'referral-eligibility': 'referral-eligibility',
  'contact-change': 'contact',
}

const HOUR_MS = 60 * 60_000

/** Which of a purpose's codes a call means: always one user's, narrowed by what the flow knows. */
export type ChallengeScope = {
  userId: string
  target?: string
  channel?: CodeChannel
  reference?: string
  /** All but this one (a change applied voids the others of its kind). */
  exceptId?: string
}

/** One of the two send limits and the refusal its flow answers with; checked in the order given. */
export type SendLimit = { per: 'target' | 'user'; refusal: ServiceError }

/** A send limit refused with its own words (429), shown on the form's `field`. */
export function sendLimit(per: SendLimit['per'], message: string, field: string): SendLimit {
  return { per, refusal: new ServiceError(429, 'too_many_requests', message, { [field]: [message] }) }
}

/** A typed code against its challenge: right (the row locked, not yet consumed) or why not. */
export type CodeCheck =
  | { kind: 'right'; challenge: Challenge }
  | { kind: 'wrong'; triesLeft: number }
  | { kind: 'locked' }
  | { kind: 'expired' }
  | { kind: 'no-code' }

/** What a user may see of a code: never the code, nor the full address. */
export type ChallengeState = {
  channel: CodeChannel
  maskedDestination: string
  reference: string
  expiresAt: string
  state: 'live' | 'expired' | 'locked'
  triesLeft: number
}

/** The answer to a refused code (422, the field `otp`), in the same words for every flow. */
export function codeRefusal(check: Exclude<CodeCheck, { kind: 'right' }>): ServiceError {
  const refuse = (code: string, message: string) => new ServiceError(422, code, message, { otp: [message] })
  switch (check.kind) {
    case 'wrong':
      return refuse('otp_wrong', CODE_TEXT.wrongCode(check.triesLeft))
    case 'locked':
      return refuse('otp_locked', CODE_TEXT.locked)
    case 'expired':
      return refuse('otp_expired', CODE_TEXT.expired)
    case 'no-code':
      return refuse('otp_no_code', CODE_TEXT.noCode)
  }
}

export function createCodeChallenges(deps: ServiceDeps, purpose: ChallengePurpose) {
  const settings = settingsOf(deps)
  const limits = settings.otp
  const codes = codeHasher(sessionSecretRing(settings), HASH_LABEL[purpose])

  /** The purpose's challenges in scope that are neither voided nor consumed (expired and locked ones included). */
  function whereUnspent(scope: ChallengeScope): SQL {
    const conditions = [
      eq(oneTimeCodes.purpose, purpose),
      eq(oneTimeCodes.userId, scope.userId),
      isNull(oneTimeCodes.voidedAt),
      isNull(oneTimeCodes.consumedAt),
    ]
    if (scope.target !== undefined) conditions.push(eq(oneTimeCodes.target, scope.target))
    if (scope.channel !== undefined) conditions.push(eq(oneTimeCodes.channel, scope.channel))
    if (scope.reference !== undefined) conditions.push(eq(oneTimeCodes.reference, scope.reference))
    if (scope.exceptId !== undefined) conditions.push(ne(oneTimeCodes.id, scope.exceptId))
    return and(...conditions)!
  }

  return {
    purpose,

    /** The unspent challenges in scope, newest first. */
    unspent(db: Executor, scope: ChallengeScope, limit = 1): Promise<Challenge[]> {
      return db
        .select()
        .from(oneTimeCodes)
        .where(whereUnspent(scope))
        .orderBy(desc(oneTimeCodes.createdAt))
        .limit(limit)
    },

    /** What the user may see of a challenge at `now`. */
    stateOf(challenge: Challenge, now: Date): ChallengeState {
      return {
        channel: challenge.channel,
        maskedDestination: challenge.maskedDestination,
        reference: challenge.reference,
        expiresAt: challenge.expiresAt.toISOString(),
        state: challenge.lockedAt ? 'locked' : challenge.expiresAt <= now ? 'expired' : 'live',
        triesLeft: Math.max(limits.maxAttempts - challenge.failedAttempts, 0),
      }
    },

    /**
     * The send limits, in the caller's transaction: throws the first limit's refusal (429)
     * that this send would pass. Holds an advisory lock per target and per user till the
     * transaction ends, so the count and the insert after it cannot interleave with another send's.
     */
    async requireSendAllowance(
      tx: Executor,
      key: { userId: string; target: string },
      now: Date,
      order: readonly [SendLimit, SendLimit],
    ): Promise<void> {
      const keyOf = (per: SendLimit['per']) => (per === 'user' ? key.userId : key.target)
      for (const { per } of order)
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`otp:${purpose}:${per}:${keyOf(per)}`}))`)
      const since = new Date(now.getTime() - HOUR_MS)
      for (const { per, refusal } of order) {
        const [sent] = await tx
          .select({ n: count() })
          .from(oneTimeCodes)
          .where(
            and(
              eq(oneTimeCodes.purpose, purpose),
              eq(per === 'user' ? oneTimeCodes.userId : oneTimeCodes.target, keyOf(per)),
              gt(oneTimeCodes.createdAt, since),
            ),
          )
        const max = per === 'user' ? limits.sendsPerUserPerHour : limits.sendsPerAccountPerHour
        if (sent!.n >= max) throw refusal
      }
    },

    /** Voids the unspent challenges in scope (a newer code replaces them, or the user cancels). */
    async voidUnspent(tx: Executor, scope: ChallengeScope, now: Date): Promise<void> {
      await tx.update(oneTimeCodes).set({ voidedAt: now }).where(whereUnspent(scope))
    },

    /**
     * A new challenge, in the caller's transaction; answers it and the code, which the caller
     * sends and forgets (it is never stored, logged or answered).
     */
    async issue(
      tx: Executor,
      fields: { userId: string; target: string; channel: CodeChannel; maskedDestination: string },
      now: Date,
    ): Promise<{ challenge: Challenge; code: string }> {
      const id = crypto.randomUUID()
      const code = newCode()
      const [challenge] = await tx
        .insert(oneTimeCodes)
        .values({
          ...fields,
          id,
          purpose,
          reference: crypto.randomBytes(24).toString('base64url'),
          codeHash: codes.hash(id, code),
          createdAt: now,
          expiresAt: new Date(now.getTime() + limits.ttlSeconds * 1000),
        })
        .returning()
      return { challenge: challenge!, code }
    },

    /**
     * A typed code against the unspent challenge the scope names (its reference), locked for
     * the rest of the caller's transaction. A wrong code is counted (and locks at the last
     * try) here; a right one is not spent until the caller consumes it.
     */
    async verify(
      tx: Executor,
      scope: ChallengeScope & { reference: string },
      typed: string,
      now: Date,
    ): Promise<CodeCheck> {
      const [challenge] = await tx.select().from(oneTimeCodes).where(whereUnspent(scope)).for('update').limit(1)
      if (!challenge) return { kind: 'no-code' }
      if (challenge.lockedAt) return { kind: 'locked' }
      if (challenge.expiresAt <= now) return { kind: 'expired' }
      const verdict = judgeCode(challenge, typed, codes, limits.maxAttempts)
      if (verdict.kind === 'right') return { kind: 'right', challenge }
      const { failedAttempts, locks } = verdict
      await tx
        .update(oneTimeCodes)
        .set({ failedAttempts, ...(locks ? { lockedAt: now } : {}) })
        .where(eq(oneTimeCodes.id, challenge.id))
      return locks ? { kind: 'locked' } : { kind: 'wrong', triesLeft: verdict.triesLeft }
    },

    /** Spends a challenge whose right code came back: false when it was spent or voided already. */
    async consume(tx: Executor, challenge: Challenge, now: Date): Promise<boolean> {
      const spent = await tx
        .update(oneTimeCodes)
        .set({ consumedAt: now })
        .where(and(whereUnspent({ userId: challenge.userId }), eq(oneTimeCodes.id, challenge.id)))
        .returning({ id: oneTimeCodes.id })
      return spent.length === 1
    },
  }
}

export type CodeChallenges = ReturnType<typeof createCodeChallenges>
