/**
 * The cart calls of spec 7 (public: no bearer token, spec 6). Every call names the draft
 * the cart belongs to in the x-draft-id header (lib/catalog.ts, DRAFT_ID_HEADER; docs/decisions/0024);
 * a cart id with any other draft's id answers 404 cart_not_found, as an unknown one does.
 * Every answer is `{ status: true, data: cart }` (spec 5: cart calls require status true);
 * a refusal is the error envelope, status false, with a message for the visitor.
 *   POST   /v1/carts/instance                         the draft's cart (made once: safe to retry)
 *   GET    /v1/carts/:cartId
 *   POST   /v1/carts/:cartId/items                    { productCode, quantity? }
 *   PATCH  /v1/carts/:cartId/items/:productCode       { quantity }
 *   DELETE /v1/carts/:cartId/items/:productCode
 *   POST   /v2/carts/:cartId/reconfigure              { planCode }
 *   PUT    /v1/carts/:cartId/payment-mode             { upfrontFeePaymentOption: OUTRIGHT | STAGGERED }
 *   PUT    /v1/carts/:cartId/upfront-payment          { upfrontPayment: FIRST_BILL | INSTALLER } (issue 33)
 *   PUT    /v1/carts/:cartId/promo-code               { code }  the filing agent's promo code (issue 33; bearer)
 *   DELETE /v1/carts/:cartId/promo-code               (bearer)
 * The promo code calls alone need a signed-in caller: the sales agent whose claimed draft
 * the cart belongs to (docs/decisions/0063).
 */
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { PromoCodeTextSchema } from '../../lib/application.ts'
import { DRAFT_ID_HEADER, PaymentModeSchema, ProductCodeSchema, UpfrontPaymentSchema } from '../../lib/catalog.ts'
import { DraftIdSchema } from '../../lib/draft-sections.ts'
import { requireCaller, type AccessTokenVerifier, type BearerEnv } from '../bearer.ts'
import type { ServiceDeps } from '../context.ts'
import { ok, ServiceError } from '../errors.ts'
import { readJsonBody } from '../validation.ts'
import { cartNotFound, createOrderService, type OrderService } from './service.ts'

const CartIdSchema = z.uuid()
const QuantitySchema = z.number().int().min(1, 'Quantity must be at least 1.').max(99)

const AddItemSchema = z.strictObject({ productCode: ProductCodeSchema, quantity: QuantitySchema.default(1) })
const QuantityBodySchema = z.strictObject({ quantity: QuantitySchema })
const ReconfigureSchema = z.strictObject({ planCode: ProductCodeSchema })
const PaymentModeBodySchema = z.strictObject({ upfrontFeePaymentOption: PaymentModeSchema })
const UpfrontPaymentBodySchema = z.strictObject({ upfrontPayment: UpfrontPaymentSchema })
const PromoCodeBodySchema = z.strictObject({ code: PromoCodeTextSchema })

function draftIdOf(c: Context): string {
  const parsed = DraftIdSchema.safeParse(c.req.header(DRAFT_ID_HEADER))
  if (!parsed.success) throw cartNotFound()
  return parsed.data
}

function cartIdOf(c: Context): string {
  const parsed = CartIdSchema.safeParse(c.req.param('cartId'))
  if (!parsed.success) throw cartNotFound()
  return parsed.data
}

function productCodeOf(c: Context): string {
  const parsed = ProductCodeSchema.safeParse(c.req.param('productCode'))
  if (!parsed.success) throw new ServiceError(404, 'item_not_found', 'This item is not in your cart.')
  return parsed.data
}

export function orderRoutes(
  deps: ServiceDeps & { accessTokens: AccessTokenVerifier },
  service: OrderService = createOrderService(deps),
) {
  const app = new Hono<BearerEnv>()
  app.use('/v1/carts/*', async (c, next) => {
    await next()
    c.header('cache-control', 'no-store')
  })

  app.post('/v1/carts/instance', async (c) => c.json(ok(await service.createInstance(draftIdOf(c))), 201))

  app.get('/v1/carts/:cartId', async (c) => c.json(ok(await service.read(cartIdOf(c), draftIdOf(c)))))

  app.post('/v1/carts/:cartId/items', async (c) => {
    const cartId = cartIdOf(c)
    const draftId = draftIdOf(c)
    const { productCode, quantity } = await readJsonBody(c, AddItemSchema, 400)
    return c.json(ok(await service.addItem(cartId, draftId, productCode, quantity)))
  })

  app.patch('/v1/carts/:cartId/items/:productCode', async (c) => {
    const cartId = cartIdOf(c)
    const draftId = draftIdOf(c)
    const { quantity } = await readJsonBody(c, QuantityBodySchema, 400)
    return c.json(ok(await service.setQuantity(cartId, draftId, productCodeOf(c), quantity)))
  })

  app.delete('/v1/carts/:cartId/items/:productCode', async (c) =>
    c.json(ok(await service.removeItem(cartIdOf(c), draftIdOf(c), productCodeOf(c)))),
  )

  app.post('/v2/carts/:cartId/reconfigure', async (c) => {
    const cartId = cartIdOf(c)
    const draftId = draftIdOf(c)
    const { planCode } = await readJsonBody(c, ReconfigureSchema, 400)
    return c.json(ok(await service.reconfigure(cartId, draftId, planCode)))
  })

  app.put('/v1/carts/:cartId/payment-mode', async (c) => {
    const cartId = cartIdOf(c)
    const draftId = draftIdOf(c)
    const { upfrontFeePaymentOption } = await readJsonBody(c, PaymentModeBodySchema, 400)
    return c.json(ok(await service.choosePaymentMode(cartId, draftId, upfrontFeePaymentOption)))
  })

  app.put('/v1/carts/:cartId/upfront-payment', async (c) => {
    const cartId = cartIdOf(c)
    const draftId = draftIdOf(c)
    const { upfrontPayment } = await readJsonBody(c, UpfrontPaymentBodySchema, 400)
    return c.json(ok(await service.chooseUpfrontPayment(cartId, draftId, upfrontPayment)))
  })

  app.use('/v1/carts/:cartId/promo-code', requireCaller(deps.accessTokens))

  app.put('/v1/carts/:cartId/promo-code', async (c) => {
    const cartId = cartIdOf(c)
    const draftId = draftIdOf(c)
    const { code } = await readJsonBody(c, PromoCodeBodySchema)
    return c.json(ok(await service.applyPromoCode(c.var.caller, cartId, draftId, code)))
  })

  app.delete('/v1/carts/:cartId/promo-code', async (c) =>
    c.json(ok(await service.removePromoCode(c.var.caller, cartIdOf(c), draftIdOf(c)))),
  )

  return app
}
