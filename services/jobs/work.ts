/**
 * What each queue does (services/job-queues.ts names them), wired by startServices. Each handler is
 * idempotent, because a job runs at least once: it claims its rows in Postgres, so a retry
 * or a second worker finds nothing left to do (docs/decisions/0050).
 */
import type { Logger } from 'pino'
import type { ServiceDeps } from '../context.ts'
import { schedules } from '../job-queues.ts'
import { askDeliveries, deliverPending } from '../notifications/outbox.ts'
import type { JobHandler, Jobs } from './index.ts'

/** At most this many batches of expired drafts (200 each) per run; the next run deletes the rest. */
const DRAFT_PURGE_BATCHES = 50

export type ServiceWork = {
  deps: ServiceDeps
  logger: Logger
  /** AutoPay's due-date run (services/payments/autopay/charges.ts, run): what it did, for the log. */
  runAutopay: () => Promise<unknown>
  settleWifiChanges: () => Promise<{ settled: number }>
  purgeExpiredDrafts: () => Promise<number>
  /** The payments service's reconciliation with the gateway (services/payments/gateway-events.ts, reconcile). */
  reconcilePayments: () => Promise<{ checked: number; posted: number; expired: number; unanswered: number }>
  /** The due-date reminders' daily run (services/reminders/service.ts). */
  sendBillReminders: () => Promise<{ today: string; bills: number; sent: Record<string, number> }>
  /** The repair visits' run (services/repairs/dispatch.ts): technicians assigned, notices sent. */
  dispatchRepairVisits: () => Promise<{ assigned: number; sent: Record<string, number> }>
  /** The monthly bill run (services/billing/bill-run.ts). */
  runBills: () => Promise<{ month: string; subscriptions: number; issued: number }>
  autopayEveryMinutes: number
}

/** outbox-deliver: every pending message once (each is claimed by a conditional update before it is sent). */
export function deliverOutbox(deps: ServiceDeps): JobHandler<'outbox-deliver'> {
  return async () => {
    const { sent, failed } = await deliverPending(deps)
    if (sent > 0 || failed > 0) deps.logger.info({ sent, failed }, 'outbox delivered')
    // A provider without delivery receipts (Semaphore) is asked about what it accepted.
    const { settled } = await askDeliveries(deps)
    if (settled > 0) deps.logger.info({ settled }, 'SMS deliveries learnt from the provider')
    // Failed messages are pending again (up to MAX_DELIVERY_ATTEMPTS): the job's retry, with
    // back-off, tries them again, and the queue shows the failure to an operator.
    if (failed > 0) throw new Error(`${failed} outbox message(s) not delivered; they are retried`)
  }
}

export async function workServiceJobs(jobs: Jobs, work: ServiceWork): Promise<void> {
  const { logger } = work
  await jobs.work('outbox-deliver', deliverOutbox(work.deps))
  await jobs.work('autopay-run', async () => {
    logger.info({ autopay: await work.runAutopay() }, 'AutoPay run')
  })
  await jobs.work('wifi-settle', async ({ changeId }) => {
    const { settled } = await work.settleWifiChanges()
    if (settled > 0) logger.info({ settled, change: changeId }, 'wifi changes settled')
  })
  await jobs.work('drafts-purge', async () => {
    let deleted = 0
    for (let batch = 0; batch < DRAFT_PURGE_BATCHES; batch++) {
      const count = await work.purgeExpiredDrafts()
      deleted += count
      if (count === 0) break
    }
    if (deleted > 0) logger.info({ deleted }, 'expired drafts deleted')
  })
  await jobs.work('payments-reconcile', async () => {
    const outcome = await work.reconcilePayments()
    if (outcome.posted > 0 || outcome.expired > 0) logger.info(outcome, 'payments reconciled')
    // Retried with back-off, and shown to an operator, while the gateway does not answer.
    if (outcome.unanswered > 0) throw new Error(`the gateway did not answer about ${outcome.unanswered} payment(s)`)
  })
  await jobs.work('bill-reminders', async () => {
    const outcome = await work.sendBillReminders()
    logger.info(outcome, 'bill reminders sent')
  })
  await jobs.work('repair-visits', async () => {
    const outcome = await work.dispatchRepairVisits()
    if (outcome.assigned > 0 || Object.values(outcome.sent).some((n) => n > 0))
      logger.info(outcome, 'repair visits dispatched')
  })
  await jobs.work('bill-run', async () => {
    const outcome = await work.runBills()
    if (outcome.issued > 0) logger.info(outcome, 'bills issued')
  })
  await jobs.schedule(schedules({ autopayEveryMinutes: work.autopayEveryMinutes }))
}
