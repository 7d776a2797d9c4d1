/**
 * The catalogue's queries (issue 9): the plan list of spec 3's query, a product by code,
 * categories, comparison, FAQs, the add-ons for a plan and recommendations. The orders
 * service prices carts through `productsByCode` (this module, not the table), so the
 * catalogue keeps its table to itself.
 */
import { and, arrayContains, asc, eq, inArray } from 'drizzle-orm'
import {
  documentsFor,
  instalmentsOf,
  toPesos,
  type CustomerCategory,
  type Instalments,
  type ProductType,
  type RequiredDocuments,
} from '../../lib/catalog.ts'
import type { ServiceDeps } from '../context.ts'
import type { Executor } from '../db/client.ts'
import { ServiceError } from '../errors.ts'
import { PLAN_CATEGORY_NAMES } from './lineup.ts'
import { recommendPlans, type RecommendationAnswers } from './recommend.ts'
import { products } from './tables.ts'

type ProductRow = typeof products.$inferSelect

export type ProductView = {
  code: string
  productType: ProductType
  productCategory: string
  serviceType: string
  name: string
  description: string
  customerCategories: CustomerCategory[]
  /** Plans only. */
  speedMbps: number | null
  /** Pesos a month, VAT inclusive. */
  monthlyFee: number
  /** Pesos once: a plan's installation, an add-on's device. */
  installationFee: number
  staggerable: boolean
  /** The staggered instalments of the installation fee (lib/catalog.ts, instalmentsOf); null: outright only. */
  instalments: Instalments | null
  inclusions: string[]
  bundles: string[]
  lockInMonths: number
  regions: string[]
  maxQuantity: number
  /** spec 3: ROUTERS and PAYTV cart items carry item details (itemName, quantity). */
  itemDetails: boolean
  /** Plans only: the documents the price calls for (spec 5). */
  documents: RequiredDocuments | null
  /** Plans only: where its product terms are (the same code). */
  termsUrl: string | null
  /** Seeded demo data, not an operator's prices. */
  demo: boolean
}

export type PlanListQuery = {
  customerCategory: CustomerCategory
  serviceType?: string
  productCategory?: string
  region?: string
}

export function productView(row: ProductRow): ProductView {
  const plan = row.productType === 'MAINLINE'
  const monthlyFee = toPesos(row.monthlyFeeCentavos)
  return {
    code: row.code,
    productType: row.productType,
    productCategory: row.productCategory,
    serviceType: row.serviceType,
    name: row.name,
    description: row.description,
    customerCategories: row.customerCategories,
    speedMbps: row.speedMbps,
    monthlyFee,
    installationFee: toPesos(row.oneTimeFeeCentavos),
    staggerable: row.staggerMonths !== null && row.oneTimeFeeCentavos > 0,
    instalments:
      row.staggerMonths !== null && row.oneTimeFeeCentavos > 0
        ? instalmentsOf(row.oneTimeFeeCentavos, row.staggerMonths)
        : null,
    inclusions: row.inclusions,
    bundles: row.bundles,
    lockInMonths: row.lockInMonths,
    regions: row.regions,
    maxQuantity: row.maxQuantity,
    itemDetails: row.productCategory === 'ROUTERS' || row.productCategory === 'PAYTV',
    documents: plan ? documentsFor(monthlyFee) : null,
    termsUrl: plan ? `/terms-and-conditions?product=${encodeURIComponent(row.code)}` : null,
    demo: row.demo,
  }
}

export function planNotFound() {
  return new ServiceError(404, 'plan_not_found', 'No such plan.')
}

export type CatalogService = ReturnType<typeof createCatalogService>

