/**
 * The upstream's HTTP server (`npm run services`, and tests that run the upstream as
 * another process would): liveness and readiness, the payment sandbox's pages, the
 * embedded OpenID provider's paths when it hosts it, and the gateway for everything else.
 */
import http from 'node:http'
import { getRequestListener } from '@hono/node-server'
import type { Config } from '../lib/env.ts'
import { applyTimeLimits, carriesBody, limitBodyTime } from '../lib/transport.ts'
import { isStreamedUpload } from './files/routes.ts'
import { isSalesStreamedUpload } from './sales/routes.ts'
import { SANDBOX_MOUNT_PATH } from './payments/setup.ts'
import { healthAnswer, readinessAnswer } from './readiness.ts'
import type { Services } from './runtime.ts'

export function createUpstreamServer(config: Config, services: Services): http.Server {
  const sandbox = services.paymentSandbox
  const fetch = async (request: Request) => {
    const url = new URL(request.url)
    // Liveness and readiness (issue 17), unsigned: they say nothing but ok or which dependency failed.
    if (request.method === 'GET' && url.pathname === '/healthz') return healthAnswer()
    if (request.method === 'GET' && url.pathname === '/readyz')
      return readinessAnswer(await services.ready(), config.demo)
    // The payment sandbox's hosted page (and its API) on the same port, under SANDBOX_MOUNT_PATH.
    if (sandbox && (url.pathname === SANDBOX_MOUNT_PATH || url.pathname.startsWith(`${SANDBOX_MOUNT_PATH}/`))) {
      url.pathname = url.pathname.slice(SANDBOX_MOUNT_PATH.length) || '/'
      return sandbox.fetch(new Request(url, request))
    }
    return services.gateway.fetch(request)
  }
  const listener = getRequestListener(fetch)
  const identity = services.identityHost
  // The provider's own paths (under the issuer's) go to it; everything else to the gateway.
  const issuerPath = `${new URL(config.oidc.issuer).pathname}/`
  const server = http.createServer((req, res) => {
    // A body's time limit, as on the portal (lib/transport.ts): a streamed upload from a portal
    // gets the upload's, anything else (JSON calls, the payment webhook) the shorter one.
    if (carriesBody(req)) {
      const method = req.method ?? ''
      const path = new URL(req.url ?? '/', 'http://upstream').pathname
      const upload = isStreamedUpload(method, path) || isSalesStreamedUpload(method, path)
      limitBodyTime(req, res, upload ? config.UPLOAD_BODY_TIMEOUT_MS : config.BODY_TIMEOUT_MS)
    }
    if (identity && req.url?.startsWith(issuerPath)) identity.app(req, res)
    else void listener(req, res)
  })
  // Behind a balancer or the portals' keep-alive pools: outlive their idle timeouts; and the
  // whole request's time limit (lib/transport.ts; docs/operations.md, Time limits).
  applyTimeLimits(server, config)
  return server
}
