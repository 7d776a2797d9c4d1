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
import { findUserRowByEmail } from './users.ts'

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
      .values({
        email: demo.email,
        firstName: demo.firstName,
        lastName: demo.lastName,
        mobileNumber: demo.mobileNumber,
        passwordHash: await hashPassword(demo.password, passwordCost),
        roles: [...demo.roles],
        emailVerified: true,
        accountNumbers: [...demo.accountNumbers],
        // Demo data: the demo customer's links count as proven, so the demo works at once.
        verifiedAccountNumbers: [...demo.accountNumbers],
        activeAccountNumber: demo.activeAccountNumber,
        agentCode: demo.agentCode,
        // Demo users have seen the registration popup already.
        displaySuccessRegistration: false,
        demo: true,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: users.id })
    added += inserted.length
  }
  return { demoUsers: added }
}
