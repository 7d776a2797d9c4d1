/**
 * The portal's calls to the catalogue (spec 7: plans, category plan list, compare,
 * recommendations, add-ons, plan FAQs, TV config; docs/decisions/0026). Public content:
 * no bearer token, cached briefly like the CMS's (CMS_CACHE_SECONDS).
 */
import { z } from 'zod'
import {
  CUSTOMER_CATEGORIES,
  PRODUCT_TYPES,
  type CustomerCategory,
  type DataUsage,
  type TimeOfDay,
} from '../../lib/catalog'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'
import { UpstreamError } from './errors'

const Pesos = z.number().nonnegative()

export const InstalmentsSchema = z.object({
  months: z.number().int().positive(),
  amount: Pesos,
  lastAmount: Pesos,
})

export const ProductSchema = z.object({
  code: z.string().min(1),
  productType: z.enum(PRODUCT_TYPES),
  productCategory: z.string().min(1),
  serviceType: z.string(),
  name: z.string().min(1),
  description: z.string(),
  customerCategories: z.array(z.enum(CUSTOMER_CATEGORIES)),
  speedMbps: z.number().int().positive().nullable(),
  monthlyFee: Pesos,
  installationFee: Pesos,
  staggerable: z.boolean(),
  instalments: InstalmentsSchema.nullable(),
  inclusions: z.array(z.string()),
  bundles: z.array(z.string()),
  lockInMonths: z.number().int().nonnegative(),
  regions: z.array(z.string()),
  maxQuantity: z.number().int().positive(),
  itemDetails: z.boolean(),
  documents: z.object({ proofOfBilling: z.enum(['required', 'optional']), proofOfIncome: z.boolean() }).nullable(),
  termsUrl: z.string().startsWith('/terms-and-conditions?product=').nullable(),
  demo: z.boolean(),
})
export type Product = z.infer<typeof ProductSchema>

export const PlanCategorySchema = z.object({
  code: z.string().min(1),
  name: z.string().min(1),
  planCount: z.number().int().nonnegative(),
  fromMonthlyFee: Pesos,
})
export type PlanCategory = z.infer<typeof PlanCategorySchema>

export const FaqSchema = z.object({ question: z.string().min(1), answer: z.string().min(1) })
export type Faq = z.infer<typeof FaqSchema>

export const RecommendationsSchema = z.object({
  neededMbps: z.number().int().positive(),
  recommendations: z.array(
    z.object({ plan: ProductSchema, fit: z.enum(['best', 'more-room']), reasons: z.array(z.string().min(1)) }),
  ),
})
export type Recommendations = z.infer<typeof RecommendationsSchema>

export const TvConfigSchema = z.object({
  enabled: z.boolean(),
  partnerName: z.string().min(1),
  imageUrl: z.url().nullable(),
  linkUrl: z.url().nullable(),
})
export type TvConfig = z.infer<typeof TvConfigSchema>

/** spec 3's plan-list query, as the portal fills it. */
export type PlanListQuery = {
  customerCategory: CustomerCategory
  /** A PSGC region code ('13'): the visitor's serviceability region, when known. */
  region?: string
  productCategory?: string
  isSalesAgent?: boolean
}

export type RecommendationQuery = {
  customerCategory: CustomerCategory
  region?: string
  devices: number
  usages: DataUsage[]
  timeOfDay: TimeOfDay
}

/** The plan, or null when there is no such plan (a 404); any other failure is thrown. */
async function nullWhenNotFound<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === 'rejected' && error.status === 404) return null
    throw error
  }
}

export function catalogCalls(client: UpstreamClient, options: { cacheSeconds: number }) {
  const { cacheSeconds } = options
  return {
    /** spec 3's plan-list query: the plans of a customer category, in a region when given. */
    plans: (query: PlanListQuery) =>
      client.call({
        name: 'catalog.plans',
        method: 'GET',
        path: '/v1/plans',
        query: {
          serviceType: 'GPON',
          customerCategory: query.customerCategory,
          region: query.region,
          productCategory: query.productCategory,
          isSalesAgent: query.isSalesAgent,
        },
        schema: envelope(z.array(ProductSchema)),
        cacheSeconds,
      }),

    categories: (query: Pick<PlanListQuery, 'customerCategory' | 'region'>) =>
      client.call({
        name: 'catalog.categories',
        method: 'GET',
        path: '/v1/plans/categories',
        query: { customerCategory: query.customerCategory, region: query.region },
        schema: envelope(z.array(PlanCategorySchema)),
        cacheSeconds,
      }),

    /** A plan, or null when the code names none. */
    plan: (code: string) =>
      nullWhenNotFound(
        client.call({
          name: 'catalog.plan',
          method: 'GET',
          path: `/v1/plans/${encodeURIComponent(code)}`,
          schema: envelope(ProductSchema),
          cacheSeconds,
        }),
      ),

    /** 2 or 3 plans in the order given; a 400 (other counts) or 404 (an unknown code) is an UpstreamError. */
    compare: (codes: string[]) =>
      client.call({
        name: 'catalog.compare',
        method: 'GET',
        path: '/v1/plans/compare',
        query: { codes: codes.join(',') },
        schema: envelope(z.array(ProductSchema)),
        cacheSeconds,
      }),

    faqs: (code: string) =>
      nullWhenNotFound(
        client.call({
          name: 'catalog.faqs',
          method: 'GET',
          path: `/v1/plans/${encodeURIComponent(code)}/faqs`,
          schema: envelope(z.array(FaqSchema)),
          cacheSeconds,
        }),
      ),

    /** The ADDON and VAS products offered with a plan (in the region, when given); null: no such plan. */
    addOns: (code: string, region?: string) =>
      nullWhenNotFound(
        client.call({
          name: 'catalog.addOns',
          method: 'GET',
          path: `/v1/plans/${encodeURIComponent(code)}/add-ons`,
          query: { region },
          schema: envelope(z.array(ProductSchema)),
          cacheSeconds,
        }),
      ),

    recommendations: (query: RecommendationQuery) =>
      client.call({
        name: 'catalog.recommendations',
        method: 'GET',
        path: '/v2/plans/recommendations',
        query: {
          customerCategory: query.customerCategory,
          region: query.region,
          devices: query.devices,
          usage: query.usages.join(','),
          timeOfDay: query.timeOfDay,
        },
        schema: envelope(RecommendationsSchema),
        cacheSeconds,
      }),

    tvConfig: () =>
      client.call({
        name: 'catalog.tvConfig',
        method: 'GET',
        path: '/v1/tv-config',
        schema: envelope(TvConfigSchema),
        cacheSeconds,
      }),
  }
}
