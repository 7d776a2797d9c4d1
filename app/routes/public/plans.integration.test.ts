/**
 * The /plans routes' loaders and action against the real gateway and a seeded catalogue
 * (services/catalog/lineup.ts), plus a catalogue that is down (spec 8).
 */
import type { AppLoadContext } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveDraftSection } from '../../../tests/support/drafts'
import { PLANS_TEXT } from '~/features/plans/texts'
import { startTestUpstream, type TestUpstream } from '../../../tests/support/upstream'
import { loader as planLoader } from './plan'
import { action as plansAction, loader as plansLoader } from './plans'
import { loader as compareLoader } from './plans-compare'
import { loader as recommendLoader } from './plans-recommend'
import { callRoute, routeArgs } from '../../../tests/support/route-args'

let t: TestUpstream
beforeAll(async () => {
  t = await startTestUpstream({ seed: true })
})
afterAll(() => t?.close())

const get = (path: string, cookie = '', context: AppLoadContext = t.context) => ({
  request: new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} }),
  context,
  params: {},
})

/** A loader's answer: its data and status, whether it returned `data(…, init)` or a plain object. */
function unwrap<T>(answer: T) {
  const wrapped = answer as { type?: string; data?: unknown; init?: { status?: number } }
  return wrapped?.type === 'DataWithResponseInit'
    ? { data: wrapped.data as Exclude<T, { type: 'DataWithResponseInit' }>, status: wrapped.init?.status ?? 200 }
    : { data: answer, status: 200 }
}

/** A catalogue that cannot be reached: a fresh transport, so nothing cached either. */
const downContext = (): AppLoadContext => ({
  ...t.context,
  upstreamFetch: async () => {
    throw new TypeError('fetch failed')
  },
})

const codes = (view: unknown) => (view as { plans: { code: string }[] }).plans.map((plan) => plan.code)

