/**
 * One interface for whatever collects the money online (docs/decisions/0042): create a
 * hosted checkout session, read it back, and verify a webhook. PayMongo's HTTP adapter
 * (paymongo.ts) implements it, against api.paymongo.com in production and against the
 * embedded sandbox (sandbox/app.ts), which speaks the same protocol, by default. Another
 * gateway (Xendit, Paynamics) is another implementation of this interface.
 */

export type CheckoutRequest = {
  /** Ours, unique per payment: PayMongo's reference_number. */
  reference: string
  description: string
  lineItems: { name: string; amountCentavos: number; quantity: number }[]
  /** The gateway's payment method types offered on its page (card, gcash, paymaya, grab_pay, qrph, dob). */
  paymentMethodTypes: string[]
  successUrl: string
  cancelUrl: string
  /** Echoed back on the session and its payments, so a webhook finds our payment. */
  metadata: Record<string, string>
}

export type GatewayPayment = {
  id: string
  status: 'paid' | 'failed' | 'pending'
  amountCentavos: number
  method: string | null
}

export type CheckoutSession = {
  id: string
  checkoutUrl: string
  status: 'active' | 'paid' | 'expired'
  reference: string | null
  paymentIntentId: string | null
  payments: GatewayPayment[]
  metadata: Record<string, string>
}

/** A verified webhook event, reduced to what posting needs. */
export type GatewayEvent = {
  id: string
  type: string
  livemode: boolean
  /** paid: money taken; failed: a try failed (the payer may try again); other: nothing for us. */
  outcome: 'paid' | 'failed' | 'other'
  checkoutSessionId: string | null
  paymentIntentId: string | null
  gatewayPaymentId: string | null
  amountCentavos: number | null
  method: string | null
  failedMessage: string | null
  metadata: Record<string, string>
}

export interface PaymentGateway {
  /** Which gateway answered: recorded on each payment. */
  readonly name: 'paymongo' | 'sandbox'
  /** Safe to repeat with the same idempotency key: the gateway answers the first session again. */
  createCheckoutSession(request: CheckoutRequest, idempotencyKey: string): Promise<CheckoutSession>
  retrieveCheckoutSession(id: string): Promise<CheckoutSession>
  /** The event, if the signature over the raw body is the gateway's and fresh; throws WebhookVerificationError otherwise. */
  verifyWebhook(rawBody: string, signatureHeader: string | null): GatewayEvent
}

/** The gateway refused the call or could not be reached. */
export class PaymentGatewayError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message)
  }
}

export class WebhookVerificationError extends Error {}
