/**
 * Carts through the real gateway (issue 9; docs/decisions/0024 and 0025): one cart per
 * draft, bound to it; one plan; add-ons offered with the plan up to their maximum; the
 * payment mode; totals computed here; every answer status true, every refusal a message.
 */
import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DRAFT_ID_HEADER } from '../../lib/catalog.ts'
import { seedCatalog } from '../catalog/seed.ts'
import { signedCall, startTestGateway, type TestGateway } from '../testing.ts'
import { CART_MESSAGES, hashDraftId } from './service.ts'
import { carts } from './tables.ts'

let nowMs = Date.parse('2026-11-22T08:00:00Z')
const HOUR = 60 * 60_000

let t: TestGateway
beforeAll(async () => {
  t = await startTestGateway({ now: () => new Date(nowMs) })
  await seedCatalog(t.database.db)
})
afterAll(() => t?.close())

const newDraftId = () => crypto.randomBytes(32).toString('base64url')

function cartCall(draftId: string | null, method: string, path: string, body?: unknown) {
  return signedCall(t, method, path, { body, nowMs, headers: draftId ? { [DRAFT_ID_HEADER]: draftId } : {} })
}

async function newCart(draftId = newDraftId()) {
  const created = await cartCall(draftId, 'POST', '/v1/carts/instance')
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return { draftId, cartId: created.body.data.cartId as string, cart: created.body.data }
}

async function cartWithPlan(plan = 'fiber-plan-1699') {
  const made = await newCart()
  const added = await cartCall(made.draftId, 'POST', `/v1/carts/${made.cartId}/items`, { productCode: plan })
  expect(added.status, JSON.stringify(added.body)).toBe(200)
  return made
}

describe('a cart instance', () => {
  it('is empty, with no payment mode chosen (spec 3: null), and only the draft id’s hash is stored', async () => {
    const { draftId, cartId, cart } = await newCart()
    expect(cartId).toMatch(/^[0-9a-f-]{36}$/)
    expect(cart).toMatchObject({
      planCode: null,
      cartItems: [],
      upfrontFeePaymentOption: null,
      paymentModes: [],
      itemDetails: [],
      totals: {
        monthlyRecurringFee: 0,
        installationFee: 0,
        totalInstallationFee: 0,
        dueUpfront: 0,
        instalments: null,
        firstBill: 0,
      },
      expiresAt: new Date(nowMs + 4 * HOUR).toISOString(),
    })
    const [row] = await t.database.db.select().from(carts).where(eq(carts.cartId, cartId))
    expect(row!.draftIdHash).toBe(hashDraftId(draftId))
    expect(JSON.stringify(row)).not.toContain(draftId)
  })

  it('is one per draft: asking again answers the same cart, so the call may be retried', async () => {
    const { draftId, cartId } = await newCart()
    const again = await cartCall(draftId, 'POST', '/v1/carts/instance')
    expect(again.body.data.cartId).toBe(cartId)
  })

  it('needs a draft id', async () => {
    const answer = await cartCall(null, 'POST', '/v1/carts/instance')
    expect(answer.status).toBe(404)
    expect(answer.body).toMatchObject({ status: false, error: { code: 'cart_not_found' } })
  })
})