describe('/plans', () => {
  it('lists the home plans by default, from the entry plan at 888', async () => {
    const { data, status } = unwrap(await callRoute(plansLoader, get('/plans')))
    expect(status).toBe(200)
    expect(data).toMatchObject({ status: 'ok', category: 'RES', region: null, planInCart: null })
    expect(codes(data)).toContain('fiber-plan-888')
    expect(codes(data)).not.toContain('sme-fiber-1899')
  })

  it('switches to business plans and back; the choice is kept in the draft, behind the cookie', async () => {
    const post = (category: string, cookie = '') =>
      new Request('http://localhost/plans', {
        method: 'POST',
        body: new URLSearchParams({ intent: 'category', category }),
        headers: cookie ? { cookie } : {},
      })
    const sme = (await callRoute(plansAction, { request: post('SME'), context: t.context, params: {} })) as Response
    expect(sme.status).toBe(302)
    expect(sme.headers.get('location')).toBe('/plans')
    const cookie = (sme.headers.get('set-cookie') ?? '').split(';')[0]
    expect(cookie).toMatch(/^draft=/)

    const business = unwrap(await callRoute(plansLoader, get('/plans', cookie))).data
    expect(business).toMatchObject({ status: 'ok', category: 'SME' })
    expect(codes(business)).toEqual(expect.arrayContaining(['sme-fiber-1899', 'sme-fiber-8999']))
    expect(codes(business)).not.toContain('fiber-plan-888')

    // spec 4's SAVE_GOVT: the flag, for an SME visitor; back to RES drops it.
    const govt = (ticked: boolean) =>
      new Request('http://localhost/plans', {
        method: 'POST',
        body: new URLSearchParams({ intent: 'govt', ...(ticked ? { isWorkingGovtEmbassyWorker: 'on' } : {}) }),
        headers: { cookie: cookie ?? '' },
      })
    await callRoute(plansAction, { request: govt(true), context: t.context, params: {} })
    expect(unwrap(await callRoute(plansLoader, get('/plans', cookie))).data).toMatchObject({
      category: 'SME',
      isWorkingGovtEmbassyWorker: true,
    })
    await callRoute(plansAction, { request: govt(false), context: t.context, params: {} })
    expect(unwrap(await callRoute(plansLoader, get('/plans', cookie))).data).toMatchObject({
      isWorkingGovtEmbassyWorker: false,
    })
    await callRoute(plansAction, { request: govt(true), context: t.context, params: {} })

    await callRoute(plansAction, { request: post('RES', cookie), context: t.context, params: {} })
    expect(unwrap(await callRoute(plansLoader, get('/plans', cookie))).data).toMatchObject({
      isWorkingGovtEmbassyWorker: false,
    })
    // A home visitor cannot carry the flag.
    await callRoute(plansAction, { request: govt(true), context: t.context, params: {} })
    expect(unwrap(await callRoute(plansLoader, get('/plans', cookie))).data).toMatchObject({
      category: 'RES',
      isWorkingGovtEmbassyWorker: false,
    })
    expect(unwrap(await callRoute(plansLoader, get('/plans', cookie))).data).toMatchObject({ category: 'RES' })
    // Anything else is ignored: the page comes back as it was.
    const odd = (await plansAction(
      routeArgs({ request: post('GOV', cookie), context: t.context, params: {} }),
    )) as Response
    expect(odd.headers.get('location')).toBe('/plans')
    expect(unwrap(await callRoute(plansLoader, get('/plans', cookie))).data).toMatchObject({ category: 'RES' })
  })

  it('lists only the plans offered in the region of the visitor’s serviceability check', async () => {
    const choice = {
      regionId: '14',
      provinceId: '',
      municipalityId: '',
      barangayId: '',
      locationType: '' as const,
      placeId: '',
      latitude: '',
      longitude: '',
    }
    const headers = await saveDraftSection(
      new Request('http://localhost/CheckAvailability'),
      t.context,
      'serviceability',
      {
        choice,
        names: {},
        zipCode: null,
        result: null,
      },
    )
    const cookie = (headers.get('set-cookie') ?? '').split(';')[0]
    const view = unwrap(await callRoute(plansLoader, get('/plans', cookie))).data
    expect(view).toMatchObject({ status: 'ok', category: 'RES', region: '14' })
    expect(codes(view)).toEqual(expect.arrayContaining(['fiber-plan-888', 'fiber-plan-1299', 'fiber-plan-1699']))
    // 2499 and the TV plan are for the metro regions only.
    expect(codes(view)).not.toContain('fiber-plan-2499')
    expect(codes(view)).not.toContain('fiber-tv-plan-1999')
  })

  it('says spec 8’s words with 503 when the catalogue is down', async () => {
    const { data, status } = unwrap(await callRoute(plansLoader, get('/plans', '', downContext())))
    expect(status).toBe(503)
    expect(data).toEqual({ status: 'unavailable' })
    expect(PLANS_TEXT.unavailable).toBe('Plans are unavailable at this moment. Please try again later.')
  })
})

describe('/plans/:code', () => {
  const plan = (code: string, context?: AppLoadContext) =>
    planLoader(routeArgs({ ...get(`/plans/${code}`, '', context), params: { code } }))

  it('shows the plan with its FAQs and add-ons', async () => {
    const { data } = unwrap(await plan('fiber-plan-1699'))
    if (!('status' in data) || data.status !== 'ok') throw new Error('expected the plan')
    expect(data.plan.name).toBe('Fiber Plan 1699')
    expect(data.faqs.length).toBeGreaterThan(0)
    expect(data.addOns.map((addOn) => addOn.code)).toContain('mesh-wifi6-router')
  })

  it('answers 404 for an unknown plan, an add-on’s code and a malformed code', async () => {
    for (const code of ['no-such-plan', 'mesh-wifi6-router', 'Not A Code!', '']) {
      const thrown = await plan(code).then(
        () => undefined,
        (error: unknown) => error as { init?: { status?: number } },
      )
      expect(thrown?.init?.status, code).toBe(404)
    }
  })

  it('answers 503 with spec 8’s page when the catalogue is down', async () => {
    expect(unwrap(await plan('fiber-plan-1699', downContext())).status).toBe(503)
  })
})

