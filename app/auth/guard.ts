/**
 * The route guard of spec 4, as one table: which roles may open which route areas, and
 * the decision for a user (or nobody) on a path. The root loader applies it to every
 * request, so no route can forget it.
 */
import { LANDING_PATHS } from '~/utils/landing-paths'
import { HOME_OF, userKind, userKinds, type UserKind } from './roles'

export const NOT_AUTHORIZED = 'Sorry, you are not authorized for the selected action.'

type Area = {
  /** Path prefixes, matched on whole segments ('/customer' covers '/customer/help', not '/customers'). */
  prefixes: readonly string[]
  /**
   * Who may enter, by kind of user (roles.ts) rather than by raw role: every user holds
   * `base`, but only a user with nothing more is an applicant (spec 6).
   */
  allowed: readonly UserKind[]
  /** Where an anonymous visitor goes instead of /login (spec 4: /get-started sends them home). */
  anonymousTo?: string
}

// spec 2 (customer-only, sales-only routes) and spec 6 (applicant: /get-started only, shared with customers).
export const PROTECTED_AREAS: readonly Area[] = [
  { prefixes: ['/dashboard', '/profile', '/customer', '/account', '/consent'], allowed: ['customer'] },
  { prefixes: ['/sales', '/application-sales-partner'], allowed: ['sales'] },
  { prefixes: ['/get-started'], allowed: ['applicant', 'customer'], anonymousTo: '/' },
]

/**
 * spec 4: "logged-in sales users on the header are pushed to /sales". Read as the public
 * pages the header leads to: the landing page (and its aliases, spec 2), PLANS,
 * HELP & SUPPORT and REGISTER.
 */
export const SALES_PUSHED_FROM: readonly string[] = [...LANDING_PATHS, '/plans', '/help', '/register']

/** Pages for visitors only: a signed-in user goes to their home instead (they have an account). */
export const SIGNED_OUT_ONLY: readonly string[] = ['/register']

/**
 * Issue 33, item 8: an agent on the public onboarding pages is taken to the same step of the
 * sales flow (issue 13), where the draft is the agent's and the customer's consents are
 * witnessed: the application wizard's steps, the cart (the agent's plan step) and Apply Now.
 */
export function salesStepOf(pathname: string): string | null {
  const wizard = /^\/onboard\/(residential|sme)\/(personalDetails|documents|appointment|review)(\/.*)?$/.exec(pathname)
  if (wizard) return `/sales/application/${wizard[1]}/${wizard[2]}${wizard[3] ?? ''}`
  if (pathname === '/plans/cart') return '/sales/application/onboard'
  if (under(pathname, '/ApplyNow')) return '/sales/application'
  return null
}

export type GuardUser = { roles: readonly string[] }
export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string; toast?: string }

function under(pathname: string, prefix: string) {
  if (prefix === '/') return pathname === '/'
  return pathname === prefix || pathname.startsWith(`${prefix}/`)
}

export function guard(user: GuardUser | null, pathname: string, search = ''): GuardDecision {
  const area = PROTECTED_AREAS.find((candidate) => candidate.prefixes.some((prefix) => under(pathname, prefix)))
  if (area) {
    if (!user) {
      if (area.anonymousTo) return { kind: 'redirect', to: area.anonymousTo }
      return { kind: 'redirect', to: `/login?${new URLSearchParams({ redirectTo: pathname + search })}` }
    }
    if (userKinds(user.roles).some((kind) => area.allowed.includes(kind))) return { kind: 'allow' }
    const kind = userKind(user.roles)
    if (kind === 'customer') return { kind: 'redirect', to: HOME_OF.customer, toast: NOT_AUTHORIZED }
    return { kind: 'redirect', to: HOME_OF[kind] }
  }
  if (!user) return { kind: 'allow' }
  const kind = userKind(user.roles)
  if (kind === 'sales') {
    const step = salesStepOf(pathname)
    if (step) return { kind: 'redirect', to: step + search }
  }
  if (kind === 'sales' && SALES_PUSHED_FROM.some((prefix) => under(pathname, prefix)))
    return { kind: 'redirect', to: HOME_OF.sales }
  if (SIGNED_OUT_ONLY.some((prefix) => under(pathname, prefix))) return { kind: 'redirect', to: HOME_OF[kind] }
  // spec 4: the query flag opens the terms-of-use dialog on the customer home.
  if (kind === 'customer' && pathname === '/terms-of-use')
    return { kind: 'redirect', to: '/customer?showTermsOfUse=true' }
  return { kind: 'allow' }
}
