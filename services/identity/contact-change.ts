/**
 * The profile (issue 11 item 7; spec 2 /profile): a user's names and contact, and the change
 * of their email or mobile number, which applies only after a one-time code sent to the NEW
 * address comes back (spec 7 Identity "PATCH mobile number", Email "validate email with
 * OTP"; emailHashValue names the code). The change under way is the otp service's challenge,
 * purpose `contact-change`, its target the new address (services/otp/challenge.ts;
 * docs/decisions/0068): a 6-digit code from crypto.randomInt, kept only as an HMAC keyed with
 * the session secret, never logged or answered; OTP_TTL_SECONDS of life; the fifth wrong code
 * locks it; at most OTP_SENDS_PER_USER_PER_HOUR codes per user and
 * OTP_SENDS_PER_ACCOUNT_PER_HOUR per new address, counted in Postgres under advisory locks.
 * A new code to the same address voids the earlier one; codes to different addresses may be
 * live together, and applying one voids the rest of that kind.
 *
 * An email that already belongs to another user gets a notice instead of a code, and the
 * caller the same answer as for any address, so the form does not tell who has an account.
 * After a change the old email is told (someone else may have made it).
 */
import { eq } from 'drizzle-orm'
import { maskEmail, maskMobile } from '../../lib/masking.ts'
import { codeRefusal, createCodeChallenges, sendLimit, type CodeChannel } from '../otp/challenge.ts'
import { CODE_TEXT } from '../otp/code.ts'
import { settingsOf, type ServiceDeps } from '../context.ts'
import type { Executor } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import { createDeliveryQueue, enqueueMessage, latestSmsDelivery } from '../notifications/outbox.ts'
import type { OutgoingMessage } from '../notifications/sender.ts'
import { users } from './tables.ts'
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

/** What changes: the email address or the mobile number (the code goes to the new one). */
export type ContactKind = CodeChannel

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
  /**
   * The newest SMS to the mobile number could not be delivered (the SMS gateway refused the
   * number, or its delivery receipt said so; services/notifications/outbox.ts): the page says so.
   */
  mobileUnreachable: boolean
  /** Changes under way, newest first. */
  pendingChanges: ContactChangeView[]
}

const masked = (kind: ContactKind, value: string) => (kind === 'email' ? maskEmail(value) : maskMobile(value))
const smsRecipient = (mobile: string) => `+63${mobile.replace(/\D/g, '').slice(-10)}`

export function createContactChangeService(deps: ServiceDeps) {
  const settings = settingsOf(deps)
  const delivery = createDeliveryQueue(deps)
  const limits = settings.otp

  // A code sent before a SESSION_SECRET rotation still verifies.
  const challenges = createCodeChallenges(deps, 'contact-change')

  async function requireUser(db: Executor, userId: string): Promise<UserRow> {
    const row = await findUserRowById(db, userId)
    if (!row) throw new ServiceError(404, 'not_found', 'No such user.')
    return row
  }

  async function profile(db: Executor, userId: string): Promise<ProfileView> {
    const user = await requireUser(db, userId)
    const rows = await challenges.unspent(db, { userId }, 5)
    const now = deps.now()
    return {
      firstName: user.firstName,
      lastName: user.lastName,
      maskedEmail: maskEmail(user.email),
      maskedMobileNumber: maskMobile(user.mobileNumber),
      mobileUnreachable: (await latestSmsDelivery(db, smsRecipient(user.mobileNumber))) === 'undeliverable',
      pendingChanges: rows
        // An expired code older than a day is of no interest.
        .filter((row) => row.expiresAt.getTime() > now.getTime() - 24 * HOUR_MS)
        .map((row) => {
          const { channel, maskedDestination, reference, expiresAt, state, triesLeft } = challenges.stateOf(row, now)
          return { kind: channel, maskedDestination, emailHashValue: reference, expiresAt, state, triesLeft }
        }),
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

  /** The send limits an hour, the user's first (429). */
  function requireSendAllowance(db: Executor, userId: string, newValue: string, now: Date) {
    return challenges.requireSendAllowance(db, { userId, target: newValue }, now, [
      sendLimit('user', CONTACT_TEXT.tooManyForUser, 'value'),
      sendLimit('target', CONTACT_TEXT.tooManyForAddress, 'value'),
    ])
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
        await challenges.voidUnspent(tx, { userId, channel: kind, target: newValue }, now)
        const { challenge, code } = await challenges.issue(
          tx,
          { userId, target: newValue, channel: kind, maskedDestination: masked(kind, newValue) },
          now,
        )
        reference = challenge.reference
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
      await challenges.voidUnspent(deps.db, { userId, reference: emailHashValue }, deps.now())
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
        const check = await challenges.verify(tx, { userId, channel: kind, reference: emailHashValue }, otp, now)
        if (check.kind !== 'right') return check
        const change = check.challenge
        const user = await requireUser(tx, userId)
        if (kind === 'email') {
          // Taken since the code was sent (or taken all along: then no one knew the code).
          const other = await findUserRowByEmail(tx, change.target)
          if (other && other.id !== userId) {
            await challenges.voidUnspent(tx, { userId, reference: change.reference }, now)
            return { kind: 'taken' as const }
          }
        }
        await challenges.consume(tx, change, now)
        await challenges.voidUnspent(tx, { userId, channel: kind, exceptId: change.id }, now)
        await tx
          .update(users)
          .set(
            kind === 'email'
              ? // The code proved the new address is theirs.
                { email: change.target, emailVerified: true, updatedAt: now }
              : { mobileNumber: change.target, updatedAt: now },
          )
          .where(eq(users.id, userId))
        await enqueueMessage(tx, changedNotice(kind, user.email, change.target), now)
        return { kind: 'applied' as const }
      })
      switch (outcome.kind) {
        case 'applied':
          delivery.kick()
          return profile(deps.db, userId)
        case 'taken':
          throw new ServiceError(422, 'email_taken', CONTACT_TEXT.taken, { otp: [CONTACT_TEXT.taken] })
        default:
          throw codeRefusal(outcome)
      }
    },
  }
}

export type ContactChangeService = ReturnType<typeof createContactChangeService>
