/**
 * The catalogue's words, shared by the catalog and orders services and the portal
 * (spec 3 and 9): product types, customer categories, payment modes, the add-on
 * categories whose cart items carry item details, the recommendation questionnaire's
 * answers, and the documents a plan's price calls for (spec 5).
 */
import { z } from 'zod'

/** spec 3 and 9: cart types. One MAINLINE (the plan) per cart; ADDON and VAS items beside it. */
export const PRODUCT_TYPES = ['MAINLINE', 'ADDON', 'VAS'] as const
export type ProductType = (typeof PRODUCT_TYPES)[number]

/** spec 3 and 9: RES is the default; SME by choice. */
export const CUSTOMER_CATEGORIES = ['RES', 'SME'] as const
export type CustomerCategory = (typeof CUSTOMER_CATEGORIES)[number]
export const CustomerCategorySchema = z.enum(CUSTOMER_CATEGORIES)

/** spec 3's customerSegment spelling of the same two categories (the application payload's). */
export const CUSTOMER_SEGMENTS = { RES: 'Residential', SME: 'SME' } as const satisfies Record<CustomerCategory, string>

/** spec 3 and 9: how the one-time fees are paid. */
export const PAYMENT_MODES = ['OUTRIGHT', 'STAGGERED'] as const
export type PaymentMode = (typeof PAYMENT_MODES)[number]
export const PaymentModeSchema = z.enum(PAYMENT_MODES)
/**
 * How what is due upfront is paid (spec 9's channels; issue 33): with the first bill (the
 * default), or in cash to the installer on installation day ('Pay via installer').
 */
export const UPFRONT_PAYMENTS = ['FIRST_BILL', 'INSTALLER'] as const
export type UpfrontPayment = (typeof UPFRONT_PAYMENTS)[number]
export const UpfrontPaymentSchema = z.enum(UPFRONT_PAYMENTS)

/** spec 3: cart items of these add-on categories carry item details (itemName, quantity). */
export const ITEM_DETAIL_CATEGORIES = ['ROUTERS', 'PAYTV'] as const

/** Product codes: the same code names the plan in the catalogue and its terms at /terms-and-conditions?product=CODE. */
export const ProductCodeSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/)

/** PSGC region codes, as the address service answers them ('13' is NCR). */
export const RegionCodeSchema = z.string().regex(/^\d{2}$/)

export { DATA_USAGES, MAX_DEVICES, TIMES_OF_DAY, type DataUsage, type TimeOfDay } from './questionnaire.ts'

/** spec 5: the price thresholds of the documents an application must carry. */
export const PROOF_OF_BILLING_OPTIONAL_BELOW = 2500
export const PROOF_OF_INCOME_FROM = 3000

export type RequiredDocuments = {
  /** Always asked for; 'optional' below ₱2,500 a month. */
  proofOfBilling: 'required' | 'optional'
  /** From ₱3,000 a month. */
  proofOfIncome: boolean
}

/** spec 5: what a plan at this monthly fee (pesos) calls for. */
export function documentsFor(monthlyFee: number): RequiredDocuments {
  return {
    proofOfBilling: monthlyFee < PROOF_OF_BILLING_OPTIONAL_BELOW ? 'optional' : 'required',
    proofOfIncome: monthlyFee >= PROOF_OF_INCOME_FROM,
  }
}

/** Pesos as whole centavos: fees are added up in centavos so no rounding creeps into a total. */
export const toCentavos = (pesos: number) => Math.round(pesos * 100)
export const toPesos = (centavos: number) => centavos / 100

export type Instalments = {
  months: number
  /** Each monthly instalment but the last, in pesos. */
  amount: number
  /** The last instalment, in pesos: it carries the centavos left over, so the instalments add up to the fee exactly. */
  lastAmount: number
}

/**
 * The staggered rule (docs/decisions/0025): a one-time fee spread over `months` monthly
 * instalments, each the fee divided by the months rounded down to the centavo, the last
 * one carrying what is left. ₱2,500 over 12: eleven of ₱208.33 and a last of ₱208.37.
 */
export function instalmentsOf(feeCentavos: number, months: number): Instalments {
  const amount = Math.floor(feeCentavos / months)
  return { months, amount: toPesos(amount), lastAmount: toPesos(feeCentavos - amount * (months - 1)) }
}

export { formatPesos } from './pesos.ts'

/**
 * The orders service binds a cart to the draft that made it (docs/decisions/0024): the
 * portal sends the draft id in this header on every cart call, never in a path or query,
 * which the gateway logs.
 */
export const DRAFT_ID_HEADER = 'x-draft-id'
