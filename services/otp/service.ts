/**
 * Proof of account ownership (spec 7, OTP send and verify; docs/security.md, Ownership
 * proof; docs/decisions/0034). A signed-in user who wants an account linked enters its
 * number (start), chooses where the code goes among the account's registered contacts,
 * shown masked (send), and types the code back (verify). Only then is the account linked,
 * as verified (identity's recordProvenLink, in the same transaction).
 *
 * The code is a challenge of purpose `account-ownership` (./challenge.ts, the one copy):
 * - 6 digits from crypto.randomInt; kept only as an HMAC keyed with the session secret (a
 *   database reader cannot try the million codes offline); never in a log line or an
 *   answer. It goes out through the outbox (email, or an SMS message).
 * - Life: OTP_TTL_SECONDS (10 minutes); a new code voids the user's earlier ones.
 * - Tries: the fifth wrong code locks that code; the user must ask for a new one.
 * - Sends: at most OTP_SENDS_PER_ACCOUNT_PER_HOUR per account, whoever asks, and
 *   OTP_SENDS_PER_USER_PER_HOUR per user, counted from `otp.one_time_codes` (Postgres,
 *   never process memory), under an advisory lock per account and per user so concurrent
 *   sends cannot both take the last one.
 */
import { eq } from 'drizzle-orm'
import { maskEmail, maskMobile } from '../../lib/masking.ts'
import { findSubscriberAccount, PORTAL_PRODUCT, type SubscriberAccount } from '../accounts/registry.ts'
import { settingsOf, type ServiceDeps } from '../context.ts'
import type { Executor } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import { notLinkableMessage, recordProvenLink } from '../identity/service.ts'
import { findUserRowById, toIdentityUser, type IdentityUser } from '../identity/users.ts'
import { createDeliveryQueue, enqueueMessage } from '../notifications/outbox.ts'
import type { OutgoingMessage } from '../notifications/sender.ts'
import { codeRefusal, createCodeChallenges, sendLimit, type Challenge } from './challenge.ts'
import { CODE_TEXT } from './code.ts'
import { pendingProofs } from './tables.ts'

export type OtpChannel = 'email' | 'mobile'

// Our texts (the spec shows none for these).
export const OTP_TEXT = {
  alreadyProven: 'This account is already linked to you.',
  noContact:
    'We have no email address or mobile number on record for this account, so it cannot be linked online. Please call our hotline.',
  noPending: 'Please enter the account number to link first.',
  channelUnavailable: 'This account has no registered contact of that kind. Please choose another.',
  ...CODE_TEXT,
  tooManyForAccount: 'Too many codes were sent for this account. Please try again in an hour.',
  tooManyForUser: 'You have asked for too many codes. Please try again in an hour.',
} as const

/** What the user may see of a pending proof: the account they typed, masked contacts, the code's state. */
export type PendingProofView = {
  accountNumber: string
  contacts: { channel: OtpChannel; masked: string }[]
  code: null | {
    channel: OtpChannel
    maskedDestination: string
    /** spec 7's emailHashValue: which code the verify call answers. */
    emailHashValue: string
    expiresAt: string
    state: 'live' | 'expired' | 'locked'
    triesLeft: number
  }
}

function contactsOf(account: SubscriberAccount): { channel: OtpChannel; masked: string; address: string }[] {
  const contacts: { channel: OtpChannel; masked: string; address: string }[] = []
  if (account.registeredEmail)
    contacts.push({ channel: 'email', masked: maskEmail(account.registeredEmail), address: account.registeredEmail })
  if (account.registeredMobile)
    contacts.push({
      channel: 'mobile',
      masked: maskMobile(account.registeredMobile),
      // The outbox's SMS recipient in international form.
      address: `+63${account.registeredMobile.replace(/\D/g, '').slice(-10)}`,
    })
  return contacts
}

function codeMessage(options: {
  channel: OtpChannel
  to: string
  productName: string
  code: string
  accountNumber: string
  minutes: number
}): OutgoingMessage {
  const { productName, code, minutes } = options
  const ending = options.accountNumber.slice(-4)
  const line = `${code} is your ${productName} code to link the account ending in ${ending} to a portal login. It expires in ${minutes} minutes.`
  const warning =
    'If you did not ask for it, ignore this message: no one can link the account without the code. Never share it.'
  if (options.channel === 'mobile')
    return { channel: 'sms', recipient: options.to, subject: `${productName} code`, body: `${line} ${warning}` }
  return {
    channel: 'email',
    recipient: options.to,
    subject: `Your ${productName} code to link an account`,
    body: ['Hello,', '', line, '', warning, '', productName].join('\n'),
  }
}

