/**
 * Which payment gateway the payments service talks to (docs/decisions/0042; docs/configuration.md,
 * Payments): PayMongo when PAYMONGO_SECRET_KEY and PAYMONGO_WEBHOOK_SECRET are set, otherwise
 * the embedded sandbox, reached in-process through its own fetch by the same adapter. The
 * sandbox's keys are derived from the upstream secret, so they hold across restarts and
 * copies without being stored anywhere.
 */
import crypto from 'node:crypto'
import type { Config } from '../../lib/env.ts'
import type { ServiceDeps } from '../context.ts'
import type { PaymentGateway } from './payment-gateway.ts'
import { createAutopay, type Autopay } from './autopay/setup.ts'
import { createPayMongoAdapter, type FetchLike } from './paymongo.ts'
import { PAYMENT_WEBHOOK_PATH } from './routes.ts'
import { createPayMongoSandbox, type PayMongoSandbox } from './sandbox/app.ts'
import type { PaymentsSettings } from './service.ts'

/** Where server.ts mounts the sandbox's hosted page, and `npm run services` serves it. */
export const SANDBOX_MOUNT_PATH = '/sandbox/paymongo'
/** How often the sandbox looks for webhook deliveries that are due (retries). */
const DELIVERY_RUN_EVERY_MS = 5_000

export type PaymentsRuntime = {
  gateway: PaymentGateway
  settings: PaymentsSettings
  /** The embedded gateway, when it is the one configured. */
  sandbox: PayMongoSandbox | null
  /** AutoPay's parts on this gateway: the job queue runs its due-date run (services/jobs). */
  autopay: Autopay
  /** Starts the sandbox's webhook retries (it stands for PayMongo's own timer); answers a stop. */
  start: () => () => void
}

export function paymentsSettingsFromConfig(config: Config): PaymentsSettings {
  return {
    forceHidePaymentOptions: config.FORCE_HIDE_PAYMENT_OPTIONS,
    guestCallsPerAccount: config.PAYMENT_GUEST_CALLS_PER_ACCOUNT,
    guestCallsPerAddress: config.PAYMENT_GUEST_CALLS_PER_ADDRESS,
  }
}

const derived = (secret: string, purpose: string) =>
  crypto.createHmac('sha256', secret).update(`paymongo-sandbox:${purpose}`).digest('hex').slice(0, 32)

export function paymentsFromConfig(
  config: Config,
  deps: ServiceDeps,
  /** How the sandbox reaches the upstream gateway's webhook path (in-process: the gateway's fetch). */
  webhookTarget: FetchLike,
  options: { sandboxPublicUrl?: string; autoDeliver?: boolean } = {},
): PaymentsRuntime {
  const settings = paymentsSettingsFromConfig(config)
  const tolerance = config.PAYMENT_WEBHOOK_TOLERANCE_SECONDS
  if (config.PAYMONGO_SECRET_KEY && config.PAYMONGO_WEBHOOK_SECRET) {
    const gateway = createPayMongoAdapter({
      name: 'paymongo',
      baseUrl: config.PAYMONGO_API_URL,
      secretKey: config.PAYMONGO_SECRET_KEY,
      webhookSecret: config.PAYMONGO_WEBHOOK_SECRET,
      fetch: (request) => fetch(request),
      now: deps.now,
      toleranceSeconds: tolerance,
    })
    return {
      gateway,
      settings,
      sandbox: null,
      autopay: createAutopay({ ...deps, gateway }),
      start: () => () => undefined,
    }
  }
  const secretKey = `sk_test_${derived(config.upstreamSecret, 'secret-key')}`
  const webhookSecret = `whsk_${derived(config.upstreamSecret, 'webhook-secret')}`
  const sandbox = createPayMongoSandbox({
    db: deps.db,
    now: deps.now,
    logger: deps.logger,
    secretKey,
    webhookSecret,
    publicUrl: config.PAYMENT_SANDBOX_URL ?? options.sandboxPublicUrl ?? `${config.publicUrl}${SANDBOX_MOUNT_PATH}`,
    webhookUrl: `http://upstream.internal${PAYMENT_WEBHOOK_PATH}`,
    deliver: webhookTarget,
    autoDeliver: options.autoDeliver,
  })
  const gateway = createPayMongoAdapter({
    name: 'sandbox',
    baseUrl: 'http://paymongo.sandbox',
    secretKey,
    webhookSecret,
    fetch: sandbox.fetch,
    now: deps.now,
    toleranceSeconds: tolerance,
  })
  return {
    gateway,
    settings,
    sandbox,
    autopay: createAutopay({ ...deps, gateway }),
    start() {
      const timer = setInterval(() => void sandbox.kick(), DELIVERY_RUN_EVERY_MS)
      timer.unref()
      return () => clearInterval(timer)
    },
  }
}
