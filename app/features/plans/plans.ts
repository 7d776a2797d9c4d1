/**
 * The /plans pages' pure rules: which region the list is for, what the cart page offers.
 * Types only from the server modules, so the browser may import this file.
 */
import { RegionCodeSchema, type PaymentMode } from '../../../lib/catalog'

/** The retry link and every cart form post here, and a successful cart change redirects here. */
export const PLANS_PATH = '/plans'
export const CART_PATH = '/plans/cart'
export const planPath = (code: string) => `/plans/${encodeURIComponent(code)}`

/** The intent of the category switch (the cart's intents are CartFormSchema's). */
export const CATEGORY_INTENT = 'category'

/**
 * The region of the visitor's serviceability check (its PSGC region code, as the
 * catalogue's regions are spelled), or undefined when there is none: then every plan of
 * the category is listed.
 */
export function draftRegion(serviceability: { choice: { regionId: string } } | undefined): string | undefined {
  const region = RegionCodeSchema.safeParse(serviceability?.choice.regionId)
  return region.success ? region.data : undefined
}

/** The add-ons the cart page offers to add: those offered with the plan that are not in the cart yet. */
export function addOnsToOffer<T extends { code: string }>(
  offered: readonly T[],
  inCart: readonly { productCode: string }[],
): T[] {
  const have = new Set(inCart.map((item) => item.productCode))
  return offered.filter((addOn) => !have.has(addOn.code))
}

/** The payment modes to offer, in a fixed order: only those the cart's plan allows. */
export function offeredPaymentModes(paymentModes: readonly PaymentMode[]): PaymentMode[] {
  return (['OUTRIGHT', 'STAGGERED'] as const).filter((mode) => paymentModes.includes(mode))
}
