/**
 * Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies";
 * docs/decisions/0062): after a successful sign-in (or a guest payment started) the upstream
 * answers a token bound to the user (or to the account paid), which the portal keeps in a
 * long-lived HttpOnly cookie and hands back on later sign-ins and guest pay calls. A stranger's
 * tries cannot lock out a browser holding one: its tries are counted per token, the others'
 * against a ceiling for unknown browsers. Shared by both sides, as the seam is.
 *
 * A token is `<nonce>.<mac>`: 16 random bytes and an HMAC-SHA256 of the subject and the nonce
 * under SESSION_SECRET, both base64url. It names no one: only the upstream, holding the secret
 * and asked about one user or account, can tell whose it is.
 */
import { z } from 'zod'

/** The header a call carries a browser's device tokens in (never a path or query: those are logged). */
export const DEVICE_TOKENS_HEADER = 'x-device-tokens'

/** The most tokens a browser keeps (the newest): a family's shared phone, a few accounts paid. */
export const DEVICE_TOKENS_KEPT = 5

export const DeviceTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/)

/** Tokens from a header or cookie value: the well-formed ones, at most DEVICE_TOKENS_KEPT, others dropped. */
export function readDeviceTokens(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((token) => token.trim())
    .filter((token) => DeviceTokenSchema.safeParse(token).success)
    .slice(-DEVICE_TOKENS_KEPT)
}
