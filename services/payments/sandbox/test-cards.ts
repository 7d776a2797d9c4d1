/**
 * The sandbox's test cards: what the hosted card page (card-page.ts) offers and how the
 * vault (vault.ts) ends each card's charges.
 */

export type SandboxTestCard = {
  number: string
  brand: 'visa' | 'mastercard'
  brandName: string
  last4: string
  /** succeeds: every charge is paid; declined: refused when added; declines_off_session: added, later charges refused. */
  outcome: 'succeeds' | 'declined' | 'declines_off_session'
  note: string | null
}

/** The hosted card page's test cards (their numbers are PayMongo's published test numbers' shapes, no real card's). */
export const SANDBOX_TEST_CARDS: readonly SandboxTestCard[] = [
  {
    number: '4343434343434345',
    brand: 'visa',
    brandName: 'Visa',
    last4: '4345',
    outcome: 'succeeds',
    note: null,
  },
  {
    number: '5555444444444457',
    brand: 'mastercard',
    brandName: 'Mastercard',
    last4: '4457',
    outcome: 'succeeds',
    note: null,
  },
  {
    number: '5100000000000198',
    brand: 'mastercard',
    brandName: 'Mastercard',
    last4: '0198',
    outcome: 'declines_off_session',
    note: 'later charges declined',
  },
  {
    number: '4400000000000016',
    brand: 'visa',
    brandName: 'Visa',
    last4: '0016',
    outcome: 'declined',
    note: 'declined',
  },
]
