/**
 * The payments calls (spec 7, Payments: initialisation, methods and channels, payment
 * reference; issue 12; docs/decisions/0042). Paths sit under /v1/pay, apart from billing's
 * /v1/payments/*, which needs a bearer token for every call while some of these serve guests.
 *
 * Portal channel, bearer optional (a guest's call has none; a header that is there must be valid; a
 * guest's browser's device tokens in x-device-tokens):
 *   GET  /v1/pay/methods                              the channel groups on offer (spec 5's forceHidePaymentOptions)
 *   GET  /v1/pay/amount-due?accountNumber=            amount due; a guest gets the masked holder name only (rate limited)
 *   POST /v1/pay/quote          PaymentRequest        the amounts before paying (internet banking's 15.00)
 *   POST /v1/pay/initialise     PaymentRequest        starts it: checkout URL, or a counter reference; Idempotency-Key honoured
 *                                                     (a guest: also a device token for the account, lib/device-cookie.ts)
 *   GET  /v1/pay/transactions/:id                     state and timeline (a guest: x-payment-key from initialise)
 *   POST /v1/pay/transactions/:id/cancel              the payer left the gateway's page
 * Bearer required:
 *   GET  /v1/pay/history?accountNumber=               the account's payments with their timelines
 * The gateway's own (no channel signature: it carries Paymongo-Signature, checked over the raw body):
 *   POST /v1/pay/webhooks/paymongo
 * Operator channel only:
 *   POST /v1/operator/pay/references/:reference/paid  a counter or outlet reference was paid: posts it
 * AutoPay's calls (/v1/paynamics/ada…, /v1/operator/autopay/run) are autopay/routes.ts's, mounted here.
 */
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { DEVICE_TOKENS_HEADER, readDeviceTokens } from '../../lib/device-cookie.ts'
import { AccountNumberSchema } from '../../lib/identity-schemas.ts'
import { HEADER } from '../../lib/signature.ts'
import { OPERATOR_CHANNEL } from '../applications/tracking-routes.ts'
import { invalidToken, optionalCaller, type AccessTokenVerifier, type OptionalBearerEnv } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import { ok, ServiceError } from '../errors.ts'
import { fieldErrorsOf, readJsonBody } from '../validation.ts'
import { CHANNEL_GROUP_CODES } from './channels.ts'
import type { PaymentGateway } from './payment-gateway.ts'
import { autopayRoutes } from './autopay/routes.ts'
import { createAutopay, type Autopay } from './autopay/setup.ts'
import { PAYMONGO_SIGNATURE_HEADER } from './paymongo.ts'
import {
  createPaymentsService,
  type GuestClient,
  type PaymentsService,
  type PaymentsSettings,
  type Viewer,
} from './service.ts'

/** The webhook's path: the gateway lets it through without the channel signature (services/gateway.ts). */
export const PAYMENT_WEBHOOK_PATH = '/v1/pay/webhooks/paymongo'
/** The header a guest reads their payment with (never in a path or query: those are logged). */
export const GUEST_PAYMENT_KEY_HEADER = 'x-payment-key'
/** The portal's idempotency key for an initiation (a form sent twice starts one payment). */
export const INITIATION_KEY_HEADER = 'idempotency-key'

const PortalPathSchema = z
  .string()
  .max(300)
  .regex(/^\/(?![/\\])[^\s]*$/, 'A path inside the portal')

const Pesos = z
  .number()
  .positive()
  .max(1_000_000)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Pesos with at most two decimals')

export const PaymentRequestSchema = z.object({
  accountNumber: AccountNumberSchema,
  amount: Pesos.optional(),
  channelGroup: z.enum(CHANNEL_GROUP_CODES),
  paymentMethod: z.string().trim().min(1).max(40).optional(),
  email: z.email().max(254).optional(),
  successPath: PortalPathSchema.optional(),
  failurePath: PortalPathSchema.optional(),
})

const AccountQuerySchema = z.object({ accountNumber: AccountNumberSchema })
const InitiationKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,128}$/)

function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.query())
  if (parsed.success) return parsed.data
  throw new ServiceError(422, 'invalid_input', 'Some fields are not valid.', fieldErrorsOf(parsed.error))
}

