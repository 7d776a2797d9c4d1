import { index, integer, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const otpSchema = pgSchema('otp')

/**
 * A signed-in user's proof of ownership under way (docs/security.md, Ownership proof): the
 * account number they entered, kept here and not in a URL or the browser, until they
 * prove it, cancel, or start another. One per user.
 */
export const pendingProofs = otpSchema.table('pending_proofs', {
  userId: uuid('user_id').primaryKey(),
  accountNumber: text('account_number').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
})

export const CHALLENGE_PURPOSES = ['account-ownership', 'referral-eligibility', 'contact-change'] as const
export type ChallengePurpose = (typeof CHALLENGE_PURPOSES)[number]

/**
 * Every one-time code sent, whatever it proves (docs/decisions/0068; services/otp/challenge.ts
 * owns it): the ownership proof's (spec 7, OTP send and verify), a referrer's eligibility
 * (services/referrals), a new email or mobile number (services/identity/contact-change.ts).
 * Only an HMAC of the code is kept; a row stays after use, because it counts the sends per
 * hour (the limits).
 */
export const oneTimeCodes = otpSchema.table(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: CHALLENGE_PURPOSES }).notNull(),
    // Who asked: the bearer token's subject, a string (a Keycloak user's may be no uuid). Not a
    // foreign key: users are the identity service's (docs/architecture.md, 7).
    userId: text('user_id').notNull(),
    // What the code is for: the account number (account-ownership, referral-eligibility) or
    // the new email or mobile number (contact-change). The second of the two send limits.
    target: text('target').notNull(),
    // Where the code went: an email address or a mobile number.
    channel: text('channel', { enum: ['email', 'mobile'] }).notNull(),
    // What the user was shown (masked); the full address is the registry's or the user's, never kept here.
    maskedDestination: text('masked_destination').notNull(),
    // spec 7's emailHashValue: names this code to the verify call (random, derived from nothing).
    reference: text('reference').notNull().unique(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // The wrong code that used up the tries.
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    // Replaced by a newer code, cancelled, or refused after the right code (an email taken since).
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    // The right code came back and did what it was for (proved, confirmed, applied): spent.
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('one_time_codes_purpose_user_created').on(t.purpose, t.userId, t.createdAt),
    index('one_time_codes_purpose_target_created').on(t.purpose, t.target, t.createdAt),
  ],
)
