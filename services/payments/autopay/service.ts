/**
 * AutoPay (spec 1, 4, 5, 7, 8; issue 12 item 4; docs/decisions/0043): a fibre account's card,
 * saved at the payment gateway and charged on each bill's due date.
 *
 * Setting it up: the gateway's page collects the card (card data never touches our servers)
 * and charges a small random amount; its webhook gives us the card's token, brand and last
 * four digits; the customer types in the amount their bank shows (3 tries, then the
 * enrolment is void and must start again); the charge is refunded once verified or void.
 * Change card deletes the old card first, then starts a new enrolment. Cancelling takes
 * effect after the current month's due date, which the answer states.
 *
 * Only the caller's own accounts (the token's `accountNumber` claim), and only the product's
 * fibre accounts (spec 5).
 */
import crypto from 'node:crypto'
import { and, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm'
import { findSubscriberAccount, PORTAL_PRODUCT, type SubscriberAccount } from '../../accounts/registry.ts'
import { requireOwnAccount, type Caller } from '../../bearer.ts'
import { createBillingService } from '../../billing/service.ts'
import { settingsOf, type ServiceDeps } from '../../context.ts'
import type { Executor } from '../../db/client.ts'
import { ServiceError } from '../../errors.ts'
import { PaymentGatewayError, WebhookVerificationError, type PaymentGateway } from '../payment-gateway.ts'
import { gatewayWebhookEvents, portalPayments } from '../tables.ts'
import { manilaDate } from '../../../lib/manila-time.ts'
import {
  autopayCharges,
  autopayEnrolments,
  OPEN_AUTOPAY_STATUSES,
  type AutopayChargeStatus,
  type AutopayStatus,
} from './tables.ts'

export const AUTOPAY_MESSAGES = {
  // spec 8, verbatim
  setupFailed: 'AutoPay set up failed!',
  unableToCancel: 'Unable to cancel AutoPay!',
  unableToFetch: "We're unable to fetch your AutoPay details",
  fibreOnly: (product: string) => `AutoPay is available for ${product} accounts only.`,
  alreadySetUp: 'AutoPay is already set up for this account. You can change its card.',
  notSetUp: 'AutoPay is not set up for this account.',
  noVerificationPending: 'There is no card waiting for its verification amount.',
  wrongAmount: (left: number) =>
    `That is not the amount we charged to your card. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
  voided:
    'That is not the amount we charged to your card. For your security the card was removed: please add it again.',
  invalidEnrolment: 'The AutoPay enrolment data is not valid.',
  emailNeeded: 'AutoPay needs an email address for its notices.',
  // Why an enrolment ended, as the details show it.
  endedDeclined: 'AutoPay set up failed! Your card was declined.',
  endedVoid: 'The verification amount was entered wrongly 3 times, so the card was removed.',
  endedRestarted: 'You started again with another card.',
  endedCancelledSetUp: 'You cancelled the set-up.',
  endedCancelled: 'You cancelled AutoPay.',
} as const

/** Wrong verification amounts before the enrolment is void. */
export const VERIFICATION_MAX_TRIES = 3
/** The verification charge: ₱1.00 to ₱9.99, at random. */
export const VERIFICATION_MIN_CENTAVOS = 100
export const VERIFICATION_MAX_CENTAVOS = 999
export const DEFAULT_RETURN_PATH = '/customer/auto-pay'

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  jcb: 'JCB',
  amex: 'American Express',
}
export const brandName = (brand: string) => BRAND_NAMES[brand.toLowerCase()] ?? brand

export type AutopayState = 'not_set_up' | 'card_pending' | 'verifying' | 'active' | 'cancelling'

export type AutopayChargeView = {
  dueOn: string
  status: AutopayChargeStatus
  /** Pesos of the current or last try; null before the first. */
  amount: number | null
  tries: number
  nextAttemptOn: string | null
  lastError: string | null
  paymentId: string | null
  reference: string | null
}

export type AutopayView = {
  accountNumber: string
  state: AutopayState
  card: { brand: string; brandName: string; last4: string } | null
  /** card_pending: the gateway's page that collects the card. */
  cardFormUrl: string | null
  /** verifying: how many wrong amounts are left. */
  verification: { triesLeft: number; maxTries: number } | null
  activatedAt: string | null
  /** cancelling: the last day AutoPay still charges. */
  cancellation: { requestedAt: string; effectiveAfter: string } | null
  /** not_set_up after a try that ended: what happened. */
  lastEnded: { status: AutopayStatus; reason: string | null; at: string } | null
  /** active or cancelling: the bill AutoPay will pay next. */
  nextCharge: { dueOn: string; amount: number } | null
  /** Newest first. */
  charges: AutopayChargeView[]
}

export type EnrolmentRequest = {
  /** A path inside the portal the gateway's page returns to (default /customer/auto-pay). */
  returnPath?: string
  /** Where AutoPay's notices go (default: the account's registered email). */
  email?: string
}

export type CancelAnswer = {
  autopay: AutopayView
  /** The last day AutoPay charges (the current month's due date); null: cancelled at once. */
  effectiveAfter: string | null
}

type EnrolmentRow = typeof autopayEnrolments.$inferSelect

export type AutopayDeps = ServiceDeps & { gateway: PaymentGateway }

const pesos = (centavos: number) => centavos / 100

/** An open enrolment's state as the customer sees it (a cancellation past its date has ended). */
function stateOf(row: EnrolmentRow | null, today: string): AutopayState {
  if (!row) return 'not_set_up'
  if (row.status === 'cancelling' && row.cancelEffectiveAfter !== null && row.cancelEffectiveAfter < today) {
    return 'not_set_up'
  }
  return (OPEN_AUTOPAY_STATUSES as readonly string[]).includes(row.status) ? (row.status as AutopayState) : 'not_set_up'
}

export function createAutopayService(deps: AutopayDeps) {
  const { db, gateway } = deps
  const settings = settingsOf(deps)
  const billing = createBillingService(deps)

  // --- who may ask ------------------------------------------------------------------------

  /** The caller's own fibre account (spec 5), or the refusal. */
  async function ownFibreAccount(caller: Caller, accountNumber: string, failure: string): Promise<SubscriberAccount> {
    requireOwnAccount(caller, accountNumber)
    const account = await findSubscriberAccount(db, accountNumber)
    if (!account) throw new ServiceError(404, 'account_not_found', failure)
    if (account.product !== PORTAL_PRODUCT) {
      throw new ServiceError(422, 'not_fibre_account', AUTOPAY_MESSAGES.fibreOnly(deps.productName))
    }
    return account
  }

  async function openEnrolment(tx: Executor, accountNumber: string, lock = false): Promise<EnrolmentRow | null> {
    const query = tx
      .select()
      .from(autopayEnrolments)
      .where(
        and(
          eq(autopayEnrolments.accountNumber, accountNumber),
          inArray(autopayEnrolments.status, [...OPEN_AUTOPAY_STATUSES]),
        ),
      )
      .limit(1)
    const [row] = lock ? await query.for('update') : await query
    return row ?? null
  }

  // --- the view ---------------------------------------------------------------------------

  async function view(accountNumber: string): Promise<AutopayView> {
    const today = manilaDate(deps.now())
    const open = await openEnrolment(db, accountNumber)
    const state = stateOf(open, today)
    const current = state === 'not_set_up' ? null : open
    let lastEnded: AutopayView['lastEnded'] = null
    if (!current) {
      const [ended] = open
        ? [open]
        : await db
            .select()
            .from(autopayEnrolments)
            .where(eq(autopayEnrolments.accountNumber, accountNumber))
            .orderBy(desc(autopayEnrolments.createdAt))
            .limit(1)
      if (ended) {
        lastEnded = {
          status: ended.status === 'cancelling' ? 'cancelled' : ended.status,
          reason: ended.status === 'cancelling' ? AUTOPAY_MESSAGES.endedCancelled : ended.endReason,
          at: (ended.endedAt ?? ended.updatedAt).toISOString(),
        }
      }
    }
    let nextCharge: AutopayView['nextCharge'] = null
    if (current && (state === 'active' || state === 'cancelling')) {
      const details = await billing.paymentDetails(accountNumber)
      const within = state === 'active' || (details.dueDate ?? '') <= (current.cancelEffectiveAfter ?? '')
      if (details.amountDue > 0 && details.dueDate && details.dueDate >= today && within) {
        nextCharge = { dueOn: details.dueDate, amount: details.amountDue }
      }
    }
    const charges = await db
      .select({ charge: autopayCharges, reference: portalPayments.reference })
      .from(autopayCharges)
      .leftJoin(portalPayments, eq(portalPayments.id, autopayCharges.paymentId))
      .where(eq(autopayCharges.accountNumber, accountNumber))
      .orderBy(desc(autopayCharges.dueOn))
      .limit(12)
    const card =
      current?.cardBrand && current.cardLast4
        ? { brand: current.cardBrand, brandName: brandName(current.cardBrand), last4: current.cardLast4 }
        : null
    return {
      accountNumber,
      state,
      card: state === 'active' || state === 'cancelling' || state === 'verifying' ? card : null,
      cardFormUrl: state === 'card_pending' ? (current?.cardFormUrl ?? null) : null,
      verification:
        state === 'verifying'
          ? { triesLeft: VERIFICATION_MAX_TRIES - current!.verificationTries, maxTries: VERIFICATION_MAX_TRIES }
          : null,
      activatedAt: current?.activatedAt?.toISOString() ?? null,
      cancellation:
        state === 'cancelling'
          ? { requestedAt: current!.cancelRequestedAt!.toISOString(), effectiveAfter: current!.cancelEffectiveAfter! }
          : null,
      lastEnded,
      nextCharge,
      charges: charges.map(({ charge, reference }) => ({
        dueOn: charge.dueOn,
        status: charge.status,
        amount: charge.amountCentavos === null ? null : pesos(charge.amountCentavos),
        tries: charge.tries,
        nextAttemptOn: charge.status === 'scheduled' ? charge.nextAttemptOn : null,
        lastError: charge.lastError,
        paymentId: charge.paymentId,
        reference: reference ?? null,
      })),
    }
  }

  // --- ending an enrolment, and what the gateway is owed afterwards -------------------------

  /** Ends an enrolment in the caller's transaction; the refund and card deletion follow (settle). */
  async function end(tx: Executor, row: EnrolmentRow, status: AutopayStatus, reason: string, at: Date) {
    await tx
      .update(autopayEnrolments)
      .set({
        status,
        endReason: reason,
        endedAt: at,
        updatedAt: at,
        refundDue: row.refundDue || (row.verificationPaymentId !== null && row.refundId === null),
        cardDeleteDue: row.paymentMethodId !== null && row.cardDeletedAt === null,
      })
      .where(eq(autopayEnrolments.id, row.id))
  }

  /**
   * What an enrolment owes the gateway: the verification charge refunded (once verified or
   * ended), the card deleted (once ended). Safe to repeat (idempotency keys; a card already
   * gone counts as deleted); a failure is logged and tried again by the next job run.
   */
  async function settle(id: string): Promise<void> {
    const [row] = await db.select().from(autopayEnrolments).where(eq(autopayEnrolments.id, id))
    if (!row) return
    if (row.refundDue && row.verificationPaymentId && row.refundId === null) {
      try {
        const refund = await gateway.refund(
          {
            paymentId: row.verificationPaymentId,
            amountCentavos: row.verificationCentavos,
            notes: `AutoPay card check for account ${row.accountNumber}`,
          },
          `autopay-${row.id}-refund`,
        )
        const at = deps.now()
        await db
          .update(autopayEnrolments)
          .set({ refundId: refund.id, refundedAt: at, refundDue: false, updatedAt: at })
          .where(eq(autopayEnrolments.id, row.id))
      } catch (error) {
        deps.logger.warn({ enrolmentId: row.id, err: error }, 'AutoPay verification refund failed: will retry')
      }
    }
    if (row.cardDeleteDue && row.gatewayCustomerId && row.paymentMethodId) {
      try {
        await gateway.deleteSavedCard(row.gatewayCustomerId, row.paymentMethodId)
        const at = deps.now()
        await db
          .update(autopayEnrolments)
          .set({ cardDeleteDue: false, cardDeletedAt: at, paymentMethodId: null, updatedAt: at })
          .where(eq(autopayEnrolments.id, row.id))
      } catch (error) {
        deps.logger.warn({ enrolmentId: row.id, err: error }, 'AutoPay card deletion failed: will retry')
      }
    }
  }

  /** Every enrolment still owing the gateway something (the job runs this). */
  async function settleAll(): Promise<number> {
    const rows = await db
      .select({ id: autopayEnrolments.id })
      .from(autopayEnrolments)
      .where(or(eq(autopayEnrolments.refundDue, true), eq(autopayEnrolments.cardDeleteDue, true)))
      .limit(100)
    for (const { id } of rows) await settle(id)
    return rows.length
  }

  // --- starting an enrolment ----------------------------------------------------------------

  /** A new enrolment, its card page at the gateway, or the spec's 'AutoPay set up failed!'. */
  async function start(
    caller: Caller,
    account: SubscriberAccount,
    request: EnrolmentRequest,
    replace: (tx: Executor, open: EnrolmentRow | null, at: Date) => Promise<string | null>,
    customerId: string | null = null,
  ): Promise<AutopayView> {
    const email = request.email ?? account.registeredEmail
    if (!email)
      throw new ServiceError(422, 'email_needed', AUTOPAY_MESSAGES.emailNeeded, {
        email: [AUTOPAY_MESSAGES.emailNeeded],
      })
    let ended: string | null = null
    const created = await db.transaction(async (tx) => {
      const at = deps.now()
      ended = await replace(tx, await openEnrolment(tx, account.accountNumber, true), at)
      const [row] = await tx
        .insert(autopayEnrolments)
        .values({
          accountNumber: account.accountNumber,
          status: 'card_pending',
          startedBy: caller.sub,
          notifyEmail: email,
          gateway: gateway.name,
          gatewayCustomerId: customerId,
          verificationCentavos: crypto.randomInt(VERIFICATION_MIN_CENTAVOS, VERIFICATION_MAX_CENTAVOS + 1),
          createdAt: at,
          updatedAt: at,
        })
        .returning()
      return row!
    })
    if (ended) await settle(ended)
    try {
      const [firstName, ...rest] = account.holderName.trim().split(/\s+/)
      const customer =
        customerId ??
        (
          await gateway.createCustomer(
            { email, firstName: firstName ?? account.holderName, lastName: rest.join(' ') || firstName || '-' },
            `autopay-${created.id}-customer`,
          )
        ).id
      const setup = await gateway.createCardSetup(
        {
          customerId: customer,
          amountCentavos: created.verificationCentavos,
          description: `${deps.productName} AutoPay for account ${account.accountNumber}: a card check, refunded`,
          returnUrl: `${settings.publicUrl}${request.returnPath ?? DEFAULT_RETURN_PATH}`,
          metadata: { autopay_enrolment_id: created.id, account_number: account.accountNumber },
        },
        `autopay-${created.id}-setup`,
      )
      await db
        .update(autopayEnrolments)
        .set({
          gatewayCustomerId: customer,
          setupIntentId: setup.paymentIntentId,
          cardFormUrl: setup.cardFormUrl,
          updatedAt: deps.now(),
        })
        .where(eq(autopayEnrolments.id, created.id))
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error
      deps.logger.error({ enrolmentId: created.id, err: error }, 'payment gateway refused an AutoPay card set-up')
      await db.transaction((tx) => end(tx, created, 'failed', AUTOPAY_MESSAGES.setupFailed, deps.now()))
      throw new ServiceError(502, 'payment_gateway_unavailable', AUTOPAY_MESSAGES.setupFailed)
    }
    return view(account.accountNumber)
  }

  // --- the gateway's word on a card check ---------------------------------------------------

  /**
   * A webhook about an enrolment's verification charge (metadata autopay_enrolment_id):
   * paid, the card is saved (its token read from the gateway's list of the customer's
   * cards) and the customer must type the amount in; failed, the card was declined. Each
   * event is handled once (payments.webhook_events). Answers null for any other event, which
   * the payments service handles (AutoPay's due-date charges post there).
   */
  async function handleWebhook(
    rawBody: string,
    signature: string | null,
  ): Promise<'handled' | 'duplicate' | 'ignored' | null> {
    let event
    try {
      event = gateway.verifyWebhook(rawBody, signature)
    } catch (error) {
      if (error instanceof WebhookVerificationError) return null // the payments service refuses it, and logs
      throw error
    }
    const enrolmentId = event.metadata.autopay_enrolment_id
    if (!enrolmentId || event.outcome === 'other') return null
    const [seen] = await db
      .select({ id: gatewayWebhookEvents.eventId })
      .from(gatewayWebhookEvents)
      .where(eq(gatewayWebhookEvents.eventId, event.id))
    if (seen) return 'duplicate'
    const [row] = /^[0-9a-f-]{36}$/i.test(enrolmentId)
      ? await db.select().from(autopayEnrolments).where(eq(autopayEnrolments.id, enrolmentId))
      : []
    // The saved card, read from the gateway before the transaction (a failure: 502, delivered again).
    let card = null
    if (row && event.outcome === 'paid' && row.gatewayCustomerId && row.verificationPaymentId === null) {
      try {
        card = (await gateway.listSavedCards(row.gatewayCustomerId)).at(-1) ?? null
      } catch (error) {
        if (!(error instanceof PaymentGatewayError)) throw error
        throw new ServiceError(502, 'payment_gateway_unavailable', 'The payment gateway could not list the card.')
      }
    }
    let settleAfter = false
    const outcome = await db.transaction(async (tx) => {
      const at = deps.now()
      const [fresh] = await tx
        .insert(gatewayWebhookEvents)
        .values({ eventId: event.id, type: event.type, receivedAt: at })
        .onConflictDoNothing()
        .returning()
      if (!fresh) return 'duplicate' as const
      if (!row) {
        deps.logger.warn({ eventId: event.id, type: event.type }, 'AutoPay webhook for no enrolment of ours')
        return 'ignored' as const
      }
      const [current] = await tx.select().from(autopayEnrolments).where(eq(autopayEnrolments.id, row.id)).for('update')
      if (event.outcome === 'failed') {
        if (current!.status !== 'card_pending') return 'ignored' as const
        await end(tx, current!, 'failed', AUTOPAY_MESSAGES.endedDeclined, at)
        return 'handled' as const
      }
      if (current!.verificationPaymentId !== null) return 'ignored' as const
      const saved = {
        verificationPaymentId: event.gatewayPaymentId,
        paymentMethodId: card?.id ?? null,
        cardBrand: card?.brand ?? null,
        cardLast4: card?.last4 ?? null,
        updatedAt: at,
      }
      if (current!.status === 'card_pending' && card) {
        await tx
          .update(autopayEnrolments)
          .set({ ...saved, status: 'verifying' })
          .where(eq(autopayEnrolments.id, row.id))
        return 'handled' as const
      }
      // Paid after the enrolment ended (or with no card to keep): give it back, forget the card.
      await tx
        .update(autopayEnrolments)
        .set({ ...saved, refundDue: true, cardDeleteDue: card !== null })
        .where(eq(autopayEnrolments.id, row.id))
      if (current!.status === 'card_pending') {
        await end(tx, { ...current!, ...saved, refundDue: true }, 'failed', AUTOPAY_MESSAGES.setupFailed, at)
      }
      settleAfter = true
      return 'handled' as const
    })
    if (settleAfter && row) await settle(row.id)
    return outcome
  }

  return {
    view,
    settle,
    settleAll,
    handleWebhook,
    openEnrolment,
    end,

    /** GET: the account's AutoPay. */
    async details(caller: Caller, accountNumber: string): Promise<AutopayView> {
      await ownFibreAccount(caller, accountNumber, AUTOPAY_MESSAGES.unableToFetch)
      return view(accountNumber)
    },

    /** spec 7's auto-debit token: starts an enrolment (a pending one is started again). */
    async enrol(caller: Caller, accountNumber: string, request: EnrolmentRequest): Promise<AutopayView> {
      const account = await ownFibreAccount(caller, accountNumber, AUTOPAY_MESSAGES.setupFailed)
      return start(caller, account, request, async (tx, open, at) => {
        if (!open) return null
        if (open.status === 'active' || open.status === 'cancelling') {
          throw new ServiceError(409, 'autopay_exists', AUTOPAY_MESSAGES.alreadySetUp)
        }
        await end(tx, open, 'void', AUTOPAY_MESSAGES.endedRestarted, at)
        return open.id
      })
    },

    /** Change card: the old card deleted first (spec 4), then a new enrolment. */
    async changeCard(caller: Caller, accountNumber: string, request: EnrolmentRequest): Promise<AutopayView> {
      const account = await ownFibreAccount(caller, accountNumber, AUTOPAY_MESSAGES.setupFailed)
      const open = await openEnrolment(db, accountNumber)
      if (!open || open.status !== 'active')
        throw new ServiceError(409, 'autopay_not_set_up', AUTOPAY_MESSAGES.notSetUp)
      if (open.gatewayCustomerId && open.paymentMethodId) {
        try {
          await gateway.deleteSavedCard(open.gatewayCustomerId, open.paymentMethodId)
        } catch (error) {
          if (!(error instanceof PaymentGatewayError)) throw error
          deps.logger.error({ enrolmentId: open.id, err: error }, 'payment gateway refused to delete an AutoPay card')
          throw new ServiceError(502, 'payment_gateway_unavailable', AUTOPAY_MESSAGES.setupFailed)
        }
      }
      return start(
        caller,
        account,
        request,
        async (tx, current, at) => {
          if (!current || current.id !== open.id || current.status !== 'active') {
            throw new ServiceError(409, 'autopay_not_set_up', AUTOPAY_MESSAGES.notSetUp)
          }
          await tx
            .update(autopayEnrolments)
            .set({
              status: 'replaced',
              endReason: 'You changed the card.',
              endedAt: at,
              updatedAt: at,
              paymentMethodId: null,
              cardBrand: null,
              cardLast4: null,
              cardDeleteDue: false,
              cardDeletedAt: at,
            })
            .where(eq(autopayEnrolments.id, open.id))
          return null
        },
        open.gatewayCustomerId,
      )
    },

    /** The verification: the amount the customer's bank showed (spec 3: accountNumber, amount). */
    async verify(caller: Caller, accountNumber: string, amount: number): Promise<AutopayView> {
      await ownFibreAccount(caller, accountNumber, AUTOPAY_MESSAGES.setupFailed)
      const centavos = Math.round(amount * 100)
      const result = await db.transaction(async (tx) => {
        const open = await openEnrolment(tx, accountNumber, true)
        if (!open || open.status !== 'verifying') return { kind: 'none' as const }
        const at = deps.now()
        if (centavos === open.verificationCentavos) {
          await tx
            .update(autopayEnrolments)
            .set({ status: 'active', activatedAt: at, refundDue: true, updatedAt: at })
            .where(eq(autopayEnrolments.id, open.id))
          return { kind: 'verified' as const, id: open.id }
        }
        const tries = open.verificationTries + 1
        if (tries >= VERIFICATION_MAX_TRIES) {
          await end(tx, { ...open, verificationTries: tries }, 'void', AUTOPAY_MESSAGES.endedVoid, at)
          await tx.update(autopayEnrolments).set({ verificationTries: tries }).where(eq(autopayEnrolments.id, open.id))
          return { kind: 'void' as const, id: open.id }
        }
        await tx
          .update(autopayEnrolments)
          .set({ verificationTries: tries, updatedAt: at })
          .where(eq(autopayEnrolments.id, open.id))
        return { kind: 'wrong' as const, left: VERIFICATION_MAX_TRIES - tries }
      })
      switch (result.kind) {
        case 'none':
          throw new ServiceError(409, 'no_verification_pending', AUTOPAY_MESSAGES.noVerificationPending)
        case 'wrong':
          throw new ServiceError(422, 'wrong_amount', AUTOPAY_MESSAGES.wrongAmount(result.left), {
            amount: [AUTOPAY_MESSAGES.wrongAmount(result.left)],
          })
        case 'void':
          await settle(result.id)
          throw new ServiceError(422, 'enrolment_void', AUTOPAY_MESSAGES.voided, { amount: [AUTOPAY_MESSAGES.voided] })
        case 'verified':
          await settle(result.id)
          return view(accountNumber)
      }
    },

    /**
     * Unenrol (spec 7's DELETE): a set-up not finished ends at once; AutoPay that is on stays
     * on until the current month's due date has passed (spec 4), and the answer says until when.
     */
    async cancel(caller: Caller, accountNumber: string): Promise<CancelAnswer> {
      await ownFibreAccount(caller, accountNumber, AUTOPAY_MESSAGES.unableToCancel)
      const today = manilaDate(deps.now())
      // spec 4: the current month's due date (bills are monthly); a bill not issued yet has none.
      let dueThisMonth: string | null = null
      try {
        dueThisMonth = (await billing.statement(accountNumber, today.slice(0, 7))).bill.dueOn
      } catch (error) {
        if (!(error instanceof ServiceError && error.httpStatus === 404)) throw error
      }
      const effectiveAfter = dueThisMonth && dueThisMonth >= today ? dueThisMonth : null
      const result = await db.transaction(async (tx) => {
        const open = await openEnrolment(tx, accountNumber, true)
        if (!open || stateOf(open, today) === 'not_set_up') return { ended: null, effectiveAfter: null, none: true }
        const at = deps.now()
        if (open.status === 'cancelling') return { ended: null, effectiveAfter: open.cancelEffectiveAfter, none: false }
        if (open.status === 'active' && effectiveAfter) {
          await tx
            .update(autopayEnrolments)
            .set({ status: 'cancelling', cancelRequestedAt: at, cancelEffectiveAfter: effectiveAfter, updatedAt: at })
            .where(eq(autopayEnrolments.id, open.id))
          return { ended: null, effectiveAfter, none: false }
        }
        const reason = open.status === 'active' ? AUTOPAY_MESSAGES.endedCancelled : AUTOPAY_MESSAGES.endedCancelledSetUp
        await end(tx, open, open.status === 'active' ? 'cancelled' : 'void', reason, at)
        await tx.update(autopayEnrolments).set({ cancelRequestedAt: at }).where(eq(autopayEnrolments.id, open.id))
        return { ended: open.id, effectiveAfter: null, none: false }
      })
      if (result.none) throw new ServiceError(409, 'autopay_not_set_up', AUTOPAY_MESSAGES.unableToCancel)
      if (result.ended) await settle(result.ended)
      return { autopay: await view(accountNumber), effectiveAfter: result.effectiveAfter }
    },

    /** Cancellations whose date has passed take effect (the job runs this); answers how many. */
    async finishCancellations(): Promise<number> {
      const today = manilaDate(deps.now())
      const due = await db
        .select()
        .from(autopayEnrolments)
        .where(
          and(
            eq(autopayEnrolments.status, 'cancelling'),
            isNotNull(autopayEnrolments.cancelEffectiveAfter),
            sql`${autopayEnrolments.cancelEffectiveAfter} < ${today}`,
          ),
        )
      for (const row of due) {
        await db.transaction((tx) => end(tx, row, 'cancelled', AUTOPAY_MESSAGES.endedCancelled, deps.now()))
        await settle(row.id)
      }
      return due.length
    },
  }
}

export type AutopayService = ReturnType<typeof createAutopayService>
