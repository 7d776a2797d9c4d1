/**
 * Carts (issue 9, spec 3 and 7; docs/decisions/0024 and 0025). A cart holds exactly one
 * plan (MAINLINE) and any ADDON and VAS items offered with it, each up to its maximum
 * quantity; the catalogue prices it on every read (totals.ts). A cart is bound to the
 * draft that made it: every call carries that draft's id, and a cart id with another
 * draft's id, or none, answers as an unknown cart would, so a refusal tells nothing.
 * A cart lives, like its draft, 4 hours after its last change.
 */
import crypto from 'node:crypto'
import { and, asc, eq, gt, lte } from 'drizzle-orm'
import { manilaDate } from '../../lib/manila-time.ts'
import { DRAFT_LIFETIME_MS } from '../../lib/draft-sections.ts'
import {
  CUSTOMER_SEGMENTS,
  toPesos,
  type CustomerCategory,
  type PaymentMode,
  type UpfrontPayment,
} from '../../lib/catalog.ts'
import type { Caller } from '../bearer.ts'
import { createCatalogService } from '../catalog/service.ts'
import type { ServiceDeps } from '../context.ts'
import type { Executor } from '../db/client.ts'
import { draftAgentCode } from '../drafts/agent-drafts.ts'
import { ServiceError } from '../errors.ts'
import { normalisePromoCode, PROMO_MESSAGES, promoForPlan, type PromoPlan } from '../sales/promo-codes.ts'
import { cartItems, carts } from './tables.ts'
import { cartTotals, type CartTotals } from './totals.ts'

export const CART_MESSAGES = {
  cartNotFound: 'Your cart has expired. Please choose your plan again.',
  planAlreadyInCart: 'Your cart already has a plan. Change your plan instead of adding another one.',
  planRequired: 'Please choose a plan first.',
  productNotFound: 'This product is not available.',
  notOfferedWithPlan: 'This add-on is not offered with your plan.',
  itemNotInCart: 'This item is not in your cart.',
  planQuantity: 'A cart holds one plan.',
  notStaggerable: "This plan's fees can only be paid outright.",
  promoForAgents: 'Only the sales agent filing this application may enter a promo code.',
  tooMany: (max: number) => `You can add up to ${max} of this item.`,
} as const

export type CartItemView = {
  productCode: string
  productType: 'MAINLINE' | 'ADDON' | 'VAS'
  productCategory: string
  name: string
  quantity: number
  maxQuantity: number
  /** Pesos, for one. */
  monthlyFee: number
  installationFee: number
  staggerable: boolean
  /** spec 3: ROUTERS and PAYTV items carry item details. */
  itemDetails: { itemName: string; quantity: number } | null
}

export type CartView = {
  cartId: string
  planCode: string | null
  cartItems: CartItemView[]
  /** spec 3: null until chosen. */
  upfrontFeePaymentOption: PaymentMode | null
  /** The modes this cart's plan allows (none without a plan). */
  paymentModes: PaymentMode[]
  /** How what is due upfront is paid: with the first bill, or cash to the installer (issue 33). */
  upfrontPayment: UpfrontPayment
  totals: CartTotals
  /** Issue 33: the agent's promo code while it applies, and the pesos it takes off the first bill (totals.promoDiscount). */
  promo: { code: string; description: string; discount: number } | null
  /** A promo code the cart holds that does not apply now (another plan, its dates passed): why, for the agent. */
  promoNotice: string | null
  /** spec 3's application payload: the ROUTERS and PAYTV items. */
  itemDetails: { itemName: string; quantity: number }[]
  expiresAt: string
}

export function hashDraftId(draftId: string): string {
  return crypto.createHash('sha256').update(draftId).digest('base64url')
}

export function cartNotFound() {
  return new ServiceError(404, 'cart_not_found', CART_MESSAGES.cartNotFound)
}

type CartRow = typeof carts.$inferSelect

