/**
 * The process entry: one Node process serves the portal and, unless UPSTREAM_URL points
 * elsewhere, the reference upstream in-process (no socket between them).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import { createRequestHandler } from '@react-router/express'
import type { AppLoadContext, ServerBuild } from 'react-router'
import type { ViteDevServer } from 'vite'
import compression from 'compression'
import express from 'express'
import { createProxyMiddleware } from 'http-proxy-middleware'
import type { Logger } from 'pino'
import { countKeptPageView } from './app/features/analytics/page-view.server.ts'
import { PREFERENCE_COOKIE_NAMES } from './app/features/shell/preferences.server.ts'
import type { FetchLike } from './app/upstream/client.server.ts'
import { upstreamFor } from './app/upstream/index.server.ts'
import type { Config } from './lib/env.ts'
import { contentChanged } from './lib/content-changes.ts'
import { createLogger } from './lib/logger.ts'
import { createMetrics, serveMetrics } from './lib/metrics.ts'
import { loadConfigOrExit, logDemoParts } from './lib/start.ts'
import { mountIdentityProvider, type MountedIdentityProvider } from './server/identity-provider.ts'
import {
  backslashPathsNotFound,
  csrfGuard,
  errorPage,
  maintenanceGate,
  requestLog,
  securityHeaders,
} from './server/middleware.ts'
import { requestMetrics } from './server/metrics.ts'
import { createPageCache } from './server/page-cache.ts'
import { bodyLimits } from './server/transport.ts'
import { startUpstreamThread, upstreamThreadEntry, type UpstreamThread } from './server/upstream-thread.ts'
import type { DatabaseHandle } from './services/db/client.ts'
import { IN_PROCESS_CALL } from './services/gateway.ts'
import { SANDBOX_MOUNT_PATH } from './services/payments/setup.ts'
import type { IdentityDirectory } from './services/identity/oidc/directory-contract.ts'
import { probeAll, readinessAnswer, type Probe } from './services/readiness.ts'
import { startServices, type Services } from './services/runtime.ts'
import { logContext } from './lib/logger.ts'
import { removeAbandoned, UPLOAD_FOLDER_PREFIX } from './lib/work-folders.ts'
import { applyTimeLimits, guardProcess } from './lib/transport.ts'

// The package folder, which holds the React Router build: this file's folder when it runs as
// source (tsx), two up when it runs bundled as build/process/server.js (npm start).
const root = nearestPackageFolder(path.dirname(fileURLToPath(import.meta.url)))

function nearestPackageFolder(from: string): string {
  for (let dir = from; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir
  }
  throw new Error(`no package.json in ${from} or above`)
}

export type PortalOptions = {
  /** Another user directory for the embedded OpenID provider (tests); default: the identity service's. */
  identityDirectory?: IdentityDirectory
  /** The in-process services' domain clock (startServices); e2e link-expiry tests move it. Default: the wall clock. */
  now?: () => Date
  /** An open database for the in-process services (tests); default: DATABASE_URL, else PGlite under DATA_DIR. */
  database?: DatabaseHandle
  /**
   * Tests only (tests/e2e/support/portal-with-faults.ts): answers the portal's upstream
   * calls it picks instead of the in-process services, e.g. a catalogue that is down.
   * Nothing in the configuration sets it.
   */
  upstreamFault?: (request: Request) => Response | undefined | Promise<Response | undefined>
  /**
   * Tests only (tests/support/portal.ts): a Vite dev server already made, shared by a test
   * worker's portals, so each does not transform the whole app again; the caller closes it.
   */
  viteDevServer?: ViteDevServer
  /** Tests only: how often the page cache asks the content revision (default REVISION_CHECK_MS). */
  pageCacheRevisionCheckMs?: number
}

/** The upstream's readiness, as the portal with UPSTREAM_URL sees it. */
function upstreamProbe(config: Config): Probe {
  return {
    name: 'upstream',
    async check() {
      const answer = await fetch(new URL('/readyz', config.UPSTREAM_URL), { signal: AbortSignal.timeout(2000) })
      if (!answer.ok) throw new Error(`upstream /readyz answered ${answer.status}`)
    },
  }
}

