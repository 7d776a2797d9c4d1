/**
 * The visitor's cart (issue 9; docs/decisions/0024): in the orders service, bound to the
 * visitor's draft, whose `cart` section holds only the cart's id (and `plan` the chosen
 * plan's code). Nothing of it is in the browser but the draft cookie. Totals come from
 * the upstream (docs/decisions/0025) and are shown as they are.
 *
 * Every change answers a CartAnswer: `status: true` with the cart as the upstream now has
 * it, or `status: false` with the server's message (spec 5: cart calls require status
 * true; spec 8: cart failures carry the server message). A draft made on the way sets its
 * cookie through the visit. An upstream that cannot answer a change says spec 8's message
 * too; the cart instance call is retried first (spec 9: 3 attempts 2000 ms apart) and then
 * answers 'Failed to create cart instance id'. Reads for a page that cannot go on without
 * the cart answer the page with 503 (cartOf).
 */
import { z } from 'zod'
import type { Upstream } from '~/upstream/index.server'
import type { Cart } from '~/upstream/orders.server'
import { failedPage, type Result } from '~/visit/call.server'
import type { Draft } from '~/visit/draft.server'
import type { Visit } from '~/visit/visit.server'
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
  | { status: true; cart: Cart }
  /** `unavailable`: the upstream could not answer (a 503), rather than refused (a 409). */
  | { status: false; message: string; unavailable?: boolean }

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

/**
 * The cart a draft holds: null without one or when it expired (the orders service answers
 * 404); the upstream's failure otherwise.
 */
export async function cartIn(visit: Visit, draft: Draft): Promise<Result<Cart | null>> {
  const cartId = draft.sections.cart?.cartId
  if (!cartId) return { ok: true, value: null }
  const read = await visit.portal.call((upstream) => upstream.orders.read(draft.id, cartId))
  if (!read.ok && read.error.kind === 'rejected' && read.error.status === 404) return { ok: true, value: null }
  return read
}

/**
 * The cart a draft holds, for a page that cannot go on without knowing it (the wizard): null
 * without one or when it expired; an upstream that fails answers the page (failedPage).
 */
export async function cartOfDraft(visit: Visit, draft: Draft): Promise<Cart | null> {
  const read = await cartIn(visit, draft)
  return read.ok ? read.value : failedPage(read)
}

/** This browser's cart, or null (no draft, no cart yet, or one that expired); a failing upstream answers the page. */
export async function cartOf(visit: Visit): Promise<Cart | null> {
  const draft = await visit.draft.current()
  return draft ? cartOfDraft(visit, draft) : null
}

/** A change's answer: the cart, or the server's message (spec 8), or spec 8's own when it could not answer. */
function answer(done: Result<Cart>): CartAnswer {
  if (done.ok) return { status: true, cart: done.value }
  const { error } = done
  return {
    status: false,
    message: error.kind === 'rejected' ? (error.serverMessage ?? CART_TEXTS.refused) : done.message,
  }
}

/** The draft's live cart, or a new one stored in the draft's cart section. */
async function ensureCart(visit: Visit, draft: Draft): Promise<{ cart: Cart } | { message: string }> {
  const existing = await cartIn(visit, draft)
  if (!existing.ok) return { message: answerMessage(existing) }
  if (existing.value) return { cart: existing.value }
  const created = await visit.portal.call((upstream) => upstream.orders.createInstance(draft.id))
  if (!created.ok) {
    visit.logger.warn({ requestId: visit.requestId, err: String(created.error) }, 'cart instance not created')
    return { message: CART_TEXTS.instanceFailed }
  }
  const saved = await visit.draft.save('cart', { cartId: created.value.cartId })
  if (!saved.ok) return { message: answerMessage(saved) }
  return { cart: created.value }
}

const answerMessage = (failed: { ok: false } & Parameters<typeof answer>[0]) => {
  const answered = answer(failed)
  return answered.status ? CART_TEXTS.refused : answered.message
}

type CartChange = (upstream: Upstream, draftId: string, cart: Cart) => Promise<Cart>

