/**
 * Device tokens (lib/device-cookie.ts; docs/decisions/0062): made here, where the secret is,
 * and recognised only for the one subject asked about. A subject is `user:<id>` (a browser
 * that signed in as that user) or `account:<number>` (a browser that started a guest payment
 * into that account). The token holds neither: the MAC binds it.
 */
import crypto from 'node:crypto'
import { madeByAny, type SecretRing } from '../../lib/secret-ring.ts'

export type DeviceSubject = `user:${string}` | `account:${string}`

const mac = (secret: string, subject: DeviceSubject, nonce: string) =>
  crypto.createHmac('sha256', secret).update(`device-cookie:${subject}:${nonce}`).digest('base64url')

/** A new token for the subject, made with the current secret. */
export function issueDeviceToken(ring: SecretRing, subject: DeviceSubject): string {
  const nonce = crypto.randomBytes(16).toString('base64url')
  return `${nonce}.${mac(ring.current, subject, nonce)}`
}

/** The first of the tokens made for one of the subjects (with any secret of the ring), or null. */
export function deviceTokenFor(ring: SecretRing, tokens: readonly string[], subjects: readonly DeviceSubject[]) {
  for (const token of tokens) {
    const [nonce, given] = token.split('.')
    if (!nonce || !given) continue
    for (const subject of subjects) {
      if (madeByAny(ring, given, (secret) => mac(secret, subject, nonce))) return token
    }
  }
  return null
}

/** The name a token's counter goes by: a digest of its nonce, so the table cannot rebuild the cookie. */
export function deviceKey(token: string): string {
  return crypto
    .createHash('sha256')
    .update(`device:${token.split('.')[0]}`)
    .digest('base64url')
}
