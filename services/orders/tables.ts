import { index, integer, pgSchema, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

export const ordersSchema = pgSchema('orders')

/**
 * Carts (issue 9; docs/decisions/0024): one per draft, bound to it by the SHA-256 of the
 * draft's id, so a cart id alone opens nothing. Prices are not stored: the catalogue
 * prices the items on every read.
 */
export const carts = ordersSchema.table(
  'carts',
  {
    cartId: text('cart_id').primaryKey(),
    draftIdHash: text('draft_id_hash').notNull().unique(),
    // spec 3: null until the visitor chooses OUTRIGHT or STAGGERED.
    upfrontFeePaymentOption: text('upfront_fee_payment_option').$type<'OUTRIGHT' | 'STAGGERED'>(),
    // Issue 33: 'INSTALLER' when what is due upfront is paid in cash at installation; null: the first bill.
    upfrontPayment: text('upfront_payment').$type<'INSTALLER'>(),
    // Issue 33: the agent's promo code (one per application), priced on every read by the
    // sales service's rules (services/sales/promo-codes.ts); null: none.
    promoCode: text('promo_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    // Like its draft: 4 hours after the last change (spec 9).
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('carts_expires_at_idx').on(t.expiresAt)],
)

export const cartItems = ordersSchema.table(
  'cart_items',
  {
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.cartId, { onDelete: 'cascade' }),
    productCode: text('product_code').notNull(),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.productCode] })],
)
