/**
 * The sandbox gateway's saved cards (docs/decisions/0043), the part of PayMongo's card
 * vaulting the adapter (../paymongo.ts) uses:
 *   POST   /v1/customers                                   a customer to save cards under
 *   GET    /v1/customers/:id/payment_methods               the customer's saved cards
 *   DELETE /v1/customers/:id/payment_methods/:pm           forget one
 *   POST   /v1/payment_intents                             an intent; with setup_future_usage
 *                                                          (off_session, customer_id) and a
 *                                                          return_url, its next_action is the card page
 *   GET    /v1/payment_intents/:id
 *   POST   /v1/payment_intents/:id/attach                  charge a saved card (off-session)
 *   POST   /v1/refunds                                     give a payment back
 *   GET    /cards/:intentId, POST /cards/:intentId         the hosted card page (card=<test number> | outcome=cancel)
 * Basic auth (the secret key) on the API, Idempotency-Key honoured on its POSTs (Postgres).
 * A paid charge sends `payment.paid`, a declined one `payment.failed`, a refund
 * `payment.refunded`, through the same at-least-once deliveries as checkout (deliveries.ts).
 * The sandbox never takes a card number: the page offers test cards, and a payment method
 * keeps the brand and last four digits.
 */
import crypto from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { Database, Executor } from '../../db/client.ts'
import { sha256Hex } from '../../../lib/signature.ts'
import { cardFormPage, cardPageClosed, cardSavedPage } from './card-page.ts'
import { SANDBOX_TEST_CARDS } from './test-cards.ts'
import { enqueueWebhook } from './deliveries.ts'
import { notFoundPage } from './page.ts'
import { sandboxIdempotencyKeys } from './tables.ts'
import {
  sandboxCustomers,
  sandboxPaymentIntents,
  sandboxPaymentMethods,
  sandboxRefunds,
  type SandboxIntentPayment,
} from './vault-tables.ts'

const DECLINES = {
  declined: { failed_code: 'generic_decline', failed_message: 'The card was declined (sandbox).' },
  insufficient: { failed_code: 'insufficient_funds', failed_message: 'The card has insufficient funds (sandbox).' },
} as const

/** The sandbox takes payment intents from ₱1.00 (a verification charge); see decision 0043 on PayMongo's minimum. */
const INTENT_MINIMUM = 100

