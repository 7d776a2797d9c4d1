/** `npm run services`: the reference upstream alone, over HTTP on UPSTREAM_PORT. */
import { serve } from '@hono/node-server'
import { createLogger } from '../lib/logger.ts'
import { loadConfigOrExit } from '../lib/start.ts'
import { startServices } from './runtime.ts'

const config = loadConfigOrExit()
const logger = createLogger(config, 'upstream')
const services = await startServices(config, logger)
const server = serve({ fetch: services.gateway.fetch, port: config.UPSTREAM_PORT, hostname: '127.0.0.1' }, (info) =>
  logger.info({ port: info.port }, 'upstream listening'),
)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close(async () => {
      await services.close()
      process.exit(0)
    })
  })
}
