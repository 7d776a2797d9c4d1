/**
 * DEMO DATA (issue 15): the demo customer CARLOS REYES (customer@example.com) has confirmed
 * that he may refer for his active account 1000000000002, has its invite code (a fixed one,
 * published like the demo passwords: /referral?invite=DEMOinviteCode-0000002), and three
 * older referrals, made 3 to 5 months before the seed runs so they do not count toward
 * this month's limit: one rewarded, one applied, one expired. Their referees' first names
 * start with DEMO. LIZA SANTOS (customer2, 1000000000003) is left unconfirmed, so the
 * one-time code step can be tried with her; ELENA CRUZ (customer3, 1000000000007) is confirmed
 * too, with no referrals (DEMO_SECOND_REFERRER); TERESA BAUTISTA (customer5) holds only the
 * suspended 1000000000004, which may not refer.
 *
 * The rewarded referral's reward is a credit still pending in billing (docs/decisions/0076):
 * it shows on the dashboard and the referrals page as "back on your next bill", and changes
 * neither 1000000000002's amount due nor its bill history, which the billing demo
 * (services/billing/seed.ts) keeps as a new subscriber's first unpaid bill (the bill run
 * leaves demo accounts alone, so it stays pending).
 *
 * Seeded only with demo data, only when no demo referral exists yet (a second run adds nothing).
 */
import { eq } from 'drizzle-orm'
import type { ReferralStatus } from '../../lib/referrals.ts'
import type { Database } from '../db/client.ts'
import { grantCredit } from '../billing/credits.ts'
import { BILLING_TEXT } from '../billing/texts.ts'
import { findUserRowByEmail } from '../identity/users.ts'
import { referralRewardKey } from './link.ts'
import { eligibilityConfirmations, invites, referralEvents, referrals, rewards } from './tables.ts'

export const DEMO_REFERRER = {
  email: 'customer@example.com',
  accountNumber: '1000000000002',
  firstName: 'CARLOS',
  registeredEmail: 'carlos.reyes@example.org',
} as const
export const DEMO_INVITE_CODE = 'DEMOinviteCode-0000002'

/**
 * ELENA CRUZ (customer3@example.com) holds one account, 1000000000007, and has confirmed she may
 * refer for it, with no referrals yet: the referral journeys (tests/e2e/referrals.spec.ts) refer
 * as her, since CARLOS's active account is switched by other journeys while they run.
 */
export const DEMO_SECOND_REFERRER = {
  email: 'customer3@example.com',
  accountNumber: '1000000000007',
  firstName: 'ELENA',
  inviteCode: 'DEMOinviteCode-0000007',
} as const

const DAY_MS = 86_400_000

const ADDRESS = {
  region: 'National Capital Region (NCR)',
  regionId: '13',
  province: 'METRO MANILA',
  provinceId: '137',
  municipality: 'City of Makati',
  municipalityId: '13760',
  barangay: 'Bel-Air',
  barangayId: '13760003',
  subdivision: null,
  subdivisionId: null,
  building: 'Demo Makati Tower',
  buildingId: 'B-1',
  zipCode: '1209',
  latitude: 14.5547,
  longitude: 121.0244,
}

type DemoReferral = {
  referenceNum: string
  firstName: string
  lastName: string
  email: string
  mobileNumber: string
  daysAgo: number
  /** The timeline: each status and the days after the referral it was reached. */
  timeline: [ReferralStatus, number][]
  rewardPesos?: number
}

