/**
 * A secret under rotation (docs/operations.md, Rotating secrets): the current one signs, keys
 * and encrypts everything new; the previous ones (SESSION_SECRET_PREVIOUS,
 * UPSTREAM_SECRET_PREVIOUS) are only tried when checking what was made before a rotation.
 */
import crypto from 'node:crypto'

export type SecretRing = { current: string; previous: readonly string[] }

/** Equal strings, compared in constant time (their lengths are not secret). */
export function constantTimeEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && crypto.timingSafeEqual(a, b)
}

/**
 * Whether `given` is what one of the ring's secrets makes (`make`): an HMAC, a signature.
 * Every secret is tried whichever matches, so the time taken says nothing about which one did.
 */
export function madeByAny(ring: SecretRing, given: string, make: (secret: string) => string): boolean {
  let found = false
  for (const secret of [ring.current, ...ring.previous]) found = constantTimeEqual(make(secret), given) || found
  return found
}
