/**
 * `npm run services`: the reference upstream alone, over HTTP on UPSTREAM_HOST:UPSTREAM_PORT.
 * With the embedded sign-in (OIDC_ISSUER unset) it also hosts the OpenID provider, whose
 * browser-facing paths the portals pass through to it (issue 17, item 1).
 */
import { createLogger } from '../lib/logger.ts'
import { loadConfigOrExit } from '../lib/start.ts'
import { createUpstreamServer } from './http-server.ts'
import { startServices } from './runtime.ts'

const config = loadConfigOrExit()
const logger = createLogger(config, 'upstream')
const services = await startServices(config, logger, { hostSignIn: true })
const server = createUpstreamServer(config, services)
server.listen(config.UPSTREAM_PORT, config.UPSTREAM_HOST, () =>
  logger.info(
    { port: config.UPSTREAM_PORT, host: config.UPSTREAM_HOST, signIn: Boolean(services.identityHost) },
    'upstream listening',
  ),
)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close(async () => {
      await services.close()
      process.exit(0)
    })
    server.closeIdleConnections()
  })
}