const randomId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`
const unix = (at: Date) => Math.floor(at.getTime() / 1000)
const errors = (code: string, detail: string) => ({ errors: [{ code, detail }] })
const ID = /^[a-z]+_[0-9a-f]{24}$/

const Metadata = z.record(z.string(), z.string()).nullish()

const CustomerBody = z.object({
  data: z.object({
    attributes: z.object({
      first_name: z.string().min(1).max(100),
      last_name: z.string().min(1).max(100),
      email: z.email(),
      phone: z.string().max(20).nullish(),
      default_device: z.enum(['phone', 'email']).optional(),
    }),
  }),
})

const IntentBody = z.object({
  data: z.object({
    attributes: z.object({
      amount: z.number().int().min(INTENT_MINIMUM).max(100_000_000),
      currency: z.literal('PHP'),
      payment_method_allowed: z.array(z.literal('card')).min(1),
      capture_type: z.literal('automatic').optional(),
      description: z.string().max(255).nullish(),
      statement_descriptor: z.string().max(22).nullish(),
      metadata: Metadata,
      return_url: z.url().nullish(),
      setup_future_usage: z.object({ session_type: z.literal('off_session'), customer_id: z.string() }).nullish(),
    }),
  }),
})

const AttachBody = z.object({
  data: z.object({ attributes: z.object({ payment_method: z.string(), return_url: z.url().nullish() }) }),
})

const RefundBody = z.object({
  data: z.object({
    attributes: z.object({
      amount: z.number().int().positive(),
      payment_id: z.string(),
      reason: z.enum(['duplicate', 'fraudulent', 'requested_by_customer', 'others']),
      notes: z.string().max(255).nullish(),
      metadata: Metadata,
    }),
  }),
})

type IntentRow = typeof sandboxPaymentIntents.$inferSelect
type MethodRow = typeof sandboxPaymentMethods.$inferSelect
type Answer = { status: 200 | 400 | 404; body: unknown }

export function vaultRoutes(options: {
  db: Database
  now: () => Date
  /** Where browsers reach the sandbox, no trailing slash. */
  base: string
  authorised: (c: Context) => boolean
  /** Called after a change that queued webhook events has committed. */
  queued: () => void
}) {
  const { db, base } = options
  const app = new Hono()

  // --- resources as PayMongo writes them ------------------------------------------------
  function paymentResource(intent: IntentRow, payment: SandboxIntentPayment) {
    return {
      id: payment.id,
      type: 'payment',
      attributes: {
        amount: payment.amount,
        currency: 'PHP',
        description: intent.attributes.description,
        status: payment.status,
        source: { id: `card_${payment.id.slice(4)}`, type: 'card', brand: payment.brand, last4: payment.last4 },
        payment_intent_id: intent.id,
        failed_code: payment.failed_code,
        failed_message: payment.failed_message,
        amount_refunded: payment.refunded,
        metadata: intent.attributes.metadata,
        livemode: false,
        created_at: payment.created_at,
        paid_at: payment.status === 'paid' ? payment.created_at : null,
        updated_at: payment.created_at,
      },
    }
  }

  function intentResource(row: IntentRow) {
    const a = row.attributes
    const awaitingCard = row.status === 'awaiting_payment_method' && a.return_url !== null
    return {
      id: row.id,
      type: 'payment_intent',
      attributes: {
        amount: a.amount,
        currency: 'PHP',
        capture_type: 'automatic',
        client_key: row.clientKey,
        description: a.description,
        livemode: false,
        statement_descriptor: 'SANDBOX MERCHANT',
        status: row.status,
        last_payment_error: row.lastPaymentError,
        payment_method_allowed: ['card'],
        payments: row.payments.map((payment) => paymentResource(row, payment)),
        next_action: awaitingCard
          ? { type: 'redirect', redirect: { url: `${base}/cards/${row.id}`, return_url: a.return_url } }
          : null,
        setup_future_usage: a.customer_id ? { session_type: 'off_session', customer_id: a.customer_id } : null,
        metadata: a.metadata,
        created_at: unix(row.createdAt),
        updated_at: unix(row.updatedAt),
      },
    }
  }

  function methodResource(row: MethodRow) {
    const card = SANDBOX_TEST_CARDS.find((c) => c.number === row.testCard)
    return {
      id: row.id,
      type: 'payment_method',
      attributes: {
        type: 'card',
        customer_id: row.customerId,
        details: { brand: row.brand, last4: row.last4, exp_month: 12, exp_year: 2034 },
        billing: null,
        livemode: false,
        metadata: card ? { test_card: card.outcome } : null,
        created_at: unix(row.createdAt),
        updated_at: unix(row.createdAt),
      },
    }
  }

  // --- helpers --------------------------------------------------------------------------
  async function parse<S extends z.ZodType>(
    c: Context,
    schema: S,
  ): Promise<{ raw: string; body: z.output<S> } | Answer> {
    const raw = await c.req.text()
    let json: unknown
    try {
      json = JSON.parse(raw)
    } catch {
      return { status: 400, body: errors('parameter_invalid', 'The body is not JSON.') }
    }
    const parsed = schema.safeParse(json)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!
      const below = issue.code === 'too_small' && issue.path.at(-1) === 'amount'
      return {
        status: 400,
        body: errors(
          below ? 'parameter_below_minimum' : 'parameter_invalid',
          `${issue.path.join('.')}: ${issue.message}`,
        ),
      }
    }
    return { raw, body: parsed.data }
  }

  /** A POST answered once per Idempotency-Key: a repeat with the same body gets the first answer. */
  async function idempotent(c: Context, raw: string, work: (tx: Executor) => Promise<Answer>): Promise<Answer> {
    const key = c.req.header('idempotency-key')?.trim()
    const requestHash = sha256Hex(`${c.req.path}\n${raw}`)
    const answer = await db.transaction(async (tx) => {
      if (key) {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`paymongo-sandbox:idempotency:${key}`}))`)
        const [seen] = await tx
          .select()
          .from(sandboxIdempotencyKeys)
          .where(eq(sandboxIdempotencyKeys.key, key))
          .limit(1)
        if (seen) {
          if (seen.requestHash !== requestHash) {
            return {
              status: 400,
              body: errors('idempotency_key_in_use', 'The Idempotency-Key was used with another request.'),
            } as Answer
          }
          return { status: seen.responseStatus as Answer['status'], body: JSON.parse(seen.responseBody) as unknown }
        }
      }
      const result = await work(tx)
      // Refusals are not kept: the same key may try again once the problem is fixed.
      if (key && result.status === 200) {
        await tx.insert(sandboxIdempotencyKeys).values({
          key,
          requestHash,
          responseStatus: result.status,
          responseBody: JSON.stringify(result.body),
          createdAt: options.now(),
        })
      }
      return result
    })
    return answer
  }

  const reply = (c: Context, answer: Answer) => c.json(answer.body as object, answer.status)
  const unauthorised = (c: Context) => c.json(errors('unauthorized', 'The API key is missing or not valid.'), 401)
  const isAnswer = (value: unknown): value is Answer => typeof value === 'object' && value !== null && 'status' in value

  async function findIntent(tx: Executor, id: string, lock = false): Promise<IntentRow | null> {
    if (!ID.test(id)) return null
    const query = tx.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id))
    const [row] = lock ? await query.for('update') : await query
    return row ?? null
  }
  const lockIntent = (tx: Executor, id: string) => findIntent(tx, id, true)

  /**
   * Charges an intent with a card, in the caller's transaction: a paid or failed payment on
   * the intent and its webhook. A card added on the page is saved to the intent's customer
   * when its charge is paid.
   */
  async function charge(tx: Executor, intent: IntentRow, method: MethodRow, offSession: boolean) {
    const card = SANDBOX_TEST_CARDS.find((c) => c.number === method.testCard)!
    const now = options.now()
    const decline =
      card.outcome === 'declined'
        ? DECLINES.declined
        : card.outcome === 'declines_off_session' && offSession
          ? DECLINES.insufficient
          : null
    const payment: SandboxIntentPayment = {
      id: randomId('pay'),
      status: decline ? 'failed' : 'paid',
      amount: intent.attributes.amount,
      brand: method.brand,
      last4: method.last4,
      failed_code: decline?.failed_code ?? null,
      failed_message: decline?.failed_message ?? null,
      refunded: 0,
      created_at: unix(now),
    }
    const [updated] = await tx
      .update(sandboxPaymentIntents)
      .set({
        status: decline ? 'awaiting_payment_method' : 'succeeded',
        paymentMethodId: method.id,
        payments: [...intent.payments, payment],
        lastPaymentError: decline ? { ...decline } : null,
        updatedAt: now,
      })
      .where(eq(sandboxPaymentIntents.id, intent.id))
      .returning()
    if (!decline && !offSession && intent.attributes.customer_id) {
      await tx
        .update(sandboxPaymentMethods)
        .set({ customerId: intent.attributes.customer_id })
        .where(eq(sandboxPaymentMethods.id, method.id))
    }
    await enqueueWebhook(tx, decline ? 'payment.failed' : 'payment.paid', paymentResource(updated!, payment), now)
    return { intent: updated!, payment, card }
  }

  // --- the API ----------------------------------------------------------------------------
  app.post('/v1/customers', async (c) => {
    if (!options.authorised(c)) return unauthorised(c)
    const parsed = await parse(c, CustomerBody)
    if (isAnswer(parsed)) return reply(c, parsed)
    const answer = await idempotent(c, parsed.raw, async (tx) => {
      const now = options.now()
      const a = parsed.body.data.attributes
      const id = randomId('cus')
      await tx.insert(sandboxCustomers).values({
        id,
        attributes: { first_name: a.first_name, last_name: a.last_name, email: a.email },
        createdAt: now,
      })
      return {
        status: 200,
        body: {
          data: {
            id,
            type: 'customer',
            attributes: {
              default_device: a.default_device ?? 'email',
              default_payment_method_id: null,
              email: a.email,
              first_name: a.first_name,
              last_name: a.last_name,
              livemode: false,
              phone: a.phone ?? null,
              created_at: unix(now),
              updated_at: unix(now),
            },
          },
        },
      }
    })
    return reply(c, answer)
  })

  async function customerExists(id: string) {
    if (!ID.test(id)) return false
    const [row] = await db.select({ id: sandboxCustomers.id }).from(sandboxCustomers).where(eq(sandboxCustomers.id, id))
    return Boolean(row)
  }

  app.get('/v1/customers/:id/payment_methods', async (c) => {
    if (!options.authorised(c)) return unauthorised(c)
    const id = c.req.param('id')
    if (!(await customerExists(id))) return c.json(errors('resource_not_found', 'No such customer.'), 404)
    const rows = await db
      .select()
      .from(sandboxPaymentMethods)
      .where(and(eq(sandboxPaymentMethods.customerId, id), isNull(sandboxPaymentMethods.deletedAt)))
      .orderBy(sandboxPaymentMethods.createdAt)
    return c.json({ has_more: false, data: rows.map(methodResource) })
  })

  app.delete('/v1/customers/:id/payment_methods/:pm', async (c) => {
    if (!options.authorised(c)) return unauthorised(c)
    const [row] = await db
      .update(sandboxPaymentMethods)
      .set({ deletedAt: options.now() })
      .where(
        and(
          eq(sandboxPaymentMethods.id, c.req.param('pm')),
          eq(sandboxPaymentMethods.customerId, c.req.param('id')),
          isNull(sandboxPaymentMethods.deletedAt),
        ),
      )
      .returning()
    if (!row) return c.json(errors('resource_not_found', 'No such payment method for this customer.'), 404)
    return c.json({ data: methodResource(row) })
  })

  app.post('/v1/payment_intents', async (c) => {
    if (!options.authorised(c)) return unauthorised(c)
    const parsed = await parse(c, IntentBody)
    if (isAnswer(parsed)) return reply(c, parsed)
    const a = parsed.body.data.attributes
    const customerId = a.setup_future_usage?.customer_id ?? null
    if (customerId && !(await customerExists(customerId))) {
      return c.json(errors('resource_not_found', 'No such customer.'), 404)
    }
    const answer = await idempotent(c, parsed.raw, async (tx) => {
      const now = options.now()
      const id = randomId('pi')
      const [row] = await tx
        .insert(sandboxPaymentIntents)
        .values({
          id,
          attributes: {
            amount: a.amount,
            description: a.description ?? null,
            metadata: a.metadata ?? null,
            return_url: a.return_url ?? null,
            customer_id: customerId,
          },
          status: 'awaiting_payment_method',
          clientKey: `${id}_client_${crypto.randomBytes(12).toString('hex')}`,
          payments: [],
          createdAt: now,
          updatedAt: now,
        })
        .returning()
      return { status: 200, body: { data: intentResource(row!) } }
    })
    return reply(c, answer)
  })

  app.get('/v1/payment_intents/:id', async (c) => {
    if (!options.authorised(c)) return unauthorised(c)
    const row = await findIntent(db, c.req.param('id'))
    if (!row) return c.json(errors('resource_not_found', 'No such payment intent.'), 404)
    return c.json({ data: intentResource(row) })
  })

  app.post('/v1/payment_intents/:id/attach', async (c) => {
    if (!options.authorised(c)) return unauthorised(c)
    const parsed = await parse(c, AttachBody)
    if (isAnswer(parsed)) return reply(c, parsed)
    const id = c.req.param('id')
    const answer = await idempotent(c, parsed.raw, async (tx) => {
      const intent = await lockIntent(tx, id)
      if (!intent) return { status: 404, body: errors('resource_not_found', 'No such payment intent.') }
      if (intent.status === 'succeeded') {
        return { status: 400, body: errors('payment_intent_not_attachable', 'The payment intent is already paid.') }
      }
      const [method] = await tx
        .select()
        .from(sandboxPaymentMethods)
        .where(
          and(
            eq(sandboxPaymentMethods.id, parsed.body.data.attributes.payment_method),
            isNull(sandboxPaymentMethods.deletedAt),
          ),
        )
      // Off-session, only a card saved under the intent's customer.
      if (!method || !intent.attributes.customer_id || method.customerId !== intent.attributes.customer_id) {
        return { status: 400, body: errors('resource_not_found', 'No such payment method for this customer.') }
      }
      const result = await charge(tx, intent, method, true)
      return { status: 200, body: { data: intentResource(result.intent) } }
    })
    if (answer.status === 200) options.queued()
    return reply(c, answer)
  })

  app.post('/v1/refunds', async (c) => {
    if (!options.authorised(c)) return unauthorised(c)
    const parsed = await parse(c, RefundBody)
    if (isAnswer(parsed)) return reply(c, parsed)
    const a = parsed.body.data.attributes
    const answer = await idempotent(c, parsed.raw, async (tx) => {
      const [found] = await tx
        .select({ id: sandboxPaymentIntents.id })
        .from(sandboxPaymentIntents)
        .where(sql`${sandboxPaymentIntents.payments} @> ${JSON.stringify([{ id: a.payment_id }])}::jsonb`)
        .limit(1)
      const intent = found ? await lockIntent(tx, found.id) : null
      const payment = intent?.payments.find((p) => p.id === a.payment_id)
      if (!intent || !payment || payment.status !== 'paid') {
        return { status: 404, body: errors('resource_not_found', 'No such paid payment.') }
      }
      if (payment.refunded + a.amount > payment.amount) {
        return { status: 400, body: errors('amount_exceeded', 'The refund is more than the payment left.') }
      }
      const now = options.now()
      const refunded = { ...payment, refunded: payment.refunded + a.amount }
      const [updated] = await tx
        .update(sandboxPaymentIntents)
        .set({ payments: intent.payments.map((p) => (p.id === payment.id ? refunded : p)), updatedAt: now })
        .where(eq(sandboxPaymentIntents.id, intent.id))
        .returning()
      const id = randomId('ref')
      await tx.insert(sandboxRefunds).values({
        id,
        paymentId: payment.id,
        paymentIntentId: intent.id,
        amount: a.amount,
        notes: a.notes ?? null,
        createdAt: now,
      })
      await enqueueWebhook(tx, 'payment.refunded', paymentResource(updated!, refunded), now)
      return {
        status: 200,
        body: {
          data: {
            id,
            type: 'refund',
            attributes: {
              amount: a.amount,
              currency: 'PHP',
              livemode: false,
              notes: a.notes ?? null,
              payment_id: payment.id,
              reason: a.reason,
              status: 'succeeded',
              metadata: a.metadata ?? null,
              created_at: unix(now),
              updated_at: unix(now),
            },
          },
        },
      }
    })
    if (answer.status === 200) options.queued()
    return reply(c, answer)
  })

  // --- the hosted card page ---------------------------------------------------------------
  const html = (c: Context, page: string, status: 200 | 404 | 422 = 200) =>
    c.body(page, status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })

  async function cardIntent(id: string): Promise<IntentRow | null> {
    const row = await findIntent(db, id)
    return row && row.attributes.return_url && row.attributes.customer_id ? row : null
  }

  app.get('/cards/:id', async (c) => {
    const intent = await cardIntent(c.req.param('id'))
    if (!intent) return html(c, notFoundPage(base), 404)
    if (intent.status === 'succeeded') return html(c, cardPageClosed(base, intent.attributes.return_url))
    return html(
      c,
      cardFormPage({
        base,
        intentId: intent.id,
        cards: SANDBOX_TEST_CARDS,
        description: intent.attributes.description,
      }),
    )
  })

  app.post('/cards/:id', async (c) => {
    const id = c.req.param('id')
    const form = Object.fromEntries(Object.entries(await c.req.parseBody()).map(([k, v]) => [k, String(v)]))
    const first = await cardIntent(id)
    if (!first) return html(c, notFoundPage(base), 404)
    const returnUrl = first.attributes.return_url!
    if (form.outcome === 'cancel') return c.redirect(returnUrl, 303)
    const card = SANDBOX_TEST_CARDS.find((candidate) => candidate.number === form.card)
    if (!card) {
      const page = cardFormPage({
        base,
        intentId: id,
        cards: SANDBOX_TEST_CARDS,
        description: first.attributes.description,
        message: 'Choose one of the test cards.',
      })
      return html(c, page, 422)
    }
    const result = await db.transaction(async (tx) => {
      const intent = await lockIntent(tx, id)
      // A second click, or the back button: the card is already added.
      if (!intent || intent.status === 'succeeded') return null
      const now = options.now()
      const [method] = await tx
        .insert(sandboxPaymentMethods)
        .values({ id: randomId('pm'), brand: card.brand, last4: card.last4, testCard: card.number, createdAt: now })
        .returning()
      return charge(tx, intent, method!, false)
    })
    if (!result) return html(c, cardPageClosed(base, returnUrl))
    options.queued()
    if (result.payment.status === 'failed') return c.redirect(returnUrl, 303)
    return html(
      c,
      cardSavedPage({
        base,
        brandName: card.brandName,
        last4: card.last4,
        amountCentavos: result.payment.amount,
        returnUrl,
      }),
    )
  })

  return app
}