export function createOtpService(deps: ServiceDeps) {
  const settings = settingsOf(deps)
  const delivery = createDeliveryQueue(deps)
  const limits = settings.otp
  const challenges = createCodeChallenges(deps, 'account-ownership')

  async function requireUserRow(db: Executor, userId: string) {
    const row = await findUserRowById(db, userId)
    if (!row) throw new ServiceError(404, 'not_found', 'No such user.')
    return row
  }

  /** The account, when it is one of the product's and has a contact; the spec 8 message otherwise. */
  async function requireProvable(db: Executor, accountNumber: string) {
    const account = await findSubscriberAccount(db, accountNumber)
    if (!account || account.product !== PORTAL_PRODUCT) {
      const message = notLinkableMessage(deps.productName)
      throw new ServiceError(422, 'account_not_linkable', message, { accountNumber: [message] })
    }
    if (contactsOf(account).length === 0)
      throw new ServiceError(422, 'account_no_contact', OTP_TEXT.noContact, { accountNumber: [OTP_TEXT.noContact] })
    return account
  }

  /** A challenge as the pending proof shows it: its reference is spec 7's emailHashValue. */
  function codeView(challenge: Challenge, now: Date): NonNullable<PendingProofView['code']> {
    const { channel, maskedDestination, reference, expiresAt, state, triesLeft } = challenges.stateOf(challenge, now)
    return { channel, maskedDestination, emailHashValue: reference, expiresAt, state, triesLeft }
  }

  async function latestChallenge(db: Executor, userId: string, accountNumber: string) {
    const [row] = await challenges.unspent(db, { userId, target: accountNumber })
    return row ?? null
  }

  async function view(db: Executor, userId: string): Promise<PendingProofView | null> {
    const [pending] = await db.select().from(pendingProofs).where(eq(pendingProofs.userId, userId)).limit(1)
    if (!pending) return null
    const account = await findSubscriberAccount(db, pending.accountNumber)
    if (!account) return null
    const challenge = await latestChallenge(db, userId, pending.accountNumber)
    const now = deps.now()
    return {
      accountNumber: pending.accountNumber,
      contacts: contactsOf(account).map(({ channel, masked }) => ({ channel, masked })),
      code: challenge ? codeView(challenge, now) : null,
    }
  }

  /** Counts sends in the last hour; throws 429 when this one would pass a limit (the account's first). */
  function requireSendAllowance(db: Executor, userId: string, accountNumber: string, now: Date) {
    return challenges.requireSendAllowance(db, { userId, target: accountNumber }, now, [
      sendLimit('target', OTP_TEXT.tooManyForAccount, 'channel'),
      sendLimit('user', OTP_TEXT.tooManyForUser, 'channel'),
    ])
  }

  return {
    delivery,

    /** The user's proof under way, or null. */
    pending(userId: string): Promise<PendingProofView | null> {
      return view(deps.db, userId)
    },

    /** Step 1: the account to prove. Replaces any proof under way; sends nothing yet. */
    async start(userId: string, accountNumber: string): Promise<PendingProofView> {
      const user = toIdentityUser(await requireUserRow(deps.db, userId))
      if (user.attributes.accountNumber.includes(accountNumber))
        throw new ServiceError(422, 'already_linked', OTP_TEXT.alreadyProven, {
          accountNumber: [OTP_TEXT.alreadyProven],
        })
      await requireProvable(deps.db, accountNumber)
      const now = deps.now()
      await deps.db.transaction(async (tx) => {
        await challenges.voidUnspent(tx, { userId }, now)
        await tx
          .insert(pendingProofs)
          .values({ userId, accountNumber, startedAt: now })
          .onConflictDoUpdate({ target: pendingProofs.userId, set: { accountNumber, startedAt: now } })
      })
      return (await view(deps.db, userId))!
    },

    /** Drops the proof under way and voids its codes. */
    async cancel(userId: string): Promise<{ cancelled: true }> {
      const now = deps.now()
      await deps.db.transaction(async (tx) => {
        await tx.delete(pendingProofs).where(eq(pendingProofs.userId, userId))
        await challenges.voidUnspent(tx, { userId }, now)
      })
      return { cancelled: true }
    },

    /** spec 7 OTP send: a new code to the chosen contact of the pending account; earlier codes stop working. */
    async send(userId: string, channel: OtpChannel): Promise<PendingProofView> {
      const now = deps.now()
      await deps.db.transaction(async (tx) => {
        const [pending] = await tx.select().from(pendingProofs).where(eq(pendingProofs.userId, userId)).limit(1)
        if (!pending) throw new ServiceError(409, 'no_pending_proof', OTP_TEXT.noPending)
        const account = await requireProvable(tx, pending.accountNumber)
        const contact = contactsOf(account).find((candidate) => candidate.channel === channel)
        if (!contact)
          throw new ServiceError(422, 'invalid_input', OTP_TEXT.channelUnavailable, {
            channel: [OTP_TEXT.channelUnavailable],
          })
        await requireSendAllowance(tx, userId, pending.accountNumber, now)
        await challenges.voidUnspent(tx, { userId }, now)
        const { code } = await challenges.issue(
          tx,
          { userId, target: pending.accountNumber, channel, maskedDestination: contact.masked },
          now,
        )
        await enqueueMessage(
          tx,
          codeMessage({
            channel,
            to: contact.address,
            productName: deps.productName,
            code,
            accountNumber: pending.accountNumber,
            minutes: Math.round(limits.ttlSeconds / 60),
          }),
          now,
        )
      })
      delivery.kick()
      return (await view(deps.db, userId))!
    },

    /**
     * spec 7 OTP verify: the code for the pending proof named by emailHashValue. Right: the
     * account is linked as verified. Wrong: one try fewer, and the fifth locks the code.
     */
    async verify(userId: string, emailHashValue: string, otp: string): Promise<IdentityUser> {
      const now = deps.now()
      const outcome = await deps.db.transaction(async (tx) => {
        const check = await challenges.verify(tx, { userId, reference: emailHashValue }, otp, now)
        if (check.kind !== 'right') return check
        await challenges.consume(tx, check.challenge, now)
        await tx.delete(pendingProofs).where(eq(pendingProofs.userId, userId))
        const user = await recordProvenLink(tx, userId, check.challenge.target, now)
        return { kind: 'proven' as const, user }
      })
      if (outcome.kind !== 'proven') throw codeRefusal(outcome)
      return outcome.user
    },
  }
}

export type OtpService = ReturnType<typeof createOtpService>
