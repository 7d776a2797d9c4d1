/**
 * Test support: an in-memory IdentityDirectory with the contract's behaviour (one
 * 'invalid' for unknown users and wrong passwords, 'locked' after repeated failures),
 * for testing the provider without the identity service's database.
 */
import { claimsFor } from '../users.ts'
import type { IdentityDirectory, IdentityUser } from './directory-contract.ts'

export type FakeUser = IdentityUser & { password: string }

export function fakeUser(overrides: Partial<FakeUser> = {}): FakeUser {
  return {
    id: 'user-0001',
    email: 'juan.delacruz@example.ph',
    password: 'correct horse battery staple',
    firstName: 'Juan',
    lastName: 'Dela Cruz',
    mobileNumber: '9171234567',
    roles: ['default-roles-hibla', 'customer'],
    emailVerified: true,
    attributes: {
      accountNumber: ['1000012345', '1000067890'],
      unverifiedAccountNumber: [],
      activeAccountNumber: '1000012345',
      displayCoachmarks: true,
      displayWelcomeBanner: false,
      displaySuccessRegistration: false,
      agentCode: null,
    },
    ...overrides,
  }
}

export function fakeDirectory(
  users: FakeUser[],
  options: { lockAfter?: number } = {},
): IdentityDirectory & { failures: Map<string, number> } {
  const lockAfter = options.lockAfter ?? 30
  const failures = new Map<string, number>()
  return {
    failures,
    async verifyCredentials(username, password) {
      const key = username.trim().toLowerCase()
      if ((failures.get(key) ?? 0) >= lockAfter) return { ok: false, reason: 'locked' }
      const user = users.find((candidate) => candidate.email === key)
      if (!user || user.password !== password) {
        failures.set(key, (failures.get(key) ?? 0) + 1)
        return { ok: false, reason: 'invalid' }
      }
      failures.delete(key)
      return { ok: true, user }
    },
    async findUser(id) {
      return users.find((user) => user.id === id) ?? null
    },
    // The real mapping, so the provider is tested with the claims it will really issue.
    claimsFor,
  }
}
