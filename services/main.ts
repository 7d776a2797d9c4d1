/** `npm run services`: the reference upstream alone, over HTTP on UPSTREAM_PORT. */
import { serve } from '@hono/node-server'
import { createLogger } from '../lib/logger.ts'
import { loadConfigOrExit } from '../lib/start.ts'
import { SANDBOX_MOUNT_PATH } from './payments/setup.ts'
import { healthAnswer, readinessAnswer } from './readiness.ts'
import { startServices } from './runtime.ts'

const config = loadConfigOrExit()
const logger = createLogger(config, 'upstream')
const services = await startServices(config, logger, {
  sandboxPublicUrl: `http://localhost:${config.UPSTREAM_PORT}${SANDBOX_MOUNT_PATH}`,
})
const sandbox = services.paymentSandbox
// The payment sandbox's hosted page (and its API) on the same port, under SANDBOX_MOUNT_PATH.
const fetch = async (request: Request) => {
  const url = new URL(request.url)
  // Liveness and readiness (issue 17), unsigned: they say nothing but ok or which dependency failed.
  if (request.method === 'GET' && url.pathname === '/healthz') return healthAnswer()
  if (request.method === 'GET' && url.pathname === '/readyz') return readinessAnswer(await services.ready())
  if (sandbox && (url.pathname === SANDBOX_MOUNT_PATH || url.pathname.startsWith(`${SANDBOX_MOUNT_PATH}/`))) {
    url.pathname = url.pathname.slice(SANDBOX_MOUNT_PATH.length) || '/'
    return sandbox.fetch(new Request(url, request))
  }
  return services.gateway.fetch(request)
}
const server = serve({ fetch, port: config.UPSTREAM_PORT, hostname: '127.0.0.1' }, (info) =>
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
