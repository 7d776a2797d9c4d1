/**
 * What the embedded OpenID provider calls in-process: check a username and password,
 * load a user, build the token claims. Keep names and shapes stable; the provider is
 * written against them.
 *
 * Lock-out (docs/security.md, Sign-in; Keycloak's brute-force detection): per normalised
 * username, never per address, so people sharing a kiosk's IP are not locked out by
 * someone else. From the LOGIN_MAX_FAILURES-th failure on, each failure locks the
 * username for LOGIN_WAIT_INCREMENT_SECONDS × (failures − max + 1), at most
 * LOGIN_MAX_WAIT_SECONDS. A success clears the count; so does 12 quiet hours.
 * Unknown usernames are counted and locked exactly like real ones.
 */
import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { settingsOf, type ServiceDeps } from '../context.ts'
import { burnPasswordCheck, verifyPassword } from './password.ts'
import { loginFailures } from './tables.ts'
import {
  claimsFor,
  findUserRowByEmail,
  findUserRowById,
  normaliseUsername,
  toIdentityUser,
  type IdentityClaims,
  type IdentityUser,
} from './users.ts'

export type { IdentityClaims, IdentityUser } from './users.ts'

export type CredentialsResult = { ok: true; user: IdentityUser } | { ok: false; reason: 'invalid' | 'locked' }

export type IdentityDirectory = {
  verifyCredentials(username: string, password: string): Promise<CredentialsResult>
  findUser(id: string): Promise<IdentityUser | null>
  claimsFor(user: IdentityUser): IdentityClaims
}

/** Keycloak's failureResetTime default: a count older than this starts again from zero. */
export const FAILURE_RESET_MS = 12 * 60 * 60_000

// Longer than any email (RFC 5321: 254) yet small: nothing bigger reaches the database.
const USERNAME_MAX = 400

export function createIdentityDirectory(deps: ServiceDeps): IdentityDirectory {
  const settings = settingsOf(deps)

  /**
   * Counts this attempt as a failure before the password is checked, and sets the lock
   * in the same statement once the count reaches the limit. Returns false when the
   * username is locked now. Counting first means a burst of parallel guesses cannot
   * all slip past the check while the first ones are still hashing.
   */
  async function reserveAttempt(username: string, now: Date): Promise<boolean> {
    const { loginMaxFailures: max, loginWaitIncrementSeconds: increment, loginMaxWaitSeconds: maxWait } = settings
    const nowIso = now.toISOString()
    const resetCutoff = new Date(now.getTime() - FAILURE_RESET_MS).toISOString()
    const counted = sql`(CASE WHEN ${loginFailures.lastFailureAt} < ${resetCutoff}::timestamptz THEN 1 ELSE ${loginFailures.failures} + 1 END)`
    const lockAfter = (failures: typeof counted | number) =>
      // Casts throughout: bare parameters would be compared as text ('10' < '5').
      sql`(CASE WHEN ${failures}::int >= ${max}::int THEN ${nowIso}::timestamptz + make_interval(secs => LEAST(${increment}::int * (${failures}::int - ${max}::int + 1), ${maxWait}::int)) ELSE NULL END)`
    const rows = await deps.db
      .insert(loginFailures)
      .values({ username, failures: 1, lastFailureAt: now, lockedUntil: lockAfter(1) })
      .onConflictDoUpdate({
        target: loginFailures.username,
        set: { failures: counted, lastFailureAt: now, lockedUntil: lockAfter(counted) },
        // A locked username is left untouched: refused attempts neither count nor extend the lock.
        setWhere: sql`${loginFailures.lockedUntil} IS NULL OR ${loginFailures.lockedUntil} <= ${nowIso}::timestamptz`,
      })
      .returning({ failures: loginFailures.failures })
    return rows.length > 0
  }

  function logRefusal(username: string, reason: 'invalid' | 'locked') {
    // A digest, not the email: failures can be correlated without personal data in logs.
    const user = crypto.createHash('sha256').update(username).digest('hex').slice(0, 16)
    deps.logger.warn({ user, reason }, 'sign-in refused')
  }

  return {
    async verifyCredentials(username, password) {
      const normalised = normaliseUsername(username)
      if (normalised.length === 0 || normalised.length > USERNAME_MAX) {
        await burnPasswordCheck(password, settings.passwordCost)
        return { ok: false, reason: 'invalid' }
      }
      if (!(await reserveAttempt(normalised, deps.now()))) {
        logRefusal(normalised, 'locked')
        return { ok: false, reason: 'locked' }
      }
      const row = await findUserRowByEmail(deps.db, normalised)
      const valid = row
        ? await verifyPassword(password, row.passwordHash)
        : await burnPasswordCheck(password, settings.passwordCost)
      if (!row || !valid) {
        logRefusal(normalised, 'invalid')
        return { ok: false, reason: 'invalid' }
      }
      await deps.db.delete(loginFailures).where(eq(loginFailures.username, normalised))
      return { ok: true, user: toIdentityUser(row) }
    },

    async findUser(id) {
      const row = await findUserRowById(deps.db, id)
      return row ? toIdentityUser(row) : null
    },

    claimsFor,
  }
}
