/**
 * The catalogue's calls (spec 7: plans, category plan list, compare, recommendations,
 * add-ons, plan FAQs, TV config). Public: no bearer token (spec 6). The spec names the
 * calls, not their paths; ours are
 *   GET /v1/plans?customerCategory=&region=&productCategory=&serviceType=…  (spec 3's plan-list query)
 *   GET /v1/plans/categories?customerCategory=&region=
 *   GET /v1/plans/compare?codes=a,b[,c]
 *   GET /v1/plans/:code
 *   GET /v1/plans/:code/faqs
 *   GET /v1/plans/:code/add-ons?region=
 *   GET /v2/plans/recommendations?customerCategory=&region=&devices=&usage=a,b&timeOfDay=
 *   GET /v1/tv-config
 */
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import {
  CUSTOMER_CATEGORIES,
  CustomerCategorySchema,
  DATA_USAGES,
  MAX_DEVICES,
  ProductCodeSchema,
  RegionCodeSchema,
  TIMES_OF_DAY,
  type CustomerCategory,
} from '../../lib/catalog.ts'
import { settingsOf, type ServiceDeps } from '../context.ts'
import { ServiceError, ok } from '../errors.ts'
import { fieldErrorsOf } from '../validation.ts'
import { createCatalogService, planNotFound, type CatalogService } from './service.ts'

const optionalText = z.string().trim().min(1).max(60).optional()

/**
 * spec 3's plan-list query. customerCategory (RES or SME) chooses the plans; customerType
 * and customerSegment (Residential or SME) are other spellings of it, read when it is
 * absent. isSalesAgent, requestType, userType and applicationType are accepted and do not
 * change the list: every channel sees the same catalogue.
 */
export const PlanListQuerySchema = z.object({
  customerCategory: CustomerCategorySchema.optional(),
  customerType: CustomerCategorySchema.optional(),
  customerSegment: z.enum(['Residential', 'SME']).optional(),
  serviceType: optionalText,
  productCategory: optionalText,
  region: RegionCodeSchema.optional(),
  isSalesAgent: z.enum(['true', 'false']).optional(),
  requestType: optionalText,
  userType: optionalText,
  applicationType: optionalText,
})

function categoryOf(query: z.infer<typeof PlanListQuerySchema>): CustomerCategory {
  if (query.customerCategory) return query.customerCategory
  if (query.customerType) return query.customerType
  if (query.customerSegment) return query.customerSegment === 'SME' ? 'SME' : 'RES'
  return CUSTOMER_CATEGORIES[0]
}

/** `a,b,c` as a list of items (a query carries each list as one value). */
const commaList = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value), z.array(item))

export const RecommendationQuerySchema = z.object({
  customerCategory: CustomerCategorySchema.default('RES'),
  region: RegionCodeSchema.optional(),
  devices: z.coerce.number().int().min(1).max(MAX_DEVICES),
  usage: commaList(z.enum(DATA_USAGES)).default([]),
  timeOfDay: z.enum(TIMES_OF_DAY),
})

function queryOf<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.query())
  if (!parsed.success) {
    throw new ServiceError(400, 'invalid_request', 'Some query parameters are not valid.', fieldErrorsOf(parsed.error))
  }
  return parsed.data
}

function codeOf(c: Context): string {
  const parsed = ProductCodeSchema.safeParse(c.req.param('code'))
  if (!parsed.success) throw planNotFound()
  return parsed.data
}

export function catalogRoutes(deps: ServiceDeps, service: CatalogService = createCatalogService(deps)) {
  const app = new Hono()

  app.get('/v1/plans', async (c) => {
    const query = queryOf(c, PlanListQuerySchema)
    return c.json(
      ok(
        await service.listPlans({
          customerCategory: categoryOf(query),
          serviceType: query.serviceType,
          productCategory: query.productCategory,
          region: query.region,
        }),
      ),
    )
  })

  app.get('/v1/plans/categories', async (c) => {
    const query = queryOf(c, PlanListQuerySchema)
    return c.json(ok(await service.categories({ customerCategory: categoryOf(query), region: query.region })))
  })

  app.get('/v1/plans/compare', async (c) => {
    const { codes } = queryOf(c, z.object({ codes: commaList(ProductCodeSchema) }))
    return c.json(ok(await service.compare(codes)))
  })

  app.get('/v2/plans/recommendations', async (c) => {
    const { customerCategory, region, devices, usage, timeOfDay } = queryOf(c, RecommendationQuerySchema)
    return c.json(ok(await service.recommend({ customerCategory, region }, { devices, usages: usage, timeOfDay })))
  })

  app.get('/v1/plans/:code', async (c) => c.json(ok(await service.plan(codeOf(c)))))

  app.get('/v1/plans/:code/faqs', async (c) => c.json(ok(await service.faqs(codeOf(c)))))

  app.get('/v1/plans/:code/add-ons', async (c) => {
    const { region } = queryOf(c, z.object({ region: RegionCodeSchema.optional() }))
    return c.json(ok(await service.addOnsFor(codeOf(c), region)))
  })

  // spec 1 and 7: the streaming-TV partner button shows only when this says enabled (settings: STREAMING_TV_*).
  app.get('/v1/tv-config', (c) => c.json(ok(settingsOf(deps).tvPartner)))

  return app
}
