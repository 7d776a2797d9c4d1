/**
 * One-time link tokens (email verification, password reset): 256 random bits from the
 * CSPRNG, sent to the user; only their SHA-256 is stored. A token works once, until its
 * expiry, and only while no newer token of the same purpose replaced it.
 */
import crypto from 'node:crypto'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import { oneTimeTokens, type TokenPurpose } from './tables.ts'

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  'verify-email': 10 * 60_000, // spec 9: verification link expiry 10 minutes
  'reset-password': 30 * 60_000, // our choice: long enough to reach the mailbox, short enough to limit a leaked link
}

function digest(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex')
}

/** Issues a new token and voids the user's earlier unused ones of the same purpose. */
export async function issueToken(db: Executor, userId: string, purpose: TokenPurpose, now: Date): Promise<string> {
  await db
    .update(oneTimeTokens)
    .set({ voidedAt: now })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        isNull(oneTimeTokens.voidedAt),
      ),
    )
  const token = crypto.randomBytes(32).toString('base64url')
  await db.insert(oneTimeTokens).values({
    userId,
    purpose,
    tokenHash: digest(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
  })
  return token
}

/**
 * Marks the token used and returns its user, or null when it is unknown, expired, used
 * or voided. One conditional update, so two concurrent redemptions cannot both succeed.
 */
export async function consumeToken(
  db: Executor,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, digest(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        isNull(oneTimeTokens.voidedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ userId: oneTimeTokens.userId })
  return row?.userId ?? null
}

/** When the user's newest token of this purpose was issued (for resend throttling). */
export async function latestTokenIssuedAt(db: Executor, userId: string, purpose: TokenPurpose): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date>`max(${oneTimeTokens.createdAt})`.mapWith(oneTimeTokens.createdAt) })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose)))
  return row?.at ?? null
}
