/**
 * The billing service's words that reach a person: a credit's line on a bill, and the
 * descriptions the services give the credits they grant (issue 37; docs/decisions/0076).
 */
import { formatPesos } from '../../lib/pesos.ts'
import { formatDate } from '../../lib/dates.ts'

const pesos = (centavos: number) => formatPesos(centavos / 100)

export const BILLING_TEXT = {
  /** A referral reward's credit (services/referrals/link.ts). */
  referralReward: 'Referral reward',
  /** An outage rebate's credit, from and to as instants (services/incidents). */
  outageRebate: (from: string | Date, to: string | Date) =>
    `Outage rebate: ${formatDate(from, 'dateTime')} to ${formatDate(to, 'dateTime')}`,
  /**
   * A credit's line on a bill: its description, and, when the bill takes only part of it (a
   * credit larger than the bill), how much and what is carried to the next one.
   */
  creditLine: (credit: { description: string; amountCentavos: number }, remainingBefore: number, taken: number) => {
    if (taken === credit.amountCentavos) return credit.description
    if (taken < remainingBefore) {
      return `${credit.description}: ${pesos(taken)} of ${pesos(credit.amountCentavos)}, ${pesos(remainingBefore - taken)} carried to your next bill`
    }
    return `${credit.description}: the last ${pesos(taken)} of ${pesos(credit.amountCentavos)}`
  },
} as const
