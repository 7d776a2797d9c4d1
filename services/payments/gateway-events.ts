/**
 * What the gateway tells of a payment, the one way a payment at it is posted or fails: its
 * webhooks, verified over the raw body and handled once each (the event id is kept), and
 * reconciliation, which asks the gateway about a payment whose webhook never came. A paid
 * event wins over anything but posted.
 */
import { and, asc, eq, gt, inArray, isNotNull, lt } from 'drizzle-orm'
import { formatPesos } from '../../lib/pesos.ts'
import type { Executor } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import type { PaymentsContext } from './context.ts'
import { WebhookVerificationError, type GatewayEvent, type PaymentGateway } from './payment-gateway.ts'
import { METHOD_LABELS, post } from './posting.ts'
import { gatewayWebhookEvents, portalPayments } from './tables.ts'
import { addEvent, pesos, type PaymentRow } from './views.ts'

/** Reconciliation asks the gateway about a payment this long after its last change: webhooks come well before. */
export const RECONCILE_AFTER_MINUTES = 10
/** …and only for payments this recent (a checkout page lives a day at most). */
const RECONCILE_WITHIN_DAYS = 3
/** Payments asked about per run; the next run takes the rest. */
const RECONCILE_BATCH = 100

async function applyEvent(
  ctx: PaymentsContext,
  tx: Executor,
  row: PaymentRow,
  event: GatewayEvent,
  at: Date,
): Promise<boolean> {
  const method = event.method ?? row.paymentMethod
  if (event.outcome === 'paid') {
    if (row.status === 'posted') return false
    if (event.gatewayPaymentId) {
      await tx
        .update(portalPayments)
        .set({ gatewayPaymentId: event.gatewayPaymentId })
        .where(eq(portalPayments.id, row.id))
    }
    if (event.amountCentavos !== null && event.amountCentavos !== row.totalCentavos) {
      // Money came in, but not what was asked: held for a person to check, never posted blind.
      if (row.status !== 'authorised') {
        await tx
          .update(portalPayments)
          .set({ status: 'authorised', updatedAt: at })
          .where(eq(portalPayments.id, row.id))
        await addEvent(
          tx,
          row.id,
          'authorised',
          at,
          `${formatPesos(pesos(event.amountCentavos))} received instead of ${formatPesos(pesos(row.totalCentavos))}: we will check it and post it.`,
        )
      }
      ctx.deps.logger.error({ paymentId: row.id, eventId: event.id }, 'gateway paid a different amount: held')
      return true
    }
    if (row.status !== 'authorised') {
      await addEvent(
        tx,
        row.id,
        'authorised',
        at,
        `Paid with ${METHOD_LABELS[method ?? ''] ?? method ?? 'the gateway'}.`,
      )
    }
    return post(ctx, tx, row, at, method)
  }
  if (event.outcome === 'failed') {
    // Only a payment still waiting fails; a paid or posted one stays (events arrive in any order).
    if (row.status !== 'pending') return false
    await tx
      .update(portalPayments)
      .set({ status: 'failed', updatedAt: at, paymentMethod: method })
      .where(eq(portalPayments.id, row.id))
    await addEvent(tx, row.id, 'failed', at, event.failedMessage ?? 'The payment did not go through.')
    return true
  }
  return false
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Our payment an event is about: by the metadata we gave the session, else the session or intent id. */
async function paymentOfEvent(tx: Executor, event: GatewayEvent): Promise<PaymentRow | null> {
  const id = event.metadata.payment_id
  const where =
    id && UUID.test(id)
      ? eq(portalPayments.id, id)
      : event.checkoutSessionId
        ? eq(portalPayments.checkoutSessionId, event.checkoutSessionId)
        : event.paymentIntentId
          ? eq(portalPayments.paymentIntentId, event.paymentIntentId)
          : null
  if (!where) return null
  const [row] = await tx.select().from(portalPayments).where(where).limit(1).for('update')
  return row ?? null
}

/**
 * A gateway webhook: verified over the raw body, handled once per event id, in one
 * transaction with what it changes. Answers what happened, for the log.
 */
export async function handleWebhook(
  ctx: PaymentsContext,
  rawBody: string,
  signature: string | null,
): Promise<'handled' | 'duplicate' | 'ignored'> {
  const { deps } = ctx
  let event: GatewayEvent
  try {
    event = deps.gateway.verifyWebhook(rawBody, signature)
  } catch (error) {
    if (error instanceof WebhookVerificationError) {
      deps.logger.warn({ reason: error.message }, 'payment webhook refused')
      throw new ServiceError(401, 'invalid_signature', 'The webhook signature is not valid.')
    }
    throw error
  }
  const result = await deps.db.transaction(async (tx) => {
    const at = deps.now()
    const [fresh] = await tx
      .insert(gatewayWebhookEvents)
      .values({ eventId: event.id, type: event.type, receivedAt: at })
      .onConflictDoNothing()
      .returning()
    if (!fresh) return 'duplicate' as const
    if (event.outcome === 'other') return 'ignored' as const
    const row = await paymentOfEvent(tx, event)
    if (!row) {
      deps.logger.warn({ eventId: event.id, type: event.type }, 'payment webhook for no payment of ours')
      return 'ignored' as const
    }
    await tx.update(gatewayWebhookEvents).set({ paymentId: row.id }).where(eq(gatewayWebhookEvents.eventId, event.id))
    return (await applyEvent(ctx, tx, row, event, at)) ? ('handled' as const) : ('ignored' as const)
  })
  ctx.delivery.kick()
  return result
}

/**
 * Payment reconciliation (the `payments-reconcile` job, docs/decisions/0050): a webhook can
 * be lost (the gateway gave up, every copy was down). Each online payment still pending, or
 * cancelled at the gateway's page, RECONCILE_AFTER_MINUTES after its last change and within
 * RECONCILE_WITHIN_DAYS, is asked of the gateway: a paid checkout posts exactly as its
 * webhook would (a webhook arriving later finds it posted), an expired one that was pending
 * is marked expired. Each payment is decided under its row lock, so two runs at once post once.
 */
export async function reconcile(
  ctx: PaymentsContext,
): Promise<{ checked: number; posted: number; expired: number; unanswered: number }> {
  const { deps } = ctx
  const { db, gateway } = deps
  const now = deps.now()
  const due = await db
    .select({ id: portalPayments.id, checkoutSessionId: portalPayments.checkoutSessionId })
    .from(portalPayments)
    .where(
      and(
        inArray(portalPayments.status, ['pending', 'cancelled']),
        isNotNull(portalPayments.checkoutSessionId),
        lt(portalPayments.updatedAt, new Date(now.getTime() - RECONCILE_AFTER_MINUTES * 60_000)),
        gt(portalPayments.createdAt, new Date(now.getTime() - RECONCILE_WITHIN_DAYS * 86_400_000)),
      ),
    )
    .orderBy(asc(portalPayments.updatedAt))
    .limit(RECONCILE_BATCH)
  let posted = 0
  let expired = 0
  let unanswered = 0
  for (const { id, checkoutSessionId } of due) {
    let session: Awaited<ReturnType<PaymentGateway['retrieveCheckoutSession']>>
    try {
      session = await gateway.retrieveCheckoutSession(checkoutSessionId!)
    } catch (error) {
      // The gateway did not answer about this one: the others are still asked; the job retries.
      unanswered++
      deps.logger.warn({ paymentId: id, err: error }, 'reconciliation: the gateway did not answer')
      continue
    }
    const paid = session.payments.find((payment) => payment.status === 'paid')
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(portalPayments).where(eq(portalPayments.id, id)).limit(1).for('update')
      if (!row) return
      const at = deps.now()
      if (session.status === 'paid' && paid) {
        const event: GatewayEvent = {
          id: `reconcile:${session.id}`,
          type: 'reconciliation',
          livemode: false,
          outcome: 'paid',
          checkoutSessionId: session.id,
          paymentIntentId: session.paymentIntentId,
          gatewayPaymentId: paid.id,
          amountCentavos: paid.amountCentavos,
          method: paid.method,
          failedMessage: null,
          metadata: session.metadata,
        }
        if (row.status !== 'posted' && (await applyEvent(ctx, tx, row, event, at))) {
          posted++
          deps.logger.warn({ paymentId: row.id }, 'payment posted by reconciliation: its webhook never came')
        }
      } else if (session.status === 'expired' && row.status === 'pending') {
        await tx.update(portalPayments).set({ status: 'expired', updatedAt: at }).where(eq(portalPayments.id, row.id))
        await addEvent(tx, row.id, 'cancelled', at, 'The payment page expired before anything was paid.')
        expired++
      }
    })
  }
  if (posted > 0) ctx.delivery.kick()
  return { checked: due.length, posted, expired, unanswered }
}
