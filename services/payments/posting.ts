/**
 * Posting (docs/decisions/0042): a payment reaches billing's ledger (services/billing
 * postPayment, under the payment's own reference, so at most once there too) only from a
 * verified gateway event (gateway-events.ts) or an operator's posting of a counter reference,
 * never from the browser coming back. Nothing moves a posted payment. Once posted: a receipt
 * email through the outbox, and billing's in-app notification to the account's holders.
 */
import { eq } from 'drizzle-orm'
import { formatDate } from '../../lib/dates.ts'
import { maskEmail } from '../../lib/masking.ts'
import { formatPesos } from '../../lib/pesos.ts'
import { postPayment } from '../billing/service.ts'
import type { Executor } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import { enqueueMessage } from '../notifications/outbox.ts'
import { channelGroup } from './channels.ts'
import type { PaymentsContext } from './context.ts'
import { PAYMENT_MESSAGES } from './messages.ts'
import { portalPayments } from './tables.ts'
import { addEvent, notFound, pesos, viewOf, type PaymentRow, type PaymentView } from './views.ts'

export const METHOD_LABELS: Record<string, string> = {
  card: 'Credit or debit card',
  gcash: 'GCash',
  paymaya: 'Maya',
  grab_pay: 'GrabPay',
  qrph: 'QR Ph',
  dob: 'Internet banking',
}

/** The channel as billing's ledger records it. */
function ledgerChannel(row: PaymentRow): string {
  if (row.channelGroup === 'OVER THE COUNTER') return 'Over the counter'
  if (row.channelGroup === 'AUTHORIZED OUTLETS') return 'Authorized outlet'
  return (row.paymentMethod && METHOD_LABELS[row.paymentMethod]) ?? channelGroup(row.channelGroup).name
}

/** Posts a payment once, in the caller's transaction: billing's ledger, the timeline, the receipt. */
export async function post(
  ctx: PaymentsContext,
  tx: Executor,
  row: PaymentRow,
  at: Date,
  method: string | null,
): Promise<boolean> {
  if (row.status === 'posted') return false
  const posted = { ...row, paymentMethod: method ?? row.paymentMethod }
  await postPayment(tx, {
    accountNumber: row.accountNumber,
    amountCentavos: row.amountCentavos,
    postedAt: at,
    channel: ledgerChannel(posted),
    reference: row.reference,
  })
  await tx
    .update(portalPayments)
    .set({ status: 'posted', postedAt: at, updatedAt: at, paymentMethod: posted.paymentMethod })
    .where(eq(portalPayments.id, row.id))
  await addEvent(
    tx,
    row.id,
    'posted',
    at,
    `${formatPesos(pesos(row.amountCentavos))} posted to account ${row.accountNumber}.`,
  )
  if (row.receiptEmail) {
    await enqueueMessage(tx, receipt(ctx.deps.productName, posted, at), at)
    await addEvent(tx, row.id, 'receipt_emailed', at, `Receipt sent to ${maskEmail(row.receiptEmail)}.`)
  }
  return true
}

function receipt(productName: string, row: PaymentRow, at: Date) {
  const lines = [
    'Hello,',
    '',
    `Thank you. We received your payment for the ${productName} account ending in ${row.accountNumber.slice(-4)}.`,
    '',
    `Reference: ${row.reference}`,
    `Amount credited: ${formatPesos(pesos(row.amountCentavos))}`,
    ...(row.serviceChargeCentavos > 0 ? [`Service charge: ${formatPesos(pesos(row.serviceChargeCentavos))}`] : []),
    `Total paid: ${formatPesos(pesos(row.totalCentavos))}`,
    `Channel: ${ledgerChannel(row)}`,
    `Posted: ${formatDate(at, 'dateTime')}`,
    '',
    productName,
  ]
  return {
    channel: 'email' as const,
    recipient: row.receiptEmail!,
    subject: `${productName} payment receipt ${row.reference}`,
    body: lines.join('\n'),
  }
}

/** Operator: a counter or outlet reference was paid (the bank's or outlet's report). Posts it once. */
export async function postReference(ctx: PaymentsContext, reference: string): Promise<PaymentView> {
  const { deps } = ctx
  const result = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(portalPayments)
      .where(eq(portalPayments.reference, reference))
      .limit(1)
      .for('update')
    if (!row || row.gateway !== 'counter') throw notFound()
    const at = deps.now()
    if (row.status === 'posted') return row
    const expired = row.expiresAt !== null && row.expiresAt.getTime() < at.getTime()
    if (row.status !== 'awaiting_payment' || expired) {
      throw new ServiceError(409, 'reference_not_payable', PAYMENT_MESSAGES.referenceNotPayable)
    }
    await post(ctx, tx, row, at, row.paymentMethod)
    const [after] = await tx.select().from(portalPayments).where(eq(portalPayments.id, row.id))
    return after!
  })
  ctx.delivery.kick()
  return viewOf(ctx, deps.db, result)
}
