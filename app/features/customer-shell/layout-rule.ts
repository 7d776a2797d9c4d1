import { userKinds } from '~/auth/roles'

/**
 * spec 2, Layout: a customer page shows its content only when the user has an account
 * number or holds the first (base) role alone; otherwise 'No account number available'.
 * Links awaiting proof of ownership are not account numbers here (docs/security.md,
 * Ownership proof): only the token's proven `accountNumber` list counts.
 */
export function showsCustomerContent(user: { roles: readonly string[]; accountNumbers: readonly string[] }): boolean {
  if (user.accountNumbers.length > 0) return true
  const kinds = userKinds(user.roles)
  return kinds.length === 1 && kinds[0] === 'applicant'
}
