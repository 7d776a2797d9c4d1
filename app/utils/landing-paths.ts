/**
 * spec 2: the landing page and every alias that shows it. Below the features because the
 * route table (routes.ts) and the route guard (auth/guard.ts) need the list as well.
 */
export const LANDING_PATHS = [
  '/',
  '/check-availability',
  '/apply-now',
  '/pay-bill',
  '/check-status',
  '/paybills',
  '/applicant',
] as const
