/**
 * An application after submission (issue 10, parts 3 and 4; docs/decisions/0033).
 *
 * - Status lookup: the reference number and the applicant's email or mobile, both or
 *   nothing. The identifier is compared as SHA-256 digests with timingSafeEqual, whether or
 *   not the reference exists, and every failure counts against the reference and against
 *   the identifier (Postgres, fixed window): past the limit every lookup of either is
 *   refused, the right pair too, so guessing stops. One generic answer for every miss.
 * - Operator actions: advance the status (a table of allowed moves), or reject document
 *   categories with a compliance reason, which emails the applicant a compliance link.
 * - Compliance links: 32 random bytes, only the SHA-256 stored, expiring (settings), spent
 *   when the applicant proves the email with a one-time code (6 digits, HMAC stored,
 *   10 minutes, 5 tries, at most 3 codes a link). The proof opens a short session bound
 *   to that link, which the portal keeps in a signed HttpOnly cookie.
 * - Email verification of applications: OO and CVG links, two services (spec 4).
 */
import crypto from 'node:crypto'
import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import {
  type ApplicationStatus,
  type DocumentCategory,
  type VerificationKind,
  normaliseIdentifier,
} from '../../lib/application-status.ts'
import { slotLabel } from '../../lib/application.ts'
import { maskEmail } from '../../lib/masking.ts'
import { madeByAny } from '../../lib/secret-ring.ts'
import { sessionSecretRing, settingsOf, type ServiceDeps } from '../context.ts'
import type { Executor } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import { giveBackAllowance, limitDigest, pruneAllowances, takeAllowances, type Allowance } from '../rate-limit.ts'
import { findUserRowByEmail } from '../identity/users.ts'
import { notify } from '../notifications/inbox.ts'
import { createDeliveryQueue, enqueueMessage } from '../notifications/outbox.ts'
import { onApplicationEvent } from '../referrals/link.ts'
import type { SlotWindow } from './slots.ts'
import { applications } from './tables.ts'
import { applicationVerificationEmail, complianceCodeEmail, complianceEmail } from './tracking-emails.ts'
import { applicationStatusNotification } from './tracking-notifications.ts'
import {
  applicationEmailVerifications,
  applicationEvents,
  complianceCodes,
  complianceLinks,
  complianceRejections,
  complianceSessions,
  statusLookupAllowances,
} from './tracking-tables.ts'

export const TRACKING_LIMITS = {
  lookupWindowMinutes: 15,
  /** Failed lookups of one reference number per window. */
  lookupFailuresPerReference: 5,
  /** Failed lookups with one email or mobile per window. */
  lookupFailuresPerIdentifier: 10,
  /** Failed lookups from one client address (as the portal saw it) per window. */
  lookupFailuresPerAddress: 30,
  codeMinutes: 10,
  codeTries: 5,
  codesPerLink: 3,
  sessionMinutes: 60,
  /** Compliance links an applicant may ask for again, per application and hour. */
  resendsPerHour: 5,
  verificationHours: 72,
} as const

export const TRACKING_MESSAGES = {
  /** Every failed lookup, whatever failed: no hint whether the reference exists. */
  notFound:
    'We could not find an application with these details. Please check the reference number and the email address or mobile number.',
  limited: 'Too many attempts. Please try again in 15 minutes.',
  linkInvalid: 'This link is invalid, expired or already used. Check your application status to ask for a new one.',
  codeWrong: 'The code is not correct.',
  codeDead: 'This code has expired or was tried too many times. Send a new code.',
  tooManyCodes: 'Too many codes were sent for this link. Check your application status to ask for a new link.',
  notForCompliance: 'This application does not need documents now.',
  tooManyResends: 'We already sent you a link recently. Please check your email or try again in an hour.',
} as const

/** spec 4 and issue 10: where an operator may move an application ('for_compliance' only by rejecting documents). */
export const ALLOWED_MOVES: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  submitted: ['documents_in_review', 'rejected'],
  documents_in_review: ['approved', 'rejected'],
  for_compliance: ['documents_in_review', 'rejected'],
  approved: ['installation_scheduled', 'rejected'],
  installation_scheduled: ['installed', 'rejected'],
  installed: [],
  rejected: [],
}

export type TimelineEntry = { status: ApplicationStatus; at: string; reason: string | null }
/** A category that was not rejected, or was sent again already. */
export function categoryNotOpen() {
  return new ServiceError(409, 'category_not_open', 'This document category is not open for upload.')
}

