/**
 * The one-time code itself, shared by every flow that sends one through ./challenge.ts
 * (ownership proof, referral eligibility, contact change): 6 digits from crypto.randomInt,
 * kept only as an HMAC keyed with the session secret and the challenge id (a database reader
 * cannot try the million codes offline), the verdict on a typed code (right, or wrong with
 * the tries left, locking at the last one), and the words a refused code is answered with.
 */
import crypto from 'node:crypto'
import { madeByAny, type SecretRing } from '../../lib/secret-ring.ts'

export function newCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')
}

export type CodeHasher = {
  /** The HMAC stored for a new code: the current secret's, always. */
  hash: (challengeId: string, code: string) => string
  /** Whether a typed code is the stored one under the current or a previous secret (a code sent before a rotation). */
  matches: (challengeId: string, code: string, stored: string) => boolean
}

/** The HMAC of a challenge's code; `purpose` keeps one flow's hashes from standing for another's. */
export function codeHasher(secrets: SecretRing, purpose: string): CodeHasher {
  const hashWith = (secret: string, challengeId: string, code: string) =>
    crypto.createHmac('sha256', secret).update(`${purpose}:${challengeId}:${code}`).digest('base64url')
  return {
    hash: (challengeId, code) => hashWith(secrets.current, challengeId, code),
    matches: (challengeId, code, stored) => madeByAny(secrets, stored, (secret) => hashWith(secret, challengeId, code)),
  }
}

export type CodeVerdict =
  { kind: 'right' } | { kind: 'wrong'; failedAttempts: number; locks: boolean; triesLeft: number }

/** A typed code against its challenge, in constant time; the caller records the failure it returns. */
export function judgeCode(
  challenge: { id: string; codeHash: string; failedAttempts: number },
  typed: string,
  codes: CodeHasher,
  maxAttempts: number,
): CodeVerdict {
  if (codes.matches(challenge.id, typed, challenge.codeHash)) return { kind: 'right' }
  const failedAttempts = challenge.failedAttempts + 1
  const locks = failedAttempts >= maxAttempts
  return { kind: 'wrong', failedAttempts, locks, triesLeft: maxAttempts - failedAttempts }
}

/** What a refused code is answered with, the same in every flow (our texts: the spec shows none). */
export const CODE_TEXT = {
  wrongCode: (triesLeft: number) =>
    `That code is not right. You have ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
  locked: 'Too many wrong codes. This code no longer works: please ask for a new one.',
  expired: 'This code has expired. Please ask for a new one.',
  noCode: 'Please ask for a code first.',
} as const
