/**
 * The guided tour's 9 steps (spec 2: "account info plus icon, modem temperature, signal
 * strength, subscribed account details, unlink/switch account, download statement for a
 * month, payment channels, help categories, videos") and its navigation (spec 4: "Next on
 * step 2 goes to /account/subscription, step 4 to /customer/bill-history, step 5 to the pay
 * page, step 6 to /customer/help"; spec 9: "Coachmark steps at indexes 2, 4, 5, 6
 * navigate", so the step numbers are 0-based indexes, docs/decisions/0040). Pure data and
 * functions: the browser's tour (tour-runner.ts), the no-JS page and the tests share them.
 *
 * Each step points at the element with `data-tour="<name>"` on its page; a step whose
 * element is missing is skipped (tour-runner.ts), so a page without it never stops the tour.
 */
export type TourStep = {
  /** The target's data-tour attribute. */
  name: string
  title: string
  body: string
}

export const TOUR_STEPS: readonly TourStep[] = [
  {
    name: 'account-info',
    title: 'Your account',
    body: 'Your account number and name are here. The plus icon links another account to your login.',
  },
  {
    name: 'modem-temperature',
    title: 'Modem temperature',
    body: 'How warm your modem runs. Keep it in an open, shaded spot; a hot modem slows down.',
  },
  {
    name: 'signal-strength',
    title: 'Signal strength',
    body: 'The optical signal reaching your modem, in plain words: good, weak or no signal.',
  },
  {
    name: 'subscribed-account',
    title: 'Subscribed account details',
    body: 'Your plan, its speed and monthly fee, and the service address.',
  },
  {
    name: 'switch-account',
    title: 'Unlink or switch account',
    body: 'With more than one account linked, choose the one to show, or unlink one you no longer need.',
  },
  {
    name: 'download-statement',
    title: 'Download a statement',
    body: 'Choose a month and download its statement of account as a PDF.',
  },
  {
    name: 'payment-channels',
    title: 'Payment channels',
    body: 'Pay by card, internet banking, e-wallet, over the counter or at an authorized outlet.',
  },
  {
    name: 'help-categories',
    title: 'Help categories',
    body: 'Answers grouped by topic: billing, your connection, your account and more.',
  },
  {
    name: 'help-videos',
    title: 'Videos',
    body: 'Short videos that show how to fix common problems yourself.',
  },
]

export const TOUR_LENGTH = TOUR_STEPS.length

/** The coachmarks' buttons (spec 4: 'Skip Tour', 'End Tour'). Here, so the tour's chunk needs no other module. */
export const COACHMARK_TEXT = {
  next: 'Next',
  skipTour: 'Skip Tour',
  endTour: 'End Tour',
  stepOf: (step: number, of: number) => `Step ${step} of ${of}`,
} as const

/** spec 4: the steps whose Next moves to another page, and that page. */
export const TOUR_NAVIGATION: Readonly<Record<number, (accountNumber: string) => string>> = {
  2: () => '/account/subscription',
  4: () => '/customer/bill-history',
  5: (accountNumber) => `/customer/bill-history/pay/${accountNumber}`,
  6: () => '/customer/help',
}

/** Where Next on step `index` goes: another page, or null when the next step is on this one (or the tour ends). */
export function pathAfterStep(index: number, accountNumber: string): string | null {
  return TOUR_NAVIGATION[index]?.(accountNumber) ?? null
}

/** The page step `index` is shown on: the dashboard, or the page the last navigating step before it went to. */
export function pageOfStep(index: number, accountNumber: string): string {
  for (let step = Math.min(index, TOUR_LENGTH) - 1; step >= 0; step--) {
    const path = pathAfterStep(step, accountNumber)
    if (path) return path
  }
  return '/customer'
}

/** A step index from a query value ('0'…'8'), else null. */
export function parseStep(value: string | null | undefined): number | null {
  if (!value || !/^\d$/.test(value)) return null
  const index = Number(value)
  return index < TOUR_LENGTH ? index : null
}
