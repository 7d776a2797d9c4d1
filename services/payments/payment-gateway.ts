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

// --- Saved cards (AutoPay, docs/decisions/0043) -------------------------------------------

/** Who the gateway keeps saved cards under (PayMongo's customer, `cus_…`). */
export type CustomerRequest = { email: string; firstName: string; lastName: string }

/**
 * A card to be saved off-session for a customer, collected on the gateway's page, with a
 * small charge that proves the payer sees the card's statement (refunded afterwards).
 */
export type CardSetupRequest = {
  customerId: string
  /** The verification charge. */
  amountCentavos: number
  description: string
  /** Where the gateway's page sends the payer back. */
  returnUrl: string
  /** Echoed on the charge's payment, so its webhook finds our enrolment. */
  metadata: Record<string, string>
}

export type CardSetup = {
  /** The payment intent that carries the verification charge (`pi_…`). */
  paymentIntentId: string
  /** The gateway's page that collects the card: card data never touches our servers. */
  cardFormUrl: string
}

/** A card saved at the gateway: its token, and what may be shown of it. */
export type SavedCard = { id: string; brand: string; last4: string; createdAt: number }

export type OffSessionChargeRequest = {
  customerId: string
  paymentMethodId: string
  amountCentavos: number
  description: string
  /** Echoed on the payment, so its webhook finds our payment (payment_id) and charge. */
  metadata: Record<string, string>
}

/** The charge as the gateway answered it; money counts only when its webhook says paid. */
export type OffSessionCharge = {
  paymentIntentId: string
  status: 'succeeded' | 'processing' | 'declined'
  failedMessage: string | null
}

export type RefundRequest = { paymentId: string; amountCentavos: number; notes: string }

export interface PaymentGateway {
  /** Which gateway answered: recorded on each payment. */
  readonly name: 'paymongo' | 'sandbox'
  /** Safe to repeat with the same idempotency key: the gateway answers the first session again. */
  createCheckoutSession(request: CheckoutRequest, idempotencyKey: string): Promise<CheckoutSession>
  retrieveCheckoutSession(id: string): Promise<CheckoutSession>
  /** AutoPay: a customer to keep saved cards under. */
  createCustomer(request: CustomerRequest, idempotencyKey: string): Promise<{ id: string }>
  /** AutoPay: the gateway's page that saves a card for off-session use, charging the verification amount. */
  createCardSetup(request: CardSetupRequest, idempotencyKey: string): Promise<CardSetup>
  /** AutoPay: the customer's saved cards, newest last. */
  listSavedCards(customerId: string): Promise<SavedCard[]>
  /** AutoPay: forgets a saved card (change card, cancel, a void enrolment). Deleting one already gone succeeds. */
  deleteSavedCard(customerId: string, paymentMethodId: string): Promise<void>
  /** AutoPay: charges a saved card with the customer away (the due-date job). */
  chargeSavedCard(request: OffSessionChargeRequest, idempotencyKey: string): Promise<OffSessionCharge>
  /** Gives a payment's money back (the verification charge). */
  refund(request: RefundRequest, idempotencyKey: string): Promise<{ id: string; status: string }>
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
