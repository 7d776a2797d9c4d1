/**
 * The upstream process's request metrics (issue 17, item 5; lib/metrics.ts): every request
 * counted and timed by the gateway's route pattern (`/v1/drafts/:draftId`), found by the
 * gateway's own router, so no id reaches a label; fixed names for the rest.
 */
import type http from 'node:http'
import type { Hono } from 'hono'
import { measureRequest, type Metrics } from '../lib/metrics.ts'
import { SANDBOX_MOUNT_PATH } from './payments/setup.ts'

type Routed = Pick<Hono, 'router'>

/** The pattern of the gateway route that answers `method` on `path`, or 'unmatched' (its 404). */
export function gatewayRouteLabel(gateway: Routed, method: string, path: string): string {
  // Hono answers HEAD with the GET route.
  const [matches] = gateway.router.match(method === 'HEAD' ? 'GET' : method, path)
  // In registration order. Middleware (`use`) matches any method and passes on; the first
  // route that names the method answers (`/v1/plans/categories` before `/v1/plans/:code`).
  const answering = matches.map(([[, route]]) => route).find((route) => route.method !== 'ALL')
  return answering?.path ?? 'unmatched'
}

/** The route label of a request to the upstream process (services/main.ts). */
export function upstreamRouteLabel(gateway: Routed, method: string, path: string): string {
  if (path === '/healthz' || path === '/readyz') return path
  // The embedded OpenID provider, hosted here for portals in other processes (Keycloak's paths).
  if (path.startsWith('/realms/')) return 'oidc'
  if (path === SANDBOX_MOUNT_PATH || path.startsWith(`${SANDBOX_MOUNT_PATH}/`)) return 'sandbox'
  return gatewayRouteLabel(gateway, method, path)
}

/** Call first for each request the upstream process serves: counts and times it when answered. */
export function upstreamRequestMetrics(metrics: Metrics, gateway: Routed) {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    const method = req.method ?? 'GET'
    const path = new URL(req.url ?? '/', 'http://upstream').pathname
    measureRequest(metrics, req, res, () => upstreamRouteLabel(gateway, method, path))
  }
}
