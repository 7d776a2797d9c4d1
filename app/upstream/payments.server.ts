/**
 * The payments calls (spec 7, Payments: methods and channels, initialisation, payment
 * reference; issue 12; services/payments/routes.ts, docs/decisions/0042). Amounts are pesos.
 * A signed-in customer's calls carry the access token, and the upstream refuses an account
 * the token does not list (403) and a payment of another account (404). A guest's calls
 * carry none: the guest reads only an amount due with a masked name (rate limited, 429), and
 * reads back the payment it started with the `guestKey` the initiation answered, which the
 * portal keeps in its session (never in a URL).
 */
import { z } from 'zod'
import { DEVICE_TOKENS_HEADER } from '../../lib/device-cookie'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'

const Pesos = z.number().finite()
const Instant = z.iso.datetime({ offset: true })

export const CHANNEL_GROUPS = [
  'CREDIT OR DEBIT CARD',
  'E-WALLETS',
  'INTERNET BANKING',
  'OVER THE COUNTER',
  'AUTHORIZED OUTLETS',
  'PAY VIA INSTALLER',
] as const
export const ChannelGroupNameSchema = z.enum(CHANNEL_GROUPS)
export type ChannelGroupName = z.infer<typeof ChannelGroupNameSchema>

export const PaymentStatusSchema = z.enum([
  'pending',
  'awaiting_payment',
  'authorised',
  'posted',
  'failed',
  'cancelled',
  'expired',
])
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>

export const ChannelGroupSchema = z.object({
  name: ChannelGroupNameSchema,
  /** online: the gateway's hosted page; reference: a counter or outlet slip; installer: applicants only. */
  kind: z.enum(['online', 'reference', 'installer']),
  paymentMethods: z.array(z.object({ code: z.string(), name: z.string() })),
  /** Added to the amount (spec 9: internet banking, 15.00). */
  serviceCharge: Pesos.nonnegative(),
  postingTime: z.string(),
  notes: z.array(z.string()),
})
export type ChannelGroup = z.infer<typeof ChannelGroupSchema>

export const PaymentMethodsSchema = z.object({
  forceHidePaymentOptions: z.boolean(),
  channelGroups: z.array(ChannelGroupSchema),
})
export type PaymentMethods = z.infer<typeof PaymentMethodsSchema>

export const AmountDueSchema = z.object({
  accountNumber: z.string(),
  amountDue: Pesos.nonnegative(),
  minimum: Pesos,
  maximum: Pesos,
  /** The owner's full name; null for a guest. */
  holderName: z.string().nullable(),
  maskedHolderName: z.string(),
  /** The owner only; null for a guest. */
  dueDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
})
export type AmountDue = z.infer<typeof AmountDueSchema>

export const QuoteSchema = z.object({
  accountNumber: z.string(),
  channelGroup: ChannelGroupNameSchema,
  amountDue: Pesos,
  amount: Pesos,
  serviceCharge: Pesos,
  total: Pesos,
  minimum: Pesos,
  maximum: Pesos,
})
export type Quote = z.infer<typeof QuoteSchema>

export const TimelineEntrySchema = z.object({
  kind: z.enum(['initiated', 'authorised', 'posted', 'receipt_emailed', 'failed', 'cancelled']),
  at: Instant,
  detail: z.string().nullable(),
})
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>

export const PaymentSchema = z.object({
  id: z.uuid(),
  accountNumber: z.string(),
  reference: z.string(),
  status: PaymentStatusSchema,
  channelGroup: ChannelGroupNameSchema,
  paymentMethod: z.string().nullable(),
  amount: Pesos,
  serviceCharge: Pesos,
  total: Pesos,
  /** Online channels while pending: where to send the browser. */
  checkoutUrl: z.url().nullable(),
  /** Counter and outlet references: what to do (the printable slip's lines). */
  instructions: z.array(z.string()),
  postingTime: z.string(),
  createdAt: Instant,
  postedAt: Instant.nullable(),
  expiresAt: Instant.nullable(),
  timeline: z.array(TimelineEntrySchema),
})
export type Payment = z.infer<typeof PaymentSchema>

export const InitiatedPaymentSchema = z.object({
  payment: PaymentSchema,
  /** A guest's key to read this payment back (x-payment-key); null for a signed-in caller. */
  guestKey: z.string().nullable(),
  /** A guest's device token for the account (lib/device-cookie.ts); null for a signed-in caller. */
  deviceToken: z.string().nullable().optional(),
})
export type InitiatedPayment = z.infer<typeof InitiatedPaymentSchema>

