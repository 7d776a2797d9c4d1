/**
 * The referral rules every path shares (issue 15; docs/security.md, Referrals): who may
 * refer, who may not be referred, the monthly limit, expiry, and the locks that keep two
 * requests at once from both passing a rule. Everything is decided in Postgres, inside the
 * caller's transaction; nothing is kept in process memory.
 *
 * Locks: an advisory transaction lock per referring account (the monthly limit, the
 * idempotent submit), then one per referee email and mobile, in sorted order (one open
 * referral per person). Always in that order, so two transactions never wait on each other.
 */
import { and, asc, count, eq, gte, inArray, lte, or, sql } from 'drizzle-orm'
import { manilaMonthStart } from '../../lib/manila-time.ts'
import { OPEN_REFERRAL_STATUSES } from '../../lib/referrals.ts'
import {
  findSubscriberAccount,
  findSubscription,
  PORTAL_PRODUCT,
  type SubscriberAccount,
} from '../accounts/registry.ts'
import type { ReferralSettings } from '../context.ts'
import type { Executor } from '../db/client.ts'
import { findUserRowById, userIdsHoldingAccount } from '../identity/users.ts'
import { REFERRAL_MESSAGES } from './messages.ts'
import { referralEvents, referrals } from './tables.ts'
import { nextStatus } from './transitions.ts'

const DAY_MS = 86_400_000

export type Eligibility =
  | { eligible: true; account: SubscriberAccount; reason: null }
  | { eligible: false; account: SubscriberAccount | null; reason: string }

/** Eligible referrer: a fibre account of the registry, active, with a subscription on record. */
export async function accountEligibility(
  db: Executor,
  accountNumber: string,
  productName: string,
): Promise<Eligibility> {
  const account = await findSubscriberAccount(db, accountNumber)
  if (!account || account.product !== PORTAL_PRODUCT)
    return { eligible: false, account, reason: REFERRAL_MESSAGES.notOurAccount(accountNumber, productName) }
  if (account.status !== 'active')
    return { eligible: false, account, reason: REFERRAL_MESSAGES.accountNotActive(accountNumber, account.status) }
  if (!(await findSubscription(db, accountNumber)))
    return { eligible: false, account, reason: REFERRAL_MESSAGES.noSubscription(accountNumber) }
  return { eligible: true, account, reason: null }
}

/** An email as the rules compare it. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase()
/** A mobile as the rules compare it: its last 10 digits (the registry and the forms both write 10). */
export const normaliseMobile = (mobile: string) => mobile.replace(/\D/g, '').slice(-10)

export async function lockAccount(tx: Executor, accountNumber: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`referrals:account:${accountNumber}`}))`)
}

export async function lockReferee(tx: Executor, email: string, mobile: string) {
  const keys = [
    `referrals:referee:email:${normaliseEmail(email)}`,
    `referrals:referee:mobile:${normaliseMobile(mobile)}`,
  ]
  for (const key of keys.sort()) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`)
}

/**
 * Expiry (docs/decisions/0048): an invitation with no application after expiryDays is
 * expired. Persisted when met, i.e. before a referrer's list is read, before a referee is
 * checked for an open referral and when an application arrives, with the event dated at the
 * moment it expired, not when it was noticed; no background job is needed.
 */
export async function expireStale(
  tx: Executor,
  settings: ReferralSettings,
  now: Date,
  scope: { accountNumber: string } | { email: string; mobile: string },
) {
  const cutoff = new Date(now.getTime() - settings.expiryDays * DAY_MS)
  const inScope =
    'accountNumber' in scope
      ? eq(referrals.referrerAccountNumber, scope.accountNumber)
      : or(eq(referrals.email, normaliseEmail(scope.email)), eq(referrals.mobileNumber, normaliseMobile(scope.mobile)))
  const to = nextStatus('invited', 'expiry')!
  const expired = await tx
    .update(referrals)
    .set({ status: to, updatedAt: now })
    .where(and(inScope, eq(referrals.status, 'invited'), lte(referrals.createdAt, cutoff)))
    .returning({ id: referrals.id, createdAt: referrals.createdAt })
  if (expired.length > 0) {
    await tx.insert(referralEvents).values(
      expired.map((row) => ({
        referralId: row.id,
        status: to,
        at: new Date(row.createdAt.getTime() + settings.expiryDays * DAY_MS),
      })),
    )
  }
}

/** The person's referral still under way (invited, applied, installed), by email or mobile, any referrer. */
export async function openReferralOf(tx: Executor, email: string, mobile: string) {
  const [row] = await tx
    .select()
    .from(referrals)
    .where(
      and(
        inArray(referrals.status, [...OPEN_REFERRAL_STATUSES]),
        or(eq(referrals.email, normaliseEmail(email)), eq(referrals.mobileNumber, normaliseMobile(mobile))),
      ),
    )
    .orderBy(asc(referrals.createdAt))
    .limit(1)
  return row ?? null
}

/** Referrals the account made (or was credited with through its invite) this calendar month. */
export async function referralsThisMonth(tx: Executor, accountNumber: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(referrals)
    .where(
      and(
        eq(referrals.referrerAccountNumber, accountNumber),
        eq(referrals.type, 'MGM'),
        gte(referrals.createdAt, manilaMonthStart(now)),
      ),
    )
  return row?.n ?? 0
}

export type RefereeIdentity = {
  email: string
  mobileNumber: string
  alternateMobileNumber?: string | null
  barangay: string
  building?: string | null
  subdivision?: string | null
}

/** Lower-case words, punctuation as spaces, so 'Brgy. San Antonio,' and 'san antonio' compare. */
function words(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `
}

/**
 * Self-referral (docs/security.md, Referrals): the referee's email or either mobile is the
 * referring account's registered contact, or the contact of a user who holds the account
 * (the signed-in caller among them); or the referee's address is the account's service
 * address, read simply: that address names both the referee's barangay and their building
 * or subdivision. (The registry keeps no coordinates for an account, so nothing finer.)
 */
export async function isSelfReferral(
  tx: Executor,
  account: SubscriberAccount,
  referee: RefereeIdentity,
  callerSub: string | null,
): Promise<boolean> {
  const emails = new Set<string>()
  const mobiles = new Set<string>()
  if (account.registeredEmail) emails.add(normaliseEmail(account.registeredEmail))
  if (account.registeredMobile) mobiles.add(normaliseMobile(account.registeredMobile))
  const userIds = new Set(await userIdsHoldingAccount(tx, account.accountNumber))
  if (callerSub) userIds.add(callerSub)
  for (const id of userIds) {
    const user = await findUserRowById(tx, id)
    if (!user) continue
    emails.add(normaliseEmail(user.email))
    mobiles.add(normaliseMobile(user.mobileNumber))
  }
  if (emails.has(normaliseEmail(referee.email))) return true
  for (const mobile of [referee.mobileNumber, referee.alternateMobileNumber]) {
    if (mobile && mobiles.has(normaliseMobile(mobile))) return true
  }
  const place = referee.building || referee.subdivision
  if (!place) return false
  const address = words(account.serviceAddress)
  return address.includes(words(referee.barangay)) && address.includes(words(place))
}
