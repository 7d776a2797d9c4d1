/**
 * AutoPay's due-date charges (spec 4: "charged on due date"; docs/decisions/0043). A job,
 * run every AUTOPAY_RUN_EVERY_MINUTES by the upstream process and on demand
 * (POST /v1/operator/autopay/run, runAutopayJob), with no state in memory:
 *   1. cancellations whose date has passed take effect;
 *   2. each account with AutoPay on whose bill is due today (or was due since AutoPay
 *      started) gets a charge row, once per due date;
 *   3. due rows are claimed with FOR UPDATE SKIP LOCKED (copies of the upstream never take
 *      the same one) and charged off-session through the gateway, each as a payment of the
 *      payments service, which posts it to billing from the gateway's webhook, exactly once;
 *   4. charges at the gateway are settled from their payment: posted is paid; failed is tried
 *      again the next day, at most AUTOPAY_MAX_TRIES times; the customer is told either way
 *      (in-app notification; an email through the outbox: the receipt, or the failure);
 *   5. verification refunds and card deletions the gateway still owes are tried again.
 */
import crypto from 'node:crypto'
import { and, asc, desc, eq, inArray, isNotNull, lt, lte, or } from 'drizzle-orm'
import { formatPesos } from '../../../lib/pesos.ts'
import { createBillingService } from '../../billing/service.ts'
import type { Executor } from '../../db/client.ts'
import { createDeliveryQueue, enqueueMessage } from '../../notifications/outbox.ts'
import { notify } from '../../notifications/inbox.ts'
import { PaymentGatewayError } from '../payment-gateway.ts'
import { paymentEvents, portalPayments } from '../tables.ts'
import { formatDate } from '../../../lib/dates.ts'
import { addDays, manilaDate } from '../../../lib/manila-time.ts'
import { brandName, createAutopayService, type AutopayDeps, type AutopayService } from './service.ts'
import { autopayCharges, autopayEnrolments } from './tables.ts'

/** Tries of one due date's charge: the first on the due date, then one a day. */
export const AUTOPAY_MAX_TRIES = 3
/** A claim not carried through in this time (the process died) is claimed again. */
const LEASE_MS = 10 * 60_000
const CLAIM_BATCH = 25

export type AutopayRunReport = {
  today: string
  cancellationsFinished: number
  scheduled: number
  attempted: number
  paid: number
  retrying: number
  failed: number
  skipped: number
  settled: number
}

type ChargeRow = typeof autopayCharges.$inferSelect
type EnrolmentRow = typeof autopayEnrolments.$inferSelect
type PaymentRow = typeof portalPayments.$inferSelect

const pesos = (centavos: number) => formatPesos(centavos / 100)

/** A payment reference as the payments service writes them: PAY- and ten characters nobody misreads. */
function newReference(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  return `PAY-${[...crypto.randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('')}`
}

/** Whether an open enrolment's card pays a due date: on, or cancelled with that date still inside, with a saved card. */
function paysDueDate(enrolment: EnrolmentRow, dueOn: string): boolean {
  if (!enrolment.paymentMethodId || !enrolment.gatewayCustomerId) return false
  if (enrolment.status === 'active') return true
  return (
    enrolment.status === 'cancelling' &&
    enrolment.cancelEffectiveAfter !== null &&
    dueOn <= enrolment.cancelEffectiveAfter
  )
}

/** Whether AutoPay will charge an account's bill due on a date (a due-date reminder is then not sent: services/reminders). */
export async function autopayWillPay(db: Executor, accountNumber: string, dueOn: string): Promise<boolean> {
  const open = await db
    .select()
    .from(autopayEnrolments)
    .where(
      and(
        eq(autopayEnrolments.accountNumber, accountNumber),
        inArray(autopayEnrolments.status, ['active', 'cancelling']),
      ),
    )
  // As the run schedules charges: bills due before AutoPay started are the customer's to pay.
  return open.some(
    (enrolment) =>
      paysDueDate(enrolment, dueOn) && !(enrolment.activatedAt && dueOn < manilaDate(enrolment.activatedAt)),
  )
}

