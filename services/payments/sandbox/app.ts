/**
 * The embedded payment gateway (docs/decisions/0042): a Hono app speaking the part of
 * PayMongo's protocol the adapter (../paymongo.ts) uses, so the adapter's code is the one
 * production runs.
 *   POST /v2/checkout_sessions        Basic auth (secret key), Idempotency-Key honoured (Postgres)
 *   GET  /v2/checkout_sessions/:id    Basic auth
 *   GET  /checkout/:id                the hosted checkout page (HTML, no JavaScript needed)
 *   POST /checkout/:id                outcome=pay|fail|cancel, method=<payment method type>
 *   GET  /checkout.css                the page's stylesheet
 *   /v1/customers…, /v1/payment_intents…, /v1/refunds, /cards/:id   saved cards for AutoPay (vault.ts)
 * Paying sends `payment.paid` and `checkout_session.payment.paid`; failing sends
 * `payment.failed` (the session stays open, as PayMongo lets the payer try again); cancelling
 * sends nothing. Events are delivered at least once from a table (deliveries.ts).
 * Mounted by server.ts under /sandbox/paymongo, and by `npm run services` on its port.
 */
import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import type { Logger } from 'pino'
import { z } from 'zod'
import type { Database } from '../../db/client.ts'
import { sha256Hex } from '../../../lib/signature.ts'
import type { FetchLike } from '../paymongo.ts'
import { deliverDueWebhooks, enqueueWebhook } from './deliveries.ts'
import { STYLESHEET, checkoutPage, notFoundPage, type PageSession } from './page.ts'
import { vaultRoutes } from './vault.ts'
import {
  sandboxCheckoutSessions,
  sandboxIdempotencyKeys,
  type SandboxPayment,
  type SandboxSessionAttributes,
} from './tables.ts'

/** The payment method types PayMongo's checkout takes that the sandbox shows. */
export const SANDBOX_METHOD_TYPES = ['card', 'gcash', 'paymaya', 'grab_pay', 'qrph', 'dob', 'billease'] as const

export type PayMongoSandboxOptions = {
  db: Database
  now: () => Date
  logger: Logger
  secretKey: string
  webhookSecret: string
  /** Where browsers reach this app (its hosted page), no trailing slash, e.g. http://localhost:3000/sandbox/paymongo. */
  publicUrl: string
  /** The merchant's webhook endpoint and how to reach it (in-process: the upstream gateway's fetch). */
  webhookUrl: string
  deliver: FetchLike
  /** Deliver right after an event is queued (default true); tests turn it off and run deliverDue themselves. */
  autoDeliver?: boolean
}

const CreateBody = z.object({
  data: z.object({
    attributes: z.object({
      line_items: z
        .array(
          z.object({
            name: z.string().min(1).max(255),
            amount: z.number().int().positive(),
            currency: z.literal('PHP'),
            quantity: z.number().int().min(1).max(100),
            description: z.string().max(255).optional(),
          }),
        )
        .min(1),
      payment_method_types: z.array(z.enum(SANDBOX_METHOD_TYPES)).min(1),
      success_url: z.url(),
      cancel_url: z.url(),
      reference_number: z.string().max(255).nullish(),
      description: z.string().max(255).nullish(),
      metadata: z.record(z.string(), z.string()).nullish(),
      send_email_receipt: z.boolean().optional(),
      show_description: z.boolean().optional(),
      show_line_items: z.boolean().optional(),
    }),
  }),
})

const OutcomeForm = z.object({
  outcome: z.enum(['pay', 'fail', 'cancel']),
  method: z.string().max(40).optional(),
})

