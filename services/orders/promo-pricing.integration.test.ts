/**
 * Promo codes priced (issue 33 item 8; docs/decisions/0063), through the real gateway on the
 * demo data: the filing agent puts a code on the draft's cart, the cart's totals take it
 * off the first bill, its rules hold (which plans, dates, one per application), and the
 * application records what was quoted, shown in the confirmation email and the PDF summary.
 */
import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DRAFT_ID_HEADER } from '../../lib/catalog.ts'
import { formatPesos } from '../../lib/pesos.ts'
import { pdfText } from '../../tests/support/pdf-text.ts'
import { DEMO_PAYLOAD } from '../applications/seed.ts'
import { applications } from '../applications/tables.ts'
import type { ServiceDeps } from '../context.ts'
import { latestMessagesFor } from '../notifications/outbox.ts'
import { promoCodes } from '../sales/tables.ts'
import {
  bearerOf,
  freeSlotId,
  signedCall,
  silentLogger,
  startTestGateway,
  uploadRequiredDocuments,
  type TestGateway,
} from '../testing.ts'

let clock: Date | null = null
let t: TestGateway
beforeAll(async () => {
  t = await startTestGateway({ seed: true, now: () => clock ?? new Date(), signatureClock: () => new Date() })
  // A code with dates of its own (2030), to prove the dates hold.
  await t.database.db.insert(promoCodes).values({
    code: 'SUMMER2030',
    description: '₱300.00 off the first bill, summer 2030',
    discountPesos: 300,
    validFrom: '2030-03-01',
    validUntil: '2030-05-31',
    segments: [],
    planCodes: [],
  })
})
afterAll(() => t?.close())

type Headers = Record<string, string>

const tokenFor = (email: string): Promise<Headers> => bearerOf(t, email)

let agent1: Headers
let agent2: Headers
let customer: Headers
beforeAll(async () => {
  agent1 = await tokenFor('agent@example.com')
  agent2 = await tokenFor('agent2@example.com')
  customer = await tokenFor('customer@example.com')
})

const call = (method: string, path: string, headers: Headers = {}, body?: unknown) =>
  signedCall(t, method, path, { headers, body })

/** A draft claimed by the agent (or a public one), with a cart holding the plan. */
async function cartFor(agent: Headers | null, plan = 'fiber-plan-1699') {
  const draftId = (await call('POST', '/v1/drafts', agent ?? {}, { sections: {} })).body.data.draftId as string
  const headers = { [DRAFT_ID_HEADER]: draftId }
  const made = await call('POST', '/v1/carts/instance', headers)
  const cartId = made.body.data.cartId as string
  expect((await call('POST', `/v1/carts/${cartId}/items`, headers, { productCode: plan })).status).toBe(200)
  const promo = (who: Headers, code: string) =>
    call('PUT', `/v1/carts/${cartId}/promo-code`, { ...headers, ...who }, { code })
  const removePromo = (who: Headers) => call('DELETE', `/v1/carts/${cartId}/promo-code`, { ...headers, ...who })
  const cart = (method = 'GET', path = '', body?: unknown) => call(method, `/v1/carts/${cartId}${path}`, headers, body)
  return { draftId, cartId, headers, promo, removePromo, cart }
}

