/**
 * What one analytics call may carry (docs/decisions/0051), checked by the portal's endpoint and
 * again by the analytics service: known event and link names, known metrics with bounded
 * values, route patterns (never URLs), and at most MAX_ITEMS_PER_KIND of each. Nothing in it
 * names a person, a browser or a visit.
 */
import { z } from 'zod'
import {
  ANALYTICS_EVENTS,
  HEADER_LINKS,
  MAX_ITEMS_PER_KIND,
  MAX_PAGE_LENGTH,
  PAGE_PATTERN,
  WEB_VITALS,
  WEB_VITAL_LIMITS,
} from './analytics.ts'

export const PagePatternSchema = z.string().max(MAX_PAGE_LENGTH).regex(PAGE_PATTERN)

export const AnalyticsEventSchema = z.discriminatedUnion('name', [
  z.strictObject({ name: z.literal('header-link'), link: z.enum(HEADER_LINKS) }),
  z.strictObject({ name: z.enum(ANALYTICS_EVENTS.filter((name) => name !== 'header-link') as ['register', 'login']) }),
])

export const WebVitalSampleSchema = z
  .strictObject({ page: PagePatternSchema, metric: z.enum(WEB_VITALS), value: z.number().min(0) })
  .refine((sample) => sample.value <= WEB_VITAL_LIMITS[sample.metric], {
    message: 'The value is out of range for its metric.',
    path: ['value'],
  })

export const AnalyticsBatchSchema = z.strictObject({
  pageViews: z
    .array(z.strictObject({ page: PagePatternSchema }))
    .max(MAX_ITEMS_PER_KIND)
    .default([]),
  events: z.array(AnalyticsEventSchema).max(MAX_ITEMS_PER_KIND).default([]),
  vitals: z.array(WebVitalSampleSchema).max(MAX_ITEMS_PER_KIND).default([]),
})
export type AnalyticsBatch = z.output<typeof AnalyticsBatchSchema>
export type AnalyticsBatchInput = z.input<typeof AnalyticsBatchSchema>
