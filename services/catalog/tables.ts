import { boolean, index, integer, jsonb, pgSchema, text } from 'drizzle-orm/pg-core'

export const catalogSchema = pgSchema('catalog')

/**
 * The catalogue (issue 9): plans (MAINLINE), add-ons (ADDON) and value-added services
 * (VAS). Fees are whole centavos, VAT inclusive, so totals add up without rounding.
 */
export const products = catalogSchema.table(
  'products',
  {
    // Also the code of the plan's product terms (/terms-and-conditions?product=CODE).
    code: text('code').primaryKey(),
    productType: text('product_type').$type<'MAINLINE' | 'ADDON' | 'VAS'>().notNull(),
    // Plans: FIBER, FIBER_TV; add-ons: ROUTERS, PAYTV; VAS: VOICE, STATIC_IP, SECURITY.
    productCategory: text('product_category').notNull(),
    // spec 7's plan-list query: the access technology (GPON for every fibre plan).
    serviceType: text('service_type').notNull().default('GPON'),
    name: text('name').notNull(),
    description: text('description').notNull(),
    customerCategories: text('customer_categories').array().$type<('RES' | 'SME')[]>().notNull(),
    speedMbps: integer('speed_mbps'),
    monthlyFeeCentavos: integer('monthly_fee_centavos').notNull(),
    // A plan's installation fee; an add-on's device fee.
    oneTimeFeeCentavos: integer('one_time_fee_centavos').notNull(),
    // Instalments the one-time fee may be spread over; null: outright only.
    staggerMonths: integer('stagger_months'),
    inclusions: jsonb('inclusions').$type<string[]>().notNull(),
    bundles: jsonb('bundles').$type<string[]>().notNull(),
    lockInMonths: integer('lock_in_months').notNull(),
    // PSGC region codes where it is offered.
    regions: text('regions').array().notNull(),
    maxQuantity: integer('max_quantity').notNull(),
    faqs: jsonb('faqs').$type<{ question: string; answer: string }[]>().notNull(),
    sortOrder: integer('sort_order').notNull(),
    // Off: still answered by code (a cart that holds it), never listed.
    active: boolean('active').notNull().default(true),
    // Seeded demo line-up, not an operator's prices (services/catalog/lineup.ts).
    demo: boolean('demo').notNull().default(false),
  },
  (t) => [index('products_type_idx').on(t.productType, t.productCategory)],
)
