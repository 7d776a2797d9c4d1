/**
 * Identity flows (docs/architecture.md, 8; spec 3, 4, 8): registration with a 10-minute email
 * verification link, resend, verify, password reset (30-minute link), account linking
 * and unlinking, and the attributes a user may change. Answers that could reveal
 * whether an email has an account (registration, resend, reset request) are the same
 * either way; the difference goes to the mailbox, which only its owner reads.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { AttributesUpdate, Registration } from '../../lib/identity-schemas.ts'
import { isFibreAccount } from '../accounts/registry.ts'
import { settingsOf, type ServiceDeps } from '../context.ts'
import type { Executor } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import { createDeliveryQueue, enqueueMessage } from '../notifications/outbox.ts'
import { requireAllowance } from './allowances.ts'
import { alreadyRegisteredEmail, passwordResetEmail, verificationEmail } from './emails.ts'
import { hashPassword } from './password.ts'
import { loginFailures, users } from './tables.ts'
import { consumeToken, issueToken, latestTokenIssuedAt } from './tokens.ts'
import { findUserRowByEmail, findUserRowById, normaliseUsername, toIdentityUser, type IdentityUser } from './users.ts'

/** A new verification link at most this often per user (docs/security.md, Abuse: per-identity send limits). */
export const RESEND_COOLDOWN_MS = 60_000

export function notLinkableMessage(productName: string): string {
  // spec 8, word for word
  return `The account number you entered cannot be linked. This feature is available for ${productName} accounts only.`
}
export const UNLINK_FAILED_MESSAGE = 'Could not be unlinked' // spec 8

/**
 * Links the account to the user as proven (verified), in the caller's transaction when
 * given one. Array edits in SQL, so two links at once both land. Exported for the
 * ownership proof (services/otp), which calls it in the transaction that accepts the code.
 */
