/**
 * AutoPay's parts, built once per upstream process from the payments service's gateway
 * (docs/decisions/0043), and its due-date job on an interval. Nothing is kept in memory:
 * every run reads and claims its work in Postgres, so copies of the upstream may all run it.
 */
import type { Logger } from 'pino'
import { createAutopayCharges, type AutopayCharges } from './charges.ts'
import { createAutopayService, type AutopayDeps, type AutopayService } from './service.ts'

export type Autopay = { service: AutopayService; charges: AutopayCharges }

export function createAutopay(deps: AutopayDeps): Autopay {
  const service = createAutopayService(deps)
  return { service, charges: createAutopayCharges(deps, service) }
}

/** Runs the job every `everyMs` (and once soon after start); answers a stop. */
export function startAutopayJob(autopay: Autopay, everyMs: number, logger: Logger): () => void {
  let running: Promise<unknown> = Promise.resolve()
  const run = () => {
    running = running
      .then(() => autopay.charges.run())
      .then((report) => logger.info({ autopay: report }, 'AutoPay run'))
      .catch((error: unknown) => logger.error({ err: error }, 'AutoPay run failed'))
  }
  const first = setTimeout(run, 5_000)
  const timer = setInterval(run, everyMs)
  first.unref()
  timer.unref()
  return () => {
    clearTimeout(first)
    clearInterval(timer)
  }
}
