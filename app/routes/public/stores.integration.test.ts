/**
 * The store locator's loader and action (issue 16; spec 8) against the real gateway and the
 * demo stores: the kind and province come back chosen; a typed place or the browser's position
 * orders the list nearest first and sets no cookie; a place that is not found is said beside the
 * field with what was typed kept; a failed stores or provinces call says so and keeps the
 * choices; a road service that does not answer leaves distances as the crow flies. The page's
 * markup, with and without JavaScript, is tests/e2e/stores.spec.ts's.
 */
import type { AppLoadContext } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveDraftSection } from '../../../tests/support/drafts'
import type { StoreLocatorView } from '~/features/stores/stores.server'
import { STORES_TEXT as TEXT } from '~/features/stores/texts'
import { startTestUpstream, type TestUpstream } from '../../../tests/support/upstream'
import { action, loader } from './stores'
import { routeArgs } from '../../../tests/support/route-args'

let t: TestUpstream
let cebu: string

beforeAll(async () => {
  t = await startTestUpstream({ seed: true })
  const view = await load('/payBill/stores?type=authorized-outlet')
  cebu = view.provinces.find((province) => province.provinceName === 'Cebu')!.provinceCode
})
afterAll(() => t?.close())

/** A context whose upstream fails the stores calls `down` names; a fresh transport, so nothing cached either. */
function withFaults(down: { list?: boolean; provinces?: boolean }, config: Partial<AppLoadContext['config']> = {}) {
  return {
    ...t.context,
    config: { ...t.context.config, ...config },
    upstreamFetch: async (request: Request) => {
      const path = new URL(request.url).pathname
      if ((path === '/v1/stores' && down.list) || (path === '/v1/stores/provinces' && down.provinces)) {
        return Response.json({ status: false, message: 'down (test fault)' }, { status: 503 })
      }
      return t.context.upstreamFetch(request)
    },
  } satisfies AppLoadContext
}

/** A loader's or action's answer: the view and status, whether it returned `data(…, init)` or the view. */
function unwrap(answer: unknown): { view: StoreLocatorView; status: number } {
  const wrapped = answer as { type?: string; data?: unknown; init?: { status?: number } }
  return wrapped?.type === 'DataWithResponseInit'
    ? { view: wrapped.data as StoreLocatorView, status: wrapped.init?.status ?? 200 }
    : { view: answer as StoreLocatorView, status: 200 }
}

async function load(path: string, context: AppLoadContext = t.context, cookie = '') {
  const request = new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} })
  const answer = await loader(routeArgs({ request, context, params: {} }))
  return unwrap(answer).view
}

async function post(path: string, form: Record<string, string>, context: AppLoadContext = t.context) {
  const request = new Request(`http://localhost${path}`, { method: 'POST', body: new URLSearchParams(form) })
  const answer = await action(routeArgs({ request, context, params: {} }))
  expect(answer).not.toBeInstanceOf(Response)
  return unwrap(answer)
}

const names = (view: StoreLocatorView) => (view.stores ?? []).map((store) => store.name)

