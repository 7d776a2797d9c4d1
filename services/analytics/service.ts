/**
 * First-party analytics (issue 17 item 5; spec 7; docs/decisions/0051): counts page views,
 * events and web-vitals samples per day, and answers the operator's report. What it is given
 * has been checked against lib/analytics-schemas.ts; what it keeps is counts (tables.ts).
 */
import { asc, desc, gte, lt, sql } from 'drizzle-orm'
import type { AnalyticsBatch } from '../../lib/analytics-schemas.ts'
import { WEB_VITALS, type AnalyticsEvent, type HeaderLink, type WebVital } from '../../lib/analytics.ts'
import { addDays, manilaDate } from '../../lib/manila-time.ts'
import type { ServiceDeps } from '../context.ts'
import { bucketOf, p75 } from './buckets.ts'
import { events, pageViews, vitalBuckets } from './tables.ts'

/** Days of counts kept; older rows are deleted (docs/operations.md, Analytics). */
export const RETENTION_DAYS = 90
/** The report's longest window. */
export const MAX_REPORT_DAYS = 90

export type VitalSummary = { p75: number; samples: number }
export type AnalyticsReport = {
  /** The first and last day of the window (Philippine dates, 'YYYY-MM-DD'). */
  from: string
  to: string
  pageViews: { day: string; page: string; views: number }[]
  events: { day: string; name: AnalyticsEvent; link: HeaderLink | null; count: number }[]
  vitals: ({ page: string } & Record<WebVital, VitalSummary | null>)[]
}

/** How many of each key: the batch's rows become one upsert per distinct row. */
function tally<T>(items: readonly T[], key: (item: T) => string): Map<string, { item: T; count: number }> {
  const counts = new Map<string, { item: T; count: number }>()
  for (const item of items) {
    const k = key(item)
    const entry = counts.get(k)
    if (entry) entry.count++
    else counts.set(k, { item, count: 1 })
  }
  return counts
}

export function createAnalyticsService(deps: ServiceDeps) {
  // The day the old rows were last deleted by this instance: once a day is enough.
  let prunedOn: string | null = null

  async function prune(today: string) {
    if (prunedOn === today) return
    prunedOn = today
    const before = addDays(today, -RETENTION_DAYS)
    await deps.db.delete(pageViews).where(lt(pageViews.day, before))
    await deps.db.delete(events).where(lt(events.day, before))
    await deps.db.delete(vitalBuckets).where(lt(vitalBuckets.day, before))
  }

  return {
    /** Adds a batch's page views, events and samples to today's counts. */
    async record(batch: AnalyticsBatch): Promise<void> {
      const day = manilaDate(deps.now())
      await prune(day)
      const views = [...tally(batch.pageViews, (view) => view.page).values()]
      const eventCounts = [
        ...tally(batch.events, (event) => `${event.name} ${'link' in event ? event.link : ''}`).values(),
      ]
      const samples = batch.vitals.map((sample) => ({ ...sample, bucket: bucketOf(sample.metric, sample.value) }))
      const bucketCounts = [...tally(samples, (sample) => `${sample.page} ${sample.metric} ${sample.bucket}`).values()]
      await deps.db.transaction(async (tx) => {
        if (views.length > 0) {
          await tx
            .insert(pageViews)
            .values(views.map(({ item, count }) => ({ day, page: item.page, views: count })))
            .onConflictDoUpdate({
              target: [pageViews.day, pageViews.page],
              set: { views: sql`${pageViews.views} + excluded.views` },
            })
        }
        if (eventCounts.length > 0) {
          await tx
            .insert(events)
            .values(
              eventCounts.map(({ item, count }) => ({
                day,
                name: item.name,
                link: 'link' in item ? item.link : ('' as const),
                count,
              })),
            )
            .onConflictDoUpdate({
              target: [events.day, events.name, events.link],
              set: { count: sql`${events.count} + excluded.count` },
            })
        }
        if (bucketCounts.length > 0) {
          await tx
            .insert(vitalBuckets)
            .values(
              bucketCounts.map(({ item, count }) => ({
                day,
                page: item.page,
                metric: item.metric,
                bucket: item.bucket,
                samples: count,
              })),
            )
            .onConflictDoUpdate({
              target: [vitalBuckets.day, vitalBuckets.page, vitalBuckets.metric, vitalBuckets.bucket],
              set: { samples: sql`${vitalBuckets.samples} + excluded.samples` },
            })
        }
      })
    },

    /** The last `days` days up to today: page views and events per day, and each page's p75 over the window. */
    async report(days: number): Promise<AnalyticsReport> {
      const to = manilaDate(deps.now())
      const from = addDays(to, -(days - 1))
      const [viewRows, eventRows, bucketRows] = await Promise.all([
        deps.db
          .select()
          .from(pageViews)
          .where(gte(pageViews.day, from))
          .orderBy(desc(pageViews.day), desc(pageViews.views), asc(pageViews.page)),
        deps.db
          .select()
          .from(events)
          .where(gte(events.day, from))
          .orderBy(desc(events.day), asc(events.name), asc(events.link)),
        deps.db
          .select({
            page: vitalBuckets.page,
            metric: vitalBuckets.metric,
            bucket: vitalBuckets.bucket,
            samples: sql<number>`sum(${vitalBuckets.samples})::int`,
          })
          .from(vitalBuckets)
          .where(gte(vitalBuckets.day, from))
          .groupBy(vitalBuckets.page, vitalBuckets.metric, vitalBuckets.bucket),
      ])
      const byPage = new Map<string, Map<WebVital, Map<number, number>>>()
      for (const row of bucketRows) {
        let metrics = byPage.get(row.page)
        if (!metrics) byPage.set(row.page, (metrics = new Map()))
        let counts = metrics.get(row.metric)
        if (!counts) metrics.set(row.metric, (counts = new Map()))
        counts.set(row.bucket, Number(row.samples))
      }
      const vitals = [...byPage.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([page, metrics]) => {
          const summary = Object.fromEntries(
            WEB_VITALS.map((metric) => {
              const counts = metrics.get(metric)
              const value = counts ? p75(metric, counts) : null
              if (!counts || value === null) return [metric, null]
              const samples = [...counts.values()].reduce((sum, n) => sum + n, 0)
              return [metric, { p75: metric === 'CLS' ? round(value, 3) : Math.round(value), samples }]
            }),
          ) as Record<WebVital, VitalSummary | null>
          return { page, ...summary }
        })
      return {
        from,
        to,
        pageViews: viewRows.map((row) => ({ day: row.day, page: row.page, views: row.views })),
        events: eventRows.map((row) => ({
          day: row.day,
          name: row.name,
          link: row.link === '' ? null : row.link,
          count: row.count,
        })),
        vitals,
      }
    },
  }
}

function round(value: number, digits: number) {
  const scale = 10 ** digits
  return Math.round(value * scale) / scale
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>
