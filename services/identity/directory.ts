/**
 * What the embedded OpenID provider calls in-process: check a username and password,
 * load a user, build the token claims. Keep names and shapes stable; the provider is
 * written against them.
 *
 * Lock-out (docs/security.md, Sign-in; Keycloak's brute-force detection, with OWASP's device
 * cookies: docs/decisions/0062). A browser that signed in as the user before holds a device
 * token for them (lib/device-cookie.ts): its tries are counted per token, so no one else's
 * failures, from any address, lock it out. Every other try counts per normalised username
 * (never per address: a kiosk or a carrier's NAT shares one), and that lock shuts out unknown
 * browsers only. From the LOGIN_MAX_FAILURES-th failure on, each failure locks the
 * counter for LOGIN_WAIT_INCREMENT_SECONDS × (failures − max + 1), at most
 * LOGIN_MAX_WAIT_SECONDS. A success clears its counter; so does 12 quiet hours.
 * Unknown usernames are counted and locked exactly like real ones.
 */
import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { settingsOf, type ServiceDeps } from '../context.ts'
import { sessionSecretRing } from '../context.ts'
import { deviceKey, deviceTokenFor, issueDeviceToken } from './device-tokens.ts'
import { burnPasswordCheck, verifyPassword } from './password.ts'
import { deviceLoginFailures, loginFailures, type LoginFailureTable } from './tables.ts'
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

/** On success, the device token for this browser (the one it sent for this user, or a new one). */
export type CredentialsResult =
  { ok: true; user: IdentityUser; deviceToken?: string } | { ok: false; reason: 'invalid' | 'locked' }

/** What the sign-in knows of the browser: the device tokens its cookie holds (lib/device-cookie.ts). */
export type SignInClient = { deviceTokens?: readonly string[] }

export type IdentityDirectory = {
  verifyCredentials(username: string, password: string, client?: SignInClient): Promise<CredentialsResult>
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
  async function reserveAttempt(table: LoginFailureTable, key: string, now: Date): Promise<boolean> {
    const { loginMaxFailures: max, loginWaitIncrementSeconds: increment, loginMaxWaitSeconds: maxWait } = settings
    const nowIso = now.toISOString()
    const resetCutoff = new Date(now.getTime() - FAILURE_RESET_MS).toISOString()
    const counted = sql`(CASE WHEN ${table.lastFailureAt} < ${resetCutoff}::timestamptz THEN 1 ELSE ${table.failures} + 1 END)`
    const lockAfter = (failures: typeof counted | number) =>
      // Casts throughout: bare parameters would be compared as text ('10' < '5').
      sql`(CASE WHEN ${failures}::int >= ${max}::int THEN ${nowIso}::timestamptz + make_interval(secs => LEAST(${increment}::int * (${failures}::int - ${max}::int + 1), ${maxWait}::int)) ELSE NULL END)`
    const rows = await deps.db
      .insert(table)
      .values({ username: key, failures: 1, lastFailureAt: now, lockedUntil: lockAfter(1) })
      .onConflictDoUpdate({
        target: table.username,
        set: { failures: counted, lastFailureAt: now, lockedUntil: lockAfter(counted) },
        // A locked counter is left untouched: refused attempts neither count nor extend the lock.
        setWhere: sql`${table.lockedUntil} IS NULL OR ${table.lockedUntil} <= ${nowIso}::timestamptz`,
      })
      .returning({ failures: table.failures })
    return rows.length > 0
  }

  function logRefusal(username: string, reason: 'invalid' | 'locked', knownBrowser: boolean) {
    // A digest, not the email: failures can be correlated without personal data in logs.
    const user = crypto.createHash('sha256').update(username).digest('hex').slice(0, 16)
    deps.logger.warn({ user, reason, knownBrowser }, 'sign-in refused')
  }

  return {
    async verifyCredentials(username, password, client = {}) {
      const normalised = normaliseUsername(username)
      if (normalised.length === 0 || normalised.length > USERNAME_MAX) {
        await burnPasswordCheck(password, settings.passwordCost)
        return { ok: false, reason: 'invalid' }
      }
      const ring = sessionSecretRing(settings)
      const row = await findUserRowByEmail(deps.db, normalised)
      // A browser that signed in as this user before: counted on its own token (OWASP's device cookie).
      const known =
        row && client.deviceTokens?.length ? deviceTokenFor(ring, client.deviceTokens, [`user:${row.id}`]) : null
      const [table, key] = known ? [deviceLoginFailures, deviceKey(known)] : [loginFailures, normalised]
      if (!(await reserveAttempt(table, key, deps.now()))) {
        logRefusal(normalised, 'locked', known !== null)
        return { ok: false, reason: 'locked' }
      }
      const valid = row
        ? await verifyPassword(password, row.passwordHash)
        : await burnPasswordCheck(password, settings.passwordCost)
      if (!row || !valid) {
        logRefusal(normalised, 'invalid', known !== null)
        return { ok: false, reason: 'invalid' }
      }
      // Only the counter this try used: a success on a known browser leaves unknown browsers' lock as it is.
      await deps.db.delete(table).where(eq(table.username, key))
      return { ok: true, user: toIdentityUser(row), deviceToken: known ?? issueDeviceToken(ring, `user:${row.id}`) }
    },

    async findUser(id) {
      const row = await findUserRowById(deps.db, id)
      return row ? toIdentityUser(row) : null
    },

    claimsFor,
  }
}
