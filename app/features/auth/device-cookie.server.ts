/**
 * The browser's device cookie (OWASP's device cookies; lib/device-cookie.ts,
 * docs/decisions/0062): the device tokens the upstream answered when this browser signed in
 * (bound to that user) or started a guest payment (bound to that account). Sent back with
 * every sign-in and guest pay call, so a stranger's tries, from any address, do not stop
 * this browser. Signed, HttpOnly, Secure with the `__Host-` prefix in production, and kept a
 * year: a token names no one (docs/security.md, Sign-in). Logout keeps it: it is what lets
 * the user sign in again while someone else guesses their password.
 */
import { z } from 'zod'
import { DEVICE_TOKENS_KEPT, DeviceTokenSchema, readDeviceTokens } from '../../../lib/device-cookie'
import { signedCookie } from '~/utils/cookies.server'
import type { Visit } from '~/visit/visit.server'
import type { Config } from '../../../lib/env'

const NAME = 'device'
const LIFE_SECONDS = 365 * 24 * 60 * 60

const cookieOf = (config: Config) => signedCookie(config, NAME, LIFE_SECONDS)

/** The device tokens this browser holds (none when the cookie is missing, forged or malformed). */
export async function heldDeviceTokens(visit: Pick<Visit, 'config' | 'cookieHeader'>): Promise<string[]> {
  const parsed = z.array(z.string()).safeParse(await cookieOf(visit.config).parse(visit.cookieHeader()))
  return parsed.success ? readDeviceTokens(parsed.data.join(',')) : []
}

/** The Set-Cookie that adds a token (the newest DEVICE_TOKENS_KEPT kept), or undefined when it is held already. */
export async function deviceTokenCookie(
  visit: Pick<Visit, 'config' | 'cookieHeader'>,
  token: string | null | undefined,
): Promise<string | undefined> {
  if (!token || !DeviceTokenSchema.safeParse(token).success) return undefined
  const held = await heldDeviceTokens(visit)
  if (held.includes(token)) return undefined
  return cookieOf(visit.config).serialize([...held, token].slice(-DEVICE_TOKENS_KEPT))
}
