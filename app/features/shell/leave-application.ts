/**
 * spec 2: "HELP & SUPPORT during onboarding asks: 'Your application process will be
 * interrupted while moving out of this page.'" (issue 33). During onboarding the header's
 * HELP & SUPPORT leads to /leave-application, which asks it and offers to go on to help or
 * back to the application; with JavaScript the same question is a dialog on the link
 * (app/ui/app-link.tsx, data-confirm). The draft on the server keeps everything either way.
 * Server-side: the root loader chooses the link, the route validates its way back.
 */
export const LEAVE_APPLICATION_PATH = '/leave-application'
export const HELP_PATH = '/help'

export const LEAVE_APPLICATION_TEXT = {
  title: 'Leave your application?',
  // spec 2, word for word.
  question: 'Your application process will be interrupted while moving out of this page.',
  kept: 'What you saved so far stays with your application for 4 hours after your last save.',
  goToHelp: 'GO TO HELP & SUPPORT',
  back: 'BACK TO MY APPLICATION',
} as const

// The visitor's onboarding: the check, the cart and the application wizard (spec 2).
const ONBOARDING = /^\/(?:CheckAvailability|plans\/cart|onboard)(?:\/|$)/

export function isOnboarding(pathname: string): boolean {
  return ONBOARDING.test(pathname)
}

/** The header's HELP & SUPPORT from this page: /help, or the question first during onboarding. */
export function helpLinkFor(pathname: string, search: string): { to: string; confirm?: string; then?: string } {
  if (!isOnboarding(pathname)) return { to: HELP_PATH }
  return {
    to: `${LEAVE_APPLICATION_PATH}?${new URLSearchParams({ back: pathname + search })}`,
    // With JavaScript: the question as a dialog, then help itself (app/ui/app-link.tsx).
    confirm: LEAVE_APPLICATION_TEXT.question,
    then: HELP_PATH,
  }
}

/** Where BACK TO MY APPLICATION goes: an onboarding page of this site, else the check's start. */
export function backToApplication(back: string | null): string {
  if (!back || !back.startsWith('/') || back.startsWith('//')) return '/CheckAvailability'
  const pathname = back.split(/[?#]/)[0] ?? ''
  return isOnboarding(pathname) ? back : '/CheckAvailability'
}