/** The draft and its cart for a change that needs a cart holding a plan. */
async function withCart(visit: Visit, change: CartChange): Promise<CartAnswer> {
  const draft = await visit.draft.read()
  if (!draft.ok) return answer(draft)
  const cart = draft.value ? await cartIn(visit, draft.value) : ({ ok: true, value: null } as const)
  if (!cart.ok) return answer(cart)
  if (!draft.value || !cart.value) return { status: false, message: CART_TEXTS.planFirst }
  const { id } = draft.value
  const held = cart.value
  return answer(await visit.portal.call((upstream) => change(upstream, id, held)))
}

/**
 * Puts a plan in the cart (or, with `reconfigure`, another plan in place of the cart's),
 * making the draft and the cart when there are none. The plan's code goes into the draft's
 * plan section first (that is what makes a draft for a new visitor).
 */
async function choosePlan(visit: Visit, planCode: string, change: CartChange): Promise<CartAnswer> {
  const saved = await visit.draft.save('plan', { planCode })
  if (!saved.ok) return answer(saved)
  const draft = await visit.draft.current()
  if (!draft) return { status: false, message: CART_TEXTS.planFirst }
  const ensured = await ensureCart(visit, draft)
  if ('message' in ensured) return { status: false, message: ensured.message }
  return answer(await visit.portal.call((upstream) => change(upstream, draft.id, ensured.cart)))
}

/** A cart that already has a plan refuses a second one with the server's message: changing plans is `changePlan`. */
export const addPlan = (visit: Visit, planCode: string) =>
  choosePlan(visit, planCode, (upstream, draftId, cart) => upstream.orders.addItem(draftId, cart.cartId, planCode))

/** Another plan in place of the cart's (reconfigure): add-ons not offered with it leave the cart. */
export const changePlan = (visit: Visit, planCode: string) =>
  choosePlan(visit, planCode, (upstream, draftId, cart) => upstream.orders.reconfigure(draftId, cart.cartId, planCode))

/** An ADDON or VAS item (again: more of it). Needs a plan in the cart. */
export const addItem = (visit: Visit, productCode: string, quantity = 1) =>
  withCart(visit, (upstream, draftId, cart) => upstream.orders.addItem(draftId, cart.cartId, productCode, quantity))

export const setQuantity = (visit: Visit, productCode: string, quantity: number) =>
  withCart(visit, (upstream, draftId, cart) => upstream.orders.setQuantity(draftId, cart.cartId, productCode, quantity))

/** Removes an item; removing the plan empties the cart (docs/decisions/0024). */
export const removeItem = (visit: Visit, productCode: string) =>
  withCart(visit, (upstream, draftId, cart) => upstream.orders.removeItem(draftId, cart.cartId, productCode))

/** OUTRIGHT or STAGGERED (STAGGERED only when the plan allows: the cart's paymentModes). */
export const choosePaymentMode = (visit: Visit, mode: PaymentMode) =>
  withCart(visit, (upstream, draftId, cart) => upstream.orders.choosePaymentMode(draftId, cart.cartId, mode))

/** Issue 33: what is due upfront paid with the first bill, or in cash to the installer (Pay via installer). */
export const chooseUpfrontPayment = (visit: Visit, payment: UpfrontPayment) =>
  withCart(visit, (upstream, draftId, cart) => upstream.orders.chooseUpfrontPayment(draftId, cart.cartId, payment))

/** One posted cart form, parsed by CartFormSchema, to the function it names. */
export function applyCartForm(visit: Visit, form: CartForm): Promise<CartAnswer> {
  switch (form.intent) {
    case 'add-plan':
      return addPlan(visit, form.planCode)
    case 'change-plan':
      return changePlan(visit, form.planCode)
    case 'add-item':
      return addItem(visit, form.productCode, form.quantity)
    case 'set-quantity':
      return setQuantity(visit, form.productCode, form.quantity)
    case 'remove-item':
      return removeItem(visit, form.productCode)
    case 'payment-mode':
      return choosePaymentMode(visit, form.upfrontFeePaymentOption)
    case 'upfront-payment':
      return chooseUpfrontPayment(visit, form.upfrontPayment)
  }
}
