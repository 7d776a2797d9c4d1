/**
 * The content calls of spec 7, served from cms.documents:
 *   GET /cms/security/pages/web?name=terms_and_conditions|privacy_notice|cookie_policy|terms_of_use&source=…
 *   GET /cms/product-terms-and-conditions?product=…&source=…
 *   GET /v1/banners?source=…
 * The spec names footers and the landing image without paths; ours are
 *   GET /v1/footers?source=…
 *   GET /v1/landing-image?source=…
 * The help centre (spec 7, Content: help categories, featured FAQs, help answers by id and
 * source, knowledge base, videos; spec 1, help centre; services/cms/help.ts):
 *   GET /v1/help/categories?source=…
 *   GET /v1/faqs/featured?source=…
 *   GET /v1/help/answers?id={categoryId}&source=…     a category's answers
 *   GET /v1/help/answer?faqId={faqId}&source=…        one answer and its category
 *   GET /v1/knowledge-base?source=…
 *   GET /v1/videos?source=…
 *   GET /v1/help/search?q=…&source=…                  the spec names no path; ours
 * Every call takes the caller's source identifier ({product}Web or BIDA); the content
 * is the same for all sources.
 */
import { eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { ServiceDeps } from '../context.ts'
import { ServiceError, ok } from '../errors.ts'
import { LEGAL_PAGE_NAMES, documentName } from './documents.ts'
import { helpQueries, SEARCH_LIMITS } from './help.ts'
import { documents } from './tables.ts'

const SourceSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/)
const HelpIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/)
const SearchQuerySchema = z.string().max(SEARCH_LIMITS.queryLength * 2)
const ProductSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/)

function requireQuery<T>(c: Context, key: string, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(c.req.query(key))
  if (!parsed.success) throw new ServiceError(400, 'invalid_request', `Missing or invalid query parameter: ${key}.`)
  return parsed.data
}

export function cmsRoutes({ db }: ServiceDeps) {
  const app = new Hono()

  async function load(name: string, notFound: string) {
    const [row] = await db.select({ content: documents.content }).from(documents).where(eq(documents.name, name))
    if (!row) throw new ServiceError(404, 'not_found', notFound)
    return row.content
  }

  app.get('/cms/security/pages/web', async (c) => {
    requireQuery(c, 'source', SourceSchema)
    const name = requireQuery(c, 'name', z.enum(LEGAL_PAGE_NAMES))
    return c.json(ok(await load(documentName.legalPage(name), 'No such page.')))
  })

  app.get('/cms/product-terms-and-conditions', async (c) => {
    requireQuery(c, 'source', SourceSchema)
    const product = requireQuery(c, 'product', ProductSchema)
    return c.json(ok(await load(documentName.productTerms(product), 'No terms and conditions for this product.')))
  })

  app.get('/v1/banners', async (c) => {
    requireQuery(c, 'source', SourceSchema)
    return c.json(ok(await load(documentName.banners, 'No banners.')))
  })

  app.get('/v1/footers', async (c) => {
    requireQuery(c, 'source', SourceSchema)
    return c.json(ok(await load(documentName.footers, 'No footers.')))
  })

  app.get('/v1/landing-image', async (c) => {
    requireQuery(c, 'source', SourceSchema)
    return c.json(ok(await load(documentName.landingImage, 'No landing image.')))
  })

  const help = helpQueries(db)

  app.get('/v1/help/categories', async (c) => {
    requireQuery(c, 'source', SourceSchema)
    return c.json(ok(await help.categories()))
  })

  app.get('/v1/faqs/featured', async (c) => {
    requireQuery(c, 'source', SourceSchema)
    return c.json(ok(await help.featured()))
  })

  app.get('/v1/help/answers', async (c) => {
    requireQuery(c, 'source', SourceSchema)
    return c.json(ok(await help.answersOf(requireQuery(c, 'id', HelpIdSchema))))
  })

  app.get('/v1/help/answer', async (c) => {
    requireQuery(c, 'source', SourceSchema)
    return c.json(ok(await help.answer(requireQuery(c, 'faqId', HelpIdSchema))))
  })

  app.get('/v1/knowledge-base', async (c) => {
    requireQuery(c, 'source', SourceSchema)
    return c.json(ok(await help.ofKind('article')))
  })

  app.get('/v1/videos', async (c) => {
    requireQuery(c, 'source', SourceSchema)
    return c.json(ok(await help.ofKind('video')))
  })

  app.get('/v1/help/search', async (c) => {
    requireQuery(c, 'source', SourceSchema)
    return c.json(ok(await help.search(requireQuery(c, 'q', SearchQuerySchema))))
  })

  return app
}
