/**
 * `npm run services`: the reference upstream alone, over HTTP on UPSTREAM_HOST:UPSTREAM_PORT.
 * With the embedded sign-in (OIDC_ISSUER unset) it also hosts the OpenID provider, whose
 * browser-facing paths the portals pass through to it (issue 17, item 1).
 */
import { createLogger } from '../lib/logger.ts'
import { loadConfigOrExit, logDemoParts } from '../lib/start.ts'
import { guardProcess } from '../lib/transport.ts'
import { startUpstreamHost } from './upstream-host.ts'

const config = loadConfigOrExit()
const logger = createLogger(config, 'upstream')
logDemoParts(config, logger)
guardProcess(logger)
const host = await startUpstreamHost(config, logger, { port: config.UPSTREAM_PORT, host: config.UPSTREAM_HOST })

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void host.close().then(() => process.exit(0))
  })
}
