/**
 * The referrals service's data (issue 15; docs/decisions/0048): each account's invite code,
 * the referrals (a subscriber's friend, MGM, or a former subscriber's Win Back), their
 * timeline, the rewards credited, and the confirmations by which a signed-in user confirms
 * they may refer for an account (the one-time codes that prove it are the otp service's,
 * purpose `referral-eligibility`: services/otp/challenge.ts).
 *
 * Account numbers, application ids and user ids are plain values, not foreign keys: they
 * belong to other services (docs/architecture.md, 7).
 */
import { sql } from 'drizzle-orm'
import {
  boolean,
  char,
  doublePrecision,
  index,
  integer,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { REFERRAL_STATUSES, REFERRAL_TYPES, SERVICEABILITY_STATUSES } from '../../lib/referrals.ts'

export const referralsSchema = pgSchema('referrals')

/**
 * An account's invite code (the portal's /referral?invite=…): 128 random bits in base64url,
 * never derived from the account number. Made the first time an eligible account's holder
 * opens the referral page after confirming; one per account, kept for good.
 */
export const invites = referralsSchema.table('invites', {
  accountNumber: char('account_number', { length: 13 }).primaryKey(),
  code: text('code').notNull().unique(),
  // The first name the invite page greets the friend with: the holder who made it (never more than a first name).
  referrerFirstName: text('referrer_first_name').notNull(),
  demo: boolean('demo').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
})

/**
 * Referrals (spec 3's referral payload; issue 15). The referee's email is stored lower-cased
 * and their mobile as its 10 digits, so the "one open referral per referee" rule and the
 * application link compare like with like.
 */
export const referrals = referralsSchema.table(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // spec 3's referenceNum: the serviceability check's reference (an application's reference
    // number for a referral made when an invited friend applied).
    referenceNum: text('reference_num').notNull(),
    type: text('type', { enum: REFERRAL_TYPES }).notNull(),
    // Null for a Win Back: a former subscriber refers themselves.
    referrerAccountNumber: char('referrer_account_number', { length: 13 }),
    referrerEmail: text('referrer_email'),
    referrerAccountType: text('referrer_account_type'),
    // A Win Back's former account number as they typed it (13 digits, not verified).
    formerAccountNumber: char('former_account_number', { length: 13 }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    alternateMobileNumber: text('alternate_mobile_number'),
    region: text('region').notNull(),
    regionId: text('region_id').notNull(),
    province: text('province').notNull(),
    provinceId: text('province_id').notNull(),
    municipality: text('municipality').notNull(),
    municipalityId: text('municipality_id').notNull(),
    barangay: text('barangay').notNull(),
    barangayId: text('barangay_id').notNull(),
    subdivision: text('subdivision'),
    subdivisionId: text('subdivision_id'),
    building: text('building'),
    buildingId: text('building_id'),
    zipCode: text('zip_code'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    serviceabilityStatus: text('serviceability_status', { enum: SERVICEABILITY_STATUSES }).notNull(),
    status: text('status', { enum: REFERRAL_STATUSES }).notNull(),
    // The application the referee filed (the applications service's id), once they applied.
    applicationId: text('application_id'),
    // The invite code the referee came through, for a referral made when they applied.
    inviteCode: text('invite_code'),
    // Invitation emails resent on the referrer's request (POST /v1/referrals/notify), at most 3.
    resends: integer('resends').notNull().default(0),
    demo: boolean('demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // A referral form sent twice files one referral (per referring account and check).
    uniqueIndex('referrals_account_reference_idx').on(t.referrerAccountNumber, t.referenceNum),
    // And one Win Back per check.
    uniqueIndex('referrals_winback_reference_idx')
      .on(t.referenceNum)
      .where(sql`${t.type} = 'WINBACK'`),
    index('referrals_account_created_idx').on(t.referrerAccountNumber, t.createdAt),
    index('referrals_email_idx').on(t.email),
    index('referrals_mobile_idx').on(t.mobileNumber),
    index('referrals_application_idx').on(t.applicationId),
  ],
)

/**
 * Each referral's timeline. `sourceEventId` is the application event that caused a move
 * (services/applications/tracking.ts): unique, so the same event delivered twice moves
 * nothing the second time.
 */
export const referralEvents = referralsSchema.table(
  'referral_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referralId: uuid('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    // The order events were written in: several share one moment (installed and rewarded).
    seq: integer('seq').generatedAlwaysAsIdentity().notNull(),
    status: text('status', { enum: REFERRAL_STATUSES }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    sourceEventId: text('source_event_id').unique(),
  },
  (t) => [index('referral_events_referral_idx').on(t.referralId, t.at)],
)

/** Rewards credited: one per referral (the primary key), so a reward is never credited twice. */
export const rewards = referralsSchema.table('rewards', {
  referralId: uuid('referral_id')
    .primaryKey()
    .references(() => referrals.id, { onDelete: 'cascade' }),
  accountNumber: char('account_number', { length: 13 }).notNull(),
  amountCentavos: integer('amount_centavos').notNull(),
  creditedAt: timestamp('credited_at', { withTimezone: true }).notNull(),
  demo: boolean('demo').notNull().default(false),
})

/** A user's confirmation that they may refer for an account (the right code came back). */
export const eligibilityConfirmations = referralsSchema.table(
  'eligibility_confirmations',
  {
    accountNumber: char('account_number', { length: 13 }).notNull(),
    userId: text('user_id').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
    demo: boolean('demo').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.accountNumber, t.userId] })],
)