/**
 * Passes a browser-facing path of the upstream's processes (the sign-in provider, the payment
 * sandbox) through to UPSTREAM_URL, streamed, with the original host and X-Forwarded-*
 * headers so the upstream builds the public URLs. Nothing else of the upstream is reachable.
 */
function upstreamPassThrough(config: Config, logger: Logger, mountPath: string) {
  return createProxyMiddleware({
    target: config.UPSTREAM_URL,
    pathFilter: (pathname) => pathname === mountPath || pathname.startsWith(`${mountPath}/`),
    xfwd: true,
    proxyTimeout: config.UPSTREAM_TIMEOUT_MS,
    on: {
      error: (error, _req, res) => {
        logger.warn({ err: error, path: mountPath }, 'upstream pass-through failed')
        const response = res as ServerResponse
        if (!response.headersSent && 'writeHead' in response) {
          response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
        }
        response.end('This service is unreachable. Please try again in a few minutes.')
      },
    },
  })
}

export async function createPortal(config: Config, logger: Logger, options: PortalOptions = {}) {
  let services: Services | undefined
  let upstreamFetch: FetchLike
  let thread: UpstreamThread | undefined
  // Tests that hand in a database, a clock, a directory or faults need the services on this thread.
  const inlineOnly = Boolean(options.database || options.now || options.identityDirectory || options.upstreamFault)
  if (!config.UPSTREAM_URL && config.embeddedUpstream === 'thread' && !inlineOnly) {
    // The embedded upstream on its own thread (docs/decisions/0054): the portal then serves as
    // with an upstream in another process, whose browser-facing paths are on the thread's port.
    thread = await startUpstreamThread(upstreamThreadEntry(import.meta.url), config, {
      onCrash: (error) => {
        logger.fatal({ err: error }, 'the upstream thread stopped: the portal cannot serve without it')
        process.exit(1)
      },
    })
    config = { ...config, UPSTREAM_URL: thread.url }
    upstreamFetch = thread.fetch
  } else if (config.UPSTREAM_URL) {
    upstreamFetch = (request) => fetch(request)
  } else {
    services = await startServices(config, logger, { now: options.now, database: options.database })
    const gateway = services.gateway
    const fault = options.upstreamFault
    upstreamFetch = async (request) => (await fault?.(request)) ?? gateway.fetch(request, IN_PROCESS_CALL)
  }

  // Development: Vite in middleware mode, or the one a test worker shares between its portals.
  const sharedVite = options.viteDevServer
  const viteDevServer = config.production
    ? undefined
    : (sharedVite ?? (await import('vite').then((vite) => vite.createServer({ server: { middlewareMode: true } }))))

  const app = express()
  app.disable('x-powered-by')
  if (config.TRUST_PROXY !== 'false') app.set('trust proxy', config.TRUST_PROXY === 'true' ? 1 : config.TRUST_PROXY)

  app.use((req, res, next) => {
    res.locals.requestId = crypto.randomUUID()
    res.locals.nonce = crypto.randomBytes(16).toString('base64')
    // Every log line of this request, here and in the upstream, carries its id (lib/logger.ts).
    logContext.run({ requestId: res.locals.requestId }, next)
  })
  app.use(requestLog(logger))
  // Requests by route pattern (lib/metrics.ts), answered on METRICS_PORT only (startPortal).
  const metrics = createMetrics()
  // The in-process upstream's job queues (services/jobs): depth, active and failures.
  if (services) metrics.setJobStatsSource(() => services.jobs.jobStats())
  app.use(requestMetrics(metrics, () => build))
  app.use(securityHeaders(config))
  app.get('/healthz', (_req, res) => {
    res.set('cache-control', 'no-store').json({ status: 'ok' })
  })
  // Ready when what it serves from answers (issue 17): the in-process services' database and
  // storage, or the upstream's own /readyz. 503 otherwise, so a balancer sends traffic elsewhere.
  app.get('/readyz', async (_req, res) => {
    const readiness = services
      ? await services.ready()
      : thread
        ? await thread.ready()
        : await probeAll([upstreamProbe(config)])
    // The demo parts this process runs, if any (docs/decisions/0061).
    const answer = readinessAnswer(readiness, config.demo)
    res
      .status(answer.status)
      .set('cache-control', 'no-store')
      .json(await answer.json())
  })
  app.use(maintenanceGate(config))
  // Each route family's body size and time (issue 32): before any route reads a body.
  app.use(bodyLimits(config))

  // The embedded OpenID provider at Keycloak's paths (/realms/{realm}/...). It keeps its
  // state in the upstream's database, so it runs where the upstream runs in-process.
  let identity: MountedIdentityProvider | undefined
  if (config.oidc.embedded) {
    if (!services) {
      // With UPSTREAM_URL the provider runs with the upstream (`npm run services`): its
      // browser-facing paths pass through to it, and the login route asks it by signed calls.
      app.use(upstreamPassThrough(config, logger, new URL(config.oidc.issuer).pathname))
    } else {
      identity = await mountIdentityProvider(app, {
        config,
        db: services.database.db,
        directory: options.identityDirectory ?? services.identityDirectory,
        logger,
      })
    }
  }

  app.use(compression())
  app.use(csrfGuard(config))
  app.use(backslashPathsNotFound())

  // The embedded payment gateway's hosted checkout page (services/payments/sandbox), where
  // browsers are sent to pay, fail or cancel; only when it is the configured gateway.
  const sandbox = services?.paymentSandbox
  if (sandbox) {
    const listener = getRequestListener(sandbox.fetch)
    app.use(SANDBOX_MOUNT_PATH, (req, res) => void listener(req, res))
  } else if (config.UPSTREAM_URL && config.paymentsSandbox) {
    // The upstream in its own processes serves the sandbox; browsers reach it here as before.
    // A production portal copy does only when PAYMENTS_SANDBOX says so (docs/decisions/0061).
    app.use(upstreamPassThrough(config, logger, SANDBOX_MOUNT_PATH))
  }

  if (viteDevServer) {
    app.use(viteDevServer.middlewares)
  } else {
    // Hashed file names: safe to cache for a year. Source maps are never built for production.
    app.use(
      '/assets',
      express.static(path.join(root, 'build/client/assets'), { immutable: true, maxAge: '1y', index: false }),
    )
    // Top-level public files (favicon, images) have an extension; pages never do, so
    // they skip the file-system look-up.
    const publicFiles = express.static(path.join(root, 'build/client'), {
      maxAge: '1h',
      index: false,
      dotfiles: 'deny',
    })
    app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()))
  }

  const build = viteDevServer
    ? () => viteDevServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
    : ((await import(path.join(root, 'build/server/index.js'))) as ServerBuild)

  const mode = config.production ? 'production' : 'development'
  const loadContext = (
    req: express.Request,
    res: express.Response,
    nonce: string,
    sendCookie: (setCookie: string) => void,
  ): AppLoadContext => ({
    config,
    upstreamFetch,
    logger,
    requestId: res.locals.requestId,
    nonce,
    clientAddress: req.ip,
    identityProvider: identity?.interaction(req, res),
    metrics,
    sendCookie,
  })

  // The portal's own upstream calls, made for no visitor (the content revision).
  const portalContext: AppLoadContext = { config, upstreamFetch, logger, metrics, requestId: 'page-cache', nonce: '' }
  // Anonymous visitors' public pages, rendered once per variant (server/page-cache.ts;
  // docs/decisions/0069). Production only: in development every request renders.
  const pageCacheSeconds = config.PAGE_CACHE_SECONDS ?? (config.production ? 60 : 0)
  const pageCache =
    pageCacheSeconds === 0
      ? undefined
      : createPageCache({
          build,
          mode,
          seconds: pageCacheSeconds,
          revisionCheckMs: options.pageCacheRevisionCheckMs,
          maxBytes: config.PAGE_CACHE_MAX_MB * 1024 * 1024,
          variantCookies: PREFERENCE_COOKIE_NAMES,
          // No nonce: a kept page is the same bytes for everyone, its inline scripts allowed by their hashes.
          loadContext: (req, res, sendCookie) => loadContext(req, res, '', sendCookie),
          contentRevision: async () => (await upstreamFor(portalContext).content.revision()).revision,
          onContentChange: contentChanged,
          // A kept page's view counts as its render's would (app/features/analytics/page-view.server.ts).
          onServed: (req, res, page) => {
            if (!req.headers.cookie?.includes('cookieAccepted=')) return
            const headers = new Headers()
            for (const name of ['cookie', 'sec-purpose', 'purpose']) {
              const value = req.get(name)
              if (value !== undefined) headers.set(name, value)
            }
            const request = new Request(new URL(req.originalUrl, 'http://portal.internal'), { headers })
            countKeptPageView(
              request,
              page,
              loadContext(req, res, '', () => {}),
            )
          },
          logger,
        })
  if (pageCache) app.use(pageCache.middleware)

  app.all(
    '*',
    createRequestHandler({
      build,
      mode,
      getLoadContext: (req, res) =>
        loadContext(req, res, res.locals.nonce, (setCookie) => void res.append('Set-Cookie', setCookie)),
    }),
  )
  // What no route answered (a URL Express cannot decode): a page and one JSON line, never a stack.
  app.use(errorPage(config, logger))

  return {
    app,
    /** How this portal reaches the upstream (tests read sessions through it). */
    upstreamFetch,
    /** This portal's metrics registry (served by startPortal on METRICS_PORT). */
    metrics,
    /** The kept public pages, when on (tests read its counts). */
    pageCache,
    async close() {
      identity?.close()
      if (!sharedVite) await viteDevServer?.close()
      await services?.close()
      await thread?.close()
    },
  }
}

