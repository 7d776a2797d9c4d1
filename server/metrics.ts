/**
 * The portal's request metrics (issue 17, item 5; lib/metrics.ts): every request is counted
 * and timed by its route, named so that the label set stays small whatever the URLs. A page
 * or a resource route by its pattern in the React Router route tree (`/customer/bills/:accountNumber`,
 * never the account number), the Express-level paths by fixed names, anything else `unmatched`.
 */
import path from 'node:path'
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'
import type { RequestHandler } from 'express'
import { measureRequest, type Metrics } from '../lib/metrics.ts'
import { SANDBOX_MOUNT_PATH } from '../services/payments/setup.ts'

/** The build as server.ts hands it to React Router: the production build, or Vite's loader of it (development). */
export type BuildSource = ServerBuild | (() => Promise<ServerBuild>)

/** The route tree React Router matches against, from the build's flat manifest. */
export function routeTree(build: Pick<ServerBuild, 'routes'>): RouteObject[] {
  const routes = Object.values(build.routes).filter((route) => route !== undefined)
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: childrenOf(route.id) },
      )
  return childrenOf(undefined)
}

// Served before React Router, each under one name: static files (and Vite's modules in development).
const ASSET_PREFIXES = ['/assets/', '/@', '/node_modules/', '/__vite']

/**
 * The route label of a request path: a fixed name for what Express answers before React Router,
 * else the pattern of the React Router route it matches, else 'unmatched' (the not-found page).
 */
export function portalRouteLabel(requestPath: string, tree: RouteObject[] | undefined): string {
  if (requestPath === '/healthz' || requestPath === '/readyz') return requestPath
  // The embedded OpenID provider, at Keycloak's paths (/realms/{realm}/...).
  if (requestPath.startsWith('/realms/')) return 'oidc'
  if (requestPath === SANDBOX_MOUNT_PATH || requestPath.startsWith(`${SANDBOX_MOUNT_PATH}/`)) return 'sandbox'
  // Lazy route discovery's manifest requests (React Router).
  if (requestPath === '/__manifest') return '/__manifest'
  // A single-fetch data request names its page with `.data` (`/_root.data` for the root's).
  const pagePath = requestPath.endsWith('.data') ? requestPath.slice(0, -5).replace(/^\/_root$/, '/') : requestPath
  // Pages have no extension: a path with one is a public file (or was looked for as one).
  if (
    ASSET_PREFIXES.some((prefix) => requestPath.startsWith(prefix)) ||
    (pagePath === requestPath && path.extname(requestPath))
  ) {
    return 'assets'
  }
  // A malformed escape names no page (and would make the matcher warn on every such request).
  if (!decodes(pagePath)) return 'unmatched'
  const matches = tree && matchRoutes(tree, pagePath)
  if (!matches) return 'unmatched'
  const pattern = `/${matches
    .map((match) => match.route.path ?? '')
    .filter(Boolean)
    .join('/')}`.replace(/\/{2,}/g, '/')
  // The catch-all route is the not-found page.
  return pattern === '/*' ? 'unmatched' : pattern
}

/** How many request paths' labels a route tree keeps (all forgotten when full). */
export const REMEMBERED_LABELS = 2000

/**
 * portalRouteLabel, kept per route tree and request path. React Router's `matchRoutes` flattens
 * and ranks the whole tree on every call (its routers rank theirs once; docs/decisions/0064),
 * about a fifth of a page's CPU here: a path asked again is answered from memory.
 */
export function rememberedLabels(): (requestPath: string, tree: RouteObject[] | undefined) => string {
  const byTree = new WeakMap<RouteObject[], Map<string, string>>()
  return (requestPath, tree) => {
    if (!tree) return portalRouteLabel(requestPath, tree)
    let labels = byTree.get(tree)
    if (!labels) byTree.set(tree, (labels = new Map()))
    let label = labels.get(requestPath)
    if (label === undefined) {
      label = portalRouteLabel(requestPath, tree)
      if (labels.size >= REMEMBERED_LABELS) labels.clear()
      labels.set(requestPath, label)
    }
    return label
  }
}

function decodes(path: string) {
  try {
    decodeURIComponent(path)
    return true
  } catch {
    return false
  }
}

/**
 * Counts and times every request on res 'finish', labelled by `portalRouteLabel`. `build`
 * is asked per request (server.ts makes it after the middleware is in place); in development
 * it is Vite's loader, awaited before the request goes on so a changed route tree counts.
 */
export function requestMetrics(metrics: Metrics, build: () => BuildSource): RequestHandler {
  const trees = new WeakMap<ServerBuild, RouteObject[]>()
  let latest: RouteObject[] | undefined
  const treeOf = (resolved: ServerBuild) => {
    let tree = trees.get(resolved)
    if (!tree) trees.set(resolved, (tree = routeTree(resolved)))
    return (latest = tree)
  }
  const label = rememberedLabels()
  return (req, res, next) => {
    const requestPath = req.path
    measureRequest(metrics, req, res, () => label(requestPath, latest))
    const source = build()
    if (typeof source !== 'function') {
      treeOf(source)
      return next()
    }
    source()
      .then(treeOf)
      // A build that fails to load fails the request in React Router, which says why; the label keeps the last tree.
      .catch(() => undefined)
      .then(() => next())
  }
}
