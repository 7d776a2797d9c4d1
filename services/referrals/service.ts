/**
 * Referrals (issue 15; spec 1, 3, 4, 9; docs/decisions/0048; docs/security.md, Referrals).
 *
 * - Refer and Earn (MGM): a subscriber refers a friend for one of the accounts their token
 *   lists. The account must be eligible (active, with a subscription) and the signed-in user
 *   must have confirmed, once per account, with a one-time code sent to the account's
 *   registered email or mobile. No self-referral, one open referral per person (any
 *   referrer), at most REFERRAL_MONTHLY_LIMIT a calendar month (Philippine time). The friend
 *   is emailed an invitation with the account's invite link, in the same transaction.
 * - Win Back: a former subscriber asks to come back (public; one open referral per person).
 * - Invites: each eligible account has a code (128 random bits); a friend who comes through
 *   the link and applies makes a referral (link.ts), and the installed service a reward.
 *
 * The one-time code is the otp service's challenge, purpose `referral-eligibility`
 * (services/otp/challenge.ts, docs/decisions/0068): 6 digits from crypto.randomInt, kept only
 * as an HMAC keyed with the session secret, never logged or answered; it lives
 * OTP_TTL_SECONDS, the fifth wrong code locks it, and sends are limited per account and per
 * user an hour (OTP_SENDS_PER_*), counted in Postgres under advisory locks.
 */
import crypto from 'node:crypto'
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import { maskEmail, maskMobile } from '../../lib/masking.ts'
import type {
  ReferralPayload,
  ReferralStatus,
  ReferralType,
  ServiceabilityStatus,
  WinbackPayload,
} from '../../lib/referrals.ts'
import type { SubscriberAccount } from '../accounts/registry.ts'
import type { Caller } from '../bearer.ts'
import { settingsOf, type ServiceDeps } from '../context.ts'
import type { Executor } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import { findUserRowById } from '../identity/users.ts'
import { creditsBySource } from '../billing/credits.ts'
import { createDeliveryQueue, enqueueMessage } from '../notifications/outbox.ts'
import { codeRefusal, createCodeChallenges, sendLimit } from '../otp/challenge.ts'
import { eligibilityCodeMessage, invitationEmail, winbackEmail } from './emails.ts'
import { referralRewardKey } from './link.ts'
import { REFERRAL_MESSAGES, referralTerms } from './messages.ts'
import {
  accountEligibility,
  expireStale,
  isSelfReferral,
  lockAccount,
  lockReferee,
  normaliseEmail,
  normaliseMobile,
  openReferralOf,
  referralsThisMonth,
  type Eligibility,
} from './rules.ts'
import { eligibilityConfirmations, invites, referralEvents, referrals, rewards } from './tables.ts'

export { REFERRAL_MESSAGES } from './messages.ts'

/** Invitations a referrer may have sent again, per referral. */
export const MAX_INVITATION_RESENDS = 3
/** The newest referrals a summary lists. */
const LIST_LIMIT = 100
// A malformed id would make Postgres raise instead of finding nothing.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export type ContactChannel = 'email' | 'mobile'

export type EligibilityView = {
  eligible: boolean
  /** Why not, in plain words; null when eligible. */
  reason: string | null
  /** The caller confirmed with a code that they may refer for this account. */
  confirmed: boolean
  /** Where a code can go: the account's registered contacts, masked. */
  contacts: { channel: ContactChannel; masked: string }[]
  /** The code under way (not yet right), or null. */
  code: null | {
    channel: ContactChannel
    maskedDestination: string
    /** Names the code to the verify call. */
    reference: string
    expiresAt: string
    state: 'live' | 'expired' | 'locked'
    triesLeft: number
  }
}

