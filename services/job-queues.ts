/**
 * Every background job the services run, in one place (docs/decisions/0050): the queue's
 * name, the payload's schema, how a failure is retried and, for periodic work, its
 * schedule. pg-boss keeps the jobs and the schedules in Postgres (schema `pgboss`), so a
 * schedule fires once across copies and a job is taken by one worker at a time.
 *
 * Delivery is at least once: a handler may run again after a crash or a timeout, and
 * two copies may run the same sweep back to back. Every handler is therefore idempotent:
 * the work it does is claimed row by row with a conditional update (the outbox, Wi-Fi
 * changes) or `FOR UPDATE SKIP LOCKED` (AutoPay), as before the queue existed.
 *
 * The catalogue stands below every service, beside services/context.ts, which hands each
 * service the JobSender: a service asks for work by a queue's name and payload without
 * importing the jobs service (services/jobs/), which starts the queues and works them.
 */
import { z } from 'zod'

/** pg-boss 10's queue policies: `short` keeps at most one job waiting, so repeated kicks do not pile up. */
type QueuePolicy = 'standard' | 'short' | 'singleton' | 'stately'

export type QueueDefinition = {
  data: z.ZodType<Record<string, unknown>>
  policy: QueuePolicy
  /** Retries after the first attempt, `retryDelay` seconds apart, doubling (with jitter) when `retryBackoff`. */
  retryLimit: number
  retryDelay: number
  retryBackoff: boolean
  /** An attempt still active after this long is failed (and retried). */
  expireInSeconds: number
  /** What an operator reads in `npm run jobs`. */
  purpose: string
}

const none = z.object({}).strict()

export const QUEUES = {
  'outbox-deliver': {
    data: none,
    policy: 'short',
    retryLimit: 4,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 300,
    purpose: 'delivers pending outbox messages (emails, SMS): after each write, and every minute',
  },
  'autopay-run': {
    data: none,
    policy: 'short',
    retryLimit: 3,
    retryDelay: 300,
    retryBackoff: true,
    expireInSeconds: 1800,
    purpose: "AutoPay's due-date run: cancellations, charges and retries due, refunds and card deletions owed",
  },
  'wifi-settle': {
    // The change that asked for a settle (logged); the run settles every change still requested.
    data: z.object({ changeId: z.string().max(100).optional() }).strict(),
    policy: 'short',
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 300,
    purpose: 'records the outcome of Wi-Fi changes still requested, and emails the subscriber',
  },
  'payments-reconcile': {
    data: none,
    policy: 'short',
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 600,
    purpose:
      'asks the payment gateway about online payments whose webhook never came: posts the paid, expires the expired',
  },
  'drafts-purge': {
    data: none,
    policy: 'short',
    retryLimit: 2,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 300,
    purpose: 'deletes drafts whose 4 hours are over (they hold personal data)',
  },
  'bill-reminders': {
    data: none,
    policy: 'short',
    retryLimit: 3,
    retryDelay: 300,
    retryBackoff: true,
    expireInSeconds: 1800,
    purpose: 'reminds subscribers of bills due in BILL_REMINDER_DAYS_BEFORE days and today, once each',
  },
  'repair-visits': {
    data: none,
    policy: 'short',
    retryLimit: 3,
    retryDelay: 120,
    retryBackoff: true,
    expireInSeconds: 600,
    purpose: 'assigns technicians to the repair visits of today and tomorrow and tells subscribers, once each',
  },
  'bill-run': {
    data: none,
    policy: 'short',
    retryLimit: 3,
    retryDelay: 300,
    retryBackoff: true,
    expireInSeconds: 3600,
    purpose: "issues each active subscription's monthly bill (on the 5th, Manila) once, with its pending credits",
  },
} as const satisfies Record<string, QueueDefinition>

export type QueueName = keyof typeof QUEUES
export type JobData<Q extends QueueName> = z.infer<(typeof QUEUES)[Q]['data']>

export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[]

/** Cron in UTC, minute resolution (pg-boss checks schedules every 30 s and fires each at most once a minute). */
export type Schedule = { queue: QueueName; cron: string }

/**
 * The periodic work. The outbox and Wi-Fi sweeps catch what a kick missed (a message whose
 * delivery failed, a process that stopped before its job ran); AutoPay runs every
 * AUTOPAY_RUN_EVERY_MINUTES; payments are reconciled with the gateway every 5 minutes; bill
 * reminders go out in the Manila morning; the bill run issues the month's bills in the night.
 */
export function schedules(options: { autopayEveryMinutes: number }): Schedule[] {
  return [
    { queue: 'outbox-deliver', cron: '* * * * *' },
    { queue: 'wifi-settle', cron: '* * * * *' },
    { queue: 'autopay-run', cron: everyMinutes(options.autopayEveryMinutes) },
    { queue: 'drafts-purge', cron: '17 * * * *' },
    { queue: 'payments-reconcile', cron: '*/5 * * * *' },
    // 08:00 in Manila, and again at noon for whatever a failed or missed morning run left
    // (each reminder is sent once, so the second run finds nothing else to do).
    { queue: 'bill-reminders', cron: '0 0,4 * * *' },
    // issue 37, item 6: technicians assigned the day before, notices on assignment and on the day.
    { queue: 'repair-visits', cron: '*/10 * * * *' },
    // 01:00 in Manila every day: the 5th's run issues the month's bills; the other days' runs
    // find them issued and issue only what a missed run left (services/billing/bill-run.ts).
    { queue: 'bill-run', cron: '0 17 * * *' },
  ]
}

/**
 * "Every n minutes" as cron: below an hour, at minutes divisible by n (so a step that does not
 * divide 60 also runs at minute 0); from an hour, every n/60 hours rounded, at minute 0.
 */
export function everyMinutes(minutes: number): string {
  if (minutes <= 1) return '* * * * *'
  if (minutes < 60) return `*/${minutes} * * * *`
  const hours = Math.max(1, Math.round(minutes / 60))
  return hours >= 24 ? '0 0 * * *' : hours === 1 ? '0 * * * *' : `0 */${hours} * * *`
}

/** What the services use to ask for work (ServiceDeps.jobs): the queue, or nothing in tests that run the work inline. */
export type JobSender = {
  send<Q extends QueueName>(queue: Q, data: JobData<Q>, options?: SendOptions): Promise<string | null>
}

export type SendOptions = {
  /** Not before this many seconds from now. */
  startAfterSeconds?: number
  /** With a `short` queue, one waiting job per key (default: one per queue). */
  singletonKey?: string
}
