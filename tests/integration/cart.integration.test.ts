/**
 * The portal's cart (app/features/cart/cart.server.ts) and catalogue calls with real
 * Requests, through the portal's own client and the real gateway, in-process and over
 * HTTP (issue 9; docs/decisions/0024): the cart lives in the visitor's draft and survives
 * a reload; one plan; add-ons and the payment mode with totals from upstream; a cart id
 * in another draft opens nothing; the cart instance call is tried 3 times, then 'Failed
 * to create cart instance id'.
 */
import type { AppLoadContext } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addItem,
  addPlan,
  applyCartForm,
  changePlan,
  choosePaymentMode,
  chooseUpfrontPayment,
  cartOf,
  removeItem,
  type CartAnswer,
} from '../../app/features/cart/cart.server.ts'
import { CART_TEXTS } from '../../app/features/cart/texts.ts'
import { readDraft, saveDraftSection } from '../support/drafts.ts'
import { changeCustomerCategory, readCustomerCategory } from '../../app/features/plans/customer-category.server.ts'
import { visitOf, type Visit } from '../../app/visit/visit.server.ts'
import { seedCatalog } from '../../services/catalog/seed.ts'
import { startTestUpstream, type TestUpstream } from '../support/upstream.ts'

/** A browser's request carrying these cookies ("name=value" pairs). */
function browser(...cookies: string[]) {
  return new Request('http://portal.test/plans', { headers: cookies.length > 0 ? { cookie: cookies.join('; ') } : {} })
}

/** One request of a browser holding these cookies: its visit (the cookies it sets are in `cookiesSet`). */
function visitWith(context: AppLoadContext, ...cookies: string[]): Visit {
  return visitOf(browser(...cookies), context)
}

/** The "draft=…" pair of a Set-Cookie in these headers, or among a visit's. */
function draftCookieIn(sent: Headers | Visit): string {
  const lines = sent instanceof Headers ? sent.getSetCookie() : sent.cookiesSet
  const line = lines.find((value) => value.startsWith('draft='))
  expect(line, 'a draft Set-Cookie').toBeDefined()
  return line!.split(';')[0]!
}

function expectCart(answer: CartAnswer) {
  if (!answer.status) throw new Error(`expected a cart, got: ${answer.message}`)
  return answer.cart
}