export function createAutopayCharges(deps: AutopayDeps, autopay: AutopayService = createAutopayService(deps)) {
  const { db, gateway } = deps
  const billing = createBillingService(deps)
  const delivery = createDeliveryQueue(deps)

  /** The enrolment whose card pays a due date: on, or cancelled with that date still inside. */
  async function payingEnrolment(accountNumber: string, dueOn: string): Promise<EnrolmentRow | null> {
    const open = await autopay.openEnrolment(db, accountNumber)
    if (!open || (open.status !== 'active' && open.status !== 'cancelling')) return null
    return paysDueDate(open, dueOn) ? open : null
  }

  /** Step 2: a charge row for each account whose bill is due, once per due date. */
  async function schedule(today: string, now: Date): Promise<number> {
    const on = await db
      .select()
      .from(autopayEnrolments)
      .where(
        and(inArray(autopayEnrolments.status, ['active', 'cancelling']), isNotNull(autopayEnrolments.paymentMethodId)),
      )
    let scheduled = 0
    for (const enrolment of on) {
      const details = await billing.paymentDetails(enrolment.accountNumber)
      const dueOn = details.dueDate
      if (details.amountDue <= 0 || !dueOn || dueOn > today) continue
      // Bills due before AutoPay started are the customer's to pay.
      if (enrolment.activatedAt && dueOn < manilaDate(enrolment.activatedAt)) continue
      if (enrolment.status === 'cancelling' && dueOn > (enrolment.cancelEffectiveAfter ?? '')) continue
      const added = await db
        .insert(autopayCharges)
        .values({
          accountNumber: enrolment.accountNumber,
          dueOn,
          status: 'scheduled',
          nextAttemptOn: today,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: autopayCharges.id })
      scheduled += added.length
    }
    return scheduled
  }

  /** Step 3's claim: due rows (and stale claims that never reached the gateway), locked past other runners. */
  async function claim(today: string, now: Date): Promise<ChargeRow[]> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: autopayCharges.id })
        .from(autopayCharges)
        .where(
          or(
            and(eq(autopayCharges.status, 'scheduled'), lte(autopayCharges.nextAttemptOn, today)),
            and(eq(autopayCharges.status, 'processing'), lt(autopayCharges.leaseUntil, now)),
          ),
        )
        .orderBy(asc(autopayCharges.nextAttemptOn))
        .limit(CLAIM_BATCH)
        .for('update', { skipLocked: true })
      if (due.length === 0) return []
      const claimed: ChargeRow[] = []
      for (const { id } of due) {
        const [row] = await tx
          .update(autopayCharges)
          .set({ status: 'processing', leaseUntil: new Date(now.getTime() + LEASE_MS), updatedAt: now })
          .where(eq(autopayCharges.id, id))
          .returning()
        claimed.push(row!)
      }
      return claimed
    })
  }

  const failPayment = async (tx: Executor, paymentId: string, detail: string, at: Date) => {
    const [failed] = await tx
      .update(portalPayments)
      .set({ status: 'failed', updatedAt: at })
      .where(and(eq(portalPayments.id, paymentId), eq(portalPayments.status, 'pending')))
      .returning({ id: portalPayments.id })
    if (failed) await tx.insert(paymentEvents).values({ paymentId, kind: 'failed', at, detail })
  }

  /** Step 3: one try of a claimed charge (or a try cut short, sent again). */
  async function attempt(charge: ChargeRow): Promise<'charged' | 'declined' | 'skipped' | 'settled'> {
    if (charge.paymentId) return resend(charge, charge.paymentId)
    const enrolment = await payingEnrolment(charge.accountNumber, charge.dueOn)
    const details = await billing.paymentDetails(charge.accountNumber)
    const amount = Math.round(details.amountDue * 100)
    if (!enrolment || amount <= 0) {
      const at = deps.now()
      await db
        .update(autopayCharges)
        .set({
          status: 'skipped',
          lastError: !enrolment ? 'AutoPay was no longer on for this account.' : 'Nothing was left to pay.',
          leaseUntil: null,
          updatedAt: at,
        })
        .where(and(eq(autopayCharges.id, charge.id), eq(autopayCharges.status, 'processing')))
      return 'skipped'
    }
    const card = `${brandName(enrolment.cardBrand ?? 'card')} ending ${enrolment.cardLast4 ?? '----'}`
    const payment: PaymentRow = await db.transaction(async (tx) => {
      const at = deps.now()
      const [row] = await tx
        .insert(portalPayments)
        .values({
          accountNumber: charge.accountNumber,
          amountCentavos: amount,
          serviceChargeCentavos: 0,
          totalCentavos: amount,
          channelGroup: 'CREDIT OR DEBIT CARD',
          paymentMethod: 'card',
          status: 'pending',
          reference: newReference(),
          gateway: gateway.name,
          receiptEmail: enrolment.notifyEmail,
          initiatedBy: 'autopay',
          createdAt: at,
          updatedAt: at,
        })
        .returning()
      await tx.insert(paymentEvents).values({
        paymentId: row!.id,
        kind: 'initiated',
        at,
        detail: `AutoPay: ${pesos(amount)} to your ${card} for the bill due ${formatDate(charge.dueOn, 'date')}.`,
      })
      await tx
        .update(autopayCharges)
        .set({
          paymentId: row!.id,
          amountCentavos: amount,
          enrolmentId: enrolment.id,
          tries: charge.tries + 1,
          updatedAt: at,
        })
        .where(eq(autopayCharges.id, charge.id))
      return row!
    })
    return sendToGateway(charge, enrolment, payment)
  }

  /**
   * A claim whose lease ran out with its payment made: the process stopped between the two.
   * A payment still pending goes to the gateway again under the same idempotency key, which
   * answers the first charge if there was one (never a second); one already settled is settled here.
   */
  async function resend(charge: ChargeRow, paymentId: string): Promise<'charged' | 'declined' | 'settled'> {
    const [payment] = await db.select().from(portalPayments).where(eq(portalPayments.id, paymentId))
    const [enrolment] = charge.enrolmentId
      ? await db.select().from(autopayEnrolments).where(eq(autopayEnrolments.id, charge.enrolmentId))
      : []
    if (!payment || payment.status !== 'pending' || !enrolment?.paymentMethodId) {
      if (payment?.status === 'pending') {
        await db.transaction((tx) => failPayment(tx, payment.id, 'AutoPay’s card was removed.', deps.now()))
      }
      await settleCharge(charge.id)
      return 'settled'
    }
    return sendToGateway(charge, enrolment, payment)
  }

  /** The gateway's part of a try: the saved card charged off-session for the payment. */
  async function sendToGateway(
    charge: ChargeRow,
    enrolment: EnrolmentRow,
    payment: PaymentRow,
  ): Promise<'charged' | 'declined'> {
    const amount = payment.amountCentavos
    let declined: string | null = null
    try {
      const result = await gateway.chargeSavedCard(
        {
          customerId: enrolment.gatewayCustomerId!,
          paymentMethodId: enrolment.paymentMethodId!,
          amountCentavos: amount,
          description: `${deps.productName} AutoPay for account ${charge.accountNumber}, bill due ${charge.dueOn}`,
          metadata: { payment_id: payment.id, autopay_charge_id: charge.id, account_number: charge.accountNumber },
        },
        `autopay-${payment.id}`,
      )
      if (result.status === 'declined') declined = result.failedMessage ?? 'The card was declined.'
      else {
        await db
          .update(portalPayments)
          .set({ paymentIntentId: result.paymentIntentId })
          .where(eq(portalPayments.id, payment.id))
      }
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error
      deps.logger.error({ chargeId: charge.id, err: error }, 'AutoPay charge: the payment gateway failed')
      declined = 'The payment gateway could not be reached.'
    }
    if (declined) {
      await db.transaction((tx) => failPayment(tx, payment.id, declined!, deps.now()))
      await settleCharge(charge.id)
      return 'declined'
    }
    return 'charged'
  }

  /**
   * Step 4 for one charge: its payment decides. Transitions are conditional on the row, so a
   * webhook and a job run settling the same charge notify once.
   */
  async function settleCharge(chargeId: string): Promise<'paid' | 'retrying' | 'failed' | null> {
    const outcome = await db.transaction(async (tx) => {
      const [charge] = await tx.select().from(autopayCharges).where(eq(autopayCharges.id, chargeId)).for('update')
      if (!charge || charge.status !== 'processing' || !charge.paymentId) return null
      const [payment] = await tx.select().from(portalPayments).where(eq(portalPayments.id, charge.paymentId))
      if (!payment) return null
      const [enrolment] = charge.enrolmentId
        ? await tx.select().from(autopayEnrolments).where(eq(autopayEnrolments.id, charge.enrolmentId))
        : []
      const card = enrolment?.cardLast4
        ? `${brandName(enrolment.cardBrand ?? 'card')} ending ${enrolment.cardLast4}`
        : 'your card'
      const at = deps.now()
      const amount = pesos(payment.amountCentavos)
      if (payment.status === 'posted') {
        await tx
          .update(autopayCharges)
          .set({ status: 'paid', lastError: null, leaseUntil: null, updatedAt: at })
          .where(eq(autopayCharges.id, charge.id))
        // The email is the payments service's receipt, sent when it posted.
        await notify(
          tx,
          {
            accountNumber: charge.accountNumber,
            kind: 'payment_posted',
            title: 'AutoPay paid your bill',
            body: `AutoPay charged ${amount} to your ${card} for the bill of account ${charge.accountNumber} due ${formatDate(charge.dueOn, 'date')}. Reference ${payment.reference}.`,
            link: '/customer/auto-pay',
          },
          at,
        )
        return 'paid' as const
      }
      if (payment.status !== 'failed' && payment.status !== 'cancelled' && payment.status !== 'expired') return null
      const [lastFailure] = await tx
        .select({ detail: paymentEvents.detail })
        .from(paymentEvents)
        .where(and(eq(paymentEvents.paymentId, payment.id), eq(paymentEvents.kind, 'failed')))
        .orderBy(desc(paymentEvents.seq))
        .limit(1)
      const reason = lastFailure?.detail ?? 'The card was declined.'
      const final = charge.tries >= AUTOPAY_MAX_TRIES
      const nextAttemptOn = addDays(manilaDate(at), 1)
      await tx
        .update(autopayCharges)
        .set({
          status: final ? 'failed' : 'scheduled',
          nextAttemptOn: final ? charge.nextAttemptOn : nextAttemptOn,
          // A scheduled try starts with a payment of its own; the failed one keeps its timeline.
          paymentId: final ? charge.paymentId : null,
          lastError: reason,
          leaseUntil: null,
          updatedAt: at,
        })
        .where(eq(autopayCharges.id, charge.id))
      const title = final ? 'AutoPay could not pay your bill' : 'AutoPay will try your card again'
      const body = final
        ? `AutoPay could not charge ${amount} to your ${card} for the bill of account ${charge.accountNumber} due ${formatDate(charge.dueOn, 'date')} after ${charge.tries} tries (${reason}). Please pay the bill another way.`
        : `AutoPay could not charge ${amount} to your ${card} for the bill of account ${charge.accountNumber} due ${formatDate(charge.dueOn, 'date')} (${reason}). We will try again on ${formatDate(nextAttemptOn, 'date')}.`
      await notify(
        tx,
        {
          accountNumber: charge.accountNumber,
          kind: 'general',
          severity: final ? 'critical' : 'warning',
          title,
          body,
          link: final ? `/customer/bill-history/pay/${charge.accountNumber}` : '/customer/auto-pay',
        },
        at,
      )
      if (enrolment?.notifyEmail) {
        await enqueueMessage(
          tx,
          {
            channel: 'email',
            recipient: enrolment.notifyEmail,
            subject: `${deps.productName}: ${title}`,
            body: ['Hello,', '', body, '', deps.productName].join('\n'),
          },
          at,
        )
      }
      return final ? ('failed' as const) : ('retrying' as const)
    })
    if (outcome && outcome !== 'paid') delivery.kick()
    return outcome
  }

  /** Step 4 for every charge at the gateway (after each webhook, and in each run). */
  async function settleCharges(): Promise<Record<'paid' | 'retrying' | 'failed', number>> {
    const counts = { paid: 0, retrying: 0, failed: 0 }
    const processing = await db
      .select({ id: autopayCharges.id })
      .from(autopayCharges)
      .where(and(eq(autopayCharges.status, 'processing'), isNotNull(autopayCharges.paymentId)))
    for (const { id } of processing) {
      const outcome = await settleCharge(id)
      if (outcome) counts[outcome]++
    }
    return counts
  }

  /** The whole job for the clock's Manila "today". */
  async function run(): Promise<AutopayRunReport> {
    const now = deps.now()
    const today = manilaDate(now)
    const cancellationsFinished = await autopay.finishCancellations()
    const scheduled = await schedule(today, now)
    let attempted = 0
    let skipped = 0
    for (;;) {
      const batch = await claim(today, deps.now())
      if (batch.length === 0) break
      for (const charge of batch) {
        const result = await attempt(charge)
        if (result === 'skipped') skipped++
        else if (result !== 'settled') attempted++
      }
    }
    const settled = await settleCharges()
    const owed = await autopay.settleAll()
    return { today, cancellationsFinished, scheduled, attempted, skipped, ...settled, settled: owed }
  }

  return { run, settleCharges, settleCharge }
}

export type AutopayCharges = ReturnType<typeof createAutopayCharges>
