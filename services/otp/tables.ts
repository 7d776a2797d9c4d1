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

/**
 * Every one-time code sent (spec 7, OTP send and verify). Only an HMAC of the code is kept;
 * the row also counts sends per account and per user (the limits), so it stays after use.
 */
export const otpChallenges = otpSchema.table(
  'challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    accountNumber: text('account_number').notNull(),
    channel: text('channel', { enum: ['email', 'mobile'] }).notNull(),
    // What the user was shown (masked); the full address is the registry's, read when sending.
    maskedDestination: text('masked_destination').notNull(),
    // spec 7's emailHashValue: names this code to the verify call (random, not derived from the email).
    reference: text('reference').notNull().unique(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    // Set when a newer code for the same user replaces this one, or the user cancels.
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    // The proof: when the right code came back. The link's verified time.
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (t) => [
    index('challenges_user_created').on(t.userId, t.createdAt),
    index('challenges_account_created').on(t.accountNumber, t.createdAt),
  ],
)
