/**
 * PayMongo's HTTP adapter (docs/decisions/0042): Checkout Sessions (`POST /v2/checkout_sessions`,
 * `GET /v2/checkout_sessions/{id}`) with the secret key as Basic auth's user name and an
 * Idempotency-Key on each create, amounts in centavos; and webhook verification of
 * `Paymongo-Signature: t=…,te=…,li=…`, HMAC-SHA256 (hex) over `${t}.${rawBody}` keyed with
 * the webhook's secret, `te` in test mode and `li` in live mode, within a time tolerance.
 * For AutoPay (docs/decisions/0043): customers, payment intents with `setup_future_usage`
 * (off-session) and `/attach`, a customer's payment methods (list, delete) and refunds.
 * The same code reaches api.paymongo.com or the embedded sandbox: only the base URL, the keys
 * and the `fetch` differ (in-process, the sandbox app's own fetch: no socket).
 */
import crypto from 'node:crypto'
import { z } from 'zod'
import {
  PaymentGatewayError,
  WebhookVerificationError,
  type CardSetupRequest,
  type CheckoutRequest,
  type CheckoutSession,
  type CustomerRequest,
  type OffSessionChargeRequest,
  type RefundRequest,
  type GatewayEvent,
  type GatewayPayment,
  type PaymentGateway,
} from './payment-gateway.ts'

export const PAYMONGO_SIGNATURE_HEADER = 'paymongo-signature'

export type FetchLike = (request: Request) => Promise<Response>

export type PayMongoAdapterOptions = {
  name: 'paymongo' | 'sandbox'
  baseUrl: string
  secretKey: string
  webhookSecret: string
  fetch: FetchLike
  now: () => Date
  /** How old (or how far ahead) a webhook's `t` may be. */
  toleranceSeconds: number
  timeoutMs?: number
}

/** Live keys start sk_live_; anything else is test mode, whose signatures ride in `te`. */
export const isLiveKey = (secretKey: string) => secretKey.startsWith('sk_live_')

export function payMongoSignature(secret: string, timestamp: number, rawBody: string): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')
}

/** The header PayMongo sends: the signature in the mode's slot, the other slot empty. */
export function payMongoSignatureHeader(secret: string, timestamp: number, rawBody: string, livemode: boolean): string {
  const signature = payMongoSignature(secret, timestamp, rawBody)
  return `t=${timestamp},te=${livemode ? '' : signature},li=${livemode ? signature : ''}`
}

function parseSignatureHeader(header: string): { t: number; te: string; li: string } | null {
  const parts = new Map<string, string>()
  for (const part of header.split(',')) {
    const at = part.indexOf('=')
    if (at > 0) parts.set(part.slice(0, at).trim(), part.slice(at + 1).trim())
  }
  const t = Number(parts.get('t'))
  if (!Number.isInteger(t) || t <= 0) return null
  return { t, te: parts.get('te') ?? '', li: parts.get('li') ?? '' }
}

function sameHex(expected: string, given: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(given)) return false
  return crypto.timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'))
}

// --- PayMongo's resources, as far as we read them ---------------------------------------

const Metadata = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((value) =>
    Object.fromEntries(Object.entries(value ?? {}).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : []))),
  )

const PaymentResource = z.object({
  id: z.string(),
  type: z.literal('payment'),
  attributes: z.object({
    amount: z.number().int(),
    status: z.string(),
    source: z.object({ type: z.string() }).nullish(),
    payment_intent_id: z.string().nullish(),
    failed_message: z.string().nullish(),
    metadata: Metadata,
  }),
})

const CheckoutSessionResource = z.object({
  id: z.string(),
  type: z.literal('checkout_session'),
  attributes: z.object({
    checkout_url: z.string(),
    status: z.enum(['active', 'paid', 'expired']),
    reference_number: z.string().nullish(),
    payment_intent: z.object({ id: z.string() }).nullish(),
    payments: z.array(PaymentResource).nullish(),
    metadata: Metadata,
  }),
})

