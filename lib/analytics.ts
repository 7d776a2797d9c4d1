/**
 * First-party analytics (spec 7: page views, header link clicks, Register and Login events, a
 * web-vitals hook; issue 17 item 5; docs/decisions/0051): the names both sides know. No zod
 * here, so the browser's collector (loaded only after ACCEPT) can import it without the
 * validator; the schemas are in lib/analytics-schemas.ts.
 */

export const ANALYTICS_EVENTS = ['header-link', 'register', 'login'] as const
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number]

/** A header link's name, by where it leads (spec 2, Shell: logo, PLANS, HELP & SUPPORT, REGISTER, Login). */
export const HEADER_LINKS = [
  'home',
  'plans',
  'help',
  'register',
  'login',
  'logout',
  'dashboard',
  'link-account',
  'other',
] as const
export type HeaderLink = (typeof HEADER_LINKS)[number]

export const WEB_VITALS = ['LCP', 'INP', 'CLS'] as const
export type WebVital = (typeof WEB_VITALS)[number]

/** The largest value taken for each metric (LCP and INP in milliseconds, CLS unitless); above: refused. */
export const WEB_VITAL_LIMITS: Record<WebVital, number> = { LCP: 120_000, INP: 60_000, CLS: 10 }

/** How many of each kind one request may carry: a beacon holds a handful; more is abuse. */
export const MAX_ITEMS_PER_KIND = 20

/** The portal's collecting endpoint refuses bodies larger than this (bytes). */
export const MAX_BEACON_BYTES = 8 * 1024

export const ANALYTICS_ENDPOINT = '/analytics/events'

/**
 * A page is its route pattern (`/customer/bills/:accountNumber`), never the URL a visitor
 * saw: no ids, no query. Segments are names, `:param` (optionally `?`) or `*`.
 */
export const PAGE_PATTERN =
  /^\/(?:(?:[A-Za-z0-9._-]+|:[A-Za-z_][A-Za-z0-9_]*\??|\*)(?:\/(?:[A-Za-z0-9._-]+|:[A-Za-z_][A-Za-z0-9_]*\??|\*))*)?$/
export const MAX_PAGE_LENGTH = 200

/** The route pattern of a match chain: each route's path relative to its parent, root first. */
export function patternOf(paths: ReadonlyArray<string | undefined>): string {
  const segments = paths.flatMap((path) => (path ? path.split('/').filter(Boolean) : []))
  return `/${segments.join('/')}`
}

/** Which header link a path is, for the `header-link` event. */
export function headerLinkOf(pathname: string): HeaderLink {
  switch (pathname) {
    case '/':
    case '/referral/leave':
      return 'home'
    case '/plans':
      return 'plans'
    case '/help':
      return 'help'
    case '/register':
      return 'register'
    case '/login':
      return 'login'
    case '/logout':
      return 'logout'
    case '/customer':
    case '/dashboard':
    case '/sales':
      return 'dashboard'
    case '/get-started':
      return 'link-account'
    default:
      return 'other'
  }
}

/** The realm role that may read the report (deploy/keycloak/realm-hibla.json; docs/architecture.md, 8). */
export const OPERATOR_ROLE = 'operator'