describe('a cart is bound to its draft', () => {
  it('refuses a cart id from another draft, for every call, as it refuses an unknown one', async () => {
    const mine = await cartWithPlan()
    const other = newDraftId()
    const calls: [string, string, unknown?][] = [
      ['GET', `/v1/carts/${mine.cartId}`],
      ['POST', `/v1/carts/${mine.cartId}/items`, { productCode: 'mesh-wifi6-router' }],
      ['PATCH', `/v1/carts/${mine.cartId}/items/fiber-plan-1699`, { quantity: 1 }],
      ['DELETE', `/v1/carts/${mine.cartId}/items/fiber-plan-1699`],
      ['POST', `/v2/carts/${mine.cartId}/reconfigure`, { planCode: 'fiber-plan-888' }],
      ['PUT', `/v1/carts/${mine.cartId}/payment-mode`, { upfrontFeePaymentOption: 'OUTRIGHT' }],
      ['PUT', `/v1/carts/${mine.cartId}/upfront-payment`, { upfrontPayment: 'INSTALLER' }],
    ]
    for (const [method, path, body] of calls) {
      for (const draftId of [other, null]) {
        const answer = await cartCall(draftId, method, path, body)
        expect(answer.status, `${method} ${path}`).toBe(404)
        expect(answer.body).toEqual({
          status: false,
          error: { code: 'cart_not_found', message: CART_MESSAGES.cartNotFound, requestId: expect.any(String) },
        })
      }
    }
    // Untouched by all that.
    const read = await cartCall(mine.draftId, 'GET', `/v1/carts/${mine.cartId}`)
    expect(read.body.data.cartItems.map((item: any) => item.productCode)).toEqual(['fiber-plan-1699'])
  })

  it('lives 4 hours after its last change, like its draft', async () => {
    const { draftId, cartId } = await newCart()
    nowMs += 3 * HOUR
    expect(
      (await cartCall(draftId, 'POST', `/v1/carts/${cartId}/items`, { productCode: 'fiber-plan-888' })).status,
    ).toBe(200)
    nowMs += 3 * HOUR
    expect((await cartCall(draftId, 'GET', `/v1/carts/${cartId}`)).status).toBe(200)
    nowMs += 2 * HOUR
    expect((await cartCall(draftId, 'GET', `/v1/carts/${cartId}`)).status).toBe(404)
    // The draft gets a new, empty cart.
    const renewed = await cartCall(draftId, 'POST', '/v1/carts/instance')
    expect(renewed.body.data.cartId).not.toBe(cartId)
    expect(renewed.body.data.cartItems).toEqual([])
  })
})

describe('the plan (MAINLINE)', () => {
  it('one per cart: a second is refused with a message, the first stays', async () => {
    const { draftId, cartId } = await cartWithPlan('fiber-plan-1699')
    for (const productCode of ['fiber-plan-888', 'fiber-plan-1699']) {
      const second = await cartCall(draftId, 'POST', `/v1/carts/${cartId}/items`, { productCode })
      expect(second.status).toBe(409)
      expect(second.body).toMatchObject({
        status: false,
        error: { code: 'plan_already_in_cart', message: CART_MESSAGES.planAlreadyInCart },
      })
    }
    const read = await cartCall(draftId, 'GET', `/v1/carts/${cartId}`)
    expect(read.body.data.planCode).toBe('fiber-plan-1699')
    expect(read.body.data.paymentModes).toEqual(['OUTRIGHT', 'STAGGERED'])
  })

  it('reconfigure puts another plan in its place, keeping the add-ons offered with it', async () => {
    const { draftId, cartId } = await cartWithPlan('fiber-plan-1699')
    await cartCall(draftId, 'POST', `/v1/carts/${cartId}/items`, { productCode: 'mesh-wifi6-router', quantity: 2 })
    await cartCall(draftId, 'POST', `/v1/carts/${cartId}/items`, { productCode: 'vas-family-safe' })
    await cartCall(draftId, 'PUT', `/v1/carts/${cartId}/payment-mode`, { upfrontFeePaymentOption: 'STAGGERED' })

    const toSme = await cartCall(draftId, 'POST', `/v2/carts/${cartId}/reconfigure`, { planCode: 'sme-fiber-8999' })
    expect(toSme.status).toBe(200)
    // Family Safe is residential only; the 8999 plan is outright only, so STAGGERED goes back to null.
    expect(toSme.body.data.cartItems.map((item: any) => [item.productCode, item.quantity])).toEqual([
      ['sme-fiber-8999', 1],
      ['mesh-wifi6-router', 2],
    ])
    expect(toSme.body.data.upfrontFeePaymentOption).toBeNull()
    expect(toSme.body.data.paymentModes).toEqual(['OUTRIGHT'])
  })

  it('removing it empties the cart and clears the payment mode', async () => {
    const { draftId, cartId } = await cartWithPlan()
    await cartCall(draftId, 'POST', `/v1/carts/${cartId}/items`, { productCode: 'wifi6-router-ax3000' })
    await cartCall(draftId, 'PUT', `/v1/carts/${cartId}/payment-mode`, { upfrontFeePaymentOption: 'OUTRIGHT' })
    const removed = await cartCall(draftId, 'DELETE', `/v1/carts/${cartId}/items/fiber-plan-1699`)
    expect(removed.body.data).toMatchObject({ planCode: null, cartItems: [], upfrontFeePaymentOption: null })
  })
})

