/**
 * The /plans pages' pure rules: which region the list is for, what the cart page offers.
 * Types only from the server modules, so the browser may import this file.
 */
import type { PaymentMode } from '../../../lib/catalog'

/** The retry link and every cart form post here, and a successful cart change redirects here. */
export const PLANS_PATH = '/plans'
export const CART_PATH = '/plans/cart'
/** The bundled streaming-TV logo (public/), and the portal's address for the partner's own image (tv-logo.server.ts). */
export const TV_FALLBACK_LOGO = '/tv-partner.svg'
export const TV_LOGO_PATH = '/plans/tv-partner-logo'
export const planPath = (code: string) => `/plans/${encodeURIComponent(code)}`

/** The intent of the category switch (the cart's intents are CartFormSchema's). */
export const CATEGORY_INTENT = 'category'
/** spec 4's SAVE_GOVT: the government-or-embassy-worker flag, asked of SME visitors only. */
export const GOVT_INTENT = 'govt'

/**
 * The region of the visitor's serviceability check (its PSGC region code, as the
 * catalogue's regions are spelled), or undefined when there is none: then every plan of
 * the category is listed.
 */
export function draftRegion(serviceability: { choice: { regionId: string } } | undefined): string | undefined {
  // A PSGC region code (lib/catalog.ts RegionCodeSchema), checked without Zod: this module runs in the browser too.
  const region = serviceability?.choice.regionId
  return region !== undefined && /^\d{2}$/.test(region) ? region : undefined
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

export const COMPARE_PATH = '/plans/compare'
/** spec 7's compare call takes two or three plans. */
export const COMPARE_MIN = 2
export const COMPARE_MAX = 3

/**
 * The plans a comparison URL asks for (`?codes=a&codes=b`): each well-formed code once,
 * in the order given, and whether there are two or three of them. Nothing asked for is
 * not an error: the page just shows the form.
 */
export function compareSelection(asked: readonly string[]): { codes: string[]; valid: boolean; asked: boolean } {
  const codes = [...new Set(asked.map((code) => code.trim()).filter((code) => /^[a-z0-9][a-z0-9-]{0,63}$/.test(code)))]
  return { codes, valid: codes.length >= COMPARE_MIN && codes.length <= COMPARE_MAX, asked: asked.length > 0 }
}