/** A re-keyed draft's cart follows it (services/drafts, rekeyAgentDraft), in the caller's transaction. */
export async function moveDraftCart(db: Executor, fromIdHash: string, toIdHash: string): Promise<void> {
  await db.update(carts).set({ draftIdHash: toIdHash }).where(eq(carts.draftIdHash, fromIdHash))
}

export type OrderService = ReturnType<typeof createOrderService>

export function createOrderService(deps: Pick<ServiceDeps, 'db' | 'now'>) {
  const catalog = createCatalogService(deps)
  const expiryFrom = (now: Date) => new Date(now.getTime() + DRAFT_LIFETIME_MS)

  async function liveCart(db: Executor, cartId: string, draftId: string, forUpdate = false): Promise<CartRow> {
    const query = db
      .select()
      .from(carts)
      .where(
        and(eq(carts.cartId, cartId), eq(carts.draftIdHash, hashDraftId(draftId)), gt(carts.expiresAt, deps.now())),
      )
    const [row] = forUpdate ? await query.for('update') : await query
    if (!row) throw cartNotFound()
    return row
  }

  async function view(db: Executor, cart: CartRow): Promise<CartView> {
    const items = await db
      .select()
      .from(cartItems)
      .where(eq(cartItems.cartId, cart.cartId))
      .orderBy(asc(cartItems.addedAt), asc(cartItems.productCode))
    const products = await catalog.productsByCode(
      items.map((item) => item.productCode),
      db,
    )
    const priced = items.flatMap((item) => {
      const product = products.get(item.productCode)
      return product ? [{ item, product }] : []
    })
    // The plan first, then the rest as added.
    priced.sort((a, b) => Number(b.product.productType === 'MAINLINE') - Number(a.product.productType === 'MAINLINE'))
    const plan = priced.find(({ product }) => product.productType === 'MAINLINE')?.product
    const mode = plan ? cart.upfrontFeePaymentOption : null
    const promoPriced =
      cart.promoCode && plan ? await promoForPlan(db, cart.promoCode, promoPlanOf(plan), manilaDate(deps.now())) : null
    const cartItemViews: CartItemView[] = priced.map(({ item, product }) => {
      const withDetails = product.productCategory === 'ROUTERS' || product.productCategory === 'PAYTV'
      return {
        productCode: product.code,
        productType: product.productType,
        productCategory: product.productCategory,
        name: product.name,
        quantity: item.quantity,
        maxQuantity: product.maxQuantity,
        monthlyFee: toPesos(product.monthlyFeeCentavos),
        installationFee: toPesos(product.oneTimeFeeCentavos),
        staggerable: product.staggerMonths !== null && product.oneTimeFeeCentavos > 0,
        itemDetails: withDetails ? { itemName: product.name, quantity: item.quantity } : null,
      }
    })
    const totals = cartTotals(
      priced.map(({ item, product }) => ({
        productType: product.productType,
        monthlyFeeCentavos: product.monthlyFeeCentavos,
        oneTimeFeeCentavos: product.oneTimeFeeCentavos,
        staggerMonths: product.staggerMonths,
        quantity: item.quantity,
      })),
      mode,
      cart.upfrontPayment ?? 'FIRST_BILL',
      (promoPriced?.promo?.discountPesos ?? 0) * 100,
    )
    return {
      cartId: cart.cartId,
      planCode: plan?.code ?? null,
      cartItems: cartItemViews,
      upfrontFeePaymentOption: mode,
      paymentModes: !plan ? [] : plan.staggerMonths === null ? ['OUTRIGHT'] : ['OUTRIGHT', 'STAGGERED'],
      upfrontPayment: cart.upfrontPayment ?? 'FIRST_BILL',
      totals,
      promo: promoPriced?.promo
        ? {
            code: promoPriced.promo.code,
            description: promoPriced.promo.description,
            discount: totals.promoDiscount,
          }
        : null,
      promoNotice: promoPriced?.refusal ?? null,
      itemDetails: cartItemViews.flatMap((item) => (item.itemDetails ? [item.itemDetails] : [])),
      expiresAt: cart.expiresAt.toISOString(),
    }
  }

  /** Runs a change on the caller's live cart in one transaction, renews its 4 hours and answers the cart. */
  async function change(
    cartId: string,
    draftId: string,
    apply: (
      tx: Executor,
      cart: CartRow,
    ) => Promise<Partial<Pick<CartRow, 'upfrontFeePaymentOption' | 'upfrontPayment' | 'promoCode'>> | void>,
  ): Promise<CartView> {
    return deps.db.transaction(async (tx) => {
      const cart = await liveCart(tx, cartId, draftId, true)
      const set = (await apply(tx, cart)) ?? {}
      const now = deps.now()
      const [updated] = await tx
        .update(carts)
        .set({ ...set, updatedAt: now, expiresAt: expiryFrom(now) })
        .where(eq(carts.cartId, cartId))
        .returning()
      return view(tx, updated!)
    })
  }

  async function itemsWithProducts(tx: Executor, cartId: string) {
    const items = await tx.select().from(cartItems).where(eq(cartItems.cartId, cartId))
    const products = await catalog.productsByCode(
      items.map((item) => item.productCode),
      tx,
    )
    return items.map((item) => ({ item, product: products.get(item.productCode) }))
  }

  async function activeProduct(tx: Executor, code: string) {
    const product = (await catalog.productsByCode([code], tx)).get(code)
    if (!product || !product.active) throw new ServiceError(404, 'product_not_found', CART_MESSAGES.productNotFound)
    return product
  }

  async function checkFilingAgent(tx: Executor, caller: Caller, draftId: string) {
    const agentCode = await draftAgentCode(tx, draftId, deps.now())
    if (!caller.agentCode || agentCode !== caller.agentCode) {
      throw new ServiceError(403, 'forbidden', CART_MESSAGES.promoForAgents)
    }
  }

  function checkQuantity(quantity: number, max: number) {
    if (quantity > max) {
      throw new ServiceError(400, 'invalid_input', CART_MESSAGES.tooMany(max), {
        quantity: [CART_MESSAGES.tooMany(max)],
      })
    }
  }

  return {
    /**
     * The draft's cart: its live one, or a new one. Asking again answers the same cart, so
     * the portal may retry this call (spec 9: 3 attempts) without making two.
     */
    async createInstance(draftId: string): Promise<CartView> {
      const now = deps.now()
      const draftIdHash = hashDraftId(draftId)
      return deps.db.transaction(async (tx) => {
        const [existing] = await tx.select().from(carts).where(eq(carts.draftIdHash, draftIdHash)).for('update')
        if (existing && existing.expiresAt > now) return view(tx, existing)
        if (existing) await tx.delete(carts).where(eq(carts.cartId, existing.cartId))
        await tx.delete(carts).where(lte(carts.expiresAt, now))
        // Two first calls at once (a retry overtaking a slow attempt): the unique hash keeps one, both answer it.
        const [created] = await tx
          .insert(carts)
          .values({
            cartId: crypto.randomUUID(),
            draftIdHash,
            upfrontFeePaymentOption: null,
            createdAt: now,
            updatedAt: now,
            expiresAt: expiryFrom(now),
          })
          .onConflictDoNothing({ target: carts.draftIdHash })
          .returning()
        if (created) return view(tx, created)
        const [winner] = await tx.select().from(carts).where(eq(carts.draftIdHash, draftIdHash))
        return view(tx, winner!)
      })
    },

    /** The draft's live cart, or null (for the files service's checklist: the plan's monthly fee). */
    async readByDraft(draftId: string): Promise<CartView | null> {
      const [row] = await deps.db
        .select()
        .from(carts)
        .where(and(eq(carts.draftIdHash, hashDraftId(draftId)), gt(carts.expiresAt, deps.now())))
      return row ? view(deps.db, row) : null
    },

    async read(cartId: string, draftId: string): Promise<CartView> {
      return view(deps.db, await liveCart(deps.db, cartId, draftId))
    },

    /** Adds the plan (one MAINLINE per cart) or an ADDON or VAS item offered with it; again adds to the quantity. */
    addItem(cartId: string, draftId: string, productCode: string, quantity: number): Promise<CartView> {
      return change(cartId, draftId, async (tx, cart) => {
        const product = await activeProduct(tx, productCode)
        const lines = await itemsWithProducts(tx, cart.cartId)
        const plan = lines.find(({ product: p }) => p?.productType === 'MAINLINE')?.product
        if (product.productType === 'MAINLINE') {
          if (plan) throw new ServiceError(409, 'plan_already_in_cart', CART_MESSAGES.planAlreadyInCart)
          if (quantity !== 1) throw new ServiceError(400, 'invalid_input', CART_MESSAGES.planQuantity)
          await tx.insert(cartItems).values({ cartId, productCode, quantity: 1, addedAt: deps.now() })
          return { upfrontFeePaymentOption: null }
        }
        if (!plan) throw new ServiceError(409, 'plan_required', CART_MESSAGES.planRequired)
        if (!offeredWith(product, plan)) {
          throw new ServiceError(409, 'not_offered_with_plan', CART_MESSAGES.notOfferedWithPlan)
        }
        const current = lines.find(({ item }) => item.productCode === productCode)?.item.quantity ?? 0
        checkQuantity(current + quantity, product.maxQuantity)
        await tx
          .insert(cartItems)
          .values({ cartId, productCode, quantity: current + quantity, addedAt: deps.now() })
          .onConflictDoUpdate({
            target: [cartItems.cartId, cartItems.productCode],
            set: { quantity: current + quantity },
          })
      })
    },

    setQuantity(cartId: string, draftId: string, productCode: string, quantity: number): Promise<CartView> {
      return change(cartId, draftId, async (tx) => {
        const lines = await itemsWithProducts(tx, cartId)
        const line = lines.find(({ item }) => item.productCode === productCode)
        if (!line?.product) throw new ServiceError(404, 'item_not_found', CART_MESSAGES.itemNotInCart)
        if (line.product.productType === 'MAINLINE') {
          if (quantity !== 1) throw new ServiceError(400, 'invalid_input', CART_MESSAGES.planQuantity)
          return
        }
        checkQuantity(quantity, line.product.maxQuantity)
        await tx
          .update(cartItems)
          .set({ quantity })
          .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productCode, productCode)))
      })
    },

    /** Removes an item; removing the plan empties the cart (add-ons need a plan) and clears the payment mode. */
    removeItem(cartId: string, draftId: string, productCode: string): Promise<CartView> {
      return change(cartId, draftId, async (tx) => {
        const lines = await itemsWithProducts(tx, cartId)
        const line = lines.find(({ item }) => item.productCode === productCode)
        if (!line) throw new ServiceError(404, 'item_not_found', CART_MESSAGES.itemNotInCart)
        if (line.product?.productType === 'MAINLINE') {
          await tx.delete(cartItems).where(eq(cartItems.cartId, cartId))
          return { upfrontFeePaymentOption: null, promoCode: null }
        }
        await tx.delete(cartItems).where(and(eq(cartItems.cartId, cartId), eq(cartItems.productCode, productCode)))
      })
    },

    /**
     * Puts another plan in the cart in place of the one there (or the first one). Add-ons
     * not offered with the new plan leave the cart, quantities above the new maximum come
     * down, and a STAGGERED choice the new plan does not allow goes back to null.
     */
    reconfigure(cartId: string, draftId: string, planCode: string): Promise<CartView> {
      return change(cartId, draftId, async (tx, cart) => {
        const plan = await activeProduct(tx, planCode)
        if (plan.productType !== 'MAINLINE') throw new ServiceError(404, 'plan_not_found', 'No such plan.')
        const lines = await itemsWithProducts(tx, cartId)
        for (const { item, product } of lines) {
          const keep = product && product.productType !== 'MAINLINE' && offeredWith(product, plan)
          if (!keep) {
            await tx
              .delete(cartItems)
              .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productCode, item.productCode)))
          }
        }
        await tx.insert(cartItems).values({ cartId, productCode: planCode, quantity: 1, addedAt: deps.now() })
        const mode = cart.upfrontFeePaymentOption
        return { upfrontFeePaymentOption: mode === 'STAGGERED' && plan.staggerMonths === null ? null : mode }
      })
    },

    /** spec 3: OUTRIGHT or STAGGERED; STAGGERED only when the plan allows it. */
    choosePaymentMode(cartId: string, draftId: string, mode: PaymentMode): Promise<CartView> {
      return change(cartId, draftId, async (tx) => {
        const lines = await itemsWithProducts(tx, cartId)
        const plan = lines.find(({ product }) => product?.productType === 'MAINLINE')?.product
        if (!plan) throw new ServiceError(409, 'plan_required', CART_MESSAGES.planRequired)
        if (mode === 'STAGGERED' && plan.staggerMonths === null) {
          throw new ServiceError(409, 'not_staggerable', CART_MESSAGES.notStaggerable)
        }
        return { upfrontFeePaymentOption: mode }
      })
    },

    /** Issue 33: what is due upfront paid with the first bill, or in cash to the installer (spec 9). */
    chooseUpfrontPayment(cartId: string, draftId: string, payment: UpfrontPayment): Promise<CartView> {
      return change(cartId, draftId, async (tx) => {
        const lines = await itemsWithProducts(tx, cartId)
        if (!lines.some(({ product }) => product?.productType === 'MAINLINE'))
          throw new ServiceError(409, 'plan_required', CART_MESSAGES.planRequired)
        return { upfrontPayment: payment === 'INSTALLER' ? 'INSTALLER' : null }
      })
    },

    /**
     * Issue 33: the filing agent's promo code, one per application (a second one is refused
     * until the first is removed; the same one again changes nothing). It must apply to the
     * cart's plan today; the refusal is the field's message. Only the agent whose claimed
     * draft this is may enter one (the draft's agent code against the token's).
     */
    applyPromoCode(caller: Caller, cartId: string, draftId: string, code: string): Promise<CartView> {
      return change(cartId, draftId, async (tx, cart) => {
        await checkFilingAgent(tx, caller, draftId)
        const typed = normalisePromoCode(code)
        if (cart.promoCode && cart.promoCode !== typed) {
          const message = PROMO_MESSAGES.onePerApplication(cart.promoCode)
          throw new ServiceError(409, 'one_promo_code', message, { code: [message] })
        }
        const lines = await itemsWithProducts(tx, cartId)
        const plan = lines.find(({ product }) => product?.productType === 'MAINLINE')?.product
        if (!plan) throw new ServiceError(409, 'plan_required', CART_MESSAGES.planRequired)
        const { promo, refusal } = await promoForPlan(tx, typed, promoPlanOf(plan), manilaDate(deps.now()))
        if (!promo) throw new ServiceError(422, 'promo_not_applicable', refusal, { code: [refusal] })
        return { promoCode: promo.code }
      })
    },

    /** Issue 33: the promo code off the cart (by the filing agent, as it was entered). */
    removePromoCode(caller: Caller, cartId: string, draftId: string): Promise<CartView> {
      return change(cartId, draftId, async (tx) => {
        await checkFilingAgent(tx, caller, draftId)
        return { promoCode: null }
      })
    },
  }
}

/** A plan as the promo rules read it (services/sales/promo-codes.ts): its segments by name. */
function promoPlanOf(plan: { code: string; name: string; customerCategories: CustomerCategory[] }): PromoPlan {
  return {
    code: plan.code,
    name: plan.name,
    segments: plan.customerCategories.map((category) => CUSTOMER_SEGMENTS[category]),
  }
}

type Offer = { customerCategories: string[]; regions: string[] }

/** An add-on goes with a plan offered to one of its customer categories in one of its regions. */
function offeredWith(product: Offer, plan: Offer): boolean {
  return (
    product.customerCategories.some((category) => plan.customerCategories.includes(category)) &&
    product.regions.some((region) => plan.regions.includes(region))
  )
}