export function paymentRoutes(
  deps: ServiceDeps & { accessTokens: AccessTokenVerifier; paymentGateway: PaymentGateway; payments: PaymentsSettings },
  service: PaymentsService = createPaymentsService({ ...deps, gateway: deps.paymentGateway }),
  autopay: Autopay = createAutopay({ ...deps, gateway: deps.paymentGateway }),
) {
  const app = new Hono<OptionalBearerEnv>()
  app.route('/', autopayRoutes(deps, autopay))
  app.use('/v1/pay/*', async (c, next) => {
    await next()
    c.header('cache-control', 'no-store')
  })
  app.use('/v1/pay/*', async (c, next) => {
    if (c.req.path === PAYMENT_WEBHOOK_PATH) {
      c.set('caller', null)
      return next()
    }
    return optionalCaller(deps.accessTokens)(c, next)
  })
  app.use('/v1/operator/pay/*', async (c, next) => {
    if (c.req.header(HEADER.channel) !== OPERATOR_CHANNEL) {
      throw new ServiceError(403, 'forbidden', 'Operator calls need the operator channel.')
    }
    await next()
  })

  // The guest's browser: its address, and the device tokens the portal read from its cookie.
  const guestClient = (c: Context): GuestClient => ({
    address: c.req.header(HEADER.clientAddress),
    deviceTokens: readDeviceTokens(c.req.header(DEVICE_TOKENS_HEADER)),
  })
  const viewer = (c: Context<OptionalBearerEnv>): Viewer => {
    const caller = c.get('caller')
    return caller ? { caller } : { guestKey: c.req.header(GUEST_PAYMENT_KEY_HEADER) ?? null }
  }

  app.get('/v1/pay/methods', (c) => c.json(ok(service.methods())))

  app.get('/v1/pay/amount-due', async (c) => {
    const { accountNumber } = readQuery(c, AccountQuerySchema)
    return c.json(ok(await service.amountDue(accountNumber, c.get('caller'), guestClient(c))))
  })

  app.post('/v1/pay/quote', async (c) => {
    const request = await readJsonBody(c, PaymentRequestSchema)
    return c.json(ok(await service.quote(request, c.get('caller'), guestClient(c))))
  })

  app.post('/v1/pay/initialise', async (c) => {
    const request = await readJsonBody(c, PaymentRequestSchema)
    const key = c.req.header(INITIATION_KEY_HEADER)
    if (key !== undefined && !InitiationKeySchema.safeParse(key).success) {
      throw new ServiceError(400, 'invalid_input', 'The Idempotency-Key is malformed.')
    }
    const result = await service.initiate(request, c.get('caller'), {
      client: guestClient(c),
      initiationKey: key,
    })
    return c.json(ok(result))
  })

  app.get('/v1/pay/transactions/:id', async (c) => c.json(ok(await service.payment(c.req.param('id'), viewer(c)))))

  app.post('/v1/pay/transactions/:id/cancel', async (c) =>
    c.json(ok(await service.cancel(c.req.param('id'), viewer(c)))),
  )

  app.get('/v1/pay/history', async (c) => {
    const caller = c.get('caller')
    if (!caller) throw invalidToken()
    const { accountNumber } = readQuery(c, AccountQuerySchema)
    return c.json(ok(await service.history(accountNumber, caller)))
  })

  app.post(PAYMENT_WEBHOOK_PATH, async (c) => {
    const raw = await c.req.text()
    const signature = c.req.header(PAYMONGO_SIGNATURE_HEADER) ?? null
    // AutoPay's card checks are its own; every other event, AutoPay's due-date charges included, posts here.
    const enrolment = await autopay.service.handleWebhook(raw, signature)
    if (enrolment) return c.json(ok({ outcome: enrolment }))
    const outcome = await service.handleWebhook(raw, signature)
    await autopay.charges.settleCharges()
    return c.json(ok({ outcome }))
  })

  app.post('/v1/operator/pay/references/:reference/paid', async (c) => {
    const reference = c.req.param('reference')
    if (!/^PAY-[A-Z0-9]{10}$/.test(reference)) throw new ServiceError(404, 'not_found', 'No such payment.')
    return c.json(ok(await service.postReference(reference)))
  })

  return app
}
