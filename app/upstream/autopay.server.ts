/**
 * The AutoPay calls (spec 7: the auto-debit token, auto-debit enrol DELETE and verify POST;
 * spec 4's states; issue 12 item 4; services/payments/autopay/routes.ts, docs/decisions/0043).
 * Amounts are pesos. Every call carries the signed-in customer's access token; the upstream
 * refuses an account the token does not list (403 account_not_linked) and a non-fibre account
 * (422 not_fibre_account, spec 5). Failures carry spec 8's messages: 'AutoPay set up failed!'
 * (token, change card, verify), 'Unable to cancel AutoPay!' (unenrol), "We're unable to fetch
 * your AutoPay details" (details).
 */
import { z } from 'zod'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'

const Pesos = z.number().finite()
const Instant = z.iso.datetime({ offset: true })
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

/** spec 4: not set up; card added, waiting at the gateway's page; partially verified; set up; cancelled but still on. */
export const AutopayStateSchema = z.enum(['not_set_up', 'card_pending', 'verifying', 'active', 'cancelling'])
export type AutopayState = z.infer<typeof AutopayStateSchema>

export const AutopayChargeSchema = z.object({
  dueOn: Day,
  /** scheduled: tried (again) on nextAttemptOn; processing: at the gateway; paid; failed after every try; skipped. */
  status: z.enum(['scheduled', 'processing', 'paid', 'failed', 'skipped']),
  amount: Pesos.nullable(),
  tries: z.number().int().min(0),
  nextAttemptOn: Day.nullable(),
  lastError: z.string().nullable(),
  /** The payment (payments.payment reads its timeline) and its reference. */
  paymentId: z.uuid().nullable(),
  reference: z.string().nullable(),
})
export type AutopayCharge = z.infer<typeof AutopayChargeSchema>

export const AutopaySchema = z.object({
  accountNumber: z.string(),
  state: AutopayStateSchema,
  /** The card's brand and last four digits only (verifying, active, cancelling). */
  card: z.object({ brand: z.string(), brandName: z.string(), last4: z.string().regex(/^\d{4}$/) }).nullable(),
  /** card_pending: where to send the browser (the gateway's page collects the card). */
  cardFormUrl: z.url().nullable(),
  /** verifying: wrong amounts left before the set-up is void. */
  verification: z.object({ triesLeft: z.number().int().min(0), maxTries: z.number().int().min(1) }).nullable(),
  activatedAt: Instant.nullable(),
  /** cancelling: AutoPay still charges up to and including effectiveAfter (the month's due date). */
  cancellation: z.object({ requestedAt: Instant, effectiveAfter: Day }).nullable(),
  /** not_set_up after a try that ended: failed (card declined), void, replaced, cancelled; with why. */
  lastEnded: z
    .object({
      status: z.enum(['card_pending', 'verifying', 'active', 'cancelling', 'failed', 'void', 'replaced', 'cancelled']),
      reason: z.string().nullable(),
      at: Instant,
    })
    .nullable(),
  /** active or cancelling: the bill AutoPay pays next, on its due date. */
  nextCharge: z.object({ dueOn: Day, amount: Pesos }).nullable(),
  /** Newest first, at most 12. */
  charges: z.array(AutopayChargeSchema),
})
export type Autopay = z.infer<typeof AutopaySchema>

export const AutopayCancelSchema = z.object({
  autopay: AutopaySchema,
  /** The last day AutoPay charges (the current month's due date); null: cancelled at once. */
  effectiveAfter: Day.nullable(),
})
export type AutopayCancel = z.infer<typeof AutopayCancelSchema>

export type AutopayEnrolment = {
  /** A portal path the gateway's page returns to; default /customer/auto-pay. */
  returnPath?: string
  /** Where AutoPay's notices go; default: the account's registered email. */
  email?: string
}

/** spec 7: the enrolment body travels as base64 of its JSON in one `data` field. */
const tokenBody = (accountNumber: string, enrolment: AutopayEnrolment) => ({
  data: Buffer.from(JSON.stringify({ accountNumber, ...enrolment }), 'utf8').toString('base64'),
})

export function autopayCalls(client: UpstreamClient) {
  return {
    /** The account's AutoPay: its state, card, next charge and recent charges. */
    details: (accessToken: string, accountNumber: string) =>
      client.call({
        name: 'autopay.details',
        method: 'GET',
        path: '/v1/paynamics/ada',
        query: { accountNumber },
        accessToken,
        schema: envelope(AutopaySchema),
      }),

    /**
     * spec 7, auto-debit token: starts set-up (a set-up left waiting starts again); redirect
     * to `cardFormUrl`. 409 autopay_exists when AutoPay is on (use changeCard); 502 when the
     * gateway is down ('AutoPay set up failed!').
     */
    enrol: (accessToken: string, accountNumber: string, enrolment: AutopayEnrolment = {}) =>
      client.call({
        name: 'autopay.enrol',
        method: 'POST',
        path: '/v1/paynamics/ada/token',
        query: { accountNumber },
        body: tokenBody(accountNumber, enrolment),
        accessToken,
        schema: envelope(AutopaySchema),
      }),

    /**
     * spec 7, auto-debit verify: the amount the customer's bank showed (pesos). 422
     * wrong_amount with the tries left in error.fields.amount; 422 enrolment_void after the
     * third wrong one (the card is removed: start again); 409 no_verification_pending.
     */
    verify: (accessToken: string, accountNumber: string, amount: number | string) =>
      client.call({
        name: 'autopay.verify',
        method: 'POST',
        path: '/v1/paynamics/ada/verify',
        body: { accountNumber, amount },
        accessToken,
        schema: envelope(AutopaySchema),
      }),

    /** spec 4, change card: the old card is deleted first, then a new set-up; redirect to `cardFormUrl`. 409 when AutoPay is not on. */
    changeCard: (accessToken: string, accountNumber: string, enrolment: AutopayEnrolment = {}) =>
      client.call({
        name: 'autopay.changeCard',
        method: 'POST',
        path: '/v1/paynamics/ada/change-card',
        query: { accountNumber },
        body: tokenBody(accountNumber, enrolment),
        accessToken,
        schema: envelope(AutopaySchema),
      }),

    /**
     * spec 7, auto-debit unenrol (DELETE): effective after the current month's due date
     * (`effectiveAfter`, for the screen), or at once. 409 when there is nothing to cancel
     * ('Unable to cancel AutoPay!').
     */
    cancel: (accessToken: string, accountNumber: string) =>
      client.call({
        name: 'autopay.cancel',
        method: 'DELETE',
        path: '/v1/paynamics/ada',
        query: { accountNumber },
        accessToken,
        schema: envelope(AutopayCancelSchema),
      }),
  }
}
