/**
 * Starts the reference upstream: opens the database (PGlite under DATA_DIR, or
 * DATABASE_URL), applies migrations, seeds what is missing, and builds the gateway.
 * Used in-process by server.ts and on its own by services/main.ts.
 */
import type { Logger } from 'pino'
import type { Config } from '../lib/env.ts'
import { serviceSettingsFromConfig } from './context.ts'
import { openDatabase, type DatabaseHandle } from './db/client.ts'
import { seedAll } from './setup/seed.ts'
import { gatewayFromConfig, type Gateway } from './gateway.ts'
import type { PayMongoSandbox } from './payments/sandbox/app.ts'
import { paymentsFromConfig } from './payments/setup.ts'
import { createIdentityDirectory, type IdentityDirectory } from './identity/directory.ts'
import { hostIdentityProvider, type IdentityHost } from './identity/oidc/host.ts'
import { createDevicesService } from './devices/service.ts'
import { createDraftService } from './drafts/service.ts'
import { createPaymentsService } from './payments/service.ts'
import { startJobs, type Jobs } from './jobs/index.ts'
import { workServiceJobs } from './jobs/work.ts'
import { recordDeliveryReceipt } from './notifications/outbox.ts'
import { combineSenders, createSmtpSender } from './notifications/sender.ts'
import { smsSenderFromConfig } from './notifications/sms/index.ts'
import { createReminders } from './reminders/service.ts'
import { createVisitDispatch } from './repairs/dispatch.ts'
import { runBills } from './billing/bill-run.ts'
import { storageFromConfig } from './storage/index.ts'
import { probeAll, servicesProbes, type Readiness } from './readiness.ts'

export type Services = {
  gateway: Gateway
  database: DatabaseHandle
  /** The identity service's user directory, for the embedded OpenID provider (in-process). */
  identityDirectory: IdentityDirectory
  /**
   * The embedded payment gateway (services/payments/sandbox), when it is the configured one:
   * its app serves the hosted checkout page browsers are sent to (server.ts mounts it).
   */
  paymentSandbox: PayMongoSandbox | null
  /** The job queue (services/jobs): `jobs.jobStats()` for the operator's gauges. */
  jobs: Jobs
  /** The embedded OpenID provider, when `hostSignIn` asked for it (the upstream's own process). */
  identityHost?: IdentityHost
  /** Whether the database and the object storage answer now (GET /readyz). */
  ready: () => Promise<Readiness>
  close: () => Promise<void>
}

export type ServicesOptions = {
  /**
   * The services' domain clock (deps.now): everything the upstream decides by time, i.e.
   * link expiry, resend cooldowns, request allowances, login lockouts and upstream session
   * expiry. Default: the wall clock. The gateway's signature window always reads the wall
   * clock, the portal's signing clock, so moving this one never refuses a call.
   */
  now?: () => Date
  database?: DatabaseHandle
  /** Where browsers reach the payment sandbox when PAYMENT_SANDBOX_URL is not set (default: under PUBLIC_URL). */
  sandboxPublicUrl?: string
  /**
   * Host the embedded OpenID provider here, for portals in other processes (`npm run services`
   * when OIDC_ISSUER is unset): its endpoints (Services.identityHost) and the login steps' calls.
   */
  hostSignIn?: boolean
}

export async function startServices(config: Config, logger: Logger, options: ServicesOptions = {}): Promise<Services> {
  const database =
    options.database ??
    (await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR }))
  const settings = serviceSettingsFromConfig(config)
  // Copies starting at once on one database seed one after another (the seed fills what is missing).
  const serialised = database.underStartLock ?? (<T>(work: () => Promise<T>) => work())
  const report = await serialised(() =>
    seedAll(database.db, {
      productName: config.PRODUCT_NAME,
      demo: config.demoData,
      passwordCost: settings.passwordCost,
    }),
  )
  logger.info({ database: database.kind, seeded: report }, 'upstream services ready')
  // Background work (outbox, AutoPay, Wi-Fi, clean-ups) on pg-boss in the same database (docs/decisions/0050).
  const jobs = await startJobs({
    database,
    logger,
    workers: config.JOBS_WORKERS,
    connectionString: config.DATABASE_URL,
  })
  const now = options.now ?? (() => new Date())
  // Email through SMTP_URL, SMS through SMS_TRANSPORT; a channel without one keeps its
  // messages in the outbox (the dev mailbox reads them there).
  const sender = combineSenders(
    config.SMTP_URL ? createSmtpSender({ url: config.SMTP_URL, from: config.mailFrom }) : undefined,
    smsSenderFromConfig(config, {
      logger,
      onReceipt: (providerMessageId, outcome) => recordDeliveryReceipt(database.db, providerMessageId, outcome, now()),
    }),
  )
  const deps = {
    db: database.db,
    logger,
    productName: config.PRODUCT_NAME,
    settings,
    sender,
    now,
    storage: await storageFromConfig(config),
    jobs,
  }
  // The sandbox payment gateway delivers its webhooks to the gateway built next.
  const payments = paymentsFromConfig(config, deps, (request) => Promise.resolve(gateway.fetch(request)), {
    sandboxPublicUrl: options.sandboxPublicUrl,
  })
  // The portal signs with the wall clock, whatever domain clock the services run on.
  const identityDirectory = createIdentityDirectory(deps)
  const identityHost =
    options.hostSignIn && config.oidc.embedded
      ? await hostIdentityProvider({ config, db: database.db, directory: identityDirectory, logger })
      : undefined
  const gateway: Gateway = gatewayFromConfig(
    config,
    deps,
    { signatureClock: () => new Date() },
    { payments, signIn: identityHost },
  )
  const stopPayments = payments.start()
  const devices = createDevicesService(deps)
  const drafts = createDraftService(deps)
  const reminders = createReminders({ ...deps, daysBefore: config.BILL_REMINDER_DAYS_BEFORE })
  const repairVisits = createVisitDispatch(deps)
  const paymentsService = createPaymentsService({ ...deps, gateway: payments.gateway, payments: payments.settings })
  await workServiceJobs(jobs, {
    deps,
    logger,
    runAutopay: () => payments.autopay.charges.run(),
    settleWifiChanges: () => devices.settleWifiChanges(),
    purgeExpiredDrafts: () => drafts.purgeExpired(),
    reconcilePayments: () => paymentsService.reconcile(),
    sendBillReminders: () => reminders.run(),
    dispatchRepairVisits: () => repairVisits.run(),
    runBills: () => runBills(deps),
    autopayEveryMinutes: config.AUTOPAY_RUN_EVERY_MINUTES,
  })
  return {
    gateway,
    database,
    identityDirectory,
    identityHost,
    paymentSandbox: payments.sandbox,
    jobs,
    ready: () => probeAll(servicesProbes(database.db, deps.storage)),
    async close() {
      stopPayments()
      identityHost?.close()
      await jobs.stop()
      await sender?.close?.()
      await payments.sandbox?.settled()
      await database.close()
    },
  }
}