describe('/plans/compare', () => {
  const compare = async (query: string) => unwrap(await compareLoader(routeArgs(get(`/plans/compare${query}`)))).data

  it('compares two or three plans in the order asked', async () => {
    const view = await compare('?codes=fiber-plan-2499&codes=fiber-plan-888&codes=fiber-plan-1299')
    if (!('status' in view) || view.status !== 'ok') throw new Error('expected the comparison')
    expect(view.compared.map((plan) => plan.code)).toEqual(['fiber-plan-2499', 'fiber-plan-888', 'fiber-plan-1299'])
    expect(view.error).toBeNull()
    expect(view.plans.length).toBeGreaterThan(3)
  })

  it('shows only the form when nothing is asked, and says why for one, four or unknown plans', async () => {
    expect(await compare('')).toMatchObject({ compared: [], error: null })
    expect(await compare('?codes=fiber-plan-888')).toMatchObject({
      compared: [],
      chosen: ['fiber-plan-888'],
      error: 'Please choose two or three plans to compare.',
    })
    expect(await compare('?codes=a&codes=b&codes=c&codes=d')).toMatchObject({ compared: [], error: expect.any(String) })
    expect(await compare('?codes=fiber-plan-888&codes=no-such-plan')).toMatchObject({
      compared: [],
      error: 'One of these plans is no longer offered. Please choose again.',
    })
  })
})

describe('/plans/recommend', () => {
  const recommend = async (query: string, context?: AppLoadContext) =>
    unwrap(await recommendLoader(routeArgs(get(`/plans/recommend${query}`, '', context))))

  it('shows the questionnaire, with the address service’s regions to choose from, until it is answered', async () => {
    const { data, status } = await recommend('')
    expect(status).toBe(200)
    expect(data).toMatchObject({ status: 'ok', result: null, errors: {}, form: { region: '', devices: '' } })
    expect((data as { regions: { value: string }[] }).regions.map((region) => region.value)).toContain('13')
  })

  it('answers with the catalogue’s recommendations and their reasons', async () => {
    const { data } = await recommend('?region=&devices=5&usage=video-streaming&timeOfDay=evening')
    if (!('status' in data) || data.status !== 'ok' || !data.result) throw new Error('expected recommendations')
    expect(data.result.neededMbps).toBe(75)
    expect(data.result.recommendations.map(({ plan, fit }) => [plan.code, fit])).toEqual([
      ['fiber-plan-1299', 'best'],
      ['fiber-plan-1699', 'more-room'],
    ])
    expect(data.result.recommendations[0]!.reasons[0]).toBe(
      'Up to 100 Mbps covers the about 75 Mbps that 5 devices online at once need.',
    )
  })

  it('recommends only what the region offers', async () => {
    const { data } = await recommend('?region=01&devices=20&usage=video-streaming&timeOfDay=all-day')
    if (!('status' in data) || data.status !== 'ok' || !data.result) throw new Error('expected recommendations')
    expect(data.result.recommendations.map(({ plan }) => plan.code)).toEqual(['fiber-plan-1699'])
  })

  it('says what is wrong beside the field, without asking the catalogue', async () => {
    const { data } = await recommend('?devices=0&timeOfDay=evening', downContext())
    expect(data).toMatchObject({ status: 'ok', result: null, errors: { devices: expect.any(String) } })
  })

  it('answers 503 with spec 8’s page when the catalogue is down', async () => {
    const { data, status } = await recommend('?devices=3&timeOfDay=evening', downContext())
    expect(status).toBe(503)
    expect(data).toMatchObject({ status: 'unavailable' })
  })
})