const randomId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`
const unix = (at: Date) => Math.floor(at.getTime() / 1000)

type SessionRow = typeof sandboxCheckoutSessions.$inferSelect

const errors = (code: string, detail: string) => ({ errors: [{ code, detail }] })

export function createPayMongoSandbox(options: PayMongoSandboxOptions) {
  const { db } = options
  const base = options.publicUrl.replace(/\/+$/, '')
  const expectedAuth = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`

  // --- deliveries ---------------------------------------------------------------------
  let running: Promise<unknown> = Promise.resolve()
  const deliverDue = () =>
    deliverDueWebhooks({
      db,
      now: options.now,
      logger: options.logger,
      webhookSecret: options.webhookSecret,
      webhookUrl: options.webhookUrl,
      deliver: options.deliver,
    })
  /** One delivery run after the ones queued before it; errors are logged, never thrown. */
  function kick() {
    running = running
      .then(deliverDue)
      .catch((error: unknown) => options.logger.error({ err: error }, 'sandbox webhook run failed'))
    return running
  }

  // --- resources as PayMongo writes them ------------------------------------------------
  function paymentResource(row: SessionRow, payment: SandboxPayment) {
    return {
      id: payment.id,
      type: 'payment',
      attributes: {
        amount: payment.amount,
        currency: 'PHP',
        description: row.attributes.description,
        status: payment.status,
        source: { id: randomId('src'), type: payment.source_type },
        payment_intent_id: row.paymentIntentId,
        failed_message: payment.failed_message,
        external_reference_number: row.attributes.reference_number,
        metadata: row.attributes.metadata,
        livemode: false,
        created_at: payment.created_at,
        paid_at: payment.status === 'paid' ? payment.created_at : null,
        updated_at: payment.created_at,
      },
    }
  }

  function sessionResource(row: SessionRow) {
    const a = row.attributes
    return {
      id: row.id,
      type: 'checkout_session',
      attributes: {
        billing: null,
        checkout_url: `${base}/checkout/${row.id}`,
        client_key: `${row.paymentIntentId}_client_${row.id.slice(3, 15)}`,
        description: a.description,
        line_items: a.line_items,
        livemode: false,
        merchant: 'Sandbox merchant',
        payments: row.payments.map((payment) => paymentResource(row, payment)),
        payment_intent: {
          id: row.paymentIntentId,
          type: 'payment_intent',
          attributes: {
            amount: a.line_items.reduce((sum, item) => sum + item.amount * item.quantity, 0),
            currency: 'PHP',
            status: row.status === 'paid' ? 'succeeded' : 'awaiting_payment_method',
          },
        },
        payment_method_types: a.payment_method_types,
        reference_number: a.reference_number,
        send_email_receipt: a.send_email_receipt,
        show_description: true,
        show_line_items: true,
        status: row.status,
        success_url: a.success_url,
        cancel_url: a.cancel_url,
        metadata: a.metadata,
        created_at: unix(row.createdAt),
        updated_at: unix(row.updatedAt),
      },
    }
  }

  async function findSession(id: string): Promise<SessionRow | null> {
    if (!/^cs_[0-9a-f]{24}$/.test(id)) return null
    const [row] = await db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, id)).limit(1)
    return row ?? null
  }

  const authorised = (c: Context) => {
    const given = c.req.header('authorization') ?? ''
    return given.length === expectedAuth.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expectedAuth))
  }

  // --- the app --------------------------------------------------------------------------
  const app = new Hono()
  // Saved cards for AutoPay (docs/decisions/0043): customers, payment intents, refunds, the card page.
  app.route(
    '/',
    vaultRoutes({
      db,
      now: options.now,
      base,
      authorised,
      queued: () => {
        if (options.autoDeliver !== false) void kick()
      },
    }),
  )

  app.post('/v2/checkout_sessions', async (c) => {
    if (!authorised(c)) return c.json(errors('unauthorized', 'The API key is missing or not valid.'), 401)
    const raw = await c.req.text().catch(() => null)
    if (raw === null) return c.json(errors('parameter_invalid', 'The body could not be read.'), 400)
    let json: unknown
    try {
      json = JSON.parse(raw)
    } catch {
      return c.json(errors('parameter_invalid', 'The body is not JSON.'), 400)
    }
    const parsed = CreateBody.safeParse(json)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!
      return c.json(errors('parameter_invalid', `${issue.path.join('.')}: ${issue.message}`), 400)
    }
    const attributes = parsed.data.data.attributes
    const total = attributes.line_items.reduce((sum, item) => sum + item.amount * item.quantity, 0)
    if (total < 2000) return c.json(errors('parameter_below_minimum', 'The amount must be at least 2000.'), 400)

    const key = c.req.header('idempotency-key')?.trim()
    const requestHash = sha256Hex(raw)
    const answer = await db.transaction(async (tx) => {
      if (key) {
        // One request per key at a time; a repeat gets the first answer, a different body an error.
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
              body: JSON.stringify(
                errors('idempotency_key_in_use', 'The Idempotency-Key was used with another request.'),
              ),
            }
          }
          return { status: seen.responseStatus, body: seen.responseBody }
        }
      }
      const now = options.now()
      const [row] = await tx
        .insert(sandboxCheckoutSessions)
        .values({
          id: randomId('cs'),
          attributes: {
            line_items: attributes.line_items,
            payment_method_types: attributes.payment_method_types,
            success_url: attributes.success_url,
            cancel_url: attributes.cancel_url,
            reference_number: attributes.reference_number ?? null,
            description: attributes.description ?? null,
            metadata: attributes.metadata ?? null,
            send_email_receipt: attributes.send_email_receipt ?? false,
          } satisfies SandboxSessionAttributes,
          status: 'active',
          paymentIntentId: randomId('pi'),
          payments: [],
          createdAt: now,
          updatedAt: now,
        })
        .returning()
      const body = JSON.stringify({ data: sessionResource(row!) })
      if (key) {
        await tx
          .insert(sandboxIdempotencyKeys)
          .values({ key, requestHash, responseStatus: 200, responseBody: body, createdAt: now })
      }
      return { status: 200, body }
    })
    return c.body(answer.body, answer.status as 200 | 400, { 'content-type': 'application/json' })
  })

  app.get('/v2/checkout_sessions/:id', async (c) => {
    if (!authorised(c)) return c.json(errors('unauthorized', 'The API key is missing or not valid.'), 401)
    const row = await findSession(c.req.param('id'))
    if (!row) return c.json(errors('resource_not_found', 'No such checkout session.'), 404)
    return c.json({ data: sessionResource(row) })
  })

  app.get('/checkout.css', (c) => c.body(STYLESHEET, 200, { 'content-type': 'text/css; charset=utf-8' }))

  const html = (c: Context, page: string, status: 200 | 404 | 422 = 200) =>
    c.body(page, status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
  const pageSession = (row: SessionRow): PageSession => ({
    id: row.id,
    status: row.status,
    attributes: row.attributes,
    payments: row.payments,
  })

  app.get('/checkout/:id', async (c) => {
    const row = await findSession(c.req.param('id'))
    if (!row) return html(c, notFoundPage(base), 404)
    return html(c, checkoutPage(pageSession(row), base))
  })

  app.post('/checkout/:id', async (c) => {
    // A body that is not a form, or that fails on the way (the client gone, its time limit
    // passed: server/transport.ts), is the sender's fault: 400, never a 500 (issue 32).
    const body = await c.req.parseBody().catch(() => null)
    if (!body) return c.text('The form could not be read. Please try again.', 400)
    const form = OutcomeForm.safeParse(Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])))
    const id = c.req.param('id')
    if (!(await findSession(id))) return html(c, notFoundPage(base), 404)
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(sandboxCheckoutSessions)
        .where(eq(sandboxCheckoutSessions.id, id))
        .for('update')
      if (!row) return { redirect: null, page: notFoundPage(base) }
      if (
        !form.success ||
        (form.data.outcome !== 'cancel' && !row.attributes.payment_method_types.includes(form.data.method ?? ''))
      ) {
        return {
          redirect: null,
          page: checkoutPage(pageSession(row), base, 'Choose a payment method to pay or fail with.'),
        }
      }
      // A session pays once: a second pay (a double click, the back button) just returns to the merchant.
      if (row.status === 'paid') return { redirect: row.attributes.success_url, page: null }
      if (row.status === 'expired') return { redirect: row.attributes.cancel_url, page: null }
      const { outcome, method } = form.data
      if (outcome === 'cancel') return { redirect: row.attributes.cancel_url, page: null }
      const now = options.now()
      const payment: SandboxPayment = {
        id: randomId('pay'),
        status: outcome === 'pay' ? 'paid' : 'failed',
        amount: row.attributes.line_items.reduce((sum, item) => sum + item.amount * item.quantity, 0),
        source_type: method!,
        failed_message: outcome === 'pay' ? null : 'The payment was declined (sandbox).',
        created_at: unix(now),
      }
      const [updated] = await tx
        .update(sandboxCheckoutSessions)
        .set({
          status: outcome === 'pay' ? 'paid' : row.status,
          payments: [...row.payments, payment],
          updatedAt: now,
        })
        .where(eq(sandboxCheckoutSessions.id, id))
        .returning()
      if (outcome === 'pay') {
        await enqueueWebhook(tx, 'payment.paid', paymentResource(updated!, payment), now)
        await enqueueWebhook(tx, 'checkout_session.payment.paid', sessionResource(updated!), now)
        return { redirect: row.attributes.success_url, page: null }
      }
      await enqueueWebhook(tx, 'payment.failed', paymentResource(updated!, payment), now)
      return { redirect: row.attributes.cancel_url, page: null }
    })
    if (outcome.redirect) {
      if (options.autoDeliver !== false) void kick()
      return c.redirect(outcome.redirect, 303)
    }
    return html(c, outcome.page ?? notFoundPage(base), 422)
  })

  return {
    app,
    /** The sandbox's fetch, for the adapter in-process (no socket). */
    fetch: (request: Request) => Promise.resolve(app.fetch(request)),
    /** Sends what is due now (tests, and the periodic run). */
    deliverDue,
    kick,
    /** Resolves when the deliveries started so far are done. */
    settled: () => running.then(() => undefined),
  }
}

export type PayMongoSandbox = ReturnType<typeof createPayMongoSandbox>