describe('add-ons and VAS', () => {
  it('need a plan first', async () => {
    const { draftId, cartId } = await newCart()
    const answer = await cartCall(draftId, 'POST', `/v1/carts/${cartId}/items`, { productCode: 'mesh-wifi6-router' })
    expect(answer.status).toBe(409)
    expect(answer.body.error.message).toBe(CART_MESSAGES.planRequired)
  })

  it('are added, counted up, changed and removed, with item details for ROUTERS and PAYTV (spec 3)', async () => {
    const { draftId, cartId } = await cartWithPlan('fiber-plan-1699')
    await cartCall(draftId, 'POST', `/v1/carts/${cartId}/items`, { productCode: 'mesh-wifi6-router' })
    const twice = await cartCall(draftId, 'POST', `/v1/carts/${cartId}/items`, { productCode: 'mesh-wifi6-router' })
    expect(twice.body.data.cartItems[1]).toMatchObject({ productCode: 'mesh-wifi6-router', quantity: 2 })
    await cartCall(draftId, 'POST', `/v1/carts/${cartId}/items`, { productCode: 'paytv-box-hd' })
    await cartCall(draftId, 'POST', `/v1/carts/${cartId}/items`, { productCode: 'vas-landline' })
    const changed = await cartCall(draftId, 'PATCH', `/v1/carts/${cartId}/items/mesh-wifi6-router`, { quantity: 3 })
    expect(changed.status).toBe(200)
    expect(changed.body.status).toBe(true)
    expect(changed.body.data.itemDetails).toEqual([
      { itemName: 'Mesh Wi-Fi 6 router', quantity: 3 },
      { itemName: 'Pay TV HD box', quantity: 1 },
    ])
    const removed = await cartCall(draftId, 'DELETE', `/v1/carts/${cartId}/items/mesh-wifi6-router`)
    expect(removed.body.data.cartItems.map((item: any) => item.productCode)).toEqual([
      'fiber-plan-1699',
      'paytv-box-hd',
      'vas-landline',
    ])
  })

  it('are refused above their maximum, when not offered with the plan, unknown or not in the cart', async () => {
    const { draftId, cartId } = await cartWithPlan('fiber-plan-1699')
    const tooMany = await cartCall(draftId, 'POST', `/v1/carts/${cartId}/items`, {
      productCode: 'mesh-wifi6-router',
      quantity: 4,
    })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.error.message).toBe('You can add up to 3 of this item.')
    const sme = await cartCall(draftId, 'POST', `/v1/carts/${cartId}/items`, { productCode: 'vas-static-ip' })
    expect(sme.body.error.message).toBe(CART_MESSAGES.notOfferedWithPlan)
    const unknown = await cartCall(draftId, 'POST', `/v1/carts/${cartId}/items`, { productCode: 'flux-capacitor' })
    expect(unknown.body.error.message).toBe(CART_MESSAGES.productNotFound)
    const absent = await cartCall(draftId, 'PATCH', `/v1/carts/${cartId}/items/paytv-box-4k`, { quantity: 1 })
    expect(absent.body.error.message).toBe(CART_MESSAGES.itemNotInCart)
    const zero = await cartCall(draftId, 'PATCH', `/v1/carts/${cartId}/items/fiber-plan-1699`, { quantity: 0 })
    expect(zero.status).toBe(400)
  })
})

