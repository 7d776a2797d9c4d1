/**
 * `npm run services`: the reference upstream alone, over HTTP on UPSTREAM_HOST:UPSTREAM_PORT.
 * With the embedded sign-in (OIDC_ISSUER unset) it also hosts the OpenID provider, whose
 * browser-facing paths the portals pass through to it (issue 17, item 1).
 */
import { createLogger } from '../lib/logger.ts'
import { createMetrics, serveMetrics } from '../lib/metrics.ts'
import { loadConfigOrExit } from '../lib/start.ts'
import { createUpstreamServer } from './http-server.ts'
import { upstreamRequestMetrics } from './metrics.ts'
import { startServices } from './runtime.ts'

const config = loadConfigOrExit()
const logger = createLogger(config, 'upstream')
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
server.listen(config.UPSTREAM_PORT, config.UPSTREAM_HOST, () =>
  logger.info(
    { port: config.UPSTREAM_PORT, host: config.UPSTREAM_HOST, signIn: Boolean(services.identityHost) },
    'upstream listening',
  ),
)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close(async () => {
      await metricsListener?.close()
      await services.close()
      process.exit(0)
    })
    server.closeIdleConnections()
  })
}
