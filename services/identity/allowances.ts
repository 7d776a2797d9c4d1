/**
 * Per-identity request limits for the identity calls that send email (docs/security.md, Abuse):
 * registration, resend activation and password reset requests. Each email has its own
 * allowance, counted whether or not it has an account, so a 429 says nothing about who
 * is registered. The client address is only a backstop with a high limit: kiosks and
 * shared offices send many people's requests from one address (docs/conventions.md).
 */
import crypto from 'node:crypto'
import { lt, sql } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import { requestAllowances } from './tables.ts'

export type LimitedAction = 'registration' | 'resend-activation' | 'password-reset'

type Window = { limit: number; windowMs: number }
const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** Our choice: enough for typos and a lost email, far too few to flood a mailbox. */
export const EMAIL_LIMITS: Record<LimitedAction, Window[]> = {
  registration: [{ limit: 3, windowMs: HOUR }],
  // One a minute matches the resend cooldown the service already had per user.
  'resend-activation': [
    { limit: 1, windowMs: MINUTE },
    { limit: 5, windowMs: HOUR },
  ],
  'password-reset': [
    { limit: 1, windowMs: MINUTE },
    { limit: 5, windowMs: HOUR },
  ],
}

/** Backstop per client address: a busy kiosk stays well under it, a script does not. */
export const ADDRESS_LIMIT: Window = { limit: 30, windowMs: HOUR }

export const TOO_MANY_REQUESTS_MESSAGE =
  'Too many requests for this email address. Please wait a few minutes and try again.'
export const TOO_MANY_FROM_ADDRESS_MESSAGE = 'Too many requests from your network. Please try again later.'

function digest(value: string): string {
  return crypto.createHash('sha256').update(value).digest('base64url')
}

/**
 * Counts one request against the key's current window and answers whether it is within
 * the limit. One upsert, so concurrent requests cannot both take the last allowance.
 */
async function take(db: Executor, key: string, { limit, windowMs }: Window, now: Date): Promise<boolean> {
  const windowEnd = new Date(now.getTime() + windowMs)
  const [row] = await db
    .insert(requestAllowances)
    .values({ key, count: 1, windowEndsAt: windowEnd })
    .onConflictDoUpdate({
      target: requestAllowances.key,
      set: {
        count: sql`CASE WHEN ${requestAllowances.windowEndsAt} <= ${now} THEN 1 ELSE ${requestAllowances.count} + 1 END`,
        windowEndsAt: sql`CASE WHEN ${requestAllowances.windowEndsAt} <= ${now} THEN ${windowEnd} ELSE ${requestAllowances.windowEndsAt} END`,
      },
    })
    .returning({ count: requestAllowances.count })
  return row!.count <= limit
}

/**
 * Throws 429 when the email or the client address has used its allowance for this action.
 * Every window is counted, even after one is exceeded, so hammering does not reset early.
 */
export async function requireAllowance(
  db: Executor,
  action: LimitedAction,
  email: string,
  clientAddress: string | undefined,
  now: Date,
): Promise<void> {
  await pruneAllowances(db, now)
  const emailKey = digest(email.trim().toLowerCase())
  const results = await Promise.all(
    EMAIL_LIMITS[action].map((window) => take(db, `${action}:email:${window.windowMs}:${emailKey}`, window, now)),
  )
  if (results.includes(false)) {
    throw new ServiceError(429, 'too_many_requests', TOO_MANY_REQUESTS_MESSAGE, { email: [TOO_MANY_REQUESTS_MESSAGE] })
  }
  if (clientAddress && !(await take(db, `${action}:address:${digest(clientAddress)}`, ADDRESS_LIMIT, now))) {
    throw new ServiceError(429, 'too_many_requests', TOO_MANY_FROM_ADDRESS_MESSAGE)
  }
}

/** Drops windows that ended (an indexed range delete), so the table holds only live windows. */
export async function pruneAllowances(db: Executor, now: Date): Promise<void> {
  await db.delete(requestAllowances).where(lt(requestAllowances.windowEndsAt, now))
}
