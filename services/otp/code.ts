/**
 * The one-time code itself, shared by every flow that sends one (ownership proof, referral
 * eligibility): 6 digits from crypto.randomInt, kept only as an HMAC keyed with the session
 * secret and the challenge id (a database reader cannot try the million codes offline), and
 * the verdict on a typed code: right, or wrong with the tries left, locking at the last one.
 */
import crypto from 'node:crypto'

export function newCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')
}

/** The HMAC of a challenge's code; `purpose` keeps one flow's hashes from standing for another's. */
export function codeHasher(secret: string, purpose: string) {
  return (challengeId: string, code: string) =>
    crypto.createHmac('sha256', secret).update(`${purpose}:${challengeId}:${code}`).digest('base64url')
}

export type CodeVerdict =
  { kind: 'right' } | { kind: 'wrong'; failedAttempts: number; locks: boolean; triesLeft: number }

/** A typed code against its challenge, in constant time; the caller records the failure it returns. */
export function judgeCode(
  challenge: { id: string; codeHash: string; failedAttempts: number },
  typed: string,
  hash: (challengeId: string, code: string) => string,
  maxAttempts: number,
): CodeVerdict {
  const expected = Buffer.from(challenge.codeHash)
  const given = Buffer.from(hash(challenge.id, typed))
  if (expected.length === given.length && crypto.timingSafeEqual(expected, given)) return { kind: 'right' }
  const failedAttempts = challenge.failedAttempts + 1
  const locks = failedAttempts >= maxAttempts
  return { kind: 'wrong', failedAttempts, locks, triesLeft: maxAttempts - failedAttempts }
}
