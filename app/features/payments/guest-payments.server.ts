/**
 * A guest's payments in this browser (issue 12): the keys the upstream answered when the
 * guest started a payment, which let the return page read that payment back. Kept in a
 * signed, HttpOnly cookie (docs/security.md, Sessions), never in a URL: a key is a random
 * capability, not personal data. It lives two hours (long enough to pay at the gateway and
 * come back, short for a shared browser), holds the last five payments, and DONE clears it.
 */
import { z } from 'zod'
import type { Config } from '../../../lib/env'
import { signedCookie } from '~/utils/cookies.server'
import type { Visit } from '~/visit/visit.server'

const NAME = 'guest-payments'
const LIFE_SECONDS = 2 * 60 * 60
const KEPT = 5

const KeysSchema = z.record(z.uuid(), z.string().min(8).max(200))

const cookieOf = (config: Config) => signedCookie(config, NAME, LIFE_SECONDS)

/** The payment ids this browser started as a guest, with their keys. */
export async function guestKeys(visit: Visit): Promise<Record<string, string>> {
  const parsed = KeysSchema.safeParse(await cookieOf(visit.config).parse(visit.cookieHeader()))
  return parsed.success ? parsed.data : {}
}

/** Adds one payment's key to the cookie (the newest five kept), set on this visit's answer. */
export async function rememberGuestKey(visit: Visit, paymentId: string, key: string): Promise<void> {
  const kept = Object.entries(await guestKeys(visit)).filter(([id]) => id !== paymentId)
  const keys = Object.fromEntries([...kept.slice(-(KEPT - 1)), [paymentId, key]])
  visit.setCookie(await cookieOf(visit.config).serialize(keys))
}

/** Forgets every guest payment of this browser: the cookie expired on this visit's answer. */
export async function forgetGuestKeys(visit: Visit): Promise<void> {
  visit.setCookie(await cookieOf(visit.config).serialize({}, { maxAge: 0 }))
}
