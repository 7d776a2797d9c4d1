/**
 * First-party analytics through the real gateway (issue 17 item 5; docs/decisions/0051):
 * counts per day, p75 from the buckets, nothing personal stored, bad input refused, the report
 * for operators only, and old days deleted.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signAccessToken, signedCall, startTestGateway, type TestGateway } from '../testing.ts'
import { bucketOf, p75 } from './buckets.ts'
import { RETENTION_DAYS } from './service.ts'

// 01:00 UTC is 09:00 in Manila: the counts' day is the Philippine date.
let nowMs = Date.parse('2025-06-02T01:00:00Z')
const now = () => new Date(nowMs)
const DAY_MS = 24 * 60 * 60 * 1000

let t: TestGateway
beforeAll(async () => {
  t = await startTestGateway({ seed: false, now, signatureClock: () => new Date() })
})
afterAll(() => t?.close())

const collect = (body: unknown) => signedCall(t, 'POST', '/v1/analytics/collect', { body })

async function report(roles: string[], days = 14) {
  const token = await signAccessToken(t, { sub: crypto.randomUUID(), realm_access: { roles } })
  return signedCall(t, 'GET', `/v1/analytics/report?days=${days}`, { headers: { authorization: `Bearer ${token}` } })
}
const operatorReport = async () => (await report(['base', 'operator'])).body.data

async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows
}

describe('analytics', () => {
  it('counts page views and events per day, adding up across calls', async () => {
    expect(
      (
        await collect({
          pageViews: [{ page: '/plans' }, { page: '/plans' }, { page: '/plans/:code' }],
          events: [{ name: 'header-link', link: 'plans' }, { name: 'login' }],
        })
      ).status,
    ).toBe(200)
    await collect({ pageViews: [{ page: '/plans' }], events: [{ name: 'header-link', link: 'plans' }] })
    const data = await operatorReport()
    expect(data.to).toBe('2025-06-02')
    expect(data.from).toBe('2025-05-20')
    expect(data.pageViews).toEqual([
      { day: '2025-06-02', page: '/plans', views: 3 },
      { day: '2025-06-02', page: '/plans/:code', views: 1 },
    ])
    expect(data.events).toEqual([
      { day: '2025-06-02', name: 'header-link', link: 'plans', count: 2 },
      { day: '2025-06-02', name: 'login', link: null, count: 1 },
    ])
  })

  it('answers each page’s LCP, INP and CLS at the 75th percentile with the count of samples', async () => {
    const lcp = [1000, 2000, 3000, 4000].map((value) => ({ page: '/help', metric: 'LCP', value }))
    const cls = [0, 0, 0.05, 0.2].map((value) => ({ page: '/help', metric: 'CLS', value }))
    await collect({ vitals: [...lcp, ...cls, { page: '/help', metric: 'INP', value: 180 }] })
    const help = (await operatorReport()).vitals.find((row: { page: string }) => row.page === '/help')
    // The third of four samples, read from its bucket: within the buckets' 8% of 3000 ms.
    expect(help.LCP.samples).toBe(4)
    expect(help.LCP.p75).toBeGreaterThanOrEqual(3000 / 1.08)
    expect(help.LCP.p75).toBeLessThanOrEqual(3000 * 1.08)
    expect(help.CLS.samples).toBe(4)
    expect(help.CLS.p75).toBeGreaterThan(0.04)
    expect(help.CLS.p75).toBeLessThanOrEqual(0.05 * 1.08)
    expect(help.INP).toEqual({ samples: 1, p75: expect.any(Number) })
    expect(Math.abs(help.INP.p75 - 180)).toBeLessThanOrEqual(180 * 0.08)
  })

  it('keeps counts only: no column could hold a person, an address, a browser or a visit', async () => {
    const columns = await rowsOf<{ table_name: string; column_name: string }>(
      sql`SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'analytics' ORDER BY table_name, ordinal_position`,
    )
    expect(columns.map((row) => `${row.table_name}.${row.column_name}`)).toEqual([
      'events.day',
      'events.name',
      'events.link',
      'events.count',
      'page_views.day',
      'page_views.page',
      'page_views.views',
      'vital_buckets.day',
      'vital_buckets.page',
      'vital_buckets.metric',
      'vital_buckets.bucket',
      'vital_buckets.samples',
    ])
  })

  it('refuses a batch with a field of its own, a URL, an unknown name or metric, a value out of range, or too many items; counting none of it', async () => {
    const before = await operatorReport()
    const refused = [
      { pageViews: [{ page: '/plans', visitorId: 'x' }] },
      { userId: 'u', events: [{ name: 'login' }] },
      { pageViews: [{ page: '/plans?code=FIBER1500' }] },
      { pageViews: [{ page: 'https://example.com/plans' }] },
      { events: [{ name: 'purchase' }] },
      { events: [{ name: 'header-link', link: 'https://evil.example' }] },
      { vitals: [{ page: '/', metric: 'FID', value: 10 }] },
      { vitals: [{ page: '/', metric: 'LCP', value: -1 }] },
      { vitals: [{ page: '/', metric: 'LCP', value: 120_001 }] },
      { pageViews: Array.from({ length: 21 }, () => ({ page: '/' })) },
    ]
    for (const body of refused) expect({ body, status: (await collect(body)).status }).toEqual({ body, status: 422 })
    expect(await operatorReport()).toEqual(before)
  })

  it('gives the report to operators only', async () => {
    expect((await signedCall(t, 'GET', '/v1/analytics/report')).status).toBe(401)
    expect((await report(['base', 'customer'])).status).toBe(403)
    expect((await report(['base', 'sales-admin'])).status).toBe(403)
    expect((await report(['base', 'operator'])).status).toBe(200)
    expect((await report(['base', 'operator'], 0)).status).toBe(400)
  })

  it(`deletes the days older than ${RETENTION_DAYS} on the first count of a later day`, async () => {
    await collect({ pageViews: [{ page: '/retention' }] })
    nowMs += (RETENTION_DAYS + 1) * DAY_MS
    await collect({ pageViews: [{ page: '/later' }] })
    const rows = await rowsOf<{ page: string }>(sql`SELECT page FROM analytics.page_views`)
    expect(rows.map((row) => row.page)).toEqual(['/later'])
  })
})

describe('buckets', () => {
  it('puts 0 in the first bucket and the limit in the last', () => {
    expect(bucketOf('LCP', 0)).toBe(0)
    expect(bucketOf('LCP', 120_000)).toBeGreaterThan(bucketOf('LCP', 100_000))
    expect(p75('LCP', new Map())).toBeNull()
  })
})
