/**
 * The outbox: messages are inserted with the change that causes them (same transaction),
 * then delivered in the background by the sender, if there is one. Delivery runs in the
 * background on purpose: a caller that waited for SMTP would answer "no such email"
 * measurably faster than "email sent", which tells an attacker who has an account.
 */
import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import type { ServiceDeps } from '../context.ts'
import type { Executor } from '../db/client.ts'
import type { OutgoingMessage } from './sender.ts'
import { outbox } from './tables.ts'

/** After this many failed attempts a message is marked failed and no longer retried. */
export const MAX_DELIVERY_ATTEMPTS = 5

/**
 * How long a claim ('sending') holds. A delivery ends well within it (the SMTP sender gives up
 * after 10-20 s without an answer: sender.ts); a claim older than this was left by a process
 * that stopped mid-delivery (killed, restarted), and the next deliverer takes the message
 * over. Delivery is therefore at least once: a message whose sender answered but whose process
 * died before marking it sent goes out again.
 */
export const SENDING_LEASE_MS = 10 * 60_000

/** Pending, or claimed by a deliverer that stopped before it finished (a claim older than the lease). */
function deliverable(now: Date): SQL {
  const leaseStart = new Date(now.getTime() - SENDING_LEASE_MS)
  return or(
    eq(outbox.status, 'pending'),
    and(eq(outbox.status, 'sending'), lt(sql`coalesce(${outbox.claimedAt}, ${outbox.createdAt})`, leaseStart)),
  )!
}

export type OutboxMessage = typeof outbox.$inferSelect

export async function enqueueMessage(db: Executor, message: OutgoingMessage, now: Date): Promise<string> {
  const [row] = await db
    .insert(outbox)
    .values({ ...message, createdAt: now })
    .returning({ id: outbox.id })
  return row!.id
}

/** The newest messages for one recipient, newest first (the dev mailbox page reads these). */
export async function latestMessagesFor(db: Executor, recipient: string, limit = 20): Promise<OutboxMessage[]> {
  return db
    .select()
    .from(outbox)
    .where(sql`lower(${outbox.recipient}) = lower(${recipient})`)
    .orderBy(desc(outbox.createdAt))
    .limit(limit)
}

/** The newest messages to anyone, newest first (the dev mailbox page without a search). */
export async function latestMessages(db: Executor, limit = 20): Promise<OutboxMessage[]> {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit)
}

/**
 * Delivers each pending message once. A message is claimed with a conditional update, so
 * two deliverers running at once never send it twice; a claim left by a deliverer that
 * stopped mid-delivery is taken over once its lease has passed (SENDING_LEASE_MS), and
 * counts as an attempt.
 */
export async function deliverPending(deps: ServiceDeps): Promise<{ sent: number; failed: number }> {
  const sender = deps.sender
  if (!sender) return { sent: 0, failed: 0 }
  const pending = await deps.db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(deliverable(deps.now()), inArray(outbox.channel, [...sender.channels])))
    .orderBy(outbox.createdAt)
    .limit(100)
  let sent = 0
  let failed = 0
  for (const { id } of pending) {
    const now = deps.now()
    const [claimed] = await deps.db
      .update(outbox)
      .set({ status: 'sending', attempts: sql`${outbox.attempts} + 1`, claimedAt: now })
      .where(and(eq(outbox.id, id), deliverable(now)))
      .returning()
    if (!claimed || claimed.body === null) continue
    // Taken over after its last attempt was interrupted: no more tries, as after a failure.
    if (claimed.attempts > MAX_DELIVERY_ATTEMPTS) {
      failed++
      await deps.db
        .update(outbox)
        .set({ status: 'failed', lastError: 'delivery was interrupted' })
        .where(eq(outbox.id, id))
      deps.logger.warn({ messageId: id, attempts: claimed.attempts }, 'outbox delivery given up after interruptions')
      continue
    }
    try {
      await sender.send({
        channel: claimed.channel,
        recipient: claimed.recipient,
        subject: claimed.subject,
        body: claimed.body,
        attachments: claimed.attachments,
      })
      // The body holds a live link (an attachment, personal data); once delivered they have no reason to stay here.
      await deps.db
        .update(outbox)
        .set({ status: 'sent', sentAt: deps.now(), body: null, attachments: null, lastError: null })
        .where(eq(outbox.id, id))
      sent++
    } catch (error) {
      failed++
      const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error'
      const giveUp = claimed.attempts >= MAX_DELIVERY_ATTEMPTS
      await deps.db
        .update(outbox)
        .set({ status: giveUp ? 'failed' : 'pending', lastError: reason })
        .where(eq(outbox.id, id))
      deps.logger.warn({ messageId: id, attempts: claimed.attempts, reason }, 'outbox delivery failed')
    }
  }
  return { sent, failed }
}

/**
 * Asks for delivery after a message is written. With the job queue (services/jobs), a job
 * any worker may take (the minutely sweep catches one that is lost); without it (tests on
 * the gateway alone), deliveries run one after another in this process, and `settled()`
 * lets a test wait for them.
 */
export function createDeliveryQueue(deps: ServiceDeps) {
  let running: Promise<unknown> = Promise.resolve()
  return {
    kick() {
      if (!deps.sender) return
      if (deps.jobs) {
        // Not awaited: a caller inside a PGlite transaction would wait on itself.
        deps.jobs
          .send('outbox-deliver', {})
          .catch((error: unknown) =>
            deps.logger.warn({ err: error }, 'outbox delivery not queued (the sweep sends it)'),
          )
        return
      }
      running = running
        .then(() => deliverPending(deps))
        .catch((error: unknown) => deps.logger.error({ err: error }, 'outbox delivery run failed'))
    },
    settled: () => running.then(() => undefined),
  }
}
export type DeliveryQueue = ReturnType<typeof createDeliveryQueue>