export type ReferralView = {
  id: string
  referenceNum: string
  type: ReferralType
  status: ReferralStatus
  serviceabilityStatus: ServiceabilityStatus
  referee: { firstName: string; maskedEmail: string }
  createdAt: string
  /** The reward credited for it, in pesos; null until credited. */
  rewardPesos: number | null
  /**
   * The reward's credit on the referrer's bills (docs/decisions/0076): what is still to come
   * off the next bill, and the bills ('YYYY-MM') that took it; null before the reward, and for
   * a reward posted before credits existed (a payment then).
   */
  rewardCredit: { pendingPesos: number; appliedTo: { month: string; amountPesos: number }[] } | null
  /** Oldest first. */
  timeline: { status: ReferralStatus; at: string }[]
}

export type ReferralSummary = {
  programme: { rewardPesos: number; monthlyLimit: number; expiryDays: number; terms: string[] }
  eligibility: EligibilityView
  invite: { code: string } | null
  /** Newest first. */
  referrals: ReferralView[]
  usedThisMonth: number
}

export type ReferralVideo = { title: string; url: string | null; captionsUrl: string | null }

type ReferralRow = typeof referrals.$inferSelect

function contactsOf(account: SubscriberAccount | null) {
  const contacts: { channel: ContactChannel; masked: string; address: string }[] = []
  if (account?.registeredEmail)
    contacts.push({ channel: 'email', masked: maskEmail(account.registeredEmail), address: account.registeredEmail })
  if (account?.registeredMobile)
    contacts.push({
      channel: 'mobile',
      masked: maskMobile(account.registeredMobile),
      // The outbox's SMS recipient in international form.
      address: `+63${normaliseMobile(account.registeredMobile)}`,
    })
  return contacts
}

/** An invite code: 16 random bytes as base64url (22 characters; lib/referrals.ts, InviteCodeSchema). */
export const newInviteCode = () => crypto.randomBytes(16).toString('base64url')

/** The referee and address columns of a referral, from spec 3's payload. */
function refereeColumns(payload: ReferralPayload | WinbackPayload) {
  return {
    firstName: payload.firstName,
    lastName: payload.lastName,
    email: normaliseEmail(payload.emailID),
    mobileNumber: normaliseMobile(payload.mobileNumber),
    alternateMobileNumber: payload.alternateMobileNumber ? normaliseMobile(payload.alternateMobileNumber) : null,
    region: payload.region,
    regionId: payload.regionId,
    province: payload.province,
    provinceId: payload.provinceId,
    municipality: payload.municipality,
    municipalityId: payload.municipalityId,
    barangay: payload.barangay,
    barangayId: payload.barangayId,
    subdivision: payload.subDivision,
    subdivisionId: payload.subDivisionId,
    building: payload.building,
    buildingId: payload.buildingId,
    zipCode: payload.zipCode,
    latitude: payload.latitude,
    longitude: payload.longitude,
    serviceabilityStatus: payload.serviceabilityStatus,
  }
}

export type ReferralsService = ReturnType<typeof createReferralsService>

