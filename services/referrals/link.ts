/**
 * What the applications service tells the referrals service (issue 15; docs/decisions/0048),
 * always inside its own transaction, so a referral moves exactly when the application does:
 *
 *   recordApplication   at submission (services/applications/service.ts, submit)
 *   onApplicationEvent  at every status move (services/applications/tracking.ts, addEvent)
 *
 * The applications service calls these; nothing here imports it (no cycle). The invite code
 * comes from the draft's `referral` section, read by the applications service server-side,
 * never from the application's body.
 */
import { and, desc, eq, isNull, or } from 'drizzle-orm'
import { formatPesos } from '../../lib/pesos.ts'
import { CUSTOMER_REFERRALS_PATH, InviteCodeSchema } from '../../lib/referrals.ts'
import type { ApplicationStatus } from '../../lib/application-status-words.ts'
import { grantCredit } from '../billing/credits.ts'
import { BILLING_TEXT } from '../billing/texts.ts'
import type { ReferralSettings } from '../context.ts'
import type { Executor } from '../db/client.ts'
import { notify } from '../notifications/inbox.ts'
import { titleCase } from './emails.ts'
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
} from './rules.ts'
import { invites, referralEvents, referrals, rewards } from './tables.ts'
import { nextStatus, type ReferralEvent } from './transitions.ts'

/** The application as the referrals service needs it: who applied and where (spec 3's residential address). */
export type ApplicationForReferral = {
  applicationId: string
  referenceNo: string
  firstName: string
  lastName: string
  email: string
  mobileNumber: string
  alternateMobileNumber: string | null
  address: {
    region: string
    regionId: string
    province: string
    provinceId: string
    municipality: string
    municipalityId: string
    barangay: string
    barangayId: string
    subdivision: string | null
    subdivisionId: string | null
    building: string | null
    buildingId: string | null
    zipCode: string | null
    latitude: number | null
    longitude: number | null
  }
  /** The invite code of the draft's INVITE referral section, or null. */
  inviteCode: string | null
  now: Date
}

export type RecordedReferral = { referralId: string; how: 'invited' | 'invite-code' } | null

/**
 * An application was submitted. An invited referral whose referee has the applicant's email
 * or mobile becomes applied; otherwise, a valid invite code from the draft makes a new MGM
 * referral, applied, when its account may still refer (eligible, not the applicant's own,
 * the applicant not referred already, the account under its monthly limit). Anything else
 * records nothing: an application never fails for a referral's sake.
 */
export async function recordApplication(
  tx: Executor,
  application: ApplicationForReferral,
  settings: ReferralSettings,
  productName: string,
): Promise<RecordedReferral> {
  const { now } = application
  const email = normaliseEmail(application.email)
  const mobile = normaliseMobile(application.mobileNumber)
  const code = application.inviteCode && InviteCodeSchema.safeParse(application.inviteCode).success
  const [invite] = code ? await tx.select().from(invites).where(eq(invites.code, application.inviteCode!)).limit(1) : []
  // Lock order (rules.ts): the account first, then the person.
  if (invite) await lockAccount(tx, invite.accountNumber)
  await lockReferee(tx, email, mobile)
  await expireStale(tx, settings, now, { email, mobile })

  const [waiting] = await tx
    .select()
    .from(referrals)
    .where(
      and(
        eq(referrals.status, 'invited'),
        isNull(referrals.applicationId),
        or(eq(referrals.email, email), eq(referrals.mobileNumber, mobile)),
      ),
    )
    .orderBy(desc(referrals.createdAt))
    .limit(1)
  if (waiting) {
    await move(tx, waiting.id, 'invited', 'application_submitted', now, null, {
      applicationId: application.applicationId,
    })
    return { referralId: waiting.id, how: 'invited' }
  }

  if (!invite) return null
  const eligibility = await accountEligibility(tx, invite.accountNumber, productName)
  if (!eligibility.eligible) return null
  const referee = {
    email,
    mobileNumber: mobile,
    alternateMobileNumber: application.alternateMobileNumber,
    barangay: application.address.barangay,
    building: application.address.building,
    subdivision: application.address.subdivision,
  }
  if (await isSelfReferral(tx, eligibility.account, referee, null)) return null
  if (await openReferralOf(tx, email, mobile)) return null
  if ((await referralsThisMonth(tx, invite.accountNumber, now)) >= settings.monthlyLimit) return null

  const [created] = await tx
    .insert(referrals)
    .values({
      referenceNum: application.referenceNo,
      type: 'MGM',
      referrerAccountNumber: invite.accountNumber,
      referrerEmail: eligibility.account.registeredEmail,
      referrerAccountType: eligibility.account.product,
      firstName: application.firstName,
      lastName: application.lastName,
      email,
      mobileNumber: mobile,
      alternateMobileNumber: application.alternateMobileNumber
        ? normaliseMobile(application.alternateMobileNumber)
        : null,
      ...application.address,
      // The applicant checked availability before applying (spec 4: only a serviceable pin applies).
      serviceabilityStatus: 'Serviceable',
      status: 'applied',
      applicationId: application.applicationId,
      inviteCode: invite.code,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: referrals.id })
  if (!created) return null
  await tx.insert(referralEvents).values({ referralId: created.id, status: 'applied', at: now })
  return { referralId: created.id, how: 'invite-code' }
}

