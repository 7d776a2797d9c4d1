/**
 * The profile (issue 11 item 7; spec 2 /profile): a user's names and contact, and the change
 * of their email or mobile number, which applies only after a one-time code sent to the NEW
 * address comes back (spec 7 Identity "PATCH mobile number", Email "validate email with
 * OTP"; emailHashValue names the code). The patterns are services/otp's (docs/security.md,
 * Ownership proof): a 6-digit code from crypto.randomInt, kept only as an HMAC keyed with the
 * session secret, never logged or answered; OTP_TTL_SECONDS of life; the fifth wrong code
 * locks it; at most OTP_SENDS_PER_USER_PER_HOUR codes per user and
 * OTP_SENDS_PER_ACCOUNT_PER_HOUR per new address, counted in Postgres under advisory locks.
 *
 * An email that already belongs to another user gets a notice instead of a code, and the
 * caller the same answer as for any address, so the form does not tell who has an account.
 * After a change the old email is told (someone else may have made it).
 */
import crypto from 'node:crypto'
import { and, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import { maskEmail, maskMobile } from '../../lib/masking.ts'
import { CODE_TEXT, codeHasher } from '../otp/code.ts'
import { sessionSecretRing, settingsOf, type ServiceDeps } from '../context.ts'
import type { Executor } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import { createDeliveryQueue, enqueueMessage } from '../notifications/outbox.ts'
import type { OutgoingMessage } from '../notifications/sender.ts'
import { contactChanges, users, type ContactKind } from './tables.ts'
import { findUserRowByEmail, findUserRowById, normaliseUsername, type UserRow } from './users.ts'

export const CONTACT_TEXT = {
  sameAsNow: {
    email: 'This is already your email address.',
    mobile: 'This is already your mobile number.',
  },
  ...CODE_TEXT,
  tooManyForUser: 'You have asked for too many codes. Please try again in an hour.',
  tooManyForAddress: 'Too many codes were sent to this address. Please try again in an hour.',
  taken: 'This email address can no longer be used. Please ask for a new code.',
} as const

const HOUR_MS = 60 * 60_000

export type ContactChangeView = {
  kind: ContactKind
  maskedDestination: string
  emailHashValue: string
  expiresAt: string
  state: 'live' | 'expired' | 'locked'
  triesLeft: number
}

export type ProfileView = {
  firstName: string
  lastName: string
  /** spec 9: the first and last character of the local part. */
  maskedEmail: string
  maskedMobileNumber: string
  /** Changes under way, newest first. */
  pendingChanges: ContactChangeView[]
}

const masked = (kind: ContactKind, value: string) => (kind === 'email' ? maskEmail(value) : maskMobile(value))
const smsRecipient = (mobile: string) => `+63${mobile.replace(/\D/g, '').slice(-10)}`

export function createContactChangeService(deps: ServiceDeps) {
  const settings = settingsOf(deps)
  const delivery = createDeliveryQueue(deps)
  const limits = settings.otp

  // `contact:{change id}:{code}`; a code sent before a SESSION_SECRET rotation still verifies.
  const codes = codeHasher(sessionSecretRing(settings), 'contact')

  async function requireUser(db: Executor, userId: string): Promise<UserRow> {
    const row = await findUserRowById(db, userId)
    if (!row) throw new ServiceError(404, 'not_found', 'No such user.')
    return row
  }

  async function profile(db: Executor, userId: string): Promise<ProfileView> {
    const user = await requireUser(db, userId)
    const rows = await db
      .select()
      .from(contactChanges)
      .where(and(eq(contactChanges.userId, userId), isNull(contactChanges.voidedAt), isNull(contactChanges.appliedAt)))
      .orderBy(desc(contactChanges.createdAt))
      .limit(5)
    const now = deps.now()
    return {
      firstName: user.firstName,
      lastName: user.lastName,
      maskedEmail: maskEmail(user.email),
      maskedMobileNumber: maskMobile(user.mobileNumber),
      pendingChanges: rows
        // An expired code older than a day is of no interest.
        .filter((row) => row.expiresAt.getTime() > now.getTime() - 24 * HOUR_MS)
        .map((row) => ({
          kind: row.kind,
          maskedDestination: masked(row.kind, row.newValue),
          emailHashValue: row.reference,
          expiresAt: row.expiresAt.toISOString(),
          state: row.lockedAt ? 'locked' : row.expiresAt <= now ? 'expired' : 'live',
          triesLeft: Math.max(limits.maxAttempts - row.failedAttempts, 0),
        })),
    }
  }

  function codeMessage(kind: ContactKind, to: string, code: string): OutgoingMessage {
    const minutes = Math.round(limits.ttlSeconds / 60)
    const what = kind === 'email' ? 'email address' : 'mobile number'
    const line = `${code} is your ${deps.productName} code to make this your ${what} on the portal. It expires in ${minutes} minutes.`
    const warning = 'If you did not ask for it, ignore this message. Never share the code.'
    if (kind === 'mobile')
      return { channel: 'sms', recipient: to, subject: `${deps.productName} code`, body: `${line} ${warning}` }
    return {
      channel: 'email',
      recipient: to,
      subject: `Your ${deps.productName} code to change your email address`,
      body: ['Hello,', '', line, '', warning, '', deps.productName].join('\n'),
    }
  }

  function takenNotice(to: string): OutgoingMessage {
    return {
      channel: 'email',
      recipient: to,
      subject: `Your ${deps.productName} email address`,
      body: [
        'Hello,',
        '',
        `Someone asked to use this email address for a ${deps.productName} portal login, but it already belongs to one. Nothing was changed.`,
        'If this was you, sign in with this address instead. If not, you can ignore this message.',
        '',
        deps.productName,
      ].join('\n'),
    }
  }

  function changedNotice(kind: ContactKind, to: string, newValue: string): OutgoingMessage {
    const what = kind === 'email' ? 'email address' : 'mobile number'
    return {
      channel: 'email',
      recipient: to,
      subject: `Your ${deps.productName} ${what} was changed`,
      body: [
        'Hello,',
        '',
        `The ${what} of your ${deps.productName} portal login is now ${masked(kind, newValue)}.`,
        'If you did not make this change, please call our hotline at once.',
        '',
        deps.productName,
      ].join('\n'),
    }
  }

  async function requireSendAllowance(db: Executor, userId: string, newValue: string, now: Date) {
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`contact:user:${userId}`}))`)
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`contact:value:${newValue}`}))`)
    const since = new Date(now.getTime() - HOUR_MS)
    const [forUser] = await db
      .select({ n: count() })
      .from(contactChanges)
      .where(and(eq(contactChanges.userId, userId), gt(contactChanges.createdAt, since)))
    if (forUser!.n >= limits.sendsPerUserPerHour)
      throw new ServiceError(429, 'too_many_requests', CONTACT_TEXT.tooManyForUser, {
        value: [CONTACT_TEXT.tooManyForUser],
      })
    const [forValue] = await db
      .select({ n: count() })
      .from(contactChanges)
      .where(and(eq(contactChanges.newValue, newValue), gt(contactChanges.createdAt, since)))
    if (forValue!.n >= limits.sendsPerAccountPerHour)
      throw new ServiceError(429, 'too_many_requests', CONTACT_TEXT.tooManyForAddress, {
        value: [CONTACT_TEXT.tooManyForAddress],
      })
  }

  return {
    delivery,

    profile: (userId: string) => profile(deps.db, userId),

    /** OTP send: a code to the new address; answers the profile with the change under way first. */
    async send(userId: string, kind: ContactKind, value: string): Promise<ProfileView & { sent: ContactChangeView }> {
      const now = deps.now()
      // Emails compared and kept as usernames are (without case or surrounding spaces).
      const newValue = kind === 'email' ? normaliseUsername(value) : value
      let reference = ''
      await deps.db.transaction(async (tx) => {
        const user = await requireUser(tx, userId)
        const current = kind === 'email' ? normaliseUsername(user.email) : user.mobileNumber
        if (newValue === current)
          throw new ServiceError(422, 'invalid_input', CONTACT_TEXT.sameAsNow[kind], {
            value: [CONTACT_TEXT.sameAsNow[kind]],
          })
        await requireSendAllowance(tx, userId, newValue, now)
        // A new code to the same address replaces the earlier one.
        await tx
          .update(contactChanges)
          .set({ voidedAt: now })
          .where(
            and(
              eq(contactChanges.userId, userId),
              eq(contactChanges.kind, kind),
              eq(contactChanges.newValue, newValue),
              isNull(contactChanges.voidedAt),
              isNull(contactChanges.appliedAt),
            ),
          )
        const id = crypto.randomUUID()
        const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')
        reference = crypto.randomBytes(24).toString('base64url')
        await tx.insert(contactChanges).values({
          id,
          userId,
          kind,
          newValue,
          reference,
          codeHash: codes.hash(id, code),
          createdAt: now,
          expiresAt: new Date(now.getTime() + limits.ttlSeconds * 1000),
        })
        const taken = kind === 'email' ? await findUserRowByEmail(tx, newValue) : null
        const to = kind === 'email' ? newValue : smsRecipient(newValue)
        await enqueueMessage(tx, taken ? takenNotice(to) : codeMessage(kind, to, code), now)
      })
      delivery.kick()
      const view = await profile(deps.db, userId)
      return { ...view, sent: view.pendingChanges.find((change) => change.emailHashValue === reference)! }
    },

    /** Drops a change under way. */
    async cancel(userId: string, emailHashValue: string): Promise<ProfileView> {
      await deps.db
        .update(contactChanges)
        .set({ voidedAt: deps.now() })
        .where(
          and(
            eq(contactChanges.userId, userId),
            eq(contactChanges.reference, emailHashValue),
            isNull(contactChanges.appliedAt),
          ),
        )
      return profile(deps.db, userId)
    },

    /**
     * OTP verify: the right code applies the change named by emailHashValue (of this kind),
     * voids the user's other changes of that kind and tells the old email. Wrong: one try
     * fewer; the fifth locks the code.
     */
    async verify(userId: string, kind: ContactKind, emailHashValue: string, otp: string): Promise<ProfileView> {
      const now = deps.now()
      const outcome = await deps.db.transaction(async (tx) => {
        const [change] = await tx
          .select()
          .from(contactChanges)
          .where(
            and(
              eq(contactChanges.userId, userId),
              eq(contactChanges.kind, kind),
              eq(contactChanges.reference, emailHashValue),
              isNull(contactChanges.voidedAt),
              isNull(contactChanges.appliedAt),
            ),
          )
          .for('update')
          .limit(1)
        if (!change) return { kind: 'no-code' as const }
        if (change.lockedAt) return { kind: 'locked' as const }
        if (change.expiresAt <= now) return { kind: 'expired' as const }
        if (!codes.matches(change.id, otp, change.codeHash)) {
          const failures = change.failedAttempts + 1
          const locks = failures >= limits.maxAttempts
          await tx
            .update(contactChanges)
            .set({ failedAttempts: failures, ...(locks ? { lockedAt: now } : {}) })
            .where(eq(contactChanges.id, change.id))
          return locks
            ? { kind: 'locked' as const }
            : { kind: 'wrong' as const, triesLeft: limits.maxAttempts - failures }
        }
        const user = await requireUser(tx, userId)
        if (kind === 'email') {
          // Taken since the code was sent (or taken all along: then no one knew the code).
          const other = await findUserRowByEmail(tx, change.newValue)
          if (other && other.id !== userId) {
            await tx.update(contactChanges).set({ voidedAt: now }).where(eq(contactChanges.id, change.id))
            return { kind: 'taken' as const }
          }
        }
        await tx.update(contactChanges).set({ appliedAt: now }).where(eq(contactChanges.id, change.id))
        await tx
          .update(contactChanges)
          .set({ voidedAt: now })
          .where(
            and(
              eq(contactChanges.userId, userId),
              eq(contactChanges.kind, kind),
              ne(contactChanges.id, change.id),
              isNull(contactChanges.voidedAt),
              isNull(contactChanges.appliedAt),
            ),
          )
        await tx
          .update(users)
          .set(
            kind === 'email'
              ? // The code proved the new address is theirs.
                { email: change.newValue, emailVerified: true, updatedAt: now }
              : { mobileNumber: change.newValue, updatedAt: now },
          )
          .where(eq(users.id, userId))
        await enqueueMessage(tx, changedNotice(kind, user.email, change.newValue), now)
        return { kind: 'applied' as const }
      })
      const refuse = (code: string, message: string) => new ServiceError(422, code, message, { otp: [message] })
      switch (outcome.kind) {
        case 'applied':
          delivery.kick()
          return profile(deps.db, userId)
        case 'wrong':
          throw refuse('otp_wrong', CONTACT_TEXT.wrongCode(outcome.triesLeft))
        case 'locked':
          throw refuse('otp_locked', CONTACT_TEXT.locked)
        case 'expired':
          throw refuse('otp_expired', CONTACT_TEXT.expired)
        case 'taken':
          throw refuse('email_taken', CONTACT_TEXT.taken)
        case 'no-code':
          throw refuse('otp_no_code', CONTACT_TEXT.noCode)
      }
    },
  }
}

export type ContactChangeService = ReturnType<typeof createContactChangeService>