describe.each(['in-process', 'http'] as const)('the cart through the gateway, %s', (transport) => {
  let t: TestUpstream
  beforeAll(async () => {
    t = await startTestUpstream({ transport })
    await seedCatalog(t.database.db)
  })
  afterAll(() => t?.close())

  it('lists plans by category and region, with the typed catalogue calls', async () => {
    const catalog = t.upstream.catalog
    const res = await catalog.plans({ customerCategory: 'RES', region: '06' })
    expect(res.map((plan) => plan.code)).toEqual(['fiber-plan-888', 'fiber-plan-1299', 'fiber-plan-1699'])
    const sme = await catalog.plans({ customerCategory: 'SME', isSalesAgent: false })
    expect(sme.every((plan) => plan.customerCategories.includes('SME'))).toBe(true)
    expect(await catalog.plan('fiber-plan-0')).toBeNull()
    expect((await catalog.compare(['fiber-plan-888', 'fiber-plan-2499'])).map((plan) => plan.speedMbps)).toEqual([
      50, 500,
    ])
    expect((await catalog.addOns('fiber-plan-888'))!.some((item) => item.productCategory === 'ROUTERS')).toBe(true)
    expect((await catalog.faqs('fiber-plan-888'))!.length).toBeGreaterThan(0)
    expect(await catalog.categories({ customerCategory: 'SME' })).toEqual([
      { code: 'FIBER', name: 'Fibre internet', planCount: 4, fromMonthlyFee: 1899 },
    ])
    const recommended = await catalog.recommendations({
      customerCategory: 'RES',
      devices: 6,
      usages: ['work-from-home', 'video-streaming'],
      timeOfDay: 'evening',
    })
    expect(recommended.recommendations[0]!.plan.code).toBe('fiber-plan-1299')
    expect((await catalog.tvConfig()).enabled).toBe(false)
  })

  it('keeps a visitor’s cart in their draft: plan, router, payment mode, removal, and a reload finds it as it was', async () => {
    const visitor = visitWith(t.context)
    const cart = expectCart(await addPlan(visitor, 'fiber-plan-1699'))
    const cookie = draftCookieIn(visitor)
    expect(cart.planCode).toBe('fiber-plan-1699')
    expect(cart.upfrontFeePaymentOption).toBeNull()

    const withRouter = expectCart(await addItem(visitWith(t.context, cookie), 'mesh-wifi6-router'))
    expect(withRouter.itemDetails).toEqual([{ itemName: 'Mesh Wi-Fi 6 router', quantity: 1 }])
    // As a posted form would (CartFormSchema's set-quantity intent).
    const two = expectCart(
      await applyCartForm(visitWith(t.context, cookie), {
        intent: 'set-quantity',
        productCode: 'mesh-wifi6-router',
        quantity: 2,
      }),
    )
    expect(two.cartItems[1]).toMatchObject({ productCode: 'mesh-wifi6-router', quantity: 2 })
    const staggered = expectCart(await choosePaymentMode(visitWith(t.context, cookie), 'STAGGERED'))
    expect(staggered.totals).toMatchObject({
      monthlyRecurringFee: 1699,
      totalInstallationFee: 8498,
      dueUpfront: 0,
      instalments: { months: 12, amount: 708.16, lastAmount: 708.24 },
    })
    const outright = expectCart(await choosePaymentMode(visitWith(t.context, cookie), 'OUTRIGHT'))
    expect(outright.totals).toMatchObject({ dueUpfront: 8498, instalments: null, firstBill: 10197 })
    // Pay via installer (issue 33): the upfront amount leaves the first bill for the installer.
    const installer = expectCart(await chooseUpfrontPayment(visitWith(t.context, cookie), 'INSTALLER'))
    expect(installer.upfrontPayment).toBe('INSTALLER')
    expect(installer.totals).toMatchObject({ dueUpfront: 8498, dueAtInstallation: 8498, firstBill: 1699 })
    const removed = expectCart(await removeItem(visitWith(t.context, cookie), 'mesh-wifi6-router'))
    expect(removed.cartItems.map((item) => item.productCode)).toEqual(['fiber-plan-1699'])

    // A reload: a new request with the same cookie, nothing else.
    const reloaded = await cartOf(visitOf(browser(cookie), t.context))
    expect(reloaded).toEqual(removed)
    const draft = await readDraft(browser(cookie), t.context)
    expect(draft!.sections).toMatchObject({ plan: { planCode: 'fiber-plan-1699' }, cart: { cartId: cart.cartId } })
  })

  it('refuses a second plan with the server’s message; changing plans is reconfigure', async () => {
    const visitor = visitWith(t.context)
    expectCart(await addPlan(visitor, 'fiber-plan-888'))
    const cookie = draftCookieIn(visitor)
    const second = await addPlan(visitWith(t.context, cookie), 'fiber-plan-1299')
    expect(second).toMatchObject({
      status: false,
      message: 'Your cart already has a plan. Change your plan instead of adding another one.',
    })
    const changed = expectCart(await changePlan(visitWith(t.context, cookie), 'fiber-plan-1299'))
    expect(changed.planCode).toBe('fiber-plan-1299')
    // A refusal of the server's, with its words: more routers than allowed.
    const tooMany = await addItem(visitWith(t.context, cookie), 'mesh-wifi6-router', 5)
    expect(tooMany).toMatchObject({ status: false, message: 'You can add up to 3 of this item.' })
  })

  it('an add-on before any plan: the message, and no draft made', async () => {
    const visitor = visitWith(t.context)
    const answer = await addItem(visitor, 'mesh-wifi6-router')
    expect(answer).toMatchObject({ status: false, message: CART_TEXTS.planFirst })
    expect(visitor.cookiesSet).toEqual([])
  })

  it('opens nothing with a cart id from another draft', async () => {
    const me = visitWith(t.context)
    const mine = await addPlan(me, 'fiber-plan-1699')
    const myCart = expectCart(mine)
    // Another visitor whose draft names my cart's id (as if they had learned it).
    const theirs = await saveDraftSection(browser(), t.context, 'cart', { cartId: myCart.cartId })
    const theirCookie = draftCookieIn(theirs)
    expect(await cartOf(visitOf(browser(theirCookie), t.context))).toBeNull()
    expect(await removeItem(visitWith(t.context, theirCookie), 'fiber-plan-1699')).toMatchObject({
      status: false,
      message: CART_TEXTS.planFirst,
    })
    const theirDraft = await readDraft(browser(theirCookie), t.context)
    await expect(t.upstream.orders.read(theirDraft!.id, myCart.cartId)).rejects.toMatchObject({
      kind: 'rejected',
      status: 404,
      serverMessage: 'Your cart has expired. Please choose your plan again.',
    })
    // Mine is untouched.
    expect((await cartOf(visitOf(browser(draftCookieIn(me)), t.context)))!.cartItems).toHaveLength(1)
  })

  it('keeps the customer category in the draft: SME by choice, the flag only when SME, RES by default', async () => {
    expect(await readCustomerCategory(visitWith(t.context))).toEqual({
      category: 'RES',
      isWorkingGovtEmbassyWorker: false,
    })
    const visitor = visitWith(t.context)
    const govtAsRes = await changeCustomerCategory(visitor, {
      type: 'SAVE_GOVT',
      isWorkingGovtEmbassyWorker: true,
    })
    expect(govtAsRes.state).toEqual({ category: 'RES', isWorkingGovtEmbassyWorker: false })
    const cookie = draftCookieIn(visitor)
    await changeCustomerCategory(visitWith(t.context, cookie), { type: 'SAVE', category: 'SME' })
    await changeCustomerCategory(visitWith(t.context, cookie), { type: 'SAVE_GOVT', isWorkingGovtEmbassyWorker: true })
    expect(await readCustomerCategory(visitWith(t.context, cookie))).toEqual({
      category: 'SME',
      isWorkingGovtEmbassyWorker: true,
    })
    await changeCustomerCategory(visitWith(t.context, cookie), { type: 'CLEAR' })
    expect((await readCustomerCategory(visitWith(t.context, cookie))).category).toBe('RES')
  })
})