export type Rejection = { category: DocumentCategory; reason: string }

/** Who sent a rejected document on the customer's behalf (issue 13 item 4: the sales partner flag). */
export type SalesPartner = { userId: string; agentCode: string | null }

/** The timeline's note for a document a sales partner sent again, shown to the agent and to the applicant. */
export function sentAgainNote(by: SalesPartner): string {
  return by.agentCode ? `Documents sent again by agent ${by.agentCode}` : 'Documents sent again by a sales admin'
}

export type StatusView = {
  referenceNo: string
  status: ApplicationStatus
  customerSegment: 'Residential' | 'SME'
  planName: string
  appointment: string
  timeline: TimelineEntry[]
  /** Open compliance rejections (status for_compliance), else empty. */
  rejections: Rejection[]
  /** The address the applicant proved by the emailed link (masked, spec 9) and when; null until then. */
  emailVerified: { address: string; at: string } | null
}

export type ComplianceView = {
  applicationId: string
  referenceNo: string
  status: ApplicationStatus
  /** The categories open for re-upload: rejected and not yet resolved. */
  openCategories: Rejection[]
}

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest()
const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('base64url')
const newToken = () => crypto.randomBytes(32).toString('base64url')
const minutes = (n: number) => n * 60_000

type ApplicationRow = typeof applications.$inferSelect

/**
 * Issues an application's email verification link of one of the two services (spec 4) and
 * queues its email, inside the caller's transaction: on submission (issue 33) and when an
 * operator sends one again.
 */
export async function issueEmailVerification(
  tx: Executor,
  options: {
    application: Pick<ApplicationRow, 'id' | 'referenceNo' | 'emailAddress'>
    kind: VerificationKind
    now: Date
    productName: string
    publicUrl: string
  },
): Promise<void> {
  const { application, kind, now } = options
  const token = newToken()
  await tx.insert(applicationEmailVerifications).values({
    tokenHash: hashToken(token),
    kind,
    applicationId: application.id,
    expiresAt: new Date(now.getTime() + TRACKING_LIMITS.verificationHours * 3_600_000),
  })
  await enqueueMessage(
    tx,
    applicationVerificationEmail({
      productName: options.productName,
      publicUrl: options.publicUrl,
      to: application.emailAddress,
      referenceNo: application.referenceNo,
      id: `${kind}-${token}`,
      expiresInHours: TRACKING_LIMITS.verificationHours,
    }),
    now,
  )
}

export type TrackingService = ReturnType<typeof createTrackingService>

