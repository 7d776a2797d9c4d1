/**
 * Compliance links: 32 random bytes, only the SHA-256 stored, expiring (settings), spent when
 * the applicant proves the email with a one-time code (6 digits, HMAC stored, 10 minutes,
 * 5 tries, at most 3 codes a link). The proof opens a short session bound to that link,
 * which the portal keeps in a signed HttpOnly cookie.
 */
import crypto from 'node:crypto'
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import { maskEmail } from '../../lib/masking.ts'
import { madeByAny } from '../../lib/secret-ring.ts'
import { sessionSecretRing, settingsOf, type ServiceDeps } from '../context.ts'
import type { Executor } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import { enqueueMessage, type DeliveryQueue } from '../notifications/outbox.ts'
import { complianceCodeEmail, complianceEmail } from './tracking-emails.ts'
import { TRACKING_LIMITS, TRACKING_MESSAGES } from './tracking-limits.ts'
import { complianceCodes, complianceLinks, complianceSessions } from './tracking-tables.ts'
import { hashToken, newToken } from './tracking-tokens.ts'
import {
  applicationById,
  complianceView,
  openRejections,
  type ApplicationRow,
  type ComplianceView,
  type Rejection,
} from './tracking-views.ts'

const codeHashWith = (secret: string, linkHash: string, code: string) =>
  crypto.createHmac('sha256', secret).update(`${linkHash}:${code}`).digest('base64url')

/** Makes a link for the application and queues its email, in the caller's transaction. */
export async function issueComplianceLink(
  deps: ServiceDeps,
  tx: Executor,
  row: ApplicationRow,
  rejections: Rejection[],
  now: Date,
) {
  const token = newToken()
  const hours = settingsOf(deps).complianceLinkHours
  await tx.insert(complianceLinks).values({
    tokenHash: hashToken(token),
    applicationId: row.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + hours * 3_600_000),
  })
  await enqueueMessage(
    tx,
    complianceEmail({
      productName: deps.productName,
      publicUrl: settingsOf(deps).publicUrl,
      to: row.emailAddress,
      referenceNo: row.referenceNo,
      token,
      expiresInHours: hours,
      rejections,
    }),
    now,
  )
}

/** The live (unused, unexpired) link of a token, or the generic refusal. */
async function liveLink(db: Executor, token: string, now: Date) {
  const [link] = await db
    .select()
    .from(complianceLinks)
    .where(
      and(
        eq(complianceLinks.tokenHash, hashToken(token)),
        isNull(complianceLinks.usedAt),
        gt(complianceLinks.expiresAt, now),
      ),
    )
  if (!link) throw new ServiceError(404, 'link_invalid', TRACKING_MESSAGES.linkInvalid)
  return link
}

/** A new compliance link for an application waiting for documents, at most resendsPerHour an hour. */
export async function resendLink(
  deps: ServiceDeps,
  delivery: DeliveryQueue,
  row: ApplicationRow,
): Promise<{ sent: true }> {
  if (row.status !== 'for_compliance')
    throw new ServiceError(409, 'not_for_compliance', TRACKING_MESSAGES.notForCompliance)
  const now = deps.now()
  const [recent] = await deps.db
    .select({ n: count() })
    .from(complianceLinks)
    .where(
      and(
        eq(complianceLinks.applicationId, row.id),
        gt(complianceLinks.createdAt, new Date(now.getTime() - 3_600_000)),
      ),
    )
  if ((recent?.n ?? 0) >= TRACKING_LIMITS.resendsPerHour) {
    throw new ServiceError(429, 'too_many_links', TRACKING_MESSAGES.tooManyResends)
  }
  const rejections = await openRejections(deps.db, row.id)
  await deps.db.transaction((tx) => issueComplianceLink(deps, tx, row, rejections, now))
  delivery.kick()
  return { sent: true }
}

