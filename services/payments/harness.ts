/**
 * Test support for the payments service: the real gateway on a fresh seeded database, with the
 * sandbox payment gateway kept in hand (its hosted page, its deliveries run on demand), a
 * movable domain clock, and a switch that makes the webhook endpoint unreachable.
 */
import { serviceSettingsFromConfig } from '../context.ts'
import { gatewayFromConfig, type Gateway } from '../gateway.ts'
import { openTestDatabase, signAccessToken, silentLogger, testConfig, type TestGateway } from '../testing.ts'
import type { PaymentGateway } from './payment-gateway.ts'
import type { PayMongoSandbox } from './sandbox/app.ts'
import { paymentsFromConfig } from './setup.ts'

export type PaymentsHarness = Pick<TestGateway, 'config' | 'database' | 'fetch'> & {
  gateway: Gateway
  sandbox: PayMongoSandbox
  /** The adapter the payments service uses, pointed at the sandbox. */
  paymentGateway: PaymentGateway
  clock: { now: Date }
  /** While true, every webhook delivery fails as if the receiver were down. */
  webhooksDown: { value: boolean }
  /** Runs the sandbox's due deliveries now. */
  deliver: () => Promise<{ delivered: number; failed: number }>
  bearer: (accountNumbers: string[], sub?: string) => Promise<Record<string, string>>
  close: () => Promise<void>
}

export async function startPaymentsHarness(env: Record<string, string> = {}): Promise<PaymentsHarness> {
  const config = testConfig(env)
  const database = await openTestDatabase({ seededFor: config.PRODUCT_NAME })
  const clock = { now: new Date() }
  const webhooksDown = { value: false }
  const deps = {
    db: database.db,
    logger: silentLogger,
    productName: config.PRODUCT_NAME,
    settings: serviceSettingsFromConfig(config),
    now: () => clock.now,
  }
  const payments = paymentsFromConfig(
    config,
    deps,
    async (request) => {
      if (webhooksDown.value) throw new Error('connection refused')
      return gateway.fetch(request)
    },
    { autoDeliver: false },
  )
  const gateway: Gateway = gatewayFromConfig(config, deps, { signatureClock: () => new Date() }, { payments })
  const harness = {
    config,
    database,
    gateway,
    sandbox: payments.sandbox!,
    paymentGateway: payments.gateway,
    clock,
    webhooksDown,
    fetch: (request: Request) => Promise.resolve(gateway.fetch(request)),
    deliver: () => payments.sandbox!.deliverDue(),
    async bearer(
      accountNumbers: string[],
      sub = `00000000-0000-4000-8000-${accountNumbers.join('').slice(-12).padStart(12, '0')}`,
    ) {
      const token = await signAccessToken(harness, {
        sub,
        realm_access: { roles: ['base', 'customer'] },
        accountNumber: accountNumbers,
      })
      return { authorization: `Bearer ${token}` }
    },
    close: () => database.close(),
  }
  return harness
}