export const DEMO_REFERRALS: DemoReferral[] = [
  {
    referenceNum: 'DEMO-REF-000001',
    firstName: 'DEMO ANGELA',
    lastName: 'VILLAR',
    email: 'demo.angela.villar@example.org',
    mobileNumber: '9170000201',
    daysAgo: 150,
    timeline: [
      ['invited', 0],
      ['applied', 4],
      ['installed', 18],
      ['rewarded', 18],
    ],
    rewardPesos: 500,
  },
  {
    referenceNum: 'DEMO-REF-000002',
    firstName: 'DEMO BENJIE',
    lastName: 'NAVARRO',
    email: 'demo.benjie.navarro@example.org',
    mobileNumber: '9170000202',
    daysAgo: 120,
    timeline: [
      ['invited', 0],
      ['applied', 6],
    ],
  },
  {
    referenceNum: 'DEMO-REF-000003',
    firstName: 'DEMO CORAZON',
    lastName: 'LOPEZ',
    email: 'demo.corazon.lopez@example.org',
    mobileNumber: '9170000203',
    daysAgo: 95,
    timeline: [
      ['invited', 0],
      ['expired', 60],
    ],
  },
]

export async function seedDemoReferrals(db: Database, now: Date = new Date()): Promise<Record<string, number>> {
  const carlos = await findUserRowByEmail(db, DEMO_REFERRER.email)
  const [seeded] = await db.select({ id: referrals.id }).from(referrals).where(eq(referrals.demo, true)).limit(1)
  if (!carlos || seeded) return { demoReferrals: 0 }
  const { accountNumber } = DEMO_REFERRER
  const earliest = new Date(now.getTime() - 180 * DAY_MS)
  await db
    .insert(eligibilityConfirmations)
    .values({ accountNumber, userId: carlos.id, confirmedAt: earliest, demo: true })
    .onConflictDoNothing()
  await db
    .insert(invites)
    .values({
      accountNumber,
      code: DEMO_INVITE_CODE,
      referrerFirstName: DEMO_REFERRER.firstName,
      createdAt: earliest,
      demo: true,
    })
    .onConflictDoNothing()
  const elena = await findUserRowByEmail(db, DEMO_SECOND_REFERRER.email)
  if (elena) {
    await db
      .insert(eligibilityConfirmations)
      .values({
        accountNumber: DEMO_SECOND_REFERRER.accountNumber,
        userId: elena.id,
        confirmedAt: earliest,
        demo: true,
      })
      .onConflictDoNothing()
    await db
      .insert(invites)
      .values({
        accountNumber: DEMO_SECOND_REFERRER.accountNumber,
        code: DEMO_SECOND_REFERRER.inviteCode,
        referrerFirstName: DEMO_SECOND_REFERRER.firstName,
        createdAt: earliest,
        demo: true,
      })
      .onConflictDoNothing()
  }
  for (const demo of DEMO_REFERRALS) {
    const createdAt = new Date(now.getTime() - demo.daysAgo * DAY_MS)
    const at = (days: number) => new Date(createdAt.getTime() + days * DAY_MS)
    const [status, lastDay] = demo.timeline.at(-1)!
    const [row] = await db
      .insert(referrals)
      .values({
        referenceNum: demo.referenceNum,
        type: 'MGM',
        referrerAccountNumber: accountNumber,
        referrerEmail: DEMO_REFERRER.email,
        referrerAccountType: 'fibre',
        firstName: demo.firstName,
        lastName: demo.lastName,
        email: demo.email,
        mobileNumber: demo.mobileNumber,
        ...ADDRESS,
        serviceabilityStatus: 'Serviceable',
        status,
        demo: true,
        createdAt,
        updatedAt: at(lastDay),
      })
      .returning({ id: referrals.id })
    await db
      .insert(referralEvents)
      .values(demo.timeline.map(([eventStatus, days]) => ({ referralId: row!.id, status: eventStatus, at: at(days) })))
    if (demo.rewardPesos) {
      await db.insert(rewards).values({
        referralId: row!.id,
        accountNumber,
        amountCentavos: demo.rewardPesos * 100,
        creditedAt: at(lastDay),
        demo: true,
      })
      await grantCredit(db, {
        accountNumber,
        sourceKey: referralRewardKey(row!.id),
        kind: 'referral_reward',
        amountCentavos: demo.rewardPesos * 100,
        description: BILLING_TEXT.referralReward,
        earnedAt: at(lastDay),
        demo: true,
      })
    }
  }
  return { demoReferrals: DEMO_REFERRALS.length }
}