export async function recordProvenLink(
  db: Executor,
  userId: string,
  accountNumber: string,
  now: Date,
): Promise<IdentityUser> {
  const append = (column: typeof users.accountNumbers | typeof users.verifiedAccountNumbers) =>
    sql`CASE WHEN ${accountNumber}::text = ANY(${column}) THEN ${column} ELSE array_append(${column}, ${accountNumber}::text) END`
  const [row] = await db
    .update(users)
    .set({
      accountNumbers: append(users.accountNumbers),
      verifiedAccountNumbers: append(users.verifiedAccountNumbers),
      roles: sql`CASE WHEN 'customer' = ANY(${users.roles}) THEN ${users.roles} ELSE array_append(${users.roles}, 'customer') END`,
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning()
  if (!row) throw new ServiceError(404, 'not_found', 'No such user.')
  return toIdentityUser(row)
}

export function createIdentityService(deps: ServiceDeps) {
  const settings = settingsOf(deps)
  const delivery = createDeliveryQueue(deps)
  const mailBase = (to: string, firstName: string) => ({
    productName: deps.productName,
    publicUrl: settings.publicUrl,
    to,
    firstName,
  })

  async function requireLinkable(accountNumber: string, field: string) {
    if (!(await isFibreAccount(deps.db, accountNumber))) {
      const message = notLinkableMessage(deps.productName)
      throw new ServiceError(422, 'account_not_linkable', message, { [field]: [message] })
    }
  }

  async function requireUser(userId: string) {
    const row = await findUserRowById(deps.db, userId)
    if (!row) throw new ServiceError(404, 'not_found', 'No such user.')
    return row
  }

  return {
    /** Background delivery of the outbox; tests and shutdown wait on `delivery.settled()`. */
    delivery,

    async register(input: Registration, clientAddress?: string): Promise<{ email: string }> {
      // Limits first: they do not depend on whether the email is taken, and refusing
      // before the hash keeps a flood from costing a memory-hard hash per request.
      await requireAllowance(deps.db, 'registration', input.email, clientAddress, deps.now())
      // Hashed before anything else, so a taken email costs the same time as a new one.
      const passwordHash = await hashPassword(input.password, settings.passwordCost)
      if (input.accountNumber !== undefined) await requireLinkable(input.accountNumber, 'accountNumber')
      const now = deps.now()
      await deps.db.transaction(async (tx) => {
        const existing = await findUserRowByEmail(tx, input.email)
        if (existing) {
          await enqueueMessage(tx, alreadyRegisteredEmail(mailBase(existing.email, existing.firstName)), now)
          return
        }
        const accountNumbers = input.accountNumber === undefined ? [] : [input.accountNumber]
        const [created] = await tx
          .insert(users)
          .values({
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            mobileNumber: input.mobileNumber,
            passwordHash,
            // Everyone has the base role; a linked account makes the user a customer.
            roles: accountNumbers.length > 0 ? ['base', 'customer'] : ['base'],
            accountNumbers,
            activeAccountNumber: accountNumbers[0] ?? null,
            displayWelcomeBanner: input.displayWelcomeBanner ?? true,
            createdAt: now,
            updatedAt: now,
          })
          // A concurrent registration of the same email wins the unique index; this one then
          // sends the "already registered" note like any other repeat.
          .onConflictDoNothing()
          .returning()
        if (!created) {
          await enqueueMessage(tx, alreadyRegisteredEmail(mailBase(input.email, input.firstName)), now)
          return
        }
        const token = await issueToken(tx, created.id, 'verify-email', now)
        await enqueueMessage(tx, verificationEmail({ ...mailBase(created.email, created.firstName), token }), now)
      })
      delivery.kick()
      return { email: input.email }
    },

    /** A new verification link that voids the old one; silent for unknown or verified emails. */
    async resendActivation(email: string, clientAddress?: string): Promise<{ email: string }> {
      const now = deps.now()
      await requireAllowance(deps.db, 'resend-activation', email, clientAddress, now)
      const sent = await deps.db.transaction(async (tx) => {
        const user = await findUserRowByEmail(tx, email)
        if (!user || user.emailVerified) return false
        const last = await latestTokenIssuedAt(tx, user.id, 'verify-email')
        if (last && now.getTime() - last.getTime() < RESEND_COOLDOWN_MS) return false
        const token = await issueToken(tx, user.id, 'verify-email', now)
        await enqueueMessage(tx, verificationEmail({ ...mailBase(user.email, user.firstName), token }), now)
        return true
      })
      if (sent) delivery.kick()
      return { email }
    },

    /** spec 4: the verification result is verified or failed. */
    async verifyEmail(token: string): Promise<{ verified: true }> {
      const now = deps.now()
      const verified = await deps.db.transaction(async (tx) => {
        const userId = await consumeToken(tx, token, 'verify-email', now)
        if (!userId) return false
        await tx.update(users).set({ emailVerified: true, updatedAt: now }).where(eq(users.id, userId))
        return true
      })
      if (!verified)
        throw new ServiceError(400, 'verification_failed', 'The verification link is invalid or has expired.')
      return { verified: true }
    },

    async requestPasswordReset(email: string, clientAddress?: string): Promise<{ email: string }> {
      const now = deps.now()
      await requireAllowance(deps.db, 'password-reset', email, clientAddress, now)
      const sent = await deps.db.transaction(async (tx) => {
        const user = await findUserRowByEmail(tx, email)
        if (!user) return false
        const token = await issueToken(tx, user.id, 'reset-password', now)
        await enqueueMessage(tx, passwordResetEmail({ ...mailBase(user.email, user.firstName), token }), now)
        return true
      })
      if (sent) delivery.kick()
      return { email }
    },

    async resetPassword(token: string, newPassword: string): Promise<{ reset: true }> {
      const passwordHash = await hashPassword(newPassword, settings.passwordCost)
      const now = deps.now()
      const done = await deps.db.transaction(async (tx) => {
        const userId = await consumeToken(tx, token, 'reset-password', now)
        if (!userId) return false
        // Following the link proves the mailbox is theirs, which is what verification asks.
        const [user] = await tx
          .update(users)
          .set({ passwordHash, emailVerified: true, updatedAt: now })
          .where(eq(users.id, userId))
          .returning({ email: users.email })
        // The owner has proven themselves; a lock an attacker caused should not keep them out.
        if (user) await tx.delete(loginFailures).where(eq(loginFailures.username, normaliseUsername(user.email)))
        return true
      })
      if (!done) throw new ServiceError(400, 'reset_failed', 'The password reset link is invalid or has expired.')
      return { reset: true }
    },

    /**
     * Records a proven link (docs/security.md, Ownership proof): the account is linked, if it
     * was not, and marked verified; the user becomes a customer. Only the ownership proof
     * (services/otp) calls it, after the right one-time code; there is no route to it.
     */
    linkProvenAccount(userId: string, accountNumber: string, db: Executor = deps.db): Promise<IdentityUser> {
      return recordProvenLink(db, userId, accountNumber, deps.now())
    },

    /** Unlinks an account; the active one is cleared if it was this; no accounts left, no customer role. */
    async unlinkAccount(userId: string, accountNumber: string): Promise<IdentityUser> {
      const remaining = sql`array_remove(${users.accountNumbers}, ${accountNumber}::text)`
      const [row] = await deps.db
        .update(users)
        .set({
          accountNumbers: remaining,
          // Linking it again needs a new proof.
          verifiedAccountNumbers: sql`array_remove(${users.verifiedAccountNumbers}, ${accountNumber}::text)`,
          activeAccountNumber: sql`CASE WHEN ${users.activeAccountNumber} = ${accountNumber}::text THEN NULL ELSE ${users.activeAccountNumber} END`,
          roles: sql`CASE WHEN cardinality(${remaining}) = 0 THEN array_remove(${users.roles}, 'customer') ELSE ${users.roles} END`,
          updatedAt: deps.now(),
        })
        .where(and(eq(users.id, userId), sql`${accountNumber}::text = ANY(${users.accountNumbers})`))
        .returning()
      if (!row) throw new ServiceError(404, 'unlink_failed', UNLINK_FAILED_MESSAGE)
      return toIdentityUser(row)
    },

    /** The flags and the active account. Roles and the agent code are not the user's to set. */
    async updateAttributes(userId: string, update: AttributesUpdate): Promise<IdentityUser> {
      const user = await requireUser(userId)
      const { activeAccountNumber, ...flags } = update
      // Only a proven link can be the active account (docs/security.md, Ownership proof).
      if (
        activeAccountNumber !== undefined &&
        !toIdentityUser(user).attributes.accountNumber.includes(activeAccountNumber)
      ) {
        const message = 'This account is not linked to you.'
        throw new ServiceError(422, 'invalid_input', message, { activeAccountNumber: [message] })
      }
      const [row] = await deps.db
        .update(users)
        .set({
          ...flags,
          ...(activeAccountNumber === undefined ? {} : { activeAccountNumber }),
          updatedAt: deps.now(),
        })
        // Still linked at the moment of writing, in case an unlink ran in between.
        .where(
          activeAccountNumber === undefined
            ? eq(users.id, userId)
            : and(eq(users.id, userId), sql`${activeAccountNumber}::text = ANY(${users.verifiedAccountNumbers})`),
        )
        .returning()
      if (!row) throw new ServiceError(409, 'conflict', 'The account was unlinked meanwhile. Please try again.')
      return toIdentityUser(row)
    },
  }
}

export type IdentityService = ReturnType<typeof createIdentityService>
