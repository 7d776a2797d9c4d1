/** The identity user as other modules see it, and the Keycloak-style claims made from it. */
import { arrayContains, sql } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import { users } from './tables.ts'

/** The spec 3 user attributes, carried as claims of the same names. */
export type IdentityUserAttributes = {
  /** The linked accounts whose ownership is proven: the only ones used for anything private. */
  accountNumber: string[]
  /** Linked, ownership not yet proven (linked before the proof existed, or at registration). */
  unverifiedAccountNumber: string[]
  activeAccountNumber: string | null
  displayCoachmarks: boolean
  displayWelcomeBanner: boolean
  displaySuccessRegistration: boolean
  agentCode: string | null
}

export type IdentityUser = {
  id: string
  email: string
  firstName: string
  lastName: string
  mobileNumber: string
  roles: string[]
  emailVerified: boolean
  attributes: IdentityUserAttributes
}

/** Keycloak's claim names (spec 3 token claims), so a real Keycloak can replace the embedded provider. */
export type IdentityClaims = {
  sub: string
  email: string
  email_verified: boolean
  given_name: string
  family_name: string
  realm_access: { roles: string[] }
} & IdentityUserAttributes

export type UserRow = typeof users.$inferSelect

export function toIdentityUser(row: UserRow): IdentityUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    mobileNumber: row.mobileNumber,
    roles: [...row.roles],
    emailVerified: row.emailVerified,
    attributes: {
      accountNumber: row.accountNumbers.filter((number) => row.verifiedAccountNumbers.includes(number)),
      unverifiedAccountNumber: row.accountNumbers.filter((number) => !row.verifiedAccountNumbers.includes(number)),
      activeAccountNumber: row.activeAccountNumber,
      displayCoachmarks: row.displayCoachmarks,
      displayWelcomeBanner: row.displayWelcomeBanner,
      displaySuccessRegistration: row.displaySuccessRegistration,
      agentCode: row.agentCode,
    },
  }
}

/** spec 3: the default account is the active one when it is in the list, else the first, else none. */
export function defaultAccountNumber(attributes: IdentityUser['attributes']): string | null {
  const { accountNumber, activeAccountNumber } = attributes
  if (activeAccountNumber !== null && accountNumber.includes(activeAccountNumber)) return activeAccountNumber
  return accountNumber[0] ?? null
}

export function claimsFor(user: IdentityUser): IdentityClaims {
  return {
    sub: user.id,
    email: user.email,
    email_verified: user.emailVerified,
    given_name: user.firstName,
    family_name: user.lastName,
    realm_access: { roles: [...user.roles] },
    accountNumber: [...user.attributes.accountNumber],
    unverifiedAccountNumber: [...user.attributes.unverifiedAccountNumber],
    activeAccountNumber: defaultAccountNumber(user.attributes),
    displayCoachmarks: user.attributes.displayCoachmarks,
    displayWelcomeBanner: user.attributes.displayWelcomeBanner,
    displaySuccessRegistration: user.attributes.displaySuccessRegistration,
    agentCode: user.attributes.agentCode,
  }
}

/** Usernames are emails, compared without case or surrounding spaces. */
export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase()
}

export async function findUserRowByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normaliseUsername(email)}`)
    .limit(1)
  return row ?? null
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function findUserRowById(db: Executor, id: string): Promise<UserRow | null> {
  // A malformed id would make Postgres raise instead of finding nothing.
  if (!UUID.test(id)) return null
  const [row] = await db
    .select()
    .from(users)
    .where(sql`${users.id} = ${id}`)
    .limit(1)
  return row ?? null
}

/**
 * The users whose proven links hold an account number (docs/security.md, Ownership proof):
 * who hears about that account (services/notifications/inbox.ts). Unproven links do not count.
 */
export async function userIdsHoldingAccount(db: Executor, accountNumber: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(arrayContains(users.verifiedAccountNumbers, [accountNumber]))
  return rows.map((row) => row.id)
}

/** Who to tell about an account, and how to reach them: the users whose proven links hold it. */
export type AccountContact = {
  userId: string
  firstName: string
  /** Null until the address is verified: nothing about an account goes to an unproven address. */
  verifiedEmail: string | null
  mobileNumber: string
}

export async function contactsHoldingAccount(db: Executor, accountNumber: string): Promise<AccountContact[]> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      email: users.email,
      emailVerified: users.emailVerified,
      mobileNumber: users.mobileNumber,
    })
    .from(users)
    .where(arrayContains(users.verifiedAccountNumbers, [accountNumber]))
  return rows.map((row) => ({
    userId: row.id,
    firstName: row.firstName,
    verifiedEmail: row.emailVerified ? row.email : null,
    mobileNumber: row.mobileNumber,
  }))
}
