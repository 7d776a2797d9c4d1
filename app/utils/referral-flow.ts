/**
 * spec 2 and 4: the header logo ends a referral in progress (issue 15). While a page of a
 * referral shows (a subscriber's referral, a Win Back), the logo leads through
 * /referral/leave, which drops the referee from the draft and goes on to the home.
 */
export const REFERRAL_LEAVE_PATH = '/referral/leave'

const REFERRAL_PATHS = ['/customer/referrals/check-serviceability', '/customer/referrals/failed', '/referral/winback']

export function inReferral(pathname: string): boolean {
  return REFERRAL_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`))
}

/** Where the logo goes from this page: home, through /referral/leave during a referral. */
export function logoHref(pathname: string, home: string): string {
  return inReferral(pathname) ? `${REFERRAL_LEAVE_PATH}?${new URLSearchParams({ to: home })}` : home
}

/** The leave route's destination: one of the homes, never another site. */
export function leaveDestination(to: string | null): string {
  return to === '/customer' || to === '/sales' ? to : '/'
}
