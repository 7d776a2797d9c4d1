/**
 * The portal's cart calls (spec 7; docs/decisions/0024). Each carries the draft's id in
 * the x-draft-id header: the orders service opens a cart only with the id of the draft
 * that made it. spec 5: a cart answer counts only with status true, which `envelope`
 * requires; a refusal is an UpstreamError (rejected) with the server's message.
 * The cart instance call is retried (spec 9: 3 attempts, UPSTREAM_RETRY_DELAY_MS apart):
 * the service answers a draft's one cart however often it is asked.
 */
import { z } from 'zod'
import {
  DRAFT_ID_HEADER,
  PAYMENT_MODES,
  PRODUCT_TYPES,
  UPFRONT_PAYMENTS,
  type PaymentMode,
  type UpfrontPayment,
} from '../../lib/catalog'
import type { UpstreamClient } from './client.server'
import { InstalmentsSchema } from './catalog.server'
import { envelope } from './envelope'

const Pesos = z.number().nonnegative()
const ItemDetailSchema = z.object({ itemName: z.string().min(1), quantity: z.number().int().positive() })

export const CartSchema = z.object({
  cartId: z.uuid(),
  planCode: z.string().nullable(),
  cartItems: z.array(
    z.object({
      productCode: z.string().min(1),
      productType: z.enum(PRODUCT_TYPES),
      productCategory: z.string(),
      name: z.string().min(1),
      quantity: z.number().int().positive(),
      maxQuantity: z.number().int().positive(),
      monthlyFee: Pesos,
      installationFee: Pesos,
      staggerable: z.boolean(),
      itemDetails: ItemDetailSchema.nullable(),
    }),
  ),
  upfrontFeePaymentOption: z.enum(PAYMENT_MODES).nullable(),
  paymentModes: z.array(z.enum(PAYMENT_MODES)),
  /** How what is due upfront is paid: with the first bill, or cash to the installer (issue 33). */
  upfrontPayment: z.enum(UPFRONT_PAYMENTS),
  totals: z.object({
    monthlyRecurringFee: Pesos,
    installationFee: Pesos,
    totalInstallationFee: Pesos,
    dueUpfront: Pesos,
    dueAtInstallation: Pesos,
    instalments: InstalmentsSchema.nullable(),
    /** Issue 33: what the agent's promo code took off the first bill. */
    promoDiscount: Pesos,
    firstBill: Pesos,
  }),
  /** Issue 33: the agent's promo code while it applies (its pesos off the first bill). */
  promo: z.object({ code: z.string().min(1), description: z.string(), discount: Pesos }).nullable(),
  /** A code the cart holds that does not apply now: why. */
  promoNotice: z.string().nullable(),
  itemDetails: z.array(ItemDetailSchema),
  expiresAt: z.iso.datetime({ offset: true }),
})
export type Cart = z.infer<typeof CartSchema>

const cartPath = (cartId: string) => `/v1/carts/${encodeURIComponent(cartId)}`

export function orderCalls(client: UpstreamClient) {
  const call = (
    name: string,
    draftId: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ) => client.call({ name, method, path, body, headers: { [DRAFT_ID_HEADER]: draftId }, schema: envelope(CartSchema) })

  return {
    /** The draft's cart, made on first call; retried 3 times (spec 9). */
    createInstance: (draftId: string) =>
      client.call({
        name: 'orders.createInstance',
        method: 'POST',
        path: '/v1/carts/instance',
        headers: { [DRAFT_ID_HEADER]: draftId },
        schema: envelope(CartSchema),
        retry: true,
        idempotent: true,
      }),
    read: (draftId: string, cartId: string) => call('orders.read', draftId, 'GET', cartPath(cartId)),
    addItem: (draftId: string, cartId: string, productCode: string, quantity = 1) =>
      call('orders.addItem', draftId, 'POST', `${cartPath(cartId)}/items`, { productCode, quantity }),
    setQuantity: (draftId: string, cartId: string, productCode: string, quantity: number) =>
      call('orders.setQuantity', draftId, 'PATCH', `${cartPath(cartId)}/items/${encodeURIComponent(productCode)}`, {
        quantity,
      }),
    removeItem: (draftId: string, cartId: string, productCode: string) =>
      call('orders.removeItem', draftId, 'DELETE', `${cartPath(cartId)}/items/${encodeURIComponent(productCode)}`),
    reconfigure: (draftId: string, cartId: string, planCode: string) =>
      call('orders.reconfigure', draftId, 'POST', `/v2/carts/${encodeURIComponent(cartId)}/reconfigure`, { planCode }),
    choosePaymentMode: (draftId: string, cartId: string, mode: PaymentMode) =>
      call('orders.choosePaymentMode', draftId, 'PUT', `${cartPath(cartId)}/payment-mode`, {
        upfrontFeePaymentOption: mode,
      }),
    chooseUpfrontPayment: (draftId: string, cartId: string, payment: UpfrontPayment) =>
      call('orders.chooseUpfrontPayment', draftId, 'PUT', `${cartPath(cartId)}/upfront-payment`, {
        upfrontPayment: payment,
      }),
    /**
     * Issue 33: the filing agent's promo code on the cart, with their access token; a code
     * that does not apply is a 422 (a second one a 409) with fields.code, the reason.
     */
    applyPromoCode: (accessToken: string, draftId: string, cartId: string, code: string) =>
      client.call({
        name: 'orders.applyPromoCode',
        method: 'PUT',
        path: `${cartPath(cartId)}/promo-code`,
        body: { code },
        accessToken,
        headers: { [DRAFT_ID_HEADER]: draftId },
        schema: envelope(CartSchema),
      }),
    removePromoCode: (accessToken: string, draftId: string, cartId: string) =>
      client.call({
        name: 'orders.removePromoCode',
        method: 'DELETE',
        path: `${cartPath(cartId)}/promo-code`,
        accessToken,
        headers: { [DRAFT_ID_HEADER]: draftId },
        schema: envelope(CartSchema),
      }),
  }
}
