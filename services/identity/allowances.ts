/**
 * Per-identity request limits for the identity calls that send email (docs/security.md, Abuse):
 * registration, resend activation and password reset requests. Each email has its own
 * allowance, counted whether or not it has an account, so a 429 says nothing about who
 * is registered. The client address is only a backstop with a high limit: kiosks and
 * shared offices send many people's requests from one address (docs/conventions.md).
 */
import type { Executor } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import {
  limitDigest as digest,
  pruneAllowances as prune,
  takeAllowance,
  takeAllowances,
  type Window,
} from '../rate-limit.ts'
import { requestAllowances } from './tables.ts'

export type LimitedAction = 'registration' | 'resend-activation' | 'password-reset'

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
  const windows = EMAIL_LIMITS[action].map((window) => ({
    key: `${action}:email:${window.windowMs}:${emailKey}`,
    window,
  }))
  if (await takeAllowances(db, requestAllowances, windows, now)) {
    throw new ServiceError(429, 'too_many_requests', TOO_MANY_REQUESTS_MESSAGE, { email: [TOO_MANY_REQUESTS_MESSAGE] })
  }
  const addressKey = clientAddress && { key: `${action}:address:${digest(clientAddress)}`, window: ADDRESS_LIMIT }
  if (addressKey && !(await takeAllowance(db, requestAllowances, addressKey, now))) {
    throw new ServiceError(429, 'too_many_requests', TOO_MANY_FROM_ADDRESS_MESSAGE)
  }
}

/** Drops windows that ended (an indexed range delete), so the table holds only live windows. */
export async function pruneAllowances(db: Executor, now: Date): Promise<void> {
  await prune(db, requestAllowances, now)
}
