/**
 * The visitor's cart (issue 9; docs/decisions/0024): in the orders service, bound to the
 * visitor's draft, whose `cart` section holds only the cart's id (and `plan` the chosen
 * plan's code). Nothing of it is in the browser but the draft cookie. Totals come from
 * the upstream (docs/decisions/0025) and are shown as they are.
 *
 * Every change answers a CartAnswer: `status: true` with the cart as the upstream now has
 * it, or `status: false` with the server's message (spec 5: cart calls require status
 * true; spec 8: cart failures carry the server message). Either way, `headers` go on the
 * response: they may carry the draft cookie of a draft made on the way. An upstream that
 * is down on any other call is thrown (UpstreamError, kind 'unavailable') for the route's
 * error boundary, except the cart instance call, which is retried (spec 9: 3 attempts
 * 2000 ms apart) and then answers 'Failed to create cart instance id'.
 */
import type { AppLoadContext } from 'react-router'
import { z } from 'zod'
import { readDraft, saveDraftSection, type Draft } from '~/features/drafts/draft.server'
import { failedPage } from '~/visit/call.server'
import type { Visit } from '~/visit/visit.server'
import { isUpstreamError } from '~/upstream/errors'
import { upstreamFor } from '~/upstream/index.server'
import type { Cart } from '~/upstream/orders.server'
import {
  PaymentModeSchema,
  ProductCodeSchema,
  UpfrontPaymentSchema,
  type PaymentMode,
  type UpfrontPayment,
} from '../../../lib/catalog'
import { CART_TEXTS } from './texts'

export type { Cart }

export type CartAnswer =
  { status: true; cart: Cart; headers: Headers } | { status: false; message: string; headers: Headers }

const quantity = z.coerce.number().int().min(1, CART_TEXTS.quantityRange).max(99, CART_TEXTS.quantityRange)

/**
 * Every cart form the pages post, one schema (docs/conventions.md: several buttons, a
 * named `intent`): parse with Conform's parseWithZod, then `applyCartForm`. The codes are
 * hidden inputs or button values; quantity a number field.
 */
export const CartFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('add-plan'), planCode: ProductCodeSchema }),
  z.object({ intent: z.literal('change-plan'), planCode: ProductCodeSchema }),
  z.object({ intent: z.literal('add-item'), productCode: ProductCodeSchema, quantity: quantity.default(1) }),
  z.object({ intent: z.literal('set-quantity'), productCode: ProductCodeSchema, quantity }),
  z.object({ intent: z.literal('remove-item'), productCode: ProductCodeSchema }),
  z.object({ intent: z.literal('payment-mode'), upfrontFeePaymentOption: PaymentModeSchema }),
  z.object({ intent: z.literal('upfront-payment'), upfrontPayment: UpfrontPaymentSchema }),
])
export type CartForm = z.output<typeof CartFormSchema>

/** The cart this browser's draft holds, or null (no draft, no cart yet, or one that expired). */
export async function readCart(request: Request, context: AppLoadContext): Promise<Cart | null> {
  const draft = await readDraft(request, context)
  const cartId = draft?.sections.cart?.cartId
  if (!draft || !cartId) return null
  return openCart(context, draft, cartId)
}

async function openCart(context: AppLoadContext, draft: Draft, cartId: string): Promise<Cart | null> {
  try {
    return await upstreamFor(context).orders.read(draft.id, cartId)
  } catch (error) {
    if (isUpstreamError(error) && error.kind === 'rejected' && error.status === 404) return null
    throw error
  }
}

/**
 * The cart a draft holds, for a page that cannot go on without knowing it (the wizard): null
 * without one or when it expired; an upstream that fails answers the page (failedPage).
 */
export async function cartOfDraft(visit: Visit, draft: Draft): Promise<Cart | null> {
  const cartId = draft.sections.cart?.cartId
  if (!cartId) return null
  const read = await visit.portal.call((upstream) => upstream.orders.read(draft.id, cartId))
  if (read.ok) return read.value
  if (read.error.kind === 'rejected' && read.error.status === 404) return null
  return failedPage(read)
}

/** A refusal's answer: the server's message (spec 8); an outage or a broken answer is thrown. */
function refusal(error: unknown, headers: Headers): CartAnswer {
  if (isUpstreamError(error) && error.kind === 'rejected') {
    return { status: false, message: error.serverMessage ?? CART_TEXTS.refused, headers }
  }
  throw error
}

async function answer(headers: Headers, change: () => Promise<Cart>): Promise<CartAnswer> {
  try {
    return { status: true, cart: await change(), headers }
  } catch (error) {
    return refusal(error, headers)
  }
}