/**
 * Starts the portal as a process: configuration from the environment, listening on
 * PORT and HOST, and a graceful stop on SIGINT or SIGTERM. The e2e entry with a movable
 * clock (tests/e2e/support/portal-with-clock.ts) starts it the same way.
 */
export async function startPortal(options: PortalOptions = {}) {
  const config = loadConfigOrExit()
  const logger = createLogger(config, 'portal')
  logDemoParts(config, logger)
  guardProcess(logger)
  const portal = await createPortal(config, logger, options)
  // What a killed process left of uploads it was reading (issue 32, item 7: SIGKILL).
  const abandoned = removeAbandoned(os.tmpdir(), UPLOAD_FOLDER_PREFIX).length
  if (abandoned > 0) logger.warn({ folders: abandoned }, 'removed uploads a stopped process was reading')
  const server = portal.app.listen(config.PORT, config.HOST, () => {
    logger.info(
      { url: `http://localhost:${config.PORT}`, mode: config.NODE_ENV, node: process.version },
      `${config.PRODUCT_NAME} portal listening`,
    )
  })
  // Keep-alive, headers and whole-request time limits (lib/transport.ts; docs/operations.md, Time limits).
  applyTimeLimits(server, config)
  const metricsListener =
    config.METRICS_PORT === undefined
      ? undefined
      : await serveMetrics(portal.metrics, { port: config.METRICS_PORT, host: config.METRICS_HOST })
  if (metricsListener) logger.info({ port: metricsListener.port, host: config.METRICS_HOST }, 'metrics listening')
  let stopping = false
  // Once stopping, answers not yet begun say `Connection: close`, also to a request that
  // arrives on a kept-alive connection: a client (a load balancer) then lets go of the
  // connection when answered, instead of the stop waiting out its keep-alive.
  const unanswered = new Set<ServerResponse>()
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (stopping) return void res.setHeader('connection', 'close')
    unanswered.add(res)
    res.once('close', () => unanswered.delete(res))
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (stopping) return
      stopping = true
      logger.info({ signal }, 'shutting down: finishing open requests')
      for (const res of unanswered) if (!res.headersSent) res.setHeader('connection', 'close')
      // Stop accepting, let in-flight requests finish, then close the database.
      server.close(async () => {
        await metricsListener?.close()
        await portal.close()
        process.exit(0)
      })
      server.closeIdleConnections()
      setTimeout(() => process.exit(1), 10_000).unref()
    })
  }
  return { config, logger, upstreamFetch: portal.upstreamFetch }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await startPortal()
}
