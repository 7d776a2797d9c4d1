import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createUpstreamClient } from '../../app/upstream/client.server.ts'
import { isUpstreamError } from '../../app/upstream/errors.ts'
import { openTestDatabase } from '../../services/testing.ts'
import { startTestUpstream, type TestUpstream } from '../support/upstream.ts'
import { cmsSeedDocuments, seedCms } from '../../services/cms/seed.ts'
import { helpCategorySeeds, helpEntrySeeds } from '../../services/cms/content/help.ts'

let t: TestUpstream
beforeAll(async () => {
  // No content cache, so every call below reads what the database holds now.
  t = await startTestUpstream({ seed: true, env: { CMS_CACHE_SECONDS: '0' } })
})
afterAll(() => t?.close())

describe('cms legal pages', () => {
  it('serves the general terms and conditions, last updated July 27, 2020, with the product name filled in', async () => {
    const terms = await t.upstream.cms.termsAndConditions()
    expect(terms.title).toBe('Terms and Conditions')
    expect(terms.last_updated_date).toBe('2020-07-27')
    const headings = terms.headingDescriptionList.map((item) => item.heading)
    expect(headings).toEqual(
      expect.arrayContaining(['Billing and payment', 'Lock-in period', 'Fair use', 'Governing law and complaints']),
    )
    const text = JSON.stringify(terms)
    expect(text).toContain(t.config.PRODUCT_NAME)
    expect(text).not.toContain('{product}')
  })

  it('serves the privacy notice as a question and answer list', async () => {
    const notice = await t.upstream.cms.privacyNotice()
    expect(notice.title).toBe('Privacy Notice')
    expect(notice.introduction).toContain('Republic Act No. 10173')
    expect(notice.questionAnswerList.map((item) => item.question)).toContain('What are your rights as a data subject?')
  })

  it('serves the cookie policy as a question and answer list', async () => {
    const policy = await t.upstream.cms.cookiePolicy()
    expect(policy.title).toBe('Cookie Policy')
    expect(policy.questionAnswerList.length).toBeGreaterThanOrEqual(4)
    expect(JSON.stringify(policy)).toContain('cookieAccepted')
  })

  it('serves the terms of use with headings and an introduction', async () => {
    const terms = await t.upstream.cms.termsOfUse()
    expect(terms.title).toBe('Terms of Use')
    expect(terms.introduction).not.toBe('')
    expect(terms.headingDescriptionList.length).toBeGreaterThanOrEqual(5)
  })

  it('refuses a page name outside the four legal pages with 400', async () => {
    const client = createUpstreamClient({
      fetch: t.fetch,
      baseUrl: 'http://upstream.internal',
      channel: t.config.channel,
      secret: t.config.upstreamSecret,
      scheme: t.config.UPSTREAM_SIGNATURE_SCHEME,
      timeoutMs: 5000,
      retryDelayMs: 0,
    })
    const call = (name: string) =>
      client.call({
        name: 'test',
        method: 'GET',
        path: '/cms/security/pages/web',
        query: { name, source: t.config.sourceId },
        schema: z.unknown(),
      })
    const error = await call('secrets').catch((e: unknown) => e)
    expect(isUpstreamError(error) && error.status).toBe(400)
  })
})

describe('cms product terms', () => {
  it('serves the terms of a known product', async () => {
    const terms = await t.upstream.cms.productTerms('fiber-plan-1699')
    expect(terms.title).toBe('Fiber Plan 1699 Terms and Conditions')
    expect(JSON.stringify(terms.headingDescriptionList)).toContain('₱1,699.00')
  })

  it('answers 404 in the error envelope for an unknown product', async () => {
    const error = await t.upstream.cms.productTerms('fiber-plan-0').catch((e: unknown) => e)
    expect(isUpstreamError(error) && error.kind).toBe('rejected')
    expect(isUpstreamError(error) && error.status).toBe(404)
    expect(isUpstreamError(error) && error.serverMessage).toBe('No terms and conditions for this product.')
  })
})

describe('cms landing content', () => {
  it('serves banners with in-portal calls to action', async () => {
    const banners = await t.upstream.cms.banners()
    expect(banners.length).toBeGreaterThanOrEqual(2)
    for (const banner of banners) expect(banner.link.href).toMatch(/^\/[A-Za-z]/)
  })

  it('serves footers and a landing image from this site', async () => {
    const [footers, image] = await Promise.all([t.upstream.cms.footers(), t.upstream.cms.landingImage()])
    expect(footers.headingDescriptionList.length).toBeGreaterThan(0)
    expect(image.src).toBe('/landing-hero.svg')
  })
})

describe('cms seed', () => {
  it('adds every document to an empty database and says how many', async () => {
    const database = await openTestDatabase()
    try {
      expect(await seedCms(database.db, { productName: 'Hibla' })).toEqual({
        cmsDocuments: cmsSeedDocuments('Hibla').length,
        helpCategories: helpCategorySeeds.length,
        helpEntries: helpEntrySeeds.length,
      })
    } finally {
      await database.close()
    }
  })

  it('adds nothing on a second run and keeps an operator’s edits', async () => {
    const again = await seedCms(t.database.db, { productName: 'Other' })
    expect(again).toEqual({ cmsDocuments: 0, helpCategories: 0, helpEntries: 0 })
    const terms = await t.upstream.cms.termsAndConditions()
    expect(JSON.stringify(terms)).not.toContain('Other')
  })
})