describe("the agent's promo code on the cart", () => {
  it('takes its pesos off the first bill, shown with the cart, upstream', async () => {
    const { promo, cart } = await cartFor(agent1)
    const before = (await cart()).body.data
    expect(before).toMatchObject({ promo: null, promoNotice: null, totals: { promoDiscount: 0 } })
    const applied = await promo(agent1, ' fiberwelcome ')
    expect(applied.status, JSON.stringify(applied.body)).toBe(200)
    expect(applied.body.data.promo).toEqual({
      code: 'FIBERWELCOME',
      description: '₱500.00 off the first bill for new subscribers',
      discount: 500,
    })
    expect(applied.body.data.totals).toEqual({
      ...before.totals,
      promoDiscount: 500,
      firstBill: before.totals.firstBill - 500,
    })
    // Every read prices it again.
    expect((await cart()).body.data.totals.firstBill).toBe(before.totals.firstBill - 500)
  })

  it('is one per application: a second code is refused until the first is removed; the same one again is fine', async () => {
    const { promo, removePromo, cart } = await cartFor(agent1)
    expect((await promo(agent1, 'FIBERWELCOME')).status).toBe(200)
    expect((await promo(agent1, 'FIBERWELCOME')).status).toBe(200)
    const second = await promo(agent1, 'HOME1000')
    expect(second.status).toBe(409)
    expect(second.body.error.fields.code).toEqual([
      'Only one promo code can be used per application. Remove FIBERWELCOME first.',
    ])
    expect((await cart()).body.data.promo.code).toBe('FIBERWELCOME')
    const removed = await removePromo(agent1)
    expect(removed.body.data).toMatchObject({ promo: null, totals: { promoDiscount: 0 } })
    expect((await promo(agent1, 'HOME1000')).body.data.promo).toMatchObject({ code: 'HOME1000', discount: 1000 })
  })

  it('holds to its plans and segments, with a message that says why', async () => {
    const small = await cartFor(agent1, 'fiber-plan-888')
    const notForPlan = await small.promo(agent1, 'HOME1000')
    expect(notForPlan.status).toBe(422)
    expect(notForPlan.body.error.fields.code).toEqual(['This promo code does not apply to Fiber Plan 888.'])
    const sme = await cartFor(agent1, 'sme-fiber-1899')
    expect((await sme.promo(agent1, 'HOME1000')).body.error.fields.code).toEqual([
      'This promo code does not apply to Biz Fiber 1899.',
    ])
    expect((await sme.promo(agent1, 'SMEBOOST')).body.data.promo).toMatchObject({ code: 'SMEBOOST', discount: 1500 })
    const unknown = await small.promo(agent1, 'NOSUCHCODE')
    expect(unknown.status).toBe(422)
    expect(unknown.body.error.fields.code).toEqual(['This promo code is not valid.'])
  })

  it('holds to its dates (Manila calendar days, both inclusive)', async () => {
    try {
      clock = new Date('2030-02-28T15:59:00Z') // 23:59 on 28 February in Manila
      const { promo } = await cartFor(agent1)
      expect((await promo(agent1, 'SUMMER2030')).body.error.fields.code).toEqual([
        'This promo code can be used from March 01, 2030.',
      ])
      clock = new Date('2030-06-01T00:00:00Z') // 08:00 on 1 June in Manila
      expect((await (await cartFor(agent1)).promo(agent1, 'SUMMER2030')).body.error.fields.code).toEqual([
        'This promo code ended on May 31, 2030.',
      ])
      clock = new Date('2030-05-31T15:00:00Z') // 23:00 on 31 May in Manila
      const inTime = await cartFor(agent1)
      expect((await inTime.promo(agent1, 'SUMMER2030')).status).toBe(200)
      // The next morning the code no longer counts: the cart says so and takes nothing off.
      clock = new Date('2030-05-31T17:00:00Z') // 01:00 on 1 June in Manila
      expect((await inTime.cart()).body.data).toMatchObject({
        promo: null,
        promoNotice: 'This promo code ended on May 31, 2030.',
        totals: { promoDiscount: 0 },
      })
    } finally {
      clock = null
    }
  })

  it('leaves the cart with its plan', async () => {
    const { promo, cart } = await cartFor(agent1)
    await promo(agent1, 'FIBERWELCOME')
    const emptied = await cart('DELETE', '/items/fiber-plan-1699')
    expect(emptied.body.data).toMatchObject({ cartItems: [], promo: null, promoNotice: null })
    const refused = await promo(agent1, 'FIBERWELCOME')
    expect(refused.status).toBe(409)
    expect(refused.body.error.message).toBe('Please choose a plan first.')
  })

  it('only the agent whose draft it is may enter or remove one', async () => {
    const mine = await cartFor(agent1)
    expect((await mine.promo({}, 'FIBERWELCOME')).status).toBe(401)
    for (const who of [agent2, customer]) {
      const refused = await mine.promo(who, 'FIBERWELCOME')
      expect(refused.status).toBe(403)
      expect(refused.body.error.message).toBe('Only the sales agent filing this application may enter a promo code.')
    }
    expect((await mine.promo(agent1, 'FIBERWELCOME')).status).toBe(200)
    expect((await mine.removePromo(agent2)).status).toBe(403)
    expect((await mine.removePromo({})).status).toBe(401)
    // A visitor's own draft takes no code, whoever asks.
    const visitor = await cartFor(null)
    expect((await visitor.promo(agent1, 'FIBERWELCOME')).status).toBe(403)
    // Another draft's id opens no cart.
    const other = await cartFor(agent1)
    const crossed = await call(
      'PUT',
      `/v1/carts/${mine.cartId}/promo-code`,
      { ...other.headers, ...agent1 },
      { code: 'FIBERWELCOME' },
    )
    expect(crossed.status).toBe(404)
  })
})

const servicesDeps = (): ServiceDeps => ({
  db: t.database.db,
  logger: silentLogger,
  productName: t.config.PRODUCT_NAME,
  now: () => clock ?? new Date(),
  storage: t.storage,
})

