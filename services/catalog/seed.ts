/**
 * Seeds the demo line-up (services/catalog/lineup.ts) where a product is missing, so a
 * second run, or an operator's edits to catalog.products, are left alone.
 */
import { toCentavos } from '../../lib/catalog.ts'
import type { Database } from '../db/client.ts'
import { LINEUP, type LineupProduct } from './lineup.ts'
import { products } from './tables.ts'

export function productRow(product: LineupProduct, sortOrder: number): typeof products.$inferInsert {
  return {
    code: product.code,
    productType: product.productType,
    productCategory: product.productCategory,
    name: product.name,
    description: product.description,
    customerCategories: product.customerCategories,
    speedMbps: product.speedMbps,
    monthlyFeeCentavos: toCentavos(product.monthlyFee),
    oneTimeFeeCentavos: toCentavos(product.oneTimeFee),
    staggerMonths: product.staggerMonths,
    inclusions: product.inclusions,
    bundles: product.bundles,
    lockInMonths: product.lockInMonths,
    regions: product.regions,
    maxQuantity: product.maxQuantity,
    faqs: product.faqs,
    sortOrder,
    demo: true,
  }
}

export async function seedCatalog(db: Database): Promise<Record<string, number>> {
  const added = await db
    .insert(products)
    .values(LINEUP.map((product, index) => productRow(product, (index + 1) * 10)))
    .onConflictDoNothing({ target: products.code })
    .returning({ code: products.code })
  return { catalogProducts: added.length }
}
