/**
 * The sandbox's webhooks, delivered at least once (docs/decisions/0042). An event is a row
 * written in the same transaction as the change it reports; a delivery run sends every row
 * that is due, signed as PayMongo signs (a fresh `t` on each try), and a row stays until the
 * receiver answers 2xx. A failed try waits longer each time (RETRY_WAITS_SECONDS), and after
 * the last one the row is marked failed. A row being sent holds a lease: if the process dies
 * mid-send, the next run after the lease sends it again (so "at least once", never "at most").
 */
import crypto from 'node:crypto'
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { Database, Executor } from '../../db/client.ts'
import { payMongoSignatureHeader, type FetchLike } from '../paymongo.ts'
import { sandboxWebhookDeliveries } from './tables.ts'

/** Waits after the 1st, 2nd… failed try; one try more than waits, then the delivery is given up. */
export const RETRY_WAITS_SECONDS = [5, 30, 120, 600, 1800, 3600, 10800, 21600] as const
export const MAX_ATTEMPTS = RETRY_WAITS_SECONDS.length + 1
const LEASE_SECONDS = 300

const seconds = (n: number) => n * 1000

/** PayMongo's event envelope around a resource. */
export function eventBody(id: string, type: string, resource: unknown, at: Date): string {
  const created = Math.floor(at.getTime() / 1000)
  return JSON.stringify({
    data: {
      id,
      type: 'event',
      attributes: {
        type,
        livemode: false,
        data: resource,
        previous_data: {},
        pending_webhooks: 1,
        created_at: created,
        updated_at: created,
      },
    },
  })
}

export const newEventId = () => `evt_${crypto.randomBytes(12).toString('hex')}`

/** Queues an event for delivery, in the caller's transaction. */
export async function enqueueWebhook(db: Executor, type: string, resource: unknown, now: Date): Promise<string> {
  const eventId = newEventId()
  await db.insert(sandboxWebhookDeliveries).values({
    eventId,
    type,
    body: eventBody(eventId, type, resource, now),
    status: 'pending',
    nextAttemptAt: now,
    createdAt: now,
  })
  return eventId
}

export type DeliveryOptions = {
  db: Database
  now: () => Date
  logger: Logger
  webhookSecret: string
  /** Where the events go (the payments service's webhook path) and how to reach it. */
  webhookUrl: string
  deliver: FetchLike
}

/** Sends every delivery that is due, once each; answers how many were delivered and how many failed this run. */
export async function deliverDueWebhooks(options: DeliveryOptions): Promise<{ delivered: number; failed: number }> {
  const { db } = options
  const now = options.now()
  const due = await db
    .select({ id: sandboxWebhookDeliveries.id })
    .from(sandboxWebhookDeliveries)
    .where(
      and(
        inArray(sandboxWebhookDeliveries.status, ['pending', 'sending']),
        lte(sandboxWebhookDeliveries.nextAttemptAt, now),
      ),
    )
    .orderBy(asc(sandboxWebhookDeliveries.createdAt), asc(sandboxWebhookDeliveries.eventId))
    .limit(50)
  let delivered = 0
  let failed = 0
  for (const { id } of due) {
    // Claimed with a conditional update and a lease, so two runners never send it at once.
    const [claimed] = await db
      .update(sandboxWebhookDeliveries)
      .set({
        status: 'sending',
        attempts: sql`${sandboxWebhookDeliveries.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + seconds(LEASE_SECONDS)),
      })
      .where(
        and(
          eq(sandboxWebhookDeliveries.id, id),
          inArray(sandboxWebhookDeliveries.status, ['pending', 'sending']),
          lte(sandboxWebhookDeliveries.nextAttemptAt, now),
        ),
      )
      .returning()
    if (!claimed) continue
    let problem: string | null = null
    try {
      const t = Math.floor(options.now().getTime() / 1000)
      const response = await options.deliver(
        new Request(options.webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'PayMongo-Sandbox/1.0',
            'paymongo-signature': payMongoSignatureHeader(options.webhookSecret, t, claimed.body, false),
          },
          body: claimed.body,
        }),
      )
      await response.arrayBuffer().catch(() => undefined)
      if (!response.ok) problem = `the receiver answered ${response.status}`
    } catch (error) {
      problem = error instanceof Error ? error.message.slice(0, 300) : 'unknown error'
    }
    if (problem === null) {
      await db
        .update(sandboxWebhookDeliveries)
        .set({ status: 'delivered', deliveredAt: options.now(), lastError: null })
        .where(eq(sandboxWebhookDeliveries.id, id))
      delivered++
      continue
    }
    failed++
    const giveUp = claimed.attempts >= MAX_ATTEMPTS
    const wait = RETRY_WAITS_SECONDS[Math.min(claimed.attempts, RETRY_WAITS_SECONDS.length) - 1]!
    await db
      .update(sandboxWebhookDeliveries)
      .set({
        status: giveUp ? 'failed' : 'pending',
        lastError: problem,
        nextAttemptAt: new Date(options.now().getTime() + seconds(wait)),
      })
      .where(eq(sandboxWebhookDeliveries.id, id))
    options.logger.warn(
      { eventId: claimed.eventId, type: claimed.type, attempts: claimed.attempts, problem },
      giveUp ? 'sandbox webhook given up' : 'sandbox webhook will be tried again',
    )
  }
  return { delivered, failed }
}