async function submit(draftId: string, overrides: Record<string, unknown> = {}) {
  await uploadRequiredDocuments(servicesDeps(), draftId)
  return signedCall(t, 'POST', '/v3/applicant-details', {
    body: {
      ...DEMO_PAYLOAD,
      emailAddress: `promo.${crypto.randomUUID().slice(0, 8)}@example.net`,
      appointment: { slotId: await freeSlotId(t) },
      ...overrides,
    },
    headers: { 'idempotency-key': crypto.randomBytes(32).toString('base64url'), [DRAFT_ID_HEADER]: draftId },
  })
}

async function storedApplication(referenceNo: string) {
  const [row] = await t.database.db.select().from(applications).where(eq(applications.referenceNo, referenceNo))
  return row!
}

describe('the application records what was quoted', () => {
  it('an agent’s filing: the cart’s promo and totals, in the email and the PDF summary', async () => {
    const { draftId, promo, cart } = await cartFor(agent1)
    await promo(agent1, 'HOME1000')
    const quoted = (await cart()).body.data.totals
    // The body's promo code is not what counts: the cart's is.
    const submitted = await submit(draftId, { promoCode: 'SMEBOOST' })
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201)
    const row = await storedApplication(submitted.body.data.referenceNo)
    expect(row.payload.promoCode).toBe('HOME1000')
    expect(row.pricing).toEqual({
      monthlyRecurringFee: quoted.monthlyRecurringFee,
      dueUpfront: quoted.dueUpfront,
      dueAtInstallation: 0,
      instalments: null,
      promo: {
        code: 'HOME1000',
        description: '₱1,000.00 off the first bill, residential plans from Fiber Plan 1699',
        discount: 1000,
      },
      firstBill: quoted.firstBill,
    })

    const confirmation = (await latestMessagesFor(t.database.db, row.emailAddress)).find((m) =>
      m.subject.startsWith('We received your application'),
    )
    expect(confirmation!.body).toContain('Promo code HOME1000: ₱1,000.00 off your first bill')
    expect(confirmation!.body).toContain(`First bill: ${formatPesos(quoted.firstBill)}`)

    const sent = await call('POST', `/v1/sales/applications/${row.referenceNo}/notifications/pdf`, agent1)
    expect(sent.status).toBe(200)
    const withPdf = (await latestMessagesFor(t.database.db, row.emailAddress)).find((m) => m.attachments?.length)
    const text = pdfText(Buffer.from(withPdf!.attachments![0]!.contentBase64, 'base64'))
    expect(text).toContain('HOME1000: PHP 1,000.00 off the first bill')
    expect(text).toContain('First bill')
  })

  it('a public filing: the cart’s totals, no promo code whatever the body says', async () => {
    const { draftId, cart } = await cartFor(null)
    const quoted = (await cart()).body.data.totals
    const submitted = await submit(draftId, { promoCode: 'HOME1000' })
    expect(submitted.status).toBe(201)
    const row = await storedApplication(submitted.body.data.referenceNo)
    expect(row.payload.promoCode).toBeNull()
    expect(row.pricing).toMatchObject({ promo: null, firstBill: quoted.firstBill })
    const confirmation = (await latestMessagesFor(t.database.db, row.emailAddress)).find((m) =>
      m.subject.startsWith('We received your application'),
    )
    expect(confirmation!.body).toContain(`First bill: ₱`)
    expect(confirmation!.body).not.toContain('Promo code')
  })

  it('a code that stopped applying, or a cart with another plan than the body’s, is refused with the reason', async () => {
    const { draftId, promo, cart, cartId, headers } = await cartFor(agent1)
    await promo(agent1, 'HOME1000')
    const changed = await call('POST', `/v2/carts/${cartId}/reconfigure`, headers, { planCode: 'fiber-plan-888' })
    expect(changed.body.data).toMatchObject({
      promo: null,
      promoNotice: 'This promo code does not apply to Fiber Plan 888.',
      totals: { promoDiscount: 0 },
    })
    const refused = await submit(draftId, { planCode: 'fiber-plan-888', planName: 'Fiber Plan 888' })
    expect(refused.status).toBe(409)
    expect(refused.body.error.message).toBe('This promo code does not apply to Fiber Plan 888.')
    // Back to a plan it applies to, the discount is back.
    await call('POST', `/v2/carts/${cartId}/reconfigure`, headers, { planCode: 'fiber-plan-1699' })
    expect((await cart()).body.data.promo).toMatchObject({ code: 'HOME1000' })
    const mismatch = await submit(draftId, { planCode: 'fiber-plan-2499', planName: 'Fiber Plan 2499' })
    expect(mismatch.status).toBe(409)
    expect(mismatch.body.error.code).toBe('cart_changed')
  })
})
