import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgSchema, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { allowanceTable } from '../rate-limit.ts'

export const identitySchema = pgSchema('identity')

/** Keycloak's realm roles, under the names this realm uses (operator: the analytics report, issue 17 item 5). */
export const ROLES = ['base', 'customer', 'sales-agent', 'sales-admin', 'operator'] as const
export type Role = (typeof ROLES)[number]

// The spec 3 attributes are a fixed, typed set, so they are columns rather than a JSON bag.
export const users = identitySchema.table(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Kept as typed; unique and looked up case-insensitively (the username is the email).
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    accountNumbers: text('account_numbers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // The subset of accountNumbers whose ownership was proven with a one-time code
    // (services/otp; docs/security.md, Ownership proof). Links made before the proof
    // existed are not in it: they are shown as 'needs verification' and used for nothing private.
    verifiedAccountNumbers: text('verified_account_numbers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    activeAccountNumber: text('active_account_number'),
    displayCoachmarks: boolean('display_coachmarks').notNull().default(true),
    displayWelcomeBanner: boolean('display_welcome_banner').notNull().default(true),
    displaySuccessRegistration: boolean('display_success_registration').notNull().default(true),
    agentCode: text('agent_code'),
    // Demonstration users from the seed, so an operator can find and remove them.
    demo: boolean('demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('users_email_lower').on(sql`lower(${t.email})`), uniqueIndex('users_agent_code').on(t.agentCode)],
)

/** The columns of a sign-in failure counter: its key, the failures, the last one, the lock. */
function loginFailureTable(name: string, keyColumn: string) {
  return identitySchema.table(name, {
    username: text(keyColumn).primaryKey(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  })
}

export type LoginFailureTable = ReturnType<typeof loginFailureTable>

/**
 * Failed sign-ins per normalised username from browsers without a device cookie for that user
 * (docs/decisions/0062), whether or not such a user exists, so the lock-out neither reveals who
 * has an account nor depends on the caller's address. It locks out unknown browsers only.
 */
export const loginFailures = loginFailureTable('login_failures', 'username')

/**
 * Failed sign-ins per device cookie (its nonce's digest, in `device`): a browser that signed in
 * as the user before is counted here alone, so strangers' failures never lock it out.
 */
export const deviceLoginFailures = loginFailureTable('device_login_failures', 'device')

export const TOKEN_PURPOSES = ['verify-email', 'reset-password'] as const
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number]

/** Links sent by email. Only the SHA-256 of the random token is kept: a database reader cannot use them. */
export const oneTimeTokens = identitySchema.table(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    // Set when a newer link of the same purpose replaces this one (resend, second reset request).
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [index('one_time_tokens_user_purpose').on(t.userId, t.purpose)],
)

/**
 * Request allowances (docs/security.md, Abuse): how many registration, resend and reset requests
 * one email (or one client address) has made in the current window. The key holds a
 * SHA-256 of the email, so addresses of people without an account are not kept here.
 */
export const requestAllowances = allowanceTable(identitySchema, 'request_allowances')
