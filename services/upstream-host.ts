/**
 * The reference upstream as a host: its services (with the embedded sign-in when OIDC_ISSUER
 * is unset), their HTTP server, and their metrics on UPSTREAM_METRICS_PORT. `npm run services`
 * runs it on UPSTREAM_HOST:UPSTREAM_PORT (services/main.ts); the portal's embedded upstream on
 * its own thread runs it on a loopback port of the system's choosing (services/thread.ts).
 */
import type { AddressInfo } from 'node:net'
import type { Logger } from 'pino'
import type { Config } from '../lib/env.ts'
import { createMetrics, serveMetrics } from '../lib/metrics.ts'
import { createUpstreamServer } from './http-server.ts'
import { upstreamRequestMetrics } from './metrics.ts'
import { startServices, type Services } from './runtime.ts'

export type UpstreamHost = {
  services: Services
  /** The port the HTTP server listens on (the one asked for, or the system's choice for 0). */
  port: number
  /** Stops accepting, lets requests under way finish, then closes the metrics and the services. */
  close: () => Promise<void>
}

export async function startUpstreamHost(
  config: Config,
  logger: Logger,
  listen: { port: number; host: string },
): Promise<UpstreamHost> {
  const services = await startServices(config, logger, { hostSignIn: true })
  const server = createUpstreamServer(config, services)
  // Requests by the gateway's route pattern (services/metrics.ts), answered on UPSTREAM_METRICS_PORT only.
  const metrics = createMetrics()
  // Every copy on one database reports the same queues: combine them with max, not sum (docs/operations.md, Metrics).
  metrics.setJobStatsSource(() => services.jobs.jobStats())
  server.prependListener('request', upstreamRequestMetrics(metrics, services.gateway))
  const metricsListener =
    config.UPSTREAM_METRICS_PORT === undefined
      ? undefined
      : await serveMetrics(metrics, { port: config.UPSTREAM_METRICS_PORT, host: config.METRICS_HOST })
  if (metricsListener) logger.info({ port: metricsListener.port, host: config.METRICS_HOST }, 'metrics listening')
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(listen.port, listen.host, () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  logger.info({ port, host: listen.host, signIn: Boolean(services.identityHost) }, 'upstream listening')
  return {
    services,
    port,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeIdleConnections()
      await closed
      await metricsListener?.close()
      await services.close()
    },
  }
}