export function createTrackingService(deps: ServiceDeps) {
  const delivery = createDeliveryQueue(deps)
  const settings = () => settingsOf(deps)
  const codeHashWith = (secret: string, linkHash: string, code: string) =>
    crypto.createHmac('sha256', secret).update(`${linkHash}:${code}`).digest('base64url')
  const codeHash = (linkHash: string, code: string) => codeHashWith(settings().sessionSecret, linkHash, code)

  async function applicationById(db: Executor, id: string): Promise<ApplicationRow> {
    const [row] = await db.select().from(applications).where(eq(applications.id, id))
    if (!row) throw new ServiceError(404, 'not_found', 'No such application.')
    return row
  }

  async function openRejections(db: Executor, applicationId: string): Promise<Rejection[]> {
    return db
      .select({ category: complianceRejections.category, reason: complianceRejections.reason })
      .from(complianceRejections)
      .where(and(eq(complianceRejections.applicationId, applicationId), isNull(complianceRejections.resolvedAt)))
      .orderBy(asc(complianceRejections.category))
  }

  async function statusView(db: Executor, row: ApplicationRow): Promise<StatusView> {
    const events = await db
      .select()
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, row.id))
      .orderBy(asc(applicationEvents.createdAt))
    const status = row.status as ApplicationStatus
    return {
      referenceNo: row.referenceNo,
      status,
      customerSegment: row.customerSegment,
      planName: row.payload.planName,
      appointment: slotLabel(row.slotId.slice(0, 10), row.slotId.slice(11) as SlotWindow),
      timeline: [
        { status: 'submitted', at: row.createdAt.toISOString(), reason: null },
        ...events.map((e) => ({ status: e.status, at: e.createdAt.toISOString(), reason: e.reason })),
      ],
      rejections: status === 'for_compliance' ? await openRejections(db, row.id) : [],
      emailVerified:
        row.emailVerifiedAt && row.emailVerifiedAddress
          ? { address: maskEmail(row.emailVerifiedAddress), at: row.emailVerifiedAt.toISOString() }
          : null,
    }
  }

  // --- the status lookup's limit -------------------------------------------------------

  /** The limit's keys, each with its ceiling: the reference, the identifier and, when known, the client address. */
  function limitKeys(referenceNo: string, identifier: string, clientAddress?: string): Allowance[] {
    const window = (limit: number) => ({ limit, windowMs: minutes(TRACKING_LIMITS.lookupWindowMinutes) })
    const keys: Allowance[] = [
      {
        key: `ref:${limitDigest(referenceNo.toUpperCase())}`,
        window: window(TRACKING_LIMITS.lookupFailuresPerReference),
      },
      { key: `who:${limitDigest(identifier)}`, window: window(TRACKING_LIMITS.lookupFailuresPerIdentifier) },
    ]
    if (clientAddress) {
      keys.push({ key: `ip:${limitDigest(clientAddress)}`, window: window(TRACKING_LIMITS.lookupFailuresPerAddress) })
    }
    return keys
  }

  // A digest to compare against when the reference does not exist, so a miss costs the same.
  const absent = sha256(crypto.randomBytes(16).toString('hex'))

  /** The application of a reference and identifier pair, or the generic refusal (404) or the limit (429). */
  async function matchPair(
    referenceNo: string,
    rawIdentifier: string,
    clientAddress?: string,
  ): Promise<ApplicationRow> {
    const now = deps.now()
    const identifier = normaliseIdentifier(rawIdentifier) ?? rawIdentifier.trim().toLowerCase()
    const keys = limitKeys(referenceNo, identifier, clientAddress)
    // Counted before the comparison, in one statement per key, so a burst of concurrent guesses
    // cannot all pass while the first are compared; a match gives its count back below.
    await pruneAllowances(deps.db, statusLookupAllowances, now)
    if (await takeAllowances(deps.db, statusLookupAllowances, keys, now)) {
      throw new ServiceError(429, 'too_many_attempts', TRACKING_MESSAGES.limited)
    }
    const [row] = await deps.db
      .select()
      .from(applications)
      .where(eq(applications.referenceNo, referenceNo.toUpperCase()))
    const given = sha256(identifier)
    const email = row ? sha256(row.emailAddress.toLowerCase()) : absent
    const mobile = row ? sha256(row.mobileNumber) : absent
    // Both comparisons always run: the time does not tell which one (or none) matched.
    const emailMatches = crypto.timingSafeEqual(given, email)
    const mobileMatches = crypto.timingSafeEqual(given, mobile)
    if (row && (emailMatches || mobileMatches)) {
      for (const { key } of keys) await giveBackAllowance(deps.db, statusLookupAllowances, key, now)
      return row
    }
    throw new ServiceError(404, 'not_found', TRACKING_MESSAGES.notFound)
  }

  // --- compliance links ----------------------------------------------------------------

  /** Makes a link for the application and queues its email, in the caller's transaction. */
  async function issueComplianceLink(tx: Executor, row: ApplicationRow, rejections: Rejection[], now: Date) {
    const token = newToken()
    const hours = settings().complianceLinkHours
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
        publicUrl: settings().publicUrl,
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

  async function complianceView(db: Executor, row: ApplicationRow): Promise<ComplianceView> {
    const status = row.status as ApplicationStatus
    return {
      applicationId: row.id,
      referenceNo: row.referenceNo,
      status,
      openCategories: status === 'for_compliance' ? await openRejections(db, row.id) : [],
    }
  }

  /**
   * Records a status move, tells the applicant in the portal when they have a user (issue 11,
   * item 4), and moves the referral the applicant came through (issue 15), all in `tx`.
   */
  async function addEvent(
    tx: Executor,
    application: Pick<ApplicationRow, 'id' | 'referenceNo' | 'emailAddress'>,
    status: ApplicationStatus,
    reason: string | null,
    now: Date,
  ) {
    const applicationId = application.id
    const eventId = crypto.randomUUID()
    await tx.update(applications).set({ status }).where(eq(applications.id, applicationId))
    await tx.insert(applicationEvents).values({ id: eventId, applicationId, status, reason, createdAt: now })
    // A referral follows its application (installed: the referrer's reward; rejected: declined), once per event.
    await onApplicationEvent(tx, { applicationId, eventId, status, now }, settings().referrals)
    // Only a user who proved this email owns it: an unverified sign-up with someone else's address hears nothing.
    const applicant = await findUserRowByEmail(tx, application.emailAddress)
    if (applicant?.emailVerified) {
      await notify(tx, { userId: applicant.id, ...applicationStatusNotification(application.referenceNo, status) }, now)
    }
  }

  /** A new compliance link for an application waiting for documents, at most resendsPerHour an hour. */
  async function resendLink(row: ApplicationRow): Promise<{ sent: true }> {
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
    await deps.db.transaction((tx) => issueComplianceLink(tx, row, rejections, now))
    delivery.kick()
    return { sent: true }
  }

  return {
    /** The status page's answer for a reference and the applicant's email or mobile. */
    async lookup(referenceNo: string, identifier: string, clientAddress?: string): Promise<StatusView> {
      const row = await matchPair(referenceNo, identifier, clientAddress)
      return statusView(deps.db, row)
    },

    /** spec 7, POST send compliance email (ForCompliance): a new link for an applicant who proved the pair. */
    async resendComplianceLink(
      referenceNo: string,
      identifier: string,
      clientAddress?: string,
    ): Promise<{ sent: true }> {
      return resendLink(await matchPair(referenceNo, identifier, clientAddress))
    },

    /** The same for an application its agent or sales admin answers for (issue 13: the sales service checks who). */
    async resendComplianceLinkFor(applicationId: string): Promise<{ sent: true }> {
      return resendLink(await applicationById(deps.db, applicationId))
    },

    /** spec 7, OTP_ForCompliance: a code to the application's email for a live link. */
    async sendCode(token: string): Promise<{ maskedEmail: string; expiresAt: string }> {
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
      const expiresAt = new Date(now.getTime() + minutes(TRACKING_LIMITS.codeMinutes))
      await deps.db.transaction(async (tx) => {
        // A new code replaces the older ones.
        await tx
          .update(complianceCodes)
          .set({ closedAt: now })
          .where(and(eq(complianceCodes.linkTokenHash, link.tokenHash), isNull(complianceCodes.closedAt)))
        await tx.insert(complianceCodes).values({
          id: crypto.randomUUID(),
          linkTokenHash: link.tokenHash,
          codeHash: codeHash(link.tokenHash, code),
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
    },

    /**
     * spec 7, validate email with OTP: the right code spends the link and opens a session
     * (its token returned once); a wrong one costs a try (422, with the tries left).
     */
    async verifyCode(token: string, code: string): Promise<{ sessionToken: string; expiresAt: string }> {
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
      const right = madeByAny(sessionSecretRing(settings()), current.codeHash, (secret) =>
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
      const expiresAt = new Date(now.getTime() + minutes(TRACKING_LIMITS.sessionMinutes))
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
    },

    /** The compliance page for a session opened from this link (both must match), or the generic refusal. */
    async complianceBySession(token: string, sessionToken: string): Promise<ComplianceView> {
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
    },

    /** For the files service: which categories of an application are open for re-upload. */
    async compliance(applicationId: string): Promise<ComplianceView> {
      return complianceView(deps.db, await applicationById(deps.db, applicationId))
    },

    /**
     * For the files service: a category's new file was accepted, so it closes for re-upload;
     * with the last open category closed, the application goes back to documents in review
     * (the operator looks again). In the caller's transaction when given one (the file's row
     * and the closing commit together). A document a sales partner sent leaves a note on the
     * timeline: on the move back to review, or on its own while other categories stay open.
     */
    async resolveCategory(
      applicationId: string,
      category: DocumentCategory,
      executor?: Executor,
      by?: SalesPartner,
    ): Promise<ComplianceView> {
      const now = deps.now()
      const resolve = async (tx: Executor) => {
        const [row] = await tx.select().from(applications).where(eq(applications.id, applicationId)).for('update')
        if (!row) throw new ServiceError(404, 'not_found', 'No such application.')
        if (row.status !== 'for_compliance') throw categoryNotOpen()
        const [closed] = await tx
          .update(complianceRejections)
          .set({ resolvedAt: now })
          .where(
            and(
              eq(complianceRejections.applicationId, row.id),
              eq(complianceRejections.category, category),
              isNull(complianceRejections.resolvedAt),
            ),
          )
          .returning()
        if (!closed) throw categoryNotOpen()
        const note = by ? sentAgainNote(by) : null
        if ((await openRejections(tx, row.id)).length > 0) {
          if (note) {
            // The status stays: a note, with no status move and so no notification.
            await tx.insert(applicationEvents).values({
              id: crypto.randomUUID(),
              applicationId: row.id,
              status: row.status as ApplicationStatus,
              reason: note,
              createdAt: now,
            })
          }
          return complianceView(tx, row)
        }
        await addEvent(tx, row, 'documents_in_review', note, now)
        return complianceView(tx, { ...row, status: 'documents_in_review' })
      }
      return executor ? resolve(executor) : deps.db.transaction(resolve)
    },

    // --- operator actions (channel Operator) ---------------------------------------------

    /** Moves an application along ALLOWED_MOVES; 'rejected' needs a reason. */
    async advance(applicationId: string, status: ApplicationStatus, reason: string | null): Promise<StatusView> {
      const now = deps.now()
      return deps.db.transaction(async (tx) => {
        const [row] = await tx.select().from(applications).where(eq(applications.id, applicationId)).for('update')
        if (!row) throw new ServiceError(404, 'not_found', 'No such application.')
        const from = row.status as ApplicationStatus
        if (!ALLOWED_MOVES[from].includes(status)) {
          throw new ServiceError(409, 'move_not_allowed', `An application cannot move from ${from} to ${status}.`)
        }
        if (status === 'rejected' && !reason) {
          throw new ServiceError(422, 'invalid_input', 'Some fields are not valid.', {
            reason: ['A rejection needs a reason.'],
          })
        }
        await addEvent(tx, row, status, reason, now)
        return statusView(tx, { ...row, status })
      })
    },

    /**
     * Rejects document categories with their compliance reasons: the application goes to
     * for_compliance, the categories open for re-upload, and the applicant gets the link.
     */
    async rejectDocuments(applicationId: string, rejections: Rejection[]): Promise<ComplianceView> {
      const now = deps.now()
      const view = await deps.db.transaction(async (tx) => {
        const [row] = await tx.select().from(applications).where(eq(applications.id, applicationId)).for('update')
        if (!row) throw new ServiceError(404, 'not_found', 'No such application.')
        const from = row.status as ApplicationStatus
        if (!['submitted', 'documents_in_review', 'for_compliance'].includes(from)) {
          throw new ServiceError(
            409,
            'move_not_allowed',
            `Documents cannot be rejected when the application is ${from}.`,
          )
        }
        for (const r of rejections) {
          await tx
            .insert(complianceRejections)
            .values({ applicationId: row.id, ...r, rejectedAt: now })
            .onConflictDoUpdate({
              target: [complianceRejections.applicationId, complianceRejections.category],
              set: { reason: r.reason, rejectedAt: now, resolvedAt: null },
            })
        }
        await addEvent(tx, row, 'for_compliance', null, now)
        const open = await openRejections(tx, row.id)
        await issueComplianceLink(tx, row, open, now)
        return complianceView(tx, { ...row, status: 'for_compliance' })
      })
      delivery.kick()
      return view
    },

    /** Sends the application's email verification link of one of the two services (spec 4). */
    async sendVerification(applicationId: string, kind: VerificationKind): Promise<{ sent: true }> {
      const now = deps.now()
      const row = await applicationById(deps.db, applicationId)
      await deps.db.transaction((tx) =>
        issueEmailVerification(tx, {
          application: row,
          kind,
          now,
          productName: deps.productName,
          publicUrl: settings().publicUrl,
        }),
      )
      delivery.kick()
      return { sent: true }
    },

    /**
     * PATCH verify email of the OO or the CVG service: spends the link and records on the
     * application the address it proved and when (issue 33), or 404 for any dead link.
     */
    async verifyEmail(kind: VerificationKind, token: string): Promise<{ referenceNo: string }> {
      const now = deps.now()
      return deps.db.transaction(async (tx) => {
        const [spent] = await tx
          .update(applicationEmailVerifications)
          .set({ usedAt: now })
          .where(
            and(
              eq(applicationEmailVerifications.tokenHash, hashToken(token)),
              eq(applicationEmailVerifications.kind, kind),
              isNull(applicationEmailVerifications.usedAt),
              gt(applicationEmailVerifications.expiresAt, now),
            ),
          )
          .returning()
        if (!spent)
          throw new ServiceError(404, 'link_invalid', 'This verification link is invalid, expired or already used.')
        const [row] = await tx
          .update(applications)
          .set({ emailVerifiedAddress: sql`${applications.emailAddress}`, emailVerifiedAt: now })
          .where(eq(applications.id, spent.applicationId))
          .returning({ referenceNo: applications.referenceNo })
        if (!row)
          throw new ServiceError(404, 'link_invalid', 'This verification link is invalid, expired or already used.')
        return { referenceNo: row.referenceNo }
      })
    },
  }
}