/** The draft's live cart, or a new one stored in the draft's cart section. */
async function ensureCart(
  request: Request,
  context: AppLoadContext,
  draft: Draft,
  headers: Headers,
): Promise<{ cart: Cart } | { message: string }> {
  const cartId = draft.sections.cart?.cartId
  const existing = cartId ? await openCart(context, draft, cartId) : null
  if (existing) return { cart: existing }
  let cart: Cart
  try {
    cart = await upstreamFor(context).orders.createInstance(draft.id)
  } catch (error) {
    if (!isUpstreamError(error)) throw error
    context.logger.warn({ requestId: context.requestId, err: String(error) }, 'cart instance not created')
    return { message: CART_TEXTS.instanceFailed }
  }
  for (const [name, value] of await saveDraftSection(request, context, 'cart', { cartId: cart.cartId })) {
    headers.append(name, value)
  }
  return { cart }
}

/** The draft and its cart for a change that needs a cart holding a plan. */
async function withCart(
  request: Request,
  context: AppLoadContext,
  change: (draftId: string, cart: Cart) => Promise<Cart>,
): Promise<CartAnswer> {
  const headers = new Headers()
  const draft = await readDraft(request, context)
  const cartId = draft?.sections.cart?.cartId
  const cart = draft && cartId ? await openCart(context, draft, cartId) : null
  if (!draft || !cart) return { status: false, message: CART_TEXTS.planFirst, headers }
  return answer(headers, () => change(draft.id, cart))
}

/**
 * Puts a plan in the cart, making the draft and the cart when there are none. The plan's
 * code goes into the draft's plan section first (that is what makes a draft for a new
 * visitor). A cart that already has a plan refuses a second one with the server's
 * message: changing plans is `changePlan`.
 */
export async function addPlan(request: Request, context: AppLoadContext, planCode: string): Promise<CartAnswer> {
  const headers = await saveDraftSection(request, context, 'plan', { planCode })
  const draft = (await readDraft(request, context))!
  const ensured = await ensureCart(request, context, draft, headers)
  if ('message' in ensured) return { status: false, message: ensured.message, headers }
  return answer(headers, () => upstreamFor(context).orders.addItem(draft.id, ensured.cart.cartId, planCode))
}

/** Another plan in place of the cart's (reconfigure): add-ons not offered with it leave the cart. */
export async function changePlan(request: Request, context: AppLoadContext, planCode: string): Promise<CartAnswer> {
  const headers = await saveDraftSection(request, context, 'plan', { planCode })
  const draft = (await readDraft(request, context))!
  const ensured = await ensureCart(request, context, draft, headers)
  if ('message' in ensured) return { status: false, message: ensured.message, headers }
  return answer(headers, () => upstreamFor(context).orders.reconfigure(draft.id, ensured.cart.cartId, planCode))
}

/** An ADDON or VAS item (again: more of it). Needs a plan in the cart. */
export function addItem(request: Request, context: AppLoadContext, productCode: string, quantity = 1) {
  return withCart(request, context, (draftId, cart) =>
    upstreamFor(context).orders.addItem(draftId, cart.cartId, productCode, quantity),
  )
}

export function setQuantity(request: Request, context: AppLoadContext, productCode: string, quantity: number) {
  return withCart(request, context, (draftId, cart) =>
    upstreamFor(context).orders.setQuantity(draftId, cart.cartId, productCode, quantity),
  )
}

/** Removes an item; removing the plan empties the cart (docs/decisions/0024). */
export function removeItem(request: Request, context: AppLoadContext, productCode: string) {
  return withCart(request, context, (draftId, cart) =>
    upstreamFor(context).orders.removeItem(draftId, cart.cartId, productCode),
  )
}

/** OUTRIGHT or STAGGERED (STAGGERED only when the plan allows: the cart's paymentModes). */
export function choosePaymentMode(request: Request, context: AppLoadContext, mode: PaymentMode) {
  return withCart(request, context, (draftId, cart) =>
    upstreamFor(context).orders.choosePaymentMode(draftId, cart.cartId, mode),
  )
}

/** Issue 33: what is due upfront paid with the first bill, or in cash to the installer (Pay via installer). */
export function chooseUpfrontPayment(request: Request, context: AppLoadContext, payment: UpfrontPayment) {
  return withCart(request, context, (draftId, cart) =>
    upstreamFor(context).orders.chooseUpfrontPayment(draftId, cart.cartId, payment),
  )
}

/** One posted cart form, parsed by CartFormSchema, to the function it names. */
export function applyCartForm(request: Request, context: AppLoadContext, form: CartForm): Promise<CartAnswer> {
  switch (form.intent) {
    case 'add-plan':
      return addPlan(request, context, form.planCode)
    case 'change-plan':
      return changePlan(request, context, form.planCode)
    case 'add-item':
      return addItem(request, context, form.productCode, form.quantity)
    case 'set-quantity':
      return setQuantity(request, context, form.productCode, form.quantity)
    case 'remove-item':
      return removeItem(request, context, form.productCode)
    case 'payment-mode':
      return choosePaymentMode(request, context, form.upfrontFeePaymentOption)
    case 'upfront-payment':
      return chooseUpfrontPayment(request, context, form.upfrontPayment)
  }
}