/** spec 7, OTP_ForCompliance: a code to the application's email for a live link. */
export async function sendCode(
  deps: ServiceDeps,
  delivery: DeliveryQueue,
  token: string,
): Promise<{ maskedEmail: string; expiresAt: string }> {
  const now = deps.now()
  const link = await liveLink(deps.db, token, now)
  const row = await applicationById(deps.db, link.applicationId)
  const [sent] = await deps.db
    .select({ n: count() })
    .from(complianceCodes)
    .where(eq(complianceCodes.linkTokenHash, link.tokenHash))
  if ((sent?.n ?? 0) >= TRACKING_LIMITS.codesPerLink) {
    throw new ServiceError(429, 'too_many_codes', TRACKING_MESSAGES.tooManyCodes)
  }
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')
  const expiresAt = new Date(now.getTime() + TRACKING_LIMITS.codeMinutes * 60_000)
  await deps.db.transaction(async (tx) => {
    // A new code replaces the older ones.
    await tx
      .update(complianceCodes)
      .set({ closedAt: now })
      .where(and(eq(complianceCodes.linkTokenHash, link.tokenHash), isNull(complianceCodes.closedAt)))
    await tx.insert(complianceCodes).values({
      id: crypto.randomUUID(),
      linkTokenHash: link.tokenHash,
      codeHash: codeHashWith(settingsOf(deps).sessionSecret, link.tokenHash, code),
      createdAt: now,
      expiresAt,
      attempts: 0,
    })
    await enqueueMessage(
      tx,
      complianceCodeEmail({
        productName: deps.productName,
        to: row.emailAddress,
        referenceNo: row.referenceNo,
        code,
        expiresInMinutes: TRACKING_LIMITS.codeMinutes,
      }),
      now,
    )
  })
  delivery.kick()
  return { maskedEmail: maskEmail(row.emailAddress), expiresAt: expiresAt.toISOString() }
}

/**
 * spec 7, validate email with OTP: the right code spends the link and opens a session
 * (its token returned once); a wrong one costs a try (422, with the tries left).
 */
export async function verifyCode(
  deps: ServiceDeps,
  token: string,
  code: string,
): Promise<{ sessionToken: string; expiresAt: string }> {
  const now = deps.now()
  const link = await liveLink(deps.db, token, now)
  const [current] = await deps.db
    .select()
    .from(complianceCodes)
    .where(
      and(
        eq(complianceCodes.linkTokenHash, link.tokenHash),
        isNull(complianceCodes.closedAt),
        gt(complianceCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(complianceCodes.createdAt))
    .limit(1)
  if (!current || current.attempts >= TRACKING_LIMITS.codeTries) {
    throw new ServiceError(409, 'code_dead', TRACKING_MESSAGES.codeDead)
  }
  // Count the try first (a conditional update), so parallel guesses cannot exceed the limit.
  const [tried] = await deps.db
    .update(complianceCodes)
    .set({ attempts: sql`${complianceCodes.attempts} + 1` })
    .where(and(eq(complianceCodes.id, current.id), sql`${complianceCodes.attempts} < ${TRACKING_LIMITS.codeTries}`))
    .returning()
  if (!tried) throw new ServiceError(409, 'code_dead', TRACKING_MESSAGES.codeDead)
  // A code sent before a SESSION_SECRET rotation still verifies (docs/operations.md, Rotating secrets).
  const right = madeByAny(sessionSecretRing(settingsOf(deps)), current.codeHash, (secret) =>
    codeHashWith(secret, link.tokenHash, code),
  )
  if (!right) {
    const left = TRACKING_LIMITS.codeTries - tried.attempts
    if (left <= 0) throw new ServiceError(409, 'code_dead', TRACKING_MESSAGES.codeDead)
    throw new ServiceError(422, 'code_wrong', TRACKING_MESSAGES.codeWrong, {
      code: [`${TRACKING_MESSAGES.codeWrong} ${left} ${left === 1 ? 'try' : 'tries'} left.`],
    })
  }
  const sessionToken = newToken()
  const expiresAt = new Date(now.getTime() + TRACKING_LIMITS.sessionMinutes * 60_000)
  await deps.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(complianceLinks)
      .set({ usedAt: now })
      .where(and(eq(complianceLinks.tokenHash, link.tokenHash), isNull(complianceLinks.usedAt)))
      .returning()
    if (!spent) throw new ServiceError(404, 'link_invalid', TRACKING_MESSAGES.linkInvalid)
    await tx.update(complianceCodes).set({ closedAt: now }).where(eq(complianceCodes.id, current.id))
    await tx.insert(complianceSessions).values({
      tokenHash: hashToken(sessionToken),
      linkTokenHash: link.tokenHash,
      applicationId: link.applicationId,
      expiresAt,
    })
  })
  return { sessionToken, expiresAt: expiresAt.toISOString() }
}

/** The compliance page for a session opened from this link (both must match), or the generic refusal. */
export async function complianceBySession(
  deps: ServiceDeps,
  token: string,
  sessionToken: string,
): Promise<ComplianceView> {
  const now = deps.now()
  const [session] = await deps.db
    .select()
    .from(complianceSessions)
    .where(
      and(
        eq(complianceSessions.tokenHash, hashToken(sessionToken)),
        eq(complianceSessions.linkTokenHash, hashToken(token)),
        gt(complianceSessions.expiresAt, now),
      ),
    )
  if (!session) throw new ServiceError(404, 'link_invalid', TRACKING_MESSAGES.linkInvalid)
  return complianceView(deps.db, await applicationById(deps.db, session.applicationId))
}
