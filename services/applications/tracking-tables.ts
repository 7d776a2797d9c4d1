/**
 * An application's life after submission (issue 10, parts 3 and 4; docs/decisions/0033):
 * its status events, the status lookup's attempt limits, the document categories an
 * operator rejected, and the single-use secrets of the compliance and verification
 * links. Every secret is kept only as its hash; the raw value exists only in the email.
 */
import { index, integer, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import type { ApplicationStatus, DocumentCategory, VerificationKind } from '../../lib/application-status.ts'
import { allowanceTable } from '../rate-limit.ts'
import { applications, applicationsSchema } from './tables.ts'

/** Each change of status after submission (the submission itself is the application's createdAt). */
export const applicationEvents = applicationsSchema.table(
  'application_events',
  {
    id: text('id').primaryKey(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    status: text('status').$type<ApplicationStatus>().notNull(),
    /** Shown to the applicant: a rejection's reason, or a note on the step. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('application_events_application_idx').on(t.applicationId, t.createdAt)],
)

/**
 * The status lookup's limit (issue 32, item 4: the services' one counter, services/rate-limit.ts):
 * lookups per key in a fixed window, counted before the pair is compared and given back when it
 * matches, so only failures stay counted. The key is 'ref:', 'who:' or 'ip:' and the SHA-256 of
 * the reference number, the normalised email/mobile or the client address (never the value).
 */
export const statusLookupAllowances = allowanceTable(applicationsSchema, 'status_lookup_allowances')

/**
 * The limit's counters before issue 32 (a read and then a write, which concurrent lookups could
 * pass). No longer written; kept so the release before it runs beside this one in a rolling
 * restart, to be dropped by a later migration.
 */
export const statusLookupLimits = applicationsSchema.table('status_lookup_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  failures: integer('failures').notNull(),
})

/** The categories an operator rejected, with the compliance reason the applicant is shown. */
export const complianceRejections = applicationsSchema.table(
  'compliance_rejections',
  {
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    category: text('category').$type<DocumentCategory>().notNull(),
    reason: text('reason').notNull(),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }).notNull(),
    /** Set when a new file for the category was accepted (the files service): closed for re-upload. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.category] })],
)

/** The emailed compliance links (purpose ForCompliance): single use, expiring. */
export const complianceLinks = applicationsSchema.table(
  'compliance_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Spent when the applicant proves the email with a code. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('compliance_links_application_idx').on(t.applicationId, t.createdAt)],
)

/** One-time codes (purpose OTP_ForCompliance): an HMAC of the code, a short life, 5 tries. */
export const complianceCodes = applicationsSchema.table(
  'compliance_codes',
  {
    id: text('id').primaryKey(),
    linkTokenHash: text('link_token_hash')
      .notNull()
      .references(() => complianceLinks.tokenHash, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull(),
    /** Set when used, or when a newer code replaced it. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('compliance_codes_link_idx').on(t.linkTokenHash, t.createdAt)],
)

/** What a proven email opens: the compliance page of one link, for a short while. */
export const complianceSessions = applicationsSchema.table('compliance_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  linkTokenHash: text('link_token_hash')
    .notNull()
    .references(() => complianceLinks.tokenHash, { onDelete: 'cascade' }),
  applicationId: text('application_id')
    .notNull()
    .references(() => applications.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})

/** The applications' email verification links (spec 4: OO and CVG references, two services). */
export const applicationEmailVerifications = applicationsSchema.table('application_email_verifications', {
  tokenHash: text('token_hash').primaryKey(),
  kind: text('kind').$type<VerificationKind>().notNull(),
  applicationId: text('application_id')
    .notNull()
    .references(() => applications.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
})
