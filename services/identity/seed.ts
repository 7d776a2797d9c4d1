/**
 * Inserts the demo users (demo-users.ts) that are missing. An existing user with the
 * same email is left alone, so a second run, or a changed password, is not overwritten.
 * A test may pass users of its own (the access-control matrix's agent of another team).
 */
import type { ScryptCost } from '../context.ts'
import type { Database } from '../db/client.ts'
import { DEMO_USERS, type DemoUser } from './demo-users.ts'
import { hashPassword } from './password.ts'
import { users } from './tables.ts'
import { findUserRowByEmail, type UserRow } from './users.ts'

export async function seedDemoUsers(
  db: Database,
  passwordCost?: ScryptCost,
  now: Date = new Date(),
  demoUsers: readonly DemoUser[] = DEMO_USERS,
): Promise<Record<string, number>> {
  let added = 0
  for (const demo of demoUsers) {
    // Checked first so a re-run does not pay for hashing passwords it will not store.
    if (await findUserRowByEmail(db, demo.email)) continue
    const inserted = await db
      .insert(users)
      .values(demoUserRow(demo, await hashPassword(demo.password, passwordCost), now))
      .onConflictDoNothing()
      .returning({ id: users.id })
    added += inserted.length
  }
  return { demoUsers: added }
}

/**
 * The row the seed writes for a demo user: every column the claims are made from is set here,
 * not left to a database default, so the Keycloak demo realm's test (deploy/keycloak) can tell
 * what the embedded provider says about each demo user without a database.
 */
export function demoUserRow(demo: DemoUser, passwordHash: string, now: Date): Omit<UserRow, 'id'> & { id?: string } {
  return {
    ...(demo.id ? { id: demo.id } : {}),
    email: demo.email,
    firstName: demo.firstName,
    lastName: demo.lastName,
    mobileNumber: demo.mobileNumber,
    passwordHash,
    roles: [...demo.roles],
    emailVerified: true,
    accountNumbers: [...demo.accountNumbers],
    // Demo data: the demo customer's links count as proven, so the demo works at once.
    verifiedAccountNumbers: [...demo.accountNumbers],
    activeAccountNumber: demo.activeAccountNumber,
    agentCode: demo.agentCode,
    displayCoachmarks: true,
    displayWelcomeBanner: true,
    // Demo users have seen the registration popup already.
    displaySuccessRegistration: false,
    demo: true,
    createdAt: now,
    updatedAt: now,
  }
}
