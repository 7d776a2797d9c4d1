/**
 * AutoPay's parts, built once per upstream process from the payments service's gateway
 * (docs/decisions/0043). Its due-date run is the job queue's autopay-run (services/jobs,
 * every AUTOPAY_RUN_EVERY_MINUTES). Nothing is kept in memory: every run reads and claims
 * its work in Postgres, so any worker of any copy may run it, and a run that is retried
 * charges a due date once.
 */
import { createAutopayCharges, type AutopayCharges } from './charges.ts'
import { createAutopayService, type AutopayDeps, type AutopayService } from './service.ts'

export type Autopay = { service: AutopayService; charges: AutopayCharges }

export function createAutopay(deps: AutopayDeps): Autopay {
  const service = createAutopayService(deps)
  return { service, charges: createAutopayCharges(deps, service) }
}
