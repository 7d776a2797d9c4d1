/**
 * Migration 0031 (docs/decisions/0068) on a database that has codes in the three tables it
 * replaces: every row moves to `otp.one_time_codes` with its id, hash, tries and times, so a
 * code sent before the upgrade still verifies after it, and still counts towards the send
 * limits; the old tables are gone. On PGlite, and on Postgres with TEST_DB=postgres.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { maskEmail, maskMobile } from '../../lib/masking.ts'
import type { ServiceDeps } from '../context.ts'
import type { Database } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import { migrationsBefore, migrationsFolder, openEmpty, type Migrate } from '../testing-migrations.ts'
import { silentLogger } from '../testing.ts'
import { createCodeChallenges } from './challenge.ts'
import { codeHasher } from './code.ts'
import { oneTimeCodes } from './tables.ts'

const MIGRATION = '0031_one_time_codes'
const SECRET = 'migration-test-secret-0123456789-abcdef'
const at = new Date('2026-11-28T01:00:00Z')

let db: Database
let migrateTo: Migrate
let close: () => Promise<void>
let before: string

beforeAll(async () => {
  const opened = await openEmpty()
  ;({ db, close } = opened)
  migrateTo = opened.migrate
  before = migrationsBefore(MIGRATION)
  await migrateTo(before)
})
afterAll(async () => {
  await close?.()
  if (before) fs.rmSync(before, { recursive: true, force: true })
})

const ring = { current: SECRET, previous: [] }
const ids = {
  proof: crypto.randomUUID(),
  provenProof: crypto.randomUUID(),
  referral: crypto.randomUUID(),
  email: crypto.randomUUID(),
  mobile: crypto.randomUUID(),
  shortEmail: crypto.randomUUID(),
}
const user = crypto.randomUUID()
// A referrer's subject was text already, and need not be a uuid (a Keycloak user's).
const keycloakSubject = 'f:ldap:liza.santos'
const minutes = (n: number) => new Date(at.getTime() + n * 60_000)
const iso = (date: Date) => date.toISOString()

it('moves every code of the three old tables to otp.one_time_codes, and drops them', async () => {
  const hash = (label: string, id: string) => codeHasher(ring, label).hash(id, '123456')
  await db.execute(sql`
    INSERT INTO "identity"."users" ("id", "email", "first_name", "last_name", "mobile_number", "password_hash", "roles", "created_at", "updated_at")
    VALUES (${user}, 'liza@example.net', 'LIZA', 'SANTOS', '9171234567', 'not-used', '{customer}', ${iso(at)}, ${iso(at)})`)
  await db.execute(sql`
    INSERT INTO "otp"."challenges" ("id", "user_id", "account_number", "channel", "masked_destination", "reference", "code_hash", "failed_attempts", "created_at", "expires_at", "locked_at", "voided_at", "verified_at")
    VALUES
      (${ids.proof}, ${user}, '1000000000003', 'email', 'l*********s@example.org', 'ref-proof', ${hash('otp', ids.proof)}, 2, ${iso(at)}, ${iso(minutes(10))}, NULL, NULL, NULL),
      (${ids.provenProof}, ${user}, '1000000000004', 'mobile', '*** *** 0104', 'ref-proven', ${hash('otp', ids.provenProof)}, 0, ${iso(minutes(-30))}, ${iso(minutes(-20))}, NULL, NULL, ${iso(minutes(-25))})`)
  await db.execute(sql`
    INSERT INTO "referrals"."eligibility_challenges" ("id", "user_id", "account_number", "channel", "masked_destination", "reference", "code_hash", "failed_attempts", "created_at", "expires_at", "locked_at", "voided_at", "verified_at")
    VALUES (${ids.referral}, ${keycloakSubject}, '1000000000005', 'mobile', '*** *** 0105', 'ref-referral', ${hash('referral-eligibility', ids.referral)}, 5, ${iso(at)}, ${iso(minutes(10))}, ${iso(minutes(1))}, NULL, NULL)`)
  await db.execute(sql`
    INSERT INTO "identity"."contact_changes" ("id", "user_id", "kind", "new_value", "reference", "code_hash", "failed_attempts", "created_at", "expires_at", "locked_at", "voided_at", "applied_at")
    VALUES
      (${ids.email}, ${user}, 'email', 'moved.liza@example.org', 'ref-email', ${hash('contact', ids.email)}, 0, ${iso(at)}, ${iso(minutes(10))}, NULL, NULL, NULL),
      (${ids.mobile}, ${user}, 'mobile', '9185550101', 'ref-mobile', ${hash('contact', ids.mobile)}, 1, ${iso(minutes(-5))}, ${iso(minutes(5))}, NULL, ${iso(minutes(-1))}, NULL),
      (${ids.shortEmail}, ${user}, 'email', 'li@example.org', 'ref-short', ${hash('contact', ids.shortEmail)}, 0, ${iso(minutes(-50))}, ${iso(minutes(-40))}, NULL, NULL, ${iso(minutes(-45))})`)

  await migrateTo(migrationsFolder)

  const rows = await db.select().from(oneTimeCodes)
  const byId = new Map(rows.map((row) => [row.id, row]))
  expect(rows).toHaveLength(6)
  expect(byId.get(ids.proof)).toEqual({
    id: ids.proof,
    purpose: 'account-ownership',
    userId: user,
    target: '1000000000003',
    channel: 'email',
    maskedDestination: 'l*********s@example.org',
    reference: 'ref-proof',
    codeHash: hash('otp', ids.proof),
    failedAttempts: 2,
    createdAt: at,
    expiresAt: minutes(10),
    lockedAt: null,
    voidedAt: null,
    consumedAt: null,
  })
  expect(byId.get(ids.provenProof)).toMatchObject({ purpose: 'account-ownership', consumedAt: minutes(-25) })
  expect(byId.get(ids.referral)).toMatchObject({
    purpose: 'referral-eligibility',
    userId: keycloakSubject,
    target: '1000000000005',
    channel: 'mobile',
    maskedDestination: '*** *** 0105',
    failedAttempts: 5,
    lockedAt: minutes(1),
  })
  // A contact change's target is the new address, its channel the kind, its mask the one the profile showed.
  expect(byId.get(ids.email)).toMatchObject({
    purpose: 'contact-change',
    userId: user,
    target: 'moved.liza@example.org',
    channel: 'email',
    maskedDestination: maskEmail('moved.liza@example.org'),
    consumedAt: null,
  })
  expect(byId.get(ids.mobile)).toMatchObject({
    channel: 'mobile',
    target: '9185550101',
    maskedDestination: maskMobile('9185550101'),
    failedAttempts: 1,
    voidedAt: minutes(-1),
  })
  expect(byId.get(ids.shortEmail)).toMatchObject({
    maskedDestination: maskEmail('li@example.org'),
    consumedAt: minutes(-45),
  })

  const gone = await db.execute<{ otp: string | null; referrals: string | null; identity: string | null }>(sql`
    SELECT to_regclass('otp.challenges')::text AS "otp",
           to_regclass('referrals.eligibility_challenges')::text AS "referrals",
           to_regclass('identity.contact_changes')::text AS "identity"`)
  expect((gone as unknown as { rows: unknown[] }).rows).toEqual([{ otp: null, referrals: null, identity: null }])
})

it('a code sent before the upgrade verifies after it, and its send still counts', async () => {
  const deps: ServiceDeps = {
    db,
    logger: silentLogger,
    productName: 'Hibla',
    now: () => at,
    settings: {
      sessionSecret: SECRET,
      otp: { ttlSeconds: 600, maxAttempts: 5, sendsPerAccountPerHour: 1, sendsPerUserPerHour: 2 },
    },
  }
  const proofs = createCodeChallenges(deps, 'account-ownership')
  const contact = createCodeChallenges(deps, 'contact-change')
  const check = await db.transaction((tx) => proofs.verify(tx, { userId: user, reference: 'ref-proof' }, '123456', at))
  expect(check.kind).toBe('right')
  const email = await db.transaction((tx) =>
    contact.verify(tx, { userId: user, channel: 'email', reference: 'ref-email' }, '123456', at),
  )
  expect(email.kind).toBe('right')

  const refusals = {
    user: new ServiceError(429, 'too_many_requests', 'user'),
    target: new ServiceError(429, 'too_many_requests', 'target'),
  }
  const allowance = (key: { userId: string; target: string }) =>
    db.transaction((tx) =>
      proofs.requireSendAllowance(tx, key, at, [
        { per: 'user', refusal: refusals.user },
        { per: 'target', refusal: refusals.target },
      ]),
    )
  // The two proofs moved are the user's two sends this hour; the first, the account's one.
  await expect(allowance({ userId: user, target: '1000000000099' })).rejects.toBe(refusals.user)
  await expect(allowance({ userId: crypto.randomUUID(), target: '1000000000003' })).rejects.toBe(refusals.target)
  await expect(allowance({ userId: crypto.randomUUID(), target: '1000000000099' })).resolves.toBeUndefined()
})
