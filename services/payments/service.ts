/**
 * The payments domain (issue 12; spec 1, 3, 5, 7, 9; docs/decisions/0042): the channels on
 * offer, the amount due for a guest, quotes, initiation through the gateway or a counter
 * reference, each payment's state and timeline, and posting.
 *
 * One module a part, each handed the context made here: who may pay (access.ts), before
 * paying (quotes.ts), initiation (initiation.ts), each payment's state and timeline
 * (views.ts), posting to billing's ledger (posting.ts), and the gateway's webhooks and
 * reconciliation, the only way a payment at the gateway is posted (gateway-events.ts).
 */
import type { Caller } from '../bearer.ts'
import { createBillingService } from '../billing/service.ts'
import { settingsOf } from '../context.ts'
import { createDeliveryQueue } from '../notifications/outbox.ts'
import type { GuestClient } from './access.ts'
import type { PaymentsContext, PaymentsDeps } from './context.ts'
import { handleWebhook, reconcile } from './gateway-events.ts'
import { initiate } from './initiation.ts'
import { postReference } from './posting.ts'
import { amountDueFor, channelMethods, quote, type PaymentRequest } from './quotes.ts'
import { cancelPayment, paymentHistory, readPayment, type Viewer } from './views.ts'

export { GUEST_WINDOW_MINUTES, type GuestClient } from './access.ts'
export type { PaymentsSettings } from './context.ts'
export { RECONCILE_AFTER_MINUTES } from './gateway-events.ts'
export { PAYMENT_MESSAGES } from './messages.ts'
export { maskName, type ChannelGroupView, type PaymentRequest, type Quote } from './quotes.ts'
export type { PaymentView, TimelineEntry, Viewer } from './views.ts'

export function createPaymentsService(deps: PaymentsDeps) {
  const ctx: PaymentsContext = {
    deps,
    settings: settingsOf(deps),
    billing: createBillingService(deps),
    delivery: createDeliveryQueue(deps),
  }
  return {
    methods: () => channelMethods(deps.payments),
    amountDue: (accountNumber: string, caller: Caller | null, client?: GuestClient) =>
      amountDueFor(ctx, accountNumber, caller, client),
    quote: (request: PaymentRequest, caller: Caller | null, client?: GuestClient) =>
      quote(ctx, request, caller, client),
    initiate: (
      request: PaymentRequest,
      caller: Caller | null,
      options?: { client?: GuestClient; initiationKey?: string },
    ) => initiate(ctx, request, caller, options),
    payment: (id: string, viewer: Viewer) => readPayment(ctx, id, viewer),
    cancel: (id: string, viewer: Viewer) => cancelPayment(ctx, id, viewer),
    history: (accountNumber: string, caller: Caller) => paymentHistory(ctx, accountNumber, caller),
    handleWebhook: (rawBody: string, signature: string | null) => handleWebhook(ctx, rawBody, signature),
    reconcile: () => reconcile(ctx),
    postReference: (reference: string) => postReference(ctx, reference),
  }
}

export type PaymentsService = ReturnType<typeof createPaymentsService>
