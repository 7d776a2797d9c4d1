/**
 * The help centre's content calls (spec 7, Content: help categories, featured FAQs, help
 * answers by id and source, knowledge base, videos; services/cms/routes.ts). Public, cached
 * like the other content for CMS_CACHE_SECONDS, except search, whose answers vary with
 * every query. Answers are plain text (services/cms/tables.ts, helpEntries).
 */
import { z } from 'zod'
import type { UpstreamClient } from './client.server'
import { envelope } from './envelope'

export const HelpEntrySchema = z.object({
  faqId: z.string(),
  categoryId: z.string(),
  kind: z.enum(['faq', 'article', 'video']),
  question: z.string(),
  answer: z.string(),
  featured: z.boolean(),
  videoUrl: z.string().nullable(),
})
export type HelpEntry = z.infer<typeof HelpEntrySchema>

export const HelpCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  entryCount: z.number().int().nonnegative(),
})
export type HelpCategory = z.infer<typeof HelpCategorySchema>

const CategoryRefSchema = z.object({ id: z.string(), name: z.string(), description: z.string() })

export function helpCalls(client: UpstreamClient, options: { source: string; cacheSeconds: number }) {
  const { source, cacheSeconds } = options
  const get = <T>(name: string, path: string, schema: z.ZodType<T>, query: Record<string, string> = {}) =>
    client.call({
      name: `help.${name}`,
      method: 'GET',
      path,
      query: { ...query, source },
      schema: envelope(schema),
      cacheSeconds,
    })
  return {
    categories: () => get('categories', '/v1/help/categories', z.array(HelpCategorySchema)),
    featured: () => get('featured', '/v1/faqs/featured', z.array(HelpEntrySchema)),
    /** A category's answers; rejected with 404 for an unknown category. */
    answers: (categoryId: string) =>
      get('answers', '/v1/help/answers', z.object({ category: CategoryRefSchema, answers: z.array(HelpEntrySchema) }), {
        id: categoryId,
      }),
    /** One answer and its category; rejected with 404 for an unknown faqId. */
    answer: (faqId: string) =>
      get('answer', '/v1/help/answer', z.object({ entry: HelpEntrySchema, category: CategoryRefSchema }), { faqId }),
    knowledgeBase: () => get('knowledgeBase', '/v1/knowledge-base', z.array(HelpEntrySchema)),
    videos: () => get('videos', '/v1/videos', z.array(HelpEntrySchema)),
    search: (q: string) =>
      client.call({
        name: 'help.search',
        method: 'GET',
        path: '/v1/help/search',
        query: { q, source },
        schema: envelope(z.object({ query: z.string(), results: z.array(HelpEntrySchema) })),
      }),
  }
}
