/**
 * A referral reward's credit in words (issue 37, item 5; docs/decisions/0076): the bills that
 * took it off ("Taken off your bill of May 2031") and what the next bill will.
 */
import { formatDate } from '../../../lib/dates'
import { formatPesos } from '../../../lib/pesos'
import type { Referral } from '~/upstream/referrals.server'
import { REFERRALS_TEXT as TEXT } from './texts'

export function creditWords(credit: NonNullable<Referral['rewardCredit']>): string[] {
  const applied = credit.appliedTo.map((part) => ({
    month: formatDate(part.month, 'month'),
    amount: formatPesos(part.amountPesos),
  }))
  const taken =
    applied.length === 1 && credit.pendingPesos === 0
      ? [TEXT.rewardTakenOff(applied[0]!.month)]
      : applied.map((part) => TEXT.rewardPartTakenOff(part.amount, part.month))
  if (credit.pendingPesos === 0) return taken
  return [
    ...taken,
    applied.length === 0 ? TEXT.rewardOnNextBill : TEXT.rewardRestOnNextBill(formatPesos(credit.pendingPesos)),
  ]
}