export function createCatalogService({ db }: Pick<ServiceDeps, 'db'>) {
  async function listPlanRows(query: PlanListQuery): Promise<ProductRow[]> {
    return db
      .select()
      .from(products)
      .where(
        and(
          eq(products.productType, 'MAINLINE'),
          eq(products.active, true),
          arrayContains(products.customerCategories, [query.customerCategory]),
          query.serviceType ? eq(products.serviceType, query.serviceType) : undefined,
          query.productCategory ? eq(products.productCategory, query.productCategory) : undefined,
          query.region ? arrayContains(products.regions, [query.region]) : undefined,
        ),
      )
      .orderBy(asc(products.sortOrder), asc(products.code))
  }

  async function planRow(code: string): Promise<ProductRow> {
    const [row] = await db
      .select()
      .from(products)
      .where(and(eq(products.code, code), eq(products.productType, 'MAINLINE'), eq(products.active, true)))
    if (!row) throw planNotFound()
    return row
  }

  return {
    async listPlans(query: PlanListQuery): Promise<ProductView[]> {
      return (await listPlanRows(query)).map(productView)
    },

    async plan(code: string): Promise<ProductView> {
      return productView(await planRow(code))
    },

    /** The plan categories offered to this customer category (and region), with how many plans each and the lowest fee. */
    async categories(query: Pick<PlanListQuery, 'customerCategory' | 'region'>) {
      const rows = await listPlanRows(query)
      const byCategory = new Map<string, { code: string; name: string; planCount: number; fromMonthlyFee: number }>()
      for (const row of rows) {
        const fee = toPesos(row.monthlyFeeCentavos)
        const entry = byCategory.get(row.productCategory)
        if (entry) {
          entry.planCount += 1
          entry.fromMonthlyFee = Math.min(entry.fromMonthlyFee, fee)
        } else {
          const name = PLAN_CATEGORY_NAMES[row.productCategory] ?? row.productCategory
          byCategory.set(row.productCategory, { code: row.productCategory, name, planCount: 1, fromMonthlyFee: fee })
        }
      }
      return [...byCategory.values()]
    },

    /** 2 or 3 plans side by side, in the order asked. */
    async compare(codes: string[]): Promise<ProductView[]> {
      const unique = [...new Set(codes)]
      if (unique.length < 2 || unique.length > 3) {
        throw new ServiceError(400, 'invalid_request', 'Compare two or three different plans.')
      }
      const rows = await db
        .select()
        .from(products)
        .where(and(inArray(products.code, unique), eq(products.productType, 'MAINLINE'), eq(products.active, true)))
      return unique.map((code) => {
        const row = rows.find((candidate) => candidate.code === code)
        if (!row) throw planNotFound()
        return productView(row)
      })
    },

    async faqs(code: string) {
      return (await planRow(code)).faqs
    },

    /**
     * The ADDON and VAS products a cart with this plan may hold: offered to the plan's
     * customer category, and in the region (given, or any of the plan's).
     */
    async addOnsFor(code: string, region?: string): Promise<ProductView[]> {
      const plan = await planRow(code)
      const rows = await db
        .select()
        .from(products)
        .where(and(inArray(products.productType, ['ADDON', 'VAS']), eq(products.active, true)))
        .orderBy(asc(products.sortOrder), asc(products.code))
      const regions = region ? [region] : plan.regions
      return rows
        .filter((row) => row.customerCategories.some((category) => plan.customerCategories.includes(category)))
        .filter((row) => row.regions.some((candidate) => regions.includes(candidate)))
        .map(productView)
    },

    async recommend(query: Pick<PlanListQuery, 'customerCategory' | 'region'>, answers: RecommendationAnswers) {
      const plans = (await listPlanRows(query)).map(productView).map((view) => ({
        ...view,
        speedMbps: view.speedMbps ?? 0,
      }))
      return recommendPlans(plans, answers)
    },

    /**
     * Products by code, whatever their type, active or not (a cart may hold one since
     * withdrawn). `executor`: the caller's transaction, when it has one open (PGlite has
     * one connection: a query beside an open transaction would wait for it forever).
     */
    async productsByCode(codes: string[], executor: Executor = db): Promise<Map<string, ProductRow>> {
      if (codes.length === 0) return new Map()
      const rows = await executor.select().from(products).where(inArray(products.code, codes))
      return new Map(rows.map((row) => [row.code, row]))
    },
  }
}
