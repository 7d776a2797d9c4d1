/**
 * The catalogue through the real gateway (issue 9): spec 3's plan-list query filtered by
 * customer category and region, a plan and its terms' code, categories, compare, FAQs,
 * add-ons for a plan, recommendations and the TV config.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROOF_OF_BILLING_OPTIONAL_BELOW, PROOF_OF_INCOME_FROM } from '../../lib/catalog.ts'
import { seedCms } from '../cms/seed.ts'
import { signedCall, startTestGateway, type TestGateway } from '../testing.ts'
import { PLAN_LINEUP } from './lineup.ts'
import { seedCatalog } from './seed.ts'
import { products } from './tables.ts'

let t: TestGateway
beforeAll(async () => {
  t = await startTestGateway({
    env: {
      STREAMING_TV_ENABLED: 'true',
      STREAMING_TV_PARTNER_NAME: 'StreamMax',
      STREAMING_TV_URL: 'https://tv.example.ph/',
    },
  })
  await seedCatalog(t.database.db)
  await seedCms(t.database.db, { productName: t.config.PRODUCT_NAME })
})
afterAll(() => t?.close())

const get = (path: string) => signedCall(t, 'GET', path)
const codes = (body: any) => (body.data as { code: string }[]).map((plan) => plan.code)

describe('the plan-list query (spec 3)', () => {
  it('lists residential plans by default, from the entry plan at 888 a month (spec 9)', async () => {
    const { status, body } = await get('/v1/plans')
    expect(status).toBe(200)
    expect(body.status).toBe(true)
    expect(codes(body)).toEqual(PLAN_LINEUP.filter((p) => p.customerCategories[0] === 'RES').map((p) => p.code))
    expect(body.data[0]).toMatchObject({
      code: 'fiber-plan-888',
      productType: 'MAINLINE',
      monthlyFee: 888,
      customerCategories: ['RES'],
      termsUrl: '/terms-and-conditions?product=fiber-plan-888',
      demo: true,
    })
    expect(Math.min(...body.data.map((p: any) => p.monthlyFee))).toBe(888)
  })

  it('filters by customer category, in any of its spellings', async () => {
    const sme = codes((await get('/v1/plans?customerCategory=SME')).body)
    expect(sme).toEqual(['sme-fiber-1899', 'sme-fiber-2999', 'sme-fiber-4999', 'sme-fiber-8999'])
    expect(codes((await get('/v1/plans?customerType=SME')).body)).toEqual(sme)
    expect(codes((await get('/v1/plans?customerSegment=SME')).body)).toEqual(sme)
    expect(codes((await get('/v1/plans?customerSegment=Residential')).body)).toContain('fiber-plan-888')
  })

  it('filters by region: only the plans offered there', async () => {
    // Western Visayas (06) has the three plans offered everywhere; Metro Manila (13) has every one.
    expect(codes((await get('/v1/plans?customerCategory=RES&region=06')).body)).toEqual([
      'fiber-plan-888',
      'fiber-plan-1299',
      'fiber-plan-1699',
    ])
    expect(codes((await get('/v1/plans?region=13')).body)).toHaveLength(6)
    expect(codes((await get('/v1/plans?customerCategory=SME&region=13')).body)).toContain('sme-fiber-8999')
    expect(codes((await get('/v1/plans?customerCategory=SME&region=06')).body)).toEqual([])
    expect(codes((await get('/v1/plans?customerCategory=SME&region=11')).body)).toEqual([
      'sme-fiber-1899',
      'sme-fiber-2999',
    ])
  })

  it('filters by product category and service type, and accepts the query’s other fields', async () => {
    const tv = await get(
      '/v1/plans?productCategory=FIBER_TV&serviceType=GPON&isSalesAgent=false&requestType=NEW&userType=guest&applicationType=NEW',
    )
    expect(tv.status).toBe(200)
    expect(codes(tv.body)).toEqual(['fiber-tv-plan-1999'])
    expect(codes((await get('/v1/plans?serviceType=DSL')).body)).toEqual([])
  })

  it('refuses a malformed query with a 400', async () => {
    for (const query of ['customerCategory=GOV', 'region=NCR', 'customerSegment=Corporate']) {
      const answer = await get(`/v1/plans?${query}`)
      expect(answer.status, query).toBe(400)
      expect(answer.body.status).toBe(false)
    }
  })
})

describe('every plan', () => {
  it('has product terms under its own code, which name its fee', async () => {
    const plans = [
      ...(await get('/v1/plans?customerCategory=RES')).body.data,
      ...(await get('/v1/plans?customerCategory=SME')).body.data,
    ]
    expect(plans).toHaveLength(PLAN_LINEUP.length)
    for (const plan of plans) {
      const terms = await get(`/cms/product-terms-and-conditions?product=${plan.code}&source=${t.config.sourceId}`)
      expect(terms.status, plan.code).toBe(200)
      expect(terms.body.data.title).toBe(`${plan.name} Terms and Conditions`)
      expect(JSON.stringify(terms.body.data)).toContain(plan.monthlyFee.toLocaleString('en-US'))
    }
  })

  it('names the documents its price calls for (spec 5)', async () => {
    const plans = [...(await get('/v1/plans')).body.data, ...(await get('/v1/plans?customerCategory=SME')).body.data]
    for (const plan of plans) {
      expect(plan.documents, plan.code).toEqual({
        proofOfBilling: plan.monthlyFee < PROOF_OF_BILLING_OPTIONAL_BELOW ? 'optional' : 'required',
        proofOfIncome: plan.monthlyFee >= PROOF_OF_INCOME_FROM,
      })
    }
    const byCode = (code: string) => plans.find((plan: any) => plan.code === code).documents
    expect(byCode('fiber-plan-2499')).toEqual({ proofOfBilling: 'optional', proofOfIncome: false })
    expect(byCode('sme-fiber-2999')).toEqual({ proofOfBilling: 'required', proofOfIncome: false })
    expect(byCode('fiber-plan-3499')).toEqual({ proofOfBilling: 'required', proofOfIncome: true })
  })
})

describe('a plan', () => {
  it('by code, with its fees, instalments, inclusions, bundles and lock-in', async () => {
    const { status, body } = await get('/v1/plans/fiber-tv-plan-1999')
    expect(status).toBe(200)
    expect(body.data).toMatchObject({
      name: 'Fiber TV Plan 1999',
      speedMbps: 200,
      installationFee: 2500,
      staggerable: true,
      instalments: { months: 12, amount: 208.33, lastAmount: 208.37 },
      bundles: ['Pay TV HD box with 80 channels, 20 of them in HD'],
      lockInMonths: 24,
      regions: ['13', '03', '04'],
    })
    expect((await get('/v1/plans/sme-fiber-8999')).body.data).toMatchObject({ staggerable: false, instalments: null })
  })

  it('an unknown code, or an add-on’s, is not a plan', async () => {
    for (const code of ['fiber-plan-1', 'mesh-wifi6-router', 'NOT%20A%20CODE']) {
      const answer = await get(`/v1/plans/${code}`)
      expect(answer.status, code).toBe(404)
      expect(answer.body.error.code).toBe('plan_not_found')
    }
  })

  it('has FAQs', async () => {
    const { body } = await get('/v1/plans/fiber-plan-1699/faqs')
    expect(body.data.length).toBeGreaterThan(2)
    expect(body.data[0]).toEqual({ question: 'Is 200 Mbps the speed I will get?', answer: expect.any(String) })
  })

  it('has add-ons offered with it: its customer category, its regions', async () => {
    const tv = codes((await get('/v1/plans/fiber-plan-1699/add-ons')).body)
    expect(tv).toEqual([
      'mesh-wifi6-router',
      'wifi6-router-ax3000',
      'paytv-box-hd',
      'paytv-box-4k',
      'vas-landline',
      'vas-family-safe',
    ])
    // Pay TV is offered in Mega Manila only; SME add-ons are not for residential plans.
    expect(codes((await get('/v1/plans/fiber-plan-1699/add-ons?region=06')).body)).toEqual([
      'mesh-wifi6-router',
      'wifi6-router-ax3000',
      'vas-landline',
      'vas-family-safe',
    ])
    const sme = (await get('/v1/plans/sme-fiber-1899/add-ons')).body.data
    expect(sme.map((p: any) => p.code)).toEqual([
      'mesh-wifi6-router',
      'wifi6-router-ax3000',
      'vas-landline',
      'vas-static-ip',
      'vas-cyber-shield',
    ])
    expect(sme[0]).toMatchObject({
      productType: 'ADDON',
      productCategory: 'ROUTERS',
      itemDetails: true,
      maxQuantity: 3,
    })
    expect(sme[2]).toMatchObject({ productType: 'VAS', itemDetails: false })
  })
})

describe('categories, compare, recommendations, TV config', () => {
  it('categories for the customer category, with counts and the lowest fee', async () => {
    expect((await get('/v1/plans/categories')).body.data).toEqual([
      { code: 'FIBER', name: 'Fibre internet', planCount: 5, fromMonthlyFee: 888 },
      { code: 'FIBER_TV', name: 'Fibre internet with pay TV', planCount: 1, fromMonthlyFee: 1999 },
    ])
    expect((await get('/v1/plans/categories?customerCategory=RES&region=06')).body.data).toEqual([
      { code: 'FIBER', name: 'Fibre internet', planCount: 3, fromMonthlyFee: 888 },
    ])
  })

  it('compares two or three plans in the order asked, and no other number', async () => {
    const three = await get('/v1/plans/compare?codes=fiber-plan-2499,fiber-plan-888,fiber-plan-1699')
    expect(codes(three.body)).toEqual(['fiber-plan-2499', 'fiber-plan-888', 'fiber-plan-1699'])
    for (const query of ['codes=fiber-plan-888', 'codes=fiber-plan-888,fiber-plan-888', 'codes=a,b,c,d']) {
      expect((await get(`/v1/plans/compare?${query}`)).status, query).toBe(400)
    }
    expect((await get('/v1/plans/compare?codes=fiber-plan-888,fiber-plan-9')).status).toBe(404)
  })

  it('recommends plans of the category and region, with reasons', async () => {
    const { status, body } = await get(
      '/v2/plans/recommendations?customerCategory=RES&region=06&devices=10&usage=video-streaming,gaming&timeOfDay=evening',
    )
    expect(status).toBe(200)
    expect(body.data.neededMbps).toBe(150)
    // Western Visayas tops out at 200 Mbps: no step up there.
    expect(body.data.recommendations.map((r: any) => [r.plan.code, r.fit])).toEqual([['fiber-plan-1699', 'best']])
    expect(body.data.recommendations[0].reasons[0]).toBe(
      'Up to 200 Mbps covers the about 150 Mbps that 10 devices online at once need.',
    )
    const bad = await get('/v2/plans/recommendations?devices=0&usage=mining&timeOfDay=noon')
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['devices', 'timeOfDay', 'usage.0'])
  })

  it('answers the TV config from the settings', async () => {
    expect((await get('/v1/tv-config')).body.data).toEqual({
      enabled: true,
      partnerName: 'StreamMax',
      imageUrl: null,
      linkUrl: 'https://tv.example.ph/',
    })
  })
})

describe('the seed', () => {
  it('marks every product as demo data, adds nothing on a second run and keeps an operator’s edits', async () => {
    const rows = await t.database.db.select({ demo: products.demo }).from(products)
    expect(rows.length).toBeGreaterThan(PLAN_LINEUP.length)
    expect(rows.every((row) => row.demo)).toBe(true)
    await t.database.db.update(products).set({ name: 'Operator’s 888' }).where(eq(products.code, 'fiber-plan-888'))
    expect(await seedCatalog(t.database.db)).toEqual({ catalogProducts: 0 })
    expect((await get('/v1/plans/fiber-plan-888')).body.data.name).toBe('Operator’s 888')
  })
})