describe('the store locator', () => {
  it('lists a province’s stores of a kind in province order, with hours and open or closed', async () => {
    const view = await load(`/payBill/stores?type=authorized-outlet&province=${cebu}`)
    expect(view.query).toEqual({ type: 'authorized-outlet', province: cebu })
    expect(view.errors).toEqual({})
    expect(names(view).length).toBeGreaterThan(1)
    for (const store of view.stores!) {
      expect(store.name).toMatch(/^Demo /)
      expect(store.demo).toBe(true)
      expect(typeof store.openNow).toBe('boolean')
      expect(store.paymentChannels).toEqual(['cash'])
      expect(store.distance).toBeNull()
    }
    expect(view.origin).toBeNull()
  })

  it('starts each page on its own kind; without a province asks for one; an unknown kind or province is an error', async () => {
    expect((await load('/help/stores')).query.type).toBe('business-centre')
    const pay = await load('/payBill/stores')
    expect(pay.query.type).toBe('payment-centre')
    expect(pay.stores).toBeNull()
    const bad = await load('/help/stores?type=bank&province=abc')
    expect(bad.errors).toEqual({ type: TEXT.badType, province: TEXT.badProvince })
    expect((await load('/help/stores?type=business-centre&province=9999')).errors).toEqual({
      province: TEXT.badProvince,
    })
  })

  it('orders by distance from a typed place, as the crow flies when the road service does not answer, and sets no cookie', async () => {
    const path = `/payBill/stores?type=authorized-outlet&province=${cebu}`
    const inOrder = names(await load(path))
    // Nothing listens on port 9: the road service never answers.
    const context = withFaults({}, { DISTANCE_MATRIX_URL: 'http://127.0.0.1:9/', DISTANCE_MATRIX_TIMEOUT_MS: 500 })
    const request = new Request(`http://localhost${path}`, {
      method: 'POST',
      body: new URLSearchParams({ intent: 'place', near: 'Lahug, Cebu', type: 'authorized-outlet', province: cebu }),
    })
    const answer = await action(routeArgs({ request, context, params: {} }))
    const { view, status } = unwrap(answer)
    expect(status).toBe(200)
    expect(view.origin).toBe(TEXT.townCentreOf('Lahug, City of Cebu, Cebu'))
    expect(view.near).toBe('Lahug, Cebu')
    expect([...names(view)].sort()).toEqual([...inOrder].sort())
    const meters = view.stores!.map((store) => store.distance!.meters)
    expect(meters).toEqual([...meters].sort((a, b) => a - b))
    expect(view.stores!.every((store) => store.distance!.kind === 'straight-line')).toBe(true)
    expect(view.highlight).toBe(view.stores![0]!.id)
    // A plain answer, not a Response: no Set-Cookie, nothing of the place kept.
    expect(answer).not.toBeInstanceOf(Response)
  })

  it('orders from the pin of the address the visitor checked for fibre (their draft), with no place typed', async () => {
    const choice = {
      ...{ regionId: '07', provinceId: cebu, municipalityId: '', barangayId: '', placeId: '' },
      locationType: 'Others' as const,
      latitude: '10.2935',
      longitude: '123.9010',
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
    const cookie = (headers.get('set-cookie') ?? '').split(';')[0]!
    const view = await load(`/payBill/stores?type=authorized-outlet&province=${cebu}`, t.context, cookie)
    expect(view.origin).toBe(TEXT.checkedAddress)
    const meters = view.stores!.map((store) => store.distance!.meters)
    expect(meters).toEqual([...meters].sort((a, b) => a - b))
    // Without the draft: province order, no distances.
    expect((await load(`/payBill/stores?type=authorized-outlet&province=${cebu}`)).origin).toBeNull()
  })

  it('without a province, lists the nearest few of every province', async () => {
    const { view } = await post('/payBill/stores?type=payment-centre', {
      intent: 'here',
      lat: '10.2935',
      lng: '123.9010',
      type: 'payment-centre',
      province: '',
    })
    expect(view.origin).toBe(TEXT.yourLocation)
    expect(view.stores!.length).toBeGreaterThan(0)
    expect(view.stores!.length).toBeLessThanOrEqual(10)
    // In Cebu, the nearest payment centres are Cebu's.
    expect(view.stores![0]!.address).toMatch(/Cebu$/)
    expect(view.highlight).toBe(view.stores![0]!.id)
  })

  it('says so when the browser refuses its location or sends nonsense', async () => {
    const path = `/payBill/stores?type=authorized-outlet&province=${cebu}`
    const refused = await post(path, { intent: 'refused', type: 'authorized-outlet', province: cebu })
    expect(refused.view.locationRefused).toBe(true)
    expect(refused.view.origin).toBeNull()
    const nonsense = await post(path, { intent: 'here', lat: 'north', lng: '123', type: 'authorized-outlet' })
    expect(nonsense.status).toBe(400)
    expect(nonsense.view.errors.near).toBe(TEXT.badLocation)
  })

  it('says beside the field when a typed place is not found or missing, with what was typed kept', async () => {
    const path = `/help/stores?type=business-centre&province=${cebu}`
    const missing = await post(path, {
      intent: 'place',
      near: 'Xyzzyville Qwerty',
      type: 'business-centre',
      province: cebu,
    })
    expect(missing.status).toBe(400)
    expect(missing.view.errors.near).toBe(TEXT.placeNotFound)
    expect(missing.view.near).toBe('Xyzzyville Qwerty')
    expect(missing.view.query).toEqual({ type: 'business-centre', province: cebu })
    // The list is still the province's, in its order.
    expect(names(missing.view).length).toBeGreaterThan(0)
    expect(missing.view.origin).toBeNull()
    const empty = await post(path, { intent: 'place', near: ' ', type: 'business-centre', province: cebu })
    expect(empty.view.errors.near).toBe(TEXT.placeMissing)
  })

  it('says a failed stores call, keeping the choices (spec 8: FAILED_GET_STORES)', async () => {
    const view = await load(`/payBill/stores?type=payment-centre&province=${cebu}`, withFaults({ list: true }))
    expect(view.storesFailed).toBe(true)
    expect(view.stores).toBeNull()
    expect(view.query).toEqual({ type: 'payment-centre', province: cebu })
    expect(view.provinces.some((province) => province.provinceCode === cebu)).toBe(true)
  })

  it('says a failed provinces call, the chosen province still chosen and named (FAILED_GET_STORES_PROVINCE)', async () => {
    const view = await load(`/help/stores?type=business-centre&province=${cebu}`, withFaults({ provinces: true }))
    expect(view.provincesFailed).toBe(true)
    expect(view.provinces).toEqual([
      expect.objectContaining({ provinceCode: cebu, provinceName: 'Cebu', stores: view.stores!.length }),
    ])
    expect(view.errors).toEqual({})
  })
})
