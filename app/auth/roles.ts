/**
 * The realm roles (docs/architecture.md, 8; spec 6) and what the portal makes of them. Kept free
 * of server code: the header and the guard both read it.
 */
export const ROLE = {
  base: 'base',
  customer: 'customer',
  salesAgent: 'sales-agent',
  salesAdmin: 'sales-admin',
  /** Reads the analytics report (/ops/analytics; issue 17 item 5). */
  operator: 'operator',
} as const

export const SALES_ROLES: readonly string[] = [ROLE.salesAgent, ROLE.salesAdmin]

/**
 * Which kind of user someone is, for spec 4's redirects. A customer holds the base role
 * too, so the order matters: customer, then sales, then applicant (base alone).
 */
export type UserKind = 'customer' | 'sales' | 'applicant' | 'other'

export function userKind(roles: readonly string[]): UserKind {
  if (roles.includes(ROLE.customer)) return 'customer'
  if (roles.some((role) => SALES_ROLES.includes(role))) return 'sales'
  if (roles.includes(ROLE.base)) return 'applicant'
  return 'other'
}

/** Every kind the roles make someone (a customer who is also an agent is both). */
export function userKinds(roles: readonly string[]): UserKind[] {
  const kinds: UserKind[] = []
  if (roles.includes(ROLE.customer)) kinds.push('customer')
  if (roles.some((role) => SALES_ROLES.includes(role))) kinds.push('sales')
  if (kinds.length === 0) kinds.push(roles.includes(ROLE.base) ? 'applicant' : 'other')
  return kinds
}

/** spec 4: where each kind of user lands after sign-in, and where "not allowed" sends them. */
export const HOME_OF: Record<UserKind, string> = {
  customer: '/customer',
  sales: '/sales',
  applicant: '/get-started',
  other: '/',
}

export const isSales = (roles: readonly string[]) => roles.some((role) => SALES_ROLES.includes(role))
