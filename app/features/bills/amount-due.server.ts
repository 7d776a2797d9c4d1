/**
 * The amount due and its due date for one of the user's accounts (spec 1, the dashboard's
 * "amount due and due date with a Pay button"; spec 7 payment details), for AmountDueCard.
 * The caller passes an account the token lists (chooseAccount); the upstream checks again.
 */
import type { PaymentDetails } from '~/upstream/billing.server'
import type { UserCaller } from '~/visit/call.server'

export type AmountDueView =
  | { ok: true; accountNumber: string; amountDue: number; dueDate: string | null }
  | { ok: false; accountNumber: string; message: string }

export async function loadAmountDue(me: UserCaller, accountNumber: string): Promise<AmountDueView> {
  return amountDueView(
    accountNumber,
    await me.call((upstream, token) => upstream.billing.paymentDetails(token, accountNumber)),
  )
}

/** The card's view of the payment details, however they came (their own call, or the dashboard's). */
export function amountDueView(
  accountNumber: string,
  details: { ok: true; value: PaymentDetails } | { ok: false; message: string },
): AmountDueView {
  if (!details.ok) return { ok: false, accountNumber, message: details.message }
  return { ok: true, accountNumber, amountDue: details.value.amountDue, dueDate: details.value.dueDate }
}
