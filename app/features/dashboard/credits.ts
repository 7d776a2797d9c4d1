/**
 * What the next bill will take off, as the dashboard says it (issue 37; docs/decisions/0076):
 * "You'll get ₱X back on your next bill" and why: a referral reward, or an outage's from and to.
 */
import { formatDate } from '../../../lib/dates'
import { formatPesos } from '../../../lib/pesos'
import type { PendingCredit } from '~/upstream/billing.server'
import { DASHBOARD_TEXT as TEXT } from './texts'

const when = (iso: string) => formatDate(iso, 'dateTime')

export function creditView(credit: PendingCredit) {
  const { from, to } = credit.detail ?? {}
  const reason =
    credit.kind === 'outage_rebate' && from && to
      ? TEXT.creditForOutage(when(from), when(to))
      : credit.kind === 'referral_reward'
        ? TEXT.creditForReferral
        : TEXT.creditFor(credit.description)
  return { kind: credit.kind, text: TEXT.creditBack(formatPesos(credit.pendingAmount), reason) }
}
export type CreditView = ReturnType<typeof creditView>