export const PaymentHistorySchema = z.object({ accountNumber: z.string(), payments: z.array(PaymentSchema) })
export type PaymentHistory = z.infer<typeof PaymentHistorySchema>

export type PaymentRequest = {
  accountNumber: string
  /** Pesos with centavos; omitted: the amount due. */
  amount?: number
  channelGroup: ChannelGroupName
  /** A method of the group (gcash, card, bdo…); omitted: the gateway offers all of the group's. */
  paymentMethod?: string
  /** Where the receipt goes; omitted: the account's registered email. */
  email?: string
  /** Portal paths the gateway sends the browser back to; `{id}` becomes the payment id. */
  successPath?: string
  failurePath?: string
}

/**
 * Who calls: the signed-in user's token, or a guest (with the address and the browser's device
 * tokens for the upstream's limit: docs/security.md, Abuse).
 */
export type PaymentCaller =
  { accessToken: string } | { guest: true; clientAddress?: string; guestKey?: string; deviceTokens?: readonly string[] }

const callerOptions = (caller: PaymentCaller) =>
  'accessToken' in caller
    ? { accessToken: caller.accessToken }
    : {
        clientAddress: caller.clientAddress,
        headers: {
          ...(caller.guestKey ? { 'x-payment-key': caller.guestKey } : {}),
          ...(caller.deviceTokens?.length ? { [DEVICE_TOKENS_HEADER]: caller.deviceTokens.join(',') } : {}),
        },
      }

export function paymentCalls(client: UpstreamClient) {
  return {
    /** spec 7: methods and channels (spec 5: only cards and e-wallets when forceHidePaymentOptions is 'true'). */
    methods: () =>
      client.call({
        name: 'payments.methods',
        method: 'GET',
        path: '/v1/pay/methods',
        schema: envelope(PaymentMethodsSchema),
      }),

    /** The amount due; a guest gets the masked holder name only. 404: no such fibre account; 429: too many guest tries. */
    amountDue: (caller: PaymentCaller, accountNumber: string) =>
      client.call({
        name: 'payments.amountDue',
        method: 'GET',
        path: '/v1/pay/amount-due',
        query: { accountNumber },
        schema: envelope(AmountDueSchema),
        ...callerOptions(caller),
      }),

    /** The amounts before paying; 422 with field errors (amount, channelGroup, paymentMethod) when refused. */
    quote: (caller: PaymentCaller, request: PaymentRequest) =>
      client.call({
        name: 'payments.quote',
        method: 'POST',
        path: '/v1/pay/quote',
        body: request,
        schema: envelope(QuoteSchema),
        ...callerOptions(caller),
      }),

    /**
     * spec 7, payment initialisation: online, redirect to `payment.checkoutUrl`; counter or
     * outlet, show `payment.instructions` with `payment.reference`. `formKey` (8 to 128 of
     * A-Z a-z 0-9 _ -, one per rendered form) makes a form sent twice start one payment.
     * 502: the gateway is down (spec 8: 'Unable to process payment!').
     */
    initiate: (caller: PaymentCaller, request: PaymentRequest, formKey?: string) => {
      const options = callerOptions(caller)
      return client.call({
        name: 'payments.initiate',
        method: 'POST',
        path: '/v1/pay/initialise',
        body: request,
        schema: envelope(InitiatedPaymentSchema),
        ...options,
        headers: {
          ...('headers' in options ? options.headers : {}),
          ...(formKey ? { 'idempotency-key': formKey } : {}),
        },
      })
    },

    /** One payment's true state and timeline, for the return pages (404 when not the caller's). */
    payment: (caller: PaymentCaller, id: string) =>
      client.call({
        name: 'payments.payment',
        method: 'GET',
        path: `/v1/pay/transactions/${encodeURIComponent(id)}`,
        schema: envelope(PaymentSchema),
        ...callerOptions(caller),
      }),

    /** The payer came back from the gateway's cancel: a payment still waiting is cancelled. */
    cancel: (caller: PaymentCaller, id: string) =>
      client.call({
        name: 'payments.cancel',
        method: 'POST',
        path: `/v1/pay/transactions/${encodeURIComponent(id)}/cancel`,
        schema: envelope(PaymentSchema),
        ...callerOptions(caller),
      }),

    /** The account's payments through the portal, newest first, with timelines (bill history). */
    history: (accessToken: string, accountNumber: string) =>
      client.call({
        name: 'payments.history',
        method: 'GET',
        path: '/v1/pay/history',
        query: { accountNumber },
        accessToken,
        schema: envelope(PaymentHistorySchema),
      }),
  }
}
