/**
 * A guest's payments in this browser (issue 12): the keys the upstream answered when the
 * guest started a payment, which let the return page read that payment back. Kept in a
 * signed, HttpOnly cookie (docs/security.md, Sessions), never in a URL: a key is a random
 * capability, not personal data. It lives two hours (long enough to pay at the gateway and
 * come back, short for a shared browser), holds the last five payments, and DONE clears it.
 */
import type { AppLoadContext } from 'react-router'
import { z } from 'zod'
import { signedCookie } from '~/utils/cookies.server'

const NAME = 'guest-payments'
const LIFE_SECONDS = 2 * 60 * 60
const KEPT = 5

const KeysSchema = z.record(z.uuid(), z.string().min(8).max(200))

const cookieOf = (context: AppLoadContext) => signedCookie(context.config, NAME, LIFE_SECONDS)

/** The payment ids this browser started as a guest, with their keys. */
export async function guestKeys(request: Request, context: AppLoadContext): Promise<Record<string, string>> {
  const parsed = KeysSchema.safeParse(await cookieOf(context).parse(request.headers.get('cookie')))
  return parsed.success ? parsed.data : {}
}

/** The Set-Cookie that adds one payment's key (the newest five kept). */
export async function rememberGuestKey(request: Request, context: AppLoadContext, paymentId: string, key: string) {
  const kept = Object.entries(await guestKeys(request, context)).filter(([id]) => id !== paymentId)
  const keys = Object.fromEntries([...kept.slice(-(KEPT - 1)), [paymentId, key]])
  return cookieOf(context).serialize(keys)
}

/** The Set-Cookie that forgets every guest payment of this browser. */
export function forgetGuestKeys(context: AppLoadContext) {
  return cookieOf(context).serialize({}, { maxAge: 0 })
}