const EventResource = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('event'),
    attributes: z.object({
      type: z.string(),
      livemode: z.boolean(),
      data: z.unknown(),
    }),
  }),
})

const CustomerResource = z.object({ id: z.string(), type: z.literal('customer') })

const PaymentIntentResource = z.object({
  id: z.string(),
  type: z.literal('payment_intent'),
  attributes: z.object({
    amount: z.number().int(),
    status: z.string(),
    last_payment_error: z.object({ failed_message: z.string().nullish() }).nullish(),
    // The page the payer goes to next (3-D Secure; the sandbox's card form).
    next_action: z.object({ type: z.string(), redirect: z.object({ url: z.string() }).nullish() }).nullish(),
  }),
})

const PaymentMethodResource = z.object({
  id: z.string(),
  type: z.literal('payment_method'),
  attributes: z.object({
    type: z.string(),
    details: z.object({ brand: z.string().nullish(), last4: z.string() }).nullish(),
    created_at: z.number().int(),
  }),
})

const RefundResource = z.object({
  id: z.string(),
  type: z.literal('refund'),
  attributes: z.object({ status: z.string() }),
})

const ErrorBody = z.object({ errors: z.array(z.object({ code: z.string().optional(), detail: z.string() })).min(1) })

function gatewayPayment(resource: z.infer<typeof PaymentResource>): GatewayPayment {
  const status = resource.attributes.status
  return {
    id: resource.id,
    status: status === 'paid' ? 'paid' : status === 'failed' ? 'failed' : 'pending',
    amountCentavos: resource.attributes.amount,
    method: resource.attributes.source?.type ?? null,
  }
}

function checkoutSession(resource: z.infer<typeof CheckoutSessionResource>): CheckoutSession {
  return {
    id: resource.id,
    checkoutUrl: resource.attributes.checkout_url,
    status: resource.attributes.status,
    reference: resource.attributes.reference_number ?? null,
    paymentIntentId: resource.attributes.payment_intent?.id ?? null,
    payments: (resource.attributes.payments ?? []).map(gatewayPayment),
    metadata: resource.attributes.metadata,
  }
}

/** What posting needs from an event's resource: a checkout session's or a payment's. */
function eventOf(id: string, type: string, livemode: boolean, data: unknown): GatewayEvent {
  const base = {
    id,
    type,
    livemode,
    checkoutSessionId: null,
    paymentIntentId: null,
    gatewayPaymentId: null,
    amountCentavos: null,
    method: null,
    failedMessage: null,
    metadata: {},
  }
  if (type === 'checkout_session.payment.paid') {
    const session = CheckoutSessionResource.safeParse(data)
    if (!session.success) throw new WebhookVerificationError('The event’s checkout session is not readable.')
    const paid = session.data.attributes.payments?.find((payment) => payment.attributes.status === 'paid')
    return {
      ...base,
      outcome: 'paid',
      checkoutSessionId: session.data.id,
      paymentIntentId: session.data.attributes.payment_intent?.id ?? null,
      gatewayPaymentId: paid?.id ?? null,
      amountCentavos: paid?.attributes.amount ?? null,
      method: paid?.attributes.source?.type ?? null,
      metadata: session.data.attributes.metadata,
    }
  }
  if (type === 'payment.paid' || type === 'payment.failed') {
    const payment = PaymentResource.safeParse(data)
    if (!payment.success) throw new WebhookVerificationError('The event’s payment is not readable.')
    return {
      ...base,
      outcome: type === 'payment.paid' ? 'paid' : 'failed',
      paymentIntentId: payment.data.attributes.payment_intent_id ?? null,
      gatewayPaymentId: payment.data.id,
      amountCentavos: payment.data.attributes.amount,
      method: payment.data.attributes.source?.type ?? null,
      failedMessage: payment.data.attributes.failed_message ?? null,
      metadata: payment.data.attributes.metadata,
    }
  }
  return { ...base, outcome: 'other' }
}