describe('the cart instance call (spec 9: 3 attempts, then spec 8’s message)', () => {
  let t: TestUpstream
  beforeAll(async () => {
    t = await startTestUpstream()
    await seedCatalog(t.database.db)
  })
  afterAll(() => t?.close())

  /** The same upstream, but the cart instance call fails `failures` times with a 503 first. */
  function flakyInstance(failures: number): { context: AppLoadContext; attempts: () => number } {
    let attempts = 0
    const upstreamFetch = async (request: Request) => {
      if (new URL(request.url).pathname === '/v1/carts/instance') {
        attempts += 1
        if (attempts <= failures) return Response.json({ status: false }, { status: 503 })
      }
      return t.fetch(request)
    }
    return { context: { ...t.context, upstreamFetch } as AppLoadContext, attempts: () => attempts }
  }

  it('gives up after 3 failed attempts with "Failed to create cart instance id"', async () => {
    const flaky = flakyInstance(3)
    const visitor = visitWith(flaky.context)
    const answer = await addPlan(visitor, 'fiber-plan-888')
    expect(answer).toMatchObject({ status: false, message: 'Failed to create cart instance id' })
    expect(flaky.attempts()).toBe(3)
    // The draft was made (its cookie is in the answer): the visitor's plan choice is kept for the next try.
    const draft = await readDraft(browser(draftCookieIn(visitor)), flaky.context)
    expect(draft!.sections).toEqual({ plan: { planCode: 'fiber-plan-888' } })
  })

  it('succeeds on the third attempt with one cart', async () => {
    const flaky = flakyInstance(2)
    const cart = expectCart(await addPlan(visitWith(flaky.context), 'fiber-plan-888'))
    expect(flaky.attempts()).toBe(3)
    expect(cart.planCode).toBe('fiber-plan-888')
  })
})