/** The source key of a referral's reward credit in billing (one credit per referral). */
export const referralRewardKey = (referralId: string) => `referral-reward:${referralId}`

/** The application statuses a referral follows; the others (documents, approval, schedule) leave it as it is. */
const EVENT_OF: Partial<Record<ApplicationStatus, ReferralEvent>> = {
  installed: 'application_installed',
  rejected: 'application_rejected',
}

/**
 * An application moved (tracking.ts, addEvent; `eventId` is that move's id). Installed: the
 * referral is installed, and an MGM referral's reward is credited to the referring account's
 * next bill once (rewards keyed by referral, billing's credit keyed by `referral-reward:<id>`,
 * docs/decisions/0076), the referral becomes rewarded and the account's holders are told in
 * the portal. Rejected: the
 * referral is declined. The same event delivered twice changes nothing (source_event_id).
 */
export async function onApplicationEvent(
  tx: Executor,
  event: { applicationId: string; eventId: string; status: ApplicationStatus; now: Date },
  settings: ReferralSettings,
): Promise<void> {
  const referralEvent = EVENT_OF[event.status]
  if (!referralEvent) return
  const [referral] = await tx
    .select()
    .from(referrals)
    .where(eq(referrals.applicationId, event.applicationId))
    .orderBy(desc(referrals.createdAt))
    .limit(1)
    .for('update')
  if (!referral) return
  const moved = await move(tx, referral.id, referral.status, referralEvent, event.now, event.eventId)
  if (moved !== 'installed' || referral.type !== 'MGM' || !referral.referrerAccountNumber) return

  const amountCentavos = settings.rewardPesos * 100
  const [reward] = await tx
    .insert(rewards)
    .values({
      referralId: referral.id,
      accountNumber: referral.referrerAccountNumber,
      amountCentavos,
      creditedAt: event.now,
    })
    .onConflictDoNothing()
    .returning()
  if (!reward) return
  await grantCredit(tx, {
    accountNumber: referral.referrerAccountNumber,
    sourceKey: referralRewardKey(referral.id),
    kind: 'referral_reward',
    amountCentavos,
    description: BILLING_TEXT.referralReward,
    earnedAt: event.now,
  })
  await move(tx, referral.id, 'installed', 'reward_credited', event.now, null)
  await notify(
    tx,
    {
      accountNumber: referral.referrerAccountNumber,
      kind: 'general',
      severity: 'success',
      title: 'Your referral reward is credited',
      body: `${formatPesos(amountCentavos / 100)} comes off the next bill of account ${referral.referrerAccountNumber}: ${titleCase(referral.firstName)}, whom you referred, is now connected. Thank you!`,
      link: CUSTOMER_REFERRALS_PATH,
    },
    event.now,
  )
}

/**
 * Moves a referral along the transition table, with its timeline entry; the entry is
 * written first, so an event already recorded (its source_event_id) moves nothing. Answers
 * the new status, or null when nothing moved.
 */
async function move(
  tx: Executor,
  referralId: string,
  current: (typeof referrals.$inferSelect)['status'],
  event: ReferralEvent,
  now: Date,
  sourceEventId: string | null,
  changes: Partial<Pick<typeof referrals.$inferInsert, 'applicationId'>> = {},
) {
  const to = nextStatus(current, event)
  if (!to) return null
  const [recorded] = await tx
    .insert(referralEvents)
    .values({ referralId, status: to, at: now, sourceEventId })
    .onConflictDoNothing()
    .returning({ id: referralEvents.id })
  if (!recorded) return null
  await tx
    .update(referrals)
    .set({ status: to, updatedAt: now, ...changes })
    .where(and(eq(referrals.id, referralId), eq(referrals.status, current)))
  return to
}