export function createReferralsService(deps: ServiceDeps) {
  const settings = settingsOf(deps)
  const programme = settings.referrals
  const limits = settings.otp
  const delivery = createDeliveryQueue(deps)

  const challenges = createCodeChallenges(deps, 'referral-eligibility')

  const eligibilityOf = (db: Executor, accountNumber: string) => accountEligibility(db, accountNumber, deps.productName)

  function requireEligible(eligibility: Eligibility): asserts eligibility is Extract<Eligibility, { eligible: true }> {
    if (!eligibility.eligible) throw new ServiceError(403, 'not_eligible', eligibility.reason)
  }

  async function isConfirmed(db: Executor, accountNumber: string, userId: string) {
    const [row] = await db
      .select({ at: eligibilityConfirmations.confirmedAt })
      .from(eligibilityConfirmations)
      .where(
        and(eq(eligibilityConfirmations.accountNumber, accountNumber), eq(eligibilityConfirmations.userId, userId)),
      )
      .limit(1)
    return Boolean(row)
  }

  async function eligibilityView(db: Executor, caller: Caller, accountNumber: string): Promise<EligibilityView> {
    const eligibility = await eligibilityOf(db, accountNumber)
    const confirmed = await isConfirmed(db, accountNumber, caller.sub)
    const [challenge] = confirmed ? [] : await challenges.unspent(db, { userId: caller.sub, target: accountNumber })
    const now = deps.now()
    return {
      eligible: eligibility.eligible,
      reason: eligibility.reason,
      confirmed,
      contacts: contactsOf(eligibility.account).map(({ channel, masked }) => ({ channel, masked })),
      code: challenge ? challenges.stateOf(challenge, now) : null,
    }
  }

  /** The signed-in user's first name (the invitation names the referrer by it); the holder's with Keycloak. */
  async function firstNameOf(db: Executor, caller: Caller, account: SubscriberAccount) {
    const user = await findUserRowById(db, caller.sub)
    return user?.firstName ?? account.holderName.split(/\s+/)[0] ?? account.holderName
  }

  /** The account's invite, made now if it has none. */
  async function inviteOf(db: Executor, account: SubscriberAccount, referrerFirstName: string, now: Date) {
    await db
      .insert(invites)
      .values({ accountNumber: account.accountNumber, code: newInviteCode(), referrerFirstName, createdAt: now })
      .onConflictDoNothing({ target: invites.accountNumber })
    const [invite] = await db.select().from(invites).where(eq(invites.accountNumber, account.accountNumber))
    return invite!
  }

  async function views(db: Executor, rows: ReferralRow[]): Promise<ReferralView[]> {
    if (rows.length === 0) return []
    const ids = rows.map((row) => row.id)
    const [events, credited, billCredits] = await Promise.all([
      db
        .select()
        .from(referralEvents)
        .where(inArray(referralEvents.referralId, ids))
        .orderBy(asc(referralEvents.at), asc(referralEvents.seq)),
      db.select().from(rewards).where(inArray(rewards.referralId, ids)),
      creditsBySource(db, ids.map(referralRewardKey)),
    ])
    return rows.map((row) => {
      const reward = credited.find((r) => r.referralId === row.id)
      const credit = billCredits.find((c) => c.sourceKey === referralRewardKey(row.id))
      return {
        id: row.id,
        referenceNum: row.referenceNum,
        type: row.type,
        status: row.status,
        serviceabilityStatus: row.serviceabilityStatus,
        referee: { firstName: row.firstName, maskedEmail: maskEmail(row.email) },
        createdAt: row.createdAt.toISOString(),
        rewardPesos: reward ? reward.amountCentavos / 100 : null,
        rewardCredit: credit
          ? {
              pendingPesos: credit.pendingCentavos / 100,
              appliedTo: credit.appliedTo.map((a) => ({ month: a.month, amountPesos: a.amountCentavos / 100 })),
            }
          : null,
        timeline: events
          .filter((event) => event.referralId === row.id)
          .map((event) => ({ status: event.status, at: event.at.toISOString() })),
      }
    })
  }

  /** One of the account's own referrals, locked, or the 404 any other id gets (never a 403 that tells it exists). */
  async function ownReferral(tx: Executor, accountNumber: string, referralId: string) {
    const [row] = UUID.test(referralId)
      ? await tx
          .select()
          .from(referrals)
          .where(and(eq(referrals.id, referralId), eq(referrals.referrerAccountNumber, accountNumber)))
          .for('update')
          .limit(1)
      : []
    if (!row) throw new ServiceError(404, 'not_found', REFERRAL_MESSAGES.notFound)
    return row
  }

  /** The send limits an hour, the account's first (429). */
  function requireSendAllowance(tx: Executor, userId: string, accountNumber: string, now: Date) {
    return challenges.requireSendAllowance(tx, { userId, target: accountNumber }, now, [
      sendLimit('target', REFERRAL_MESSAGES.tooManyCodesForAccount, 'channel'),
      sendLimit('user', REFERRAL_MESSAGES.tooManyCodesForUser, 'channel'),
    ])
  }

  /** The one-open-referral rule for a person, under their locks (the caller holds the transaction). */
  async function requireNotReferred(tx: Executor, email: string, mobile: string, now: Date) {
    await lockReferee(tx, email, mobile)
    await expireStale(tx, programme, now, { email, mobile })
    if (await openReferralOf(tx, email, mobile))
      throw new ServiceError(409, 'already_referred', REFERRAL_MESSAGES.alreadyReferred)
  }

  return {
    /** GET /v1/referrals: the programme, the account's eligibility and invite, its referrals. */
    async summary(caller: Caller, accountNumber: string): Promise<ReferralSummary> {
      const now = deps.now()
      return deps.db.transaction(async (tx) => {
        await expireStale(tx, programme, now, { accountNumber })
        const eligibility = await eligibilityView(tx, caller, accountNumber)
        let invite: { code: string } | null = null
        if (eligibility.eligible && eligibility.confirmed) {
          const { account } = (await eligibilityOf(tx, accountNumber)) as Extract<Eligibility, { eligible: true }>
          invite = { code: (await inviteOf(tx, account, await firstNameOf(tx, caller, account), now)).code }
        }
        const rows = await tx
          .select()
          .from(referrals)
          .where(eq(referrals.referrerAccountNumber, accountNumber))
          .orderBy(desc(referrals.createdAt), desc(referrals.id))
          .limit(LIST_LIMIT)
        return {
          programme: {
            rewardPesos: programme.rewardPesos,
            monthlyLimit: programme.monthlyLimit,
            expiryDays: programme.expiryDays,
            terms: referralTerms(programme, deps.productName),
          },
          eligibility,
          invite,
          referrals: await views(tx, rows),
          usedThisMonth: await referralsThisMonth(tx, accountNumber, now),
        }
      })
    },

    /** GET /v1/referrals/video: the configured video, or none (url null). */
    video(): ReferralVideo {
      return {
        title: `How referring a friend to ${deps.productName} works`,
        url: programme.videoUrl,
        captionsUrl: programme.videoUrl ? programme.videoCaptionsUrl : null,
      }
    },

    /** A one-time code to the account's chosen registered contact; earlier codes for this user and account stop working. */
    async sendCode(caller: Caller, accountNumber: string, channel: ContactChannel): Promise<EligibilityView> {
      const now = deps.now()
      await deps.db.transaction(async (tx) => {
        const eligibility = await eligibilityOf(tx, accountNumber)
        requireEligible(eligibility)
        if (await isConfirmed(tx, accountNumber, caller.sub))
          throw new ServiceError(409, 'already_confirmed', REFERRAL_MESSAGES.alreadyConfirmed)
        const contacts = contactsOf(eligibility.account)
        if (contacts.length === 0) throw new ServiceError(422, 'account_no_contact', REFERRAL_MESSAGES.noContact)
        const contact = contacts.find((candidate) => candidate.channel === channel)
        if (!contact)
          throw new ServiceError(422, 'invalid_input', REFERRAL_MESSAGES.channelUnavailable, {
            channel: [REFERRAL_MESSAGES.channelUnavailable],
          })
        await requireSendAllowance(tx, caller.sub, accountNumber, now)
        await challenges.voidUnspent(tx, { userId: caller.sub, target: accountNumber }, now)
        const { code } = await challenges.issue(
          tx,
          { userId: caller.sub, target: accountNumber, channel, maskedDestination: contact.masked },
          now,
        )
        await enqueueMessage(
          tx,
          eligibilityCodeMessage({
            channel,
            to: contact.address,
            productName: deps.productName,
            code,
            accountNumber,
            minutes: Math.round(limits.ttlSeconds / 60),
          }),
          now,
        )
      })
      delivery.kick()
      return eligibilityView(deps.db, caller, accountNumber)
    },

    /** The code back: right, the caller is confirmed for the account; wrong, one try fewer (the fifth locks it). */
    async verifyCode(
      caller: Caller,
      accountNumber: string,
      reference: string,
      otp: string,
    ): Promise<{ confirmed: true }> {
      const now = deps.now()
      const outcome = await deps.db.transaction(async (tx) => {
        const check = await challenges.verify(tx, { userId: caller.sub, target: accountNumber, reference }, otp, now)
        if (check.kind !== 'right') return check
        await challenges.consume(tx, check.challenge, now)
        await tx
          .insert(eligibilityConfirmations)
          .values({ accountNumber, userId: caller.sub, confirmedAt: now })
          .onConflictDoNothing()
        return { kind: 'confirmed' as const }
      })
      if (outcome.kind !== 'confirmed') throw codeRefusal(outcome)
      return { confirmed: true }
    },

    /**
     * POST /v1/referrals: files a friend's referral (spec 3's payload) for the account. The
     * same check's reference again answers the referral it made and files nothing.
     */
    async submit(
      caller: Caller,
      accountNumber: string,
      payload: ReferralPayload,
    ): Promise<{ created: boolean; answer: { status: true; referralId: string; referenceNum: string } }> {
      if (payload.referrerAccountNumber !== accountNumber)
        throw new ServiceError(422, 'invalid_input', REFERRAL_MESSAGES.referrerAccountMismatch, {
          referrerAccountNumber: [REFERRAL_MESSAGES.referrerAccountMismatch],
        })
      const now = deps.now()
      const { referral, sent, created } = await deps.db.transaction(async (tx) => {
        await lockAccount(tx, accountNumber)
        const [before] = await tx
          .select()
          .from(referrals)
          .where(
            and(eq(referrals.referrerAccountNumber, accountNumber), eq(referrals.referenceNum, payload.referenceNum)),
          )
          .limit(1)
        if (before) return { referral: before, sent: false, created: false }

        const eligibility = await eligibilityOf(tx, accountNumber)
        requireEligible(eligibility)
        if (!(await isConfirmed(tx, accountNumber, caller.sub)))
          throw new ServiceError(403, 'eligibility_unconfirmed', REFERRAL_MESSAGES.eligibilityUnconfirmed)
        const columns = refereeColumns(payload)
        if (await isSelfReferral(tx, eligibility.account, columns, caller.sub))
          throw new ServiceError(409, 'self_referral', REFERRAL_MESSAGES.selfReferral)
        if ((await referralsThisMonth(tx, accountNumber, now)) >= programme.monthlyLimit)
          throw new ServiceError(429, 'monthly_limit', REFERRAL_MESSAGES.monthlyLimit(programme.monthlyLimit))
        await requireNotReferred(tx, columns.email, columns.mobileNumber, now)

        // The server decides who refers: the signed-in user's email (the account's with Keycloak) and the registry's product.
        const user = await findUserRowById(tx, caller.sub)
        const status = payload.serviceabilityStatus === 'Serviceable' ? 'invited' : 'not_serviceable'
        const [created] = await tx
          .insert(referrals)
          .values({
            referenceNum: payload.referenceNum,
            type: 'MGM',
            referrerAccountNumber: accountNumber,
            referrerEmail: user?.email ?? eligibility.account.registeredEmail,
            referrerAccountType: eligibility.account.product,
            ...columns,
            status,
            createdAt: now,
            updatedAt: now,
          })
          .returning()
        await tx.insert(referralEvents).values({ referralId: created!.id, status, at: now })
        // A friend fibre does not reach yet gets no invitation to apply (the referral ends there).
        if (status === 'invited') {
          const referrerFirstName = user?.firstName ?? (await firstNameOf(tx, caller, eligibility.account))
          const invite = await inviteOf(tx, eligibility.account, referrerFirstName, now)
          await enqueueMessage(
            tx,
            invitationEmail({
              productName: deps.productName,
              publicUrl: settings.publicUrl,
              to: created!.email,
              firstName: created!.firstName,
              referrerFirstName,
              inviteCode: invite.code,
              rewardPesos: programme.rewardPesos,
              expiryDays: programme.expiryDays,
            }),
            now,
          )
        }
        return { referral: created!, sent: status === 'invited', created: true }
      })
      if (sent) delivery.kick()
      return { created, answer: { status: true, referralId: referral.id, referenceNum: referral.referenceNum } }
    },

    /** POST /v1/referrals/notify: the invitation again, for a referral of the account still waiting for the friend. */
    async notify(
      caller: Caller,
      accountNumber: string,
      referralId: string,
    ): Promise<{ sent: true; refereeFirstName: string; resendsLeft: number }> {
      const now = deps.now()
      const resent = await deps.db.transaction(async (tx) => {
        await expireStale(tx, programme, now, { accountNumber })
        const referral = await ownReferral(tx, accountNumber, referralId)
        if (referral.status !== 'invited') throw new ServiceError(409, 'not_waiting', REFERRAL_MESSAGES.notWaiting)
        if (referral.resends >= MAX_INVITATION_RESENDS)
          throw new ServiceError(429, 'too_many_resends', REFERRAL_MESSAGES.tooManyResends(MAX_INVITATION_RESENDS))
        const eligibility = await eligibilityOf(tx, accountNumber)
        requireEligible(eligibility)
        await tx
          .update(referrals)
          .set({ resends: referral.resends + 1, updatedAt: now })
          .where(eq(referrals.id, referral.id))
        const referrerFirstName = await firstNameOf(tx, caller, eligibility.account)
        const invite = await inviteOf(tx, eligibility.account, referrerFirstName, now)
        await enqueueMessage(
          tx,
          invitationEmail({
            productName: deps.productName,
            publicUrl: settings.publicUrl,
            to: referral.email,
            firstName: referral.firstName,
            referrerFirstName,
            inviteCode: invite.code,
            rewardPesos: programme.rewardPesos,
            expiryDays: programme.expiryDays,
          }),
          now,
        )
        return { refereeFirstName: referral.firstName, resendsLeft: MAX_INVITATION_RESENDS - referral.resends - 1 }
      })
      delivery.kick()
      return { sent: true, ...resent }
    },

    /** GET /v1/referrals/invite: the referrer's first name for a live invite code of an eligible account. */
    async invite(code: string): Promise<{ referrerFirstName: string }> {
      const [invite] = await deps.db.select().from(invites).where(eq(invites.code, code)).limit(1)
      if (!invite || !(await eligibilityOf(deps.db, invite.accountNumber)).eligible)
        throw new ServiceError(404, 'invite_not_found', REFERRAL_MESSAGES.inviteNotFound)
      return { referrerFirstName: invite.referrerFirstName }
    },

    /** POST /v1/referrals/winback: a former subscriber's request to come back (public). */
    async winback(
      payload: WinbackPayload,
    ): Promise<{ created: boolean; answer: { status: true; referralId: string } }> {
      const now = deps.now()
      const columns = refereeColumns(payload)
      const { referralId, created } = await deps.db.transaction(async (tx) => {
        // One request per check at a time, then the person (rules.ts, lock order).
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`referrals:winback:${payload.referenceNum}`}))`)
        const [before] = await tx
          .select()
          .from(referrals)
          .where(and(eq(referrals.type, 'WINBACK'), eq(referrals.referenceNum, payload.referenceNum)))
          .limit(1)
        if (before) {
          if (before.email === columns.email) return { referralId: before.id, created: false }
          throw new ServiceError(409, 'reference_taken', REFERRAL_MESSAGES.winbackReferenceTaken)
        }
        await requireNotReferred(tx, columns.email, columns.mobileNumber, now)
        const status = payload.serviceabilityStatus === 'Serviceable' ? 'invited' : 'not_serviceable'
        const [created] = await tx
          .insert(referrals)
          .values({
            referenceNum: payload.referenceNum,
            type: 'WINBACK',
            formerAccountNumber: payload.formerAccountNumber ?? null,
            ...columns,
            status,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: referrals.id })
        await tx.insert(referralEvents).values({ referralId: created!.id, status, at: now })
        await enqueueMessage(
          tx,
          winbackEmail({
            productName: deps.productName,
            publicUrl: settings.publicUrl,
            to: columns.email,
            firstName: columns.firstName,
            serviceable: status === 'invited',
          }),
          now,
        )
        return { referralId: created!.id, created: true }
      })
      if (created) delivery.kick()
      return { created, answer: { status: true, referralId } }
    },
  }
}