export function createPayMongoAdapter(options: PayMongoAdapterOptions): PaymentGateway {
  const base = options.baseUrl.replace(/\/+$/, '')
  const authorization = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`
  const live = isLiveKey(options.secretKey)

  /** One call to the gateway: its JSON on 2xx, a PaymentGatewayError otherwise. */
  async function send(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<unknown> {
    const headers = new Headers({ authorization, accept: 'application/json' })
    if (body !== undefined) headers.set('content-type', 'application/json')
    if (idempotencyKey) headers.set('idempotency-key', idempotencyKey)
    let response: Response
    try {
      response = await options.fetch(
        new Request(`${base}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        }),
      )
    } catch (error) {
      throw new PaymentGatewayError(`The payment gateway did not answer: ${(error as Error).message}`, null)
    }
    const text = await response.text()
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      throw new PaymentGatewayError(`The payment gateway answered ${response.status} without JSON.`, response.status)
    }
    if (!response.ok) {
      const errors = ErrorBody.safeParse(json)
      const detail = errors.success ? errors.data.errors.map((e) => e.detail).join(' ') : `status ${response.status}`
      throw new PaymentGatewayError(`The payment gateway refused the call: ${detail}`, response.status)
    }
    return json
  }

  /** The answer read with its resource's schema; an unreadable one is the gateway's fault (502). */
  function read<S extends z.ZodType>(json: unknown, schema: S, what: string): z.output<S> {
    const parsed = z.object({ data: schema }).safeParse(json)
    if (!parsed.success) throw new PaymentGatewayError(`The payment gateway answered an unreadable ${what}.`, 502)
    return (parsed.data as { data: z.output<S> }).data
  }

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string) {
    return checkoutSession(read(await send(method, path, body, idempotencyKey), CheckoutSessionResource, 'session'))
  }

  const ID = /^[A-Za-z0-9_]{1,100}$/
  const checkId = (id: string, what: string) => {
    if (!ID.test(id)) throw new PaymentGatewayError(`Not a ${what} id.`, 404)
    return id
  }

  return {
    name: options.name,

    createCheckoutSession(request: CheckoutRequest, idempotencyKey: string) {
      return call(
        'POST',
        '/v2/checkout_sessions',
        {
          data: {
            attributes: {
              line_items: request.lineItems.map((item) => ({
                name: item.name,
                amount: item.amountCentavos,
                currency: 'PHP',
                quantity: item.quantity,
              })),
              payment_method_types: request.paymentMethodTypes,
              success_url: request.successUrl,
              cancel_url: request.cancelUrl,
              reference_number: request.reference,
              description: request.description,
              metadata: request.metadata,
              send_email_receipt: false,
              show_description: true,
              show_line_items: true,
            },
          },
        },
        idempotencyKey,
      )
    },

    retrieveCheckoutSession(id: string) {
      return call('GET', `/v2/checkout_sessions/${checkId(id, 'checkout session')}`)
    },

    async createCustomer(request: CustomerRequest, idempotencyKey: string) {
      const json = await send(
        'POST',
        '/v1/customers',
        {
          data: {
            attributes: {
              first_name: request.firstName,
              last_name: request.lastName,
              email: request.email,
              default_device: 'email',
            },
          },
        },
        idempotencyKey,
      )
      return { id: read(json, CustomerResource, 'customer').id }
    },

    async createCardSetup(request: CardSetupRequest, idempotencyKey: string) {
      const json = await send(
        'POST',
        '/v1/payment_intents',
        {
          data: {
            attributes: {
              amount: request.amountCentavos,
              currency: 'PHP',
              payment_method_allowed: ['card'],
              capture_type: 'automatic',
              description: request.description,
              metadata: request.metadata,
              return_url: request.returnUrl,
              setup_future_usage: { session_type: 'off_session', customer_id: request.customerId },
            },
          },
        },
        idempotencyKey,
      )
      const intent = read(json, PaymentIntentResource, 'payment intent')
      const cardFormUrl = intent.attributes.next_action?.redirect?.url
      // PayMongo itself collects a card through PayMongo.js on the merchant's page (decision 0043).
      if (!cardFormUrl) throw new PaymentGatewayError('The payment gateway gave no page to collect the card.', 502)
      return { paymentIntentId: intent.id, cardFormUrl }
    },

    async listSavedCards(customerId: string) {
      const json = await send('GET', `/v1/customers/${checkId(customerId, 'customer')}/payment_methods`)
      const parsed = z.object({ data: z.array(PaymentMethodResource) }).safeParse(json)
      if (!parsed.success) throw new PaymentGatewayError('The payment gateway answered unreadable cards.', 502)
      return parsed.data.data
        .filter((method) => method.attributes.type === 'card' && method.attributes.details)
        .map((method) => ({
          id: method.id,
          brand: method.attributes.details!.brand ?? 'card',
          last4: method.attributes.details!.last4,
          createdAt: method.attributes.created_at,
        }))
        .sort((a, b) => a.createdAt - b.createdAt)
    },

    async deleteSavedCard(customerId: string, paymentMethodId: string) {
      try {
        await send(
          'DELETE',
          `/v1/customers/${checkId(customerId, 'customer')}/payment_methods/${checkId(paymentMethodId, 'payment method')}`,
        )
      } catch (error) {
        // Already gone is what was asked for.
        if (!(error instanceof PaymentGatewayError && error.status === 404)) throw error
      }
    },

    async chargeSavedCard(request: OffSessionChargeRequest, idempotencyKey: string) {
      const created = read(
        await send(
          'POST',
          '/v1/payment_intents',
          {
            data: {
              attributes: {
                amount: request.amountCentavos,
                currency: 'PHP',
                payment_method_allowed: ['card'],
                capture_type: 'automatic',
                description: request.description,
                metadata: request.metadata,
                setup_future_usage: { session_type: 'off_session', customer_id: request.customerId },
              },
            },
          },
          `${idempotencyKey}:intent`,
        ),
        PaymentIntentResource,
        'payment intent',
      )
      const attached = read(
        await send(
          'POST',
          `/v1/payment_intents/${checkId(created.id, 'payment intent')}/attach`,
          { data: { attributes: { payment_method: request.paymentMethodId } } },
          `${idempotencyKey}:attach`,
        ),
        PaymentIntentResource,
        'payment intent',
      )
      const status = attached.attributes.status
      return {
        paymentIntentId: attached.id,
        status: status === 'succeeded' ? 'succeeded' : status === 'processing' ? 'processing' : 'declined',
        failedMessage: attached.attributes.last_payment_error?.failed_message ?? null,
      } as const
    },

    async refund(request: RefundRequest, idempotencyKey: string) {
      const json = await send(
        'POST',
        '/v1/refunds',
        {
          data: {
            attributes: {
              amount: request.amountCentavos,
              payment_id: request.paymentId,
              reason: 'others',
              notes: request.notes,
            },
          },
        },
        idempotencyKey,
      )
      const refund = read(json, RefundResource, 'refund')
      return { id: refund.id, status: refund.attributes.status }
    },

    verifyWebhook(rawBody: string, signatureHeader: string | null) {
      const header = signatureHeader ? parseSignatureHeader(signatureHeader) : null
      if (!header) throw new WebhookVerificationError('Missing or malformed Paymongo-Signature.')
      const age = Math.abs(options.now().getTime() / 1000 - header.t)
      if (age > options.toleranceSeconds) throw new WebhookVerificationError('The signature’s timestamp is too old.')
      const expected = payMongoSignature(options.webhookSecret, header.t, rawBody)
      if (!sameHex(expected, live ? header.li : header.te)) throw new WebhookVerificationError('Invalid signature.')
      let json: unknown
      try {
        json = JSON.parse(rawBody)
      } catch {
        throw new WebhookVerificationError('The event is not JSON.')
      }
      const event = EventResource.safeParse(json)
      if (!event.success) throw new WebhookVerificationError('The event is not readable.')
      const { id, attributes } = event.data.data
      // A test event never counts on a live integration, nor the other way round.
      if (attributes.livemode !== live) throw new WebhookVerificationError('The event is from the other mode.')
      return eventOf(id, attributes.type, attributes.livemode, attributes.data)
    },
  }
}
