/**
 * The outbox: messages are inserted with the change that causes them (same transaction),
 * then delivered in the background by the sender, if there is one. Delivery runs in the
 * background on purpose: a caller that waited for SMTP would answer "no such email"
 * measurably faster than "email sent", which tells an attacker who has an account.
 */
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import { settingsOf, type ServiceDeps } from '../context.ts'
import type { Executor } from '../db/client.ts'
import { giveBackAllowance, limitDigest, pruneAllowances, takeAllowance, type Allowance } from '../rate-limit.ts'
import { RecipientUnreachable, type OutgoingMessage } from './sender.ts'
import { outbox, smsAllowances } from './tables.ts'

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

/**
 * How long a message that failed waits before its next try: 30 s after the first failure,
 * doubling each time (30 s, 1 min, 2 min, 4 min), kept on the row (next_attempt_at) so every
 * copy's deliverer honours it. The job queue's minutely sweep and its retries pick it up.
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000)
}

/**
 * Pending and due (its back-off passed), or claimed by a deliverer that stopped before it
 * finished (a claim older than the lease).
 */
function deliverable(now: Date): SQL {
  const leaseStart = new Date(now.getTime() - SENDING_LEASE_MS)
  return or(
    and(eq(outbox.status, 'pending'), or(isNull(outbox.nextAttemptAt), lte(outbox.nextAttemptAt, now))),
    and(eq(outbox.status, 'sending'), lt(sql`coalesce(${outbox.claimedAt}, ${outbox.createdAt})`, leaseStart)),
  )!
}

const HOUR_MS = 60 * 60_000

/** The per-number allowance's key: the number's digest, never the number. */
const smsAllowance = (recipient: string, limit: number): Allowance => ({
  key: `sms-number:${limitDigest(recipient.replace(/[^\d+]/g, ''))}`,
  window: { limit, windowMs: HOUR_MS },
})

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
  const perNumberPerHour = settingsOf(deps).smsPerNumberPerHour
  if (sender.channels.includes('sms')) await pruneAllowances(deps.db, smsAllowances, deps.now())
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
    // Each number's hourly allowance (SMS_PER_NUMBER_PER_HOUR), counted in Postgres across copies.
    const allowance = claimed.channel === 'sms' ? smsAllowance(claimed.recipient, perNumberPerHour) : null
    if (allowance && !(await takeAllowance(deps.db, smsAllowances, allowance, now))) {
      failed++
      await deps.db
        .update(outbox)
        .set({ status: 'failed', lastError: "not sent: the number's hourly SMS limit was reached" })
        .where(eq(outbox.id, id))
      deps.logger.warn({ messageId: id }, 'outbox SMS held back: the number reached its hourly limit')
      continue
    }
    try {
      const report = await sender.send({
        channel: claimed.channel,
        recipient: claimed.recipient,
        subject: claimed.subject,
        body: claimed.body,
        attachments: claimed.attachments,
      })
      // The body holds a live link (an attachment, personal data); once delivered they have no reason to stay here.
      await deps.db
        .update(outbox)
        .set({
          status: 'sent',
          sentAt: deps.now(),
          body: null,
          attachments: null,
          lastError: null,
          nextAttemptAt: null,
          providerMessageIds: report?.providerMessageIds ?? null,
          segments: report?.segments ?? null,
        })
        .where(eq(outbox.id, id))
      sent++
    } catch (error) {
      failed++
      const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error'
      if (error instanceof RecipientUnreachable) {
        // Refused for good: no retry; the row records the number as one that cannot be reached.
        await deps.db
          .update(outbox)
          .set({ status: 'failed', delivery: 'undeliverable', lastError: reason, body: null, nextAttemptAt: null })
          .where(eq(outbox.id, id))
        deps.logger.warn({ messageId: id, reason }, 'outbox recipient refused by the provider')
        continue
      }
      // Not sent: the try does not count against the number's allowance.
      if (allowance) await giveBackAllowance(deps.db, smsAllowances, allowance.key, now)
      const giveUp = claimed.attempts >= MAX_DELIVERY_ATTEMPTS
      await deps.db
        .update(outbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lastError: reason,
          nextAttemptAt: giveUp ? null : new Date(deps.now().getTime() + retryDelayMs(claimed.attempts)),
        })
        .where(eq(outbox.id, id))
      deps.logger.warn({ messageId: id, attempts: claimed.attempts, reason }, 'outbox delivery failed')
    }
  }
  return { sent, failed }
}

