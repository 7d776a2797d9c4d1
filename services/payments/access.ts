/**
 * Who may pay into an account: a signed-in caller their own accounts (else 403, as billing
 * answers), a guest any fibre account, within the guests' limit (Postgres, fixed window;
 * docs/security.md, Abuse). And the key a guest reads their own payment with.
 */
import crypto from 'node:crypto'
import { findSubscriberAccount, PORTAL_PRODUCT, type SubscriberAccount } from '../accounts/registry.ts'
import { requireOwnAccount, type Caller } from '../bearer.ts'
import { sessionSecretRing } from '../context.ts'
import { ServiceError } from '../errors.ts'
import { deviceKey, deviceTokenFor, type DeviceSubject } from '../identity/device-tokens.ts'
import { userIdsHoldingAccount } from '../identity/users.ts'
import { limitDigest, pruneAllowances, takeAllowances, type Allowance } from '../rate-limit.ts'
import type { PaymentsContext } from './context.ts'
import { PAYMENT_MESSAGES } from './messages.ts'
import { guestAllowances } from './tables.ts'

export const GUEST_WINDOW_MINUTES = 15

/** What the payments service knows of a guest's browser: its address and its device tokens (lib/device-cookie.ts). */
export type GuestClient = { address?: string; deviceTokens?: readonly string[] }

export const guestKeyWith = (secret: string, paymentId: string) =>
  crypto.createHmac('sha256', secret).update(`payment-guest:${paymentId}`).digest('base64url')

/** The key a guest's initiation answers: it reads that payment, and nothing else. */
export const guestKeyOf = (ctx: PaymentsContext, paymentId: string) =>
  guestKeyWith(ctx.settings.sessionSecret, paymentId)

const guestWindowMs = GUEST_WINDOW_MINUTES * 60_000

/**
 * The browser's device token that trusts it with this account (lib/device-cookie.ts): one
 * from a guest payment into it, or from signing in as a user holding it. Null: an unknown browser.
 */
async function trustedToken(
  ctx: PaymentsContext,
  accountNumber: string,
  tokens: readonly string[],
): Promise<string | null> {
  if (tokens.length === 0) return null
  const holders = await userIdsHoldingAccount(ctx.deps.db, accountNumber)
  const subjects: DeviceSubject[] = [`account:${accountNumber}`, ...holders.map((id) => `user:${id}` as const)]
  return deviceTokenFor(sessionSecretRing(ctx.settings), tokens, subjects)
}

/**
 * Counts a guest call; 429 past a limit. A browser trusted with the account is counted on
 * its own token only, so strangers (from any address, its own included) cannot stop it.
 * Any other browser counts against the account's ceiling for unknown browsers and its
 * address's (sized for carrier-grade NAT: many payers share one address). One upsert per
 * key (services/rate-limit.ts): concurrent calls cannot pass a limit.
 */
async function guestCall(ctx: PaymentsContext, accountNumber: string, client: GuestClient): Promise<string | null> {
  const { deps } = ctx
  const trusted = await trustedToken(ctx, accountNumber, client.deviceTokens ?? [])
  const perAccount = { limit: deps.payments.guestCallsPerAccount, windowMs: guestWindowMs }
  const allowances: Allowance[] = trusted
    ? // The allowance one payer has for the account, their own.
      [{ key: `device:${deviceKey(trusted)}`, window: perAccount }]
    : [
        { key: `acct:${limitDigest(accountNumber)}`, window: perAccount },
        ...(client.address
          ? [
              {
                key: `ip:${limitDigest(client.address)}`,
                window: { limit: deps.payments.guestCallsPerAddress, windowMs: guestWindowMs },
              },
            ]
          : []),
      ]
  const now = deps.now()
  await pruneAllowances(deps.db, guestAllowances, now)
  if (await takeAllowances(deps.db, guestAllowances, allowances, now)) {
    throw new ServiceError(429, 'too_many_attempts', PAYMENT_MESSAGES.tooManyGuestCalls)
  }
  return trusted
}

/** The account a caller may pay into: their own (else 403, as billing answers), or any fibre account for a guest. */
export async function payableAccount(
  ctx: PaymentsContext,
  accountNumber: string,
  caller: Caller | null,
  client: GuestClient = {},
): Promise<SubscriberAccount & { trustedToken: string | null }> {
  let trusted: string | null = null
  if (caller) requireOwnAccount(caller, accountNumber)
  else trusted = await guestCall(ctx, accountNumber, client)
  const account = await findSubscriberAccount(ctx.deps.db, accountNumber)
  if (!account || account.product !== PORTAL_PRODUCT) {
    throw new ServiceError(404, 'account_not_found', PAYMENT_MESSAGES.accountNotFound)
  }
  return { ...account, trustedToken: trusted }
}