describe('payment mode and totals, computed upstream', () => {
  it('OUTRIGHT: the one-time fees upfront; STAGGERED: over the plan’s 12 months', async () => {
    const { draftId, cartId } = await cartWithPlan('fiber-plan-1699')
    await cartCall(draftId, 'POST', `/v1/carts/${cartId}/items`, { productCode: 'mesh-wifi6-router', quantity: 2 })
    await cartCall(draftId, 'POST', `/v1/carts/${cartId}/items`, { productCode: 'vas-landline' })

    const outright = await cartCall(draftId, 'PUT', `/v1/carts/${cartId}/payment-mode`, {
      upfrontFeePaymentOption: 'OUTRIGHT',
    })
    expect(outright.body.data.upfrontFeePaymentOption).toBe('OUTRIGHT')
    expect(outright.body.data.totals).toEqual({
      monthlyRecurringFee: 1899,
      installationFee: 2500,
      totalInstallationFee: 8498,
      dueUpfront: 8498,
      dueAtInstallation: 0,
      instalments: null,
      promoDiscount: 0,
      firstBill: 10397,
    })

    const staggered = await cartCall(draftId, 'PUT', `/v1/carts/${cartId}/payment-mode`, {
      upfrontFeePaymentOption: 'STAGGERED',
    })
    expect(staggered.body.data.totals).toEqual({
      monthlyRecurringFee: 1899,
      installationFee: 2500,
      totalInstallationFee: 8498,
      dueUpfront: 0,
      dueAtInstallation: 0,
      instalments: { months: 12, amount: 708.16, lastAmount: 708.24 },
      promoDiscount: 0,
      firstBill: 2607.16,
    })
  })

  it('Pay via installer (issue 33): the upfront amount leaves the first bill for cash at installation', async () => {
    const { draftId, cartId } = await cartWithPlan('fiber-plan-1699')
    expect((await cartCall(draftId, 'GET', `/v1/carts/${cartId}`)).body.data.upfrontPayment).toBe('FIRST_BILL')
    await cartCall(draftId, 'PUT', `/v1/carts/${cartId}/payment-mode`, { upfrontFeePaymentOption: 'OUTRIGHT' })
    const installer = await cartCall(draftId, 'PUT', `/v1/carts/${cartId}/upfront-payment`, {
      upfrontPayment: 'INSTALLER',
    })
    expect(installer.status).toBe(200)
    expect(installer.body.data.upfrontPayment).toBe('INSTALLER')
    expect(installer.body.data.totals).toMatchObject({ dueUpfront: 2500, dueAtInstallation: 2500, firstBill: 1699 })
    const back = await cartCall(draftId, 'PUT', `/v1/carts/${cartId}/upfront-payment`, { upfrontPayment: 'FIRST_BILL' })
    expect(back.body.data.totals).toMatchObject({ dueAtInstallation: 0, firstBill: 4199 })
    const bad = await cartCall(draftId, 'PUT', `/v1/carts/${cartId}/upfront-payment`, { upfrontPayment: 'LATER' })
    expect(bad.status).toBe(400)
    const empty = await newCart()
    const noPlan = await cartCall(empty.draftId, 'PUT', `/v1/carts/${empty.cartId}/upfront-payment`, {
      upfrontPayment: 'INSTALLER',
    })
    expect(noPlan.status).toBe(409)
  })

  it('STAGGERED only when the plan allows it; no mode without a plan; nothing but the two modes', async () => {
    const { draftId, cartId } = await cartWithPlan('sme-fiber-8999')
    const refused = await cartCall(draftId, 'PUT', `/v1/carts/${cartId}/payment-mode`, {
      upfrontFeePaymentOption: 'STAGGERED',
    })
    expect(refused.status).toBe(409)
    expect(refused.body.error.message).toBe(CART_MESSAGES.notStaggerable)
    const bad = await cartCall(draftId, 'PUT', `/v1/carts/${cartId}/payment-mode`, { upfrontFeePaymentOption: 'LATER' })
    expect(bad.status).toBe(400)
    const empty = await newCart()
    const noPlan = await cartCall(empty.draftId, 'PUT', `/v1/carts/${empty.cartId}/payment-mode`, {
      upfrontFeePaymentOption: 'OUTRIGHT',
    })
    expect(noPlan.body.error.message).toBe(CART_MESSAGES.planRequired)
  })
})
