/**
 * Starting a payment (spec 7, initialisation): online, a checkout session at the gateway,
 * whose hosted page the payer is sent to; at a counter or outlet, a reference to pay with and
 * instructions. An Idempotency-Key's form sent twice starts one payment.
 */
import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { formatPesos } from '../../lib/pesos.ts'
import type { Caller } from '../bearer.ts'
import { sessionSecretRing } from '../context.ts'
import { ServiceError } from '../errors.ts'
import { issueDeviceToken } from '../identity/device-tokens.ts'
import { guestKeyOf, payableAccount, type GuestClient } from './access.ts'
import { REFERENCE_LIFE_DAYS } from './channels.ts'
import type { PaymentsContext } from './context.ts'
import { PAYMENT_MESSAGES } from './messages.ts'
import { PaymentGatewayError } from './payment-gateway.ts'
import { price, type PaymentRequest } from './quotes.ts'
import { portalPayments } from './tables.ts'
import { addEvent, pesos, viewOf, type PaymentRow, type PaymentView } from './views.ts'

const DEFAULT_SUCCESS_PATH = '/customer/payment-success/{id}'
const DEFAULT_FAILURE_PATH = '/customer/payment-failed?payment={id}'

/** A counter slip's reference: PAY- and ten characters nobody misreads (no 0/O, 1/I). */
function newReference(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const bytes = crypto.randomBytes(10)
  return `PAY-${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`
}

/**
 * Starts a payment: online, a checkout session at the gateway (its URL answered); at a
 * counter or outlet, a reference with instructions. A guest is answered a key that
 * reads this payment, and nothing else, and a device token for the account (the one the
 * browser holds, or a new one): from then on strangers' tries do not stop this browser.
 */
export async function initiate(
  ctx: PaymentsContext,
  request: PaymentRequest,
  caller: Caller | null,
  options: { client?: GuestClient; initiationKey?: string } = {},
): Promise<{ payment: PaymentView; guestKey: string | null; deviceToken: string | null }> {
  const { deps, settings } = ctx
  const { db, gateway } = deps
  const account = await payableAccount(ctx, request.accountNumber, caller, options.client)
  const deviceToken = caller
    ? null
    : (account.trustedToken ?? issueDeviceToken(sessionSecretRing(settings), `account:${request.accountNumber}`))
  const answer = (row: PaymentRow, payment: PaymentView) => ({
    payment,
    guestKey: row.initiatedBy === null ? guestKeyOf(ctx, row.id) : null,
    deviceToken,
  })
  if (options.initiationKey) {
    const [seen] = await db
      .select()
      .from(portalPayments)
      .where(eq(portalPayments.initiationKey, options.initiationKey))
      .limit(1)
    if (seen) {
      if (seen.accountNumber !== request.accountNumber || seen.initiatedBy !== (caller?.sub ?? null)) {
        throw new ServiceError(409, 'initiation_key_reused', PAYMENT_MESSAGES.initiationKeyReused)
      }
      return answer(seen, await viewOf(ctx, db, seen))
    }
  }
  const priced = await price(ctx, request)
  const now = deps.now()
  const online = priced.group.kind === 'online'
  const [created] = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(portalPayments)
      .values({
        accountNumber: request.accountNumber,
        amountCentavos: priced.amount,
        serviceChargeCentavos: priced.serviceCharge,
        totalCentavos: priced.amount + priced.serviceCharge,
        channelGroup: priced.group.name,
        paymentMethod: request.paymentMethod ?? null,
        status: online ? 'pending' : 'awaiting_payment',
        reference: newReference(),
        gateway: online ? gateway.name : 'counter',
        receiptEmail: request.email ?? account.registeredEmail ?? null,
        initiatedBy: caller?.sub ?? null,
        initiationKey: options.initiationKey ?? null,
        expiresAt: online ? null : new Date(now.getTime() + REFERENCE_LIFE_DAYS * 86_400_000),
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    const row = rows[0]!
    await addEvent(
      tx,
      row.id,
      'initiated',
      now,
      online
        ? `${formatPesos(pesos(row.totalCentavos))} by ${priced.group.name.toLowerCase()}.`
        : `Payment reference ${row.reference} issued for ${formatPesos(pesos(row.totalCentavos))}.`,
    )
    return rows
  })
  let row = created!
  if (online) {
    const url = (path: string) => `${settings.publicUrl}${path.replaceAll('{id}', row.id)}`
    try {
      const session = await gateway.createCheckoutSession(
        {
          reference: row.reference,
          description: `${deps.productName} bill payment for account ${row.accountNumber}`,
          lineItems: [
            { name: `Payment for account ${row.accountNumber}`, amountCentavos: row.amountCentavos, quantity: 1 },
            ...(row.serviceChargeCentavos > 0
              ? [
                  {
                    name: 'Internet banking service charge',
                    amountCentavos: row.serviceChargeCentavos,
                    quantity: 1,
                  },
                ]
              : []),
          ],
          paymentMethodTypes: request.paymentMethod
            ? [request.paymentMethod]
            : priced.group.paymentMethods.map((m) => m.code),
          successUrl: url(request.successPath ?? DEFAULT_SUCCESS_PATH),
          cancelUrl: url(request.failurePath ?? DEFAULT_FAILURE_PATH),
          metadata: { payment_id: row.id, account_number: row.accountNumber },
        },
        // Ours per payment: a retried create answers the same session.
        row.id,
      )
      const [updated] = await db
        .update(portalPayments)
        .set({
          checkoutSessionId: session.id,
          checkoutUrl: session.checkoutUrl,
          paymentIntentId: session.paymentIntentId,
          updatedAt: deps.now(),
        })
        .where(eq(portalPayments.id, row.id))
        .returning()
      row = updated!
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error
      deps.logger.error({ paymentId: row.id, err: error }, 'payment gateway refused a checkout session')
      await db.transaction(async (tx) => {
        const at = deps.now()
        await tx.update(portalPayments).set({ status: 'failed', updatedAt: at }).where(eq(portalPayments.id, row.id))
        await addEvent(tx, row.id, 'failed', at, 'The payment gateway could not start the payment.')
      })
      throw new ServiceError(502, 'payment_gateway_unavailable', PAYMENT_MESSAGES.unableToProcess)
    }
  }
  return answer(row, await viewOf(ctx, db, row))
}
