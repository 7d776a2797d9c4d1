/**
 * The status lookup: the reference number and the applicant's email or mobile, both or
 * nothing. The identifier is compared as SHA-256 digests with timingSafeEqual, whether or
 * not the reference exists, and every failure counts against the reference and against
 * the identifier (Postgres, fixed window): past the limit every lookup of either is
 * refused, the right pair too, so guessing stops. One generic answer for every miss.
 */
import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { normaliseIdentifier } from '../../lib/application-status.ts'
import type { ServiceDeps } from '../context.ts'
import { ServiceError } from '../errors.ts'
import { giveBackAllowance, limitDigest, pruneAllowances, takeAllowances, type Allowance } from '../rate-limit.ts'
import { applications } from './tables.ts'
import { TRACKING_LIMITS, TRACKING_MESSAGES } from './tracking-limits.ts'
import { statusLookupAllowances } from './tracking-tables.ts'
import type { ApplicationRow } from './tracking-views.ts'

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest()

/** The limit's keys, each with its ceiling: the reference, the identifier and, when known, the client address. */
function limitKeys(referenceNo: string, identifier: string, clientAddress?: string): Allowance[] {
  const window = (limit: number) => ({ limit, windowMs: TRACKING_LIMITS.lookupWindowMinutes * 60_000 })
  const keys: Allowance[] = [
    {
      key: `ref:${limitDigest(referenceNo.toUpperCase())}`,
      window: window(TRACKING_LIMITS.lookupFailuresPerReference),
    },
    { key: `who:${limitDigest(identifier)}`, window: window(TRACKING_LIMITS.lookupFailuresPerIdentifier) },
  ]
  if (clientAddress) {
    keys.push({ key: `ip:${limitDigest(clientAddress)}`, window: window(TRACKING_LIMITS.lookupFailuresPerAddress) })
  }
  return keys
}

// A digest to compare against when the reference does not exist, so a miss costs the same.
const absent = sha256(crypto.randomBytes(16).toString('hex'))

/** The application of a reference and identifier pair, or the generic refusal (404) or the limit (429). */
export async function matchPair(
  deps: ServiceDeps,
  referenceNo: string,
  rawIdentifier: string,
  clientAddress?: string,
): Promise<ApplicationRow> {
  const now = deps.now()
  const identifier = normaliseIdentifier(rawIdentifier) ?? rawIdentifier.trim().toLowerCase()
  const keys = limitKeys(referenceNo, identifier, clientAddress)
  // Counted before the comparison, in one statement per key, so a burst of concurrent guesses
  // cannot all pass while the first are compared; a match gives its count back below.
  await pruneAllowances(deps.db, statusLookupAllowances, now)
  if (await takeAllowances(deps.db, statusLookupAllowances, keys, now)) {
    throw new ServiceError(429, 'too_many_attempts', TRACKING_MESSAGES.limited)
  }
  const [row] = await deps.db.select().from(applications).where(eq(applications.referenceNo, referenceNo.toUpperCase()))
  const given = sha256(identifier)
  const email = row ? sha256(row.emailAddress.toLowerCase()) : absent
  const mobile = row ? sha256(row.mobileNumber) : absent
  // Both comparisons always run: the time does not tell which one (or none) matched.
  const emailMatches = crypto.timingSafeEqual(given, email)
  const mobileMatches = crypto.timingSafeEqual(given, mobile)
  if (row && (emailMatches || mobileMatches)) {
    for (const { key } of keys) await giveBackAllowance(deps.db, statusLookupAllowances, key, now)
    return row
  }
  throw new ServiceError(404, 'not_found', TRACKING_MESSAGES.notFound)
}
