/** Where the store locator is, for the pages that send people to a counter (issue 16). */
import type { StoreType } from '../../../lib/stores'

export const HELP_STORES_PATH = '/help/stores'
export const PAY_STORES_PATH = '/payBill/stores'

export const storesOfType = (base: string, type: StoreType) => `${base}?type=${type}`

/** spec 9's channel groups that are paid at a counter, and the kind of store that takes them. */
export const COUNTER_CHANNEL_STORES: Record<string, StoreType> = {
  'OVER THE COUNTER': 'payment-centre',
  'AUTHORIZED OUTLETS': 'authorized-outlet',
}