/** A delivery receipt's outcome, as the provider reported it. */
export type ReceiptOutcome = 'delivered' | 'undeliverable'

/**
 * Records a delivery receipt on the message whose provider id it names (any part of an SMS).
 * An undeliverable part makes the message undeliverable; a delivered part does not undo
 * that. Answers whether a message was found.
 */
export async function recordDeliveryReceipt(
  db: Executor,
  providerMessageId: string,
  outcome: ReceiptOutcome,
  now: Date,
): Promise<boolean> {
  const named = sql`${outbox.providerMessageIds} @> ARRAY[${providerMessageId}]::text[]`
  const rows = await db
    .update(outbox)
    .set(outcome === 'delivered' ? { delivery: 'delivered', deliveredAt: now } : { delivery: 'undeliverable' })
    .where(outcome === 'delivered' ? and(named, isNull(outbox.delivery)) : named)
    .returning({ id: outbox.id })
  if (rows.length > 0) return true
  const [known] = await db.select({ id: outbox.id }).from(outbox).where(named).limit(1)
  return Boolean(known)
}

/** How long after sending a provider without receipts (Semaphore) is still asked about an SMS. */
export const DELIVERY_QUESTIONS_FOR_MS = 24 * 60 * 60_000

/**
 * Asks a provider that sends no receipts (MessageSender.deliveryOf: Semaphore) what became of
 * the SMS it accepted in the last day and has not settled: delivered or undeliverable is
 * recorded as a receipt would be. A message still undecided is asked again later, the wait
 * growing with its age (a quarter of it, from 1 minute to 1 hour), kept in `next_attempt_at`
 * so every copy's sweep honours it. Run by the outbox job after each delivery run.
 */
export async function askDeliveries(deps: ServiceDeps): Promise<{ asked: number; settled: number }> {
  const sender = deps.sender
  if (!sender?.deliveryOf) return { asked: 0, settled: 0 }
  const now = deps.now()
  const rows = await deps.db
    .select({ id: outbox.id, ids: outbox.providerMessageIds, sentAt: outbox.sentAt })
    .from(outbox)
    .where(
      and(
        eq(outbox.channel, 'sms'),
        eq(outbox.status, 'sent'),
        isNull(outbox.delivery),
        isNotNull(outbox.providerMessageIds),
        gt(outbox.sentAt, new Date(now.getTime() - DELIVERY_QUESTIONS_FOR_MS)),
        or(isNull(outbox.nextAttemptAt), lte(outbox.nextAttemptAt, now)),
      ),
    )
    .orderBy(outbox.sentAt)
    .limit(50)
  let settled = 0
  for (const row of rows) {
    const id = row.ids?.[0]
    if (!id) continue
    let outcome: 'delivered' | 'undeliverable' | null = null
    try {
      outcome = await sender.deliveryOf(id)
    } catch (error) {
      deps.logger.warn(
        { messageId: row.id, reason: error instanceof Error ? error.message : 'unknown' },
        'SMS delivery not known',
      )
    }
    if (outcome) {
      await recordDeliveryReceipt(deps.db, id, outcome, now)
      settled++
      continue
    }
    const age = now.getTime() - (row.sentAt ?? now).getTime()
    const wait = Math.min(Math.max(60_000, age / 4), 60 * 60_000)
    await deps.db
      .update(outbox)
      .set({ nextAttemptAt: new Date(now.getTime() + wait) })
      .where(eq(outbox.id, row.id))
  }
  return { asked: rows.length, settled }
}

/**
 * What became of the newest SMS to a number: `undeliverable` when the provider refused the
 * number or reported it unreachable (the profile page tells the user), else its delivery
 * as known, or null.
 */
export async function latestSmsDelivery(db: Executor, recipient: string): Promise<ReceiptOutcome | null> {
  const [row] = await db
    .select({ delivery: outbox.delivery })
    .from(outbox)
    .where(and(eq(outbox.channel, 'sms'), sql`lower(${outbox.recipient}) = lower(${recipient})`))
    .orderBy(desc(outbox.createdAt))
    .limit(1)
  return row?.delivery ?? null
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
