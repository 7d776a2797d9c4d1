/**
 * Facts of the landing page that come from the spec rather than the CMS, and where its
 * calls to action lead (the spec's own routes for each flow, spec 2).
 */
export const LANDING_LINKS = {
  checkAvailability: '/CheckAvailability',
  applyNow: '/ApplyNow',
  payBill: '/payBill',
  plans: '/plans',
  checkStatus: '/application/check-status',
} as const

export const ENTRY_PLAN_MONTHLY_FEE = 888 // spec 9: entry plan advertised at 888 per month

// spec 2, Shell: application stages in text.
export const APPLICATION_STAGES = [
  { name: 'Check availability', detail: 'Pin your address on the map and see if our fibre reaches it.' },
  { name: 'Plan', detail: 'Pick the speed that fits your home, with add-ons if you like.' },
  { name: 'Personal details', detail: 'Tell us who you are and where to install.' },
  {
    name: 'Upload documents',
    detail:
      'A valid government ID, and proof of billing or income if your plan needs them (JPG or PDF, up to 5MB each).',
  },
  { name: 'Verify and submit', detail: 'Check everything, confirm your email and send your application.' },
] as const

// spec 9: payment channels.
export const PAYMENT_CHANNELS = [
  { name: 'Credit or debit card', detail: 'Visa, Mastercard and JCB.' },
  { name: 'Internet banking', detail: 'A ₱15.00 service charge applies.' },
  { name: 'Over the counter', detail: 'At partner bank branches.' },
  { name: 'E-wallets', detail: 'Pay from your mobile wallet.' },
  { name: 'Authorized outlets', detail: 'Cash only; checks are not accepted.' },
  { name: 'Pay via installer', detail: 'Cash to your installer on installation day.' },
] as const

/** Each landing alias (spec 2) shows the whole page with its own section first. */
export type LandingFocus = 'check-availability' | 'apply-now' | 'pay-bill' | 'check-status'

const FOCUS_BY_PATH: Record<string, LandingFocus> = {
  '/check-availability': 'check-availability',
  '/apply-now': 'apply-now',
  '/applicant': 'apply-now',
  '/pay-bill': 'pay-bill',
  '/paybills': 'pay-bill',
  '/check-status': 'check-status',
}

export function landingFocus(pathname: string): LandingFocus | null {
  return FOCUS_BY_PATH[pathname.replace(/\/+$/, '').toLowerCase()] ?? null
}

export const FOCUS_PAGE_TITLES: Record<LandingFocus, string> = {
  'check-availability': 'Check Availability',
  'apply-now': 'Apply Now',
  'pay-bill': 'Pay Your Bill',
  'check-status': 'Check Application Status',
}
