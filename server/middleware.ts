import type { NextFunction, Request, Response } from 'express'
import helmet from 'helmet'
import type { Logger } from 'pino'
import { requestLineLogger } from '../lib/logger.ts'
import type { Config } from '../lib/env.ts'

type Middleware = (req: Request, res: Response, next: NextFunction) => void

/**
 * The CSP source for map tiles (MAP_TILE_URL): its origin, a `{s}.` subdomain as a
 * wildcard; nothing for a path of the portal's own, which 'self' covers, or without a tile
 * server (the offline coastline is the portal's own file).
 */
export function tileImageSource(tileUrl: string | undefined): string[] {
  if (!tileUrl) return []
  const origin = /^https?:\/\/[^/]+/.exec(tileUrl)?.[0]
  return origin ? [origin.replace('{s}', '*')] : []
}

/**
 * An enforced CSP with a per-request nonce (docs/security.md, Headers), HSTS in production,
 * nosniff, a strict referrer policy and no framing. Applied to every response,
 * 404 and 500 included.
 */
export function securityHeaders(config: Config): Middleware {
  const dev = !config.production
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (_req, res) => `'nonce-${(res as Response).locals.nonce}'`,
          ...(dev ? ["'unsafe-eval'"] : []),
        ],
        // Vite's dev server injects styles from JS, which a nonce cannot cover.
        styleSrc: dev
          ? ["'self'", "'unsafe-inline'"]
          : ["'self'", (_req, res) => `'nonce-${(res as Response).locals.nonce}'`],
        // Map tiles come from the configured tile server (app/ui/map.tsx).
        imgSrc: ["'self'", 'data:', ...tileImageSource(config.MAP_TILE_URL)],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(dev ? ['ws:'] : [])],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        frameSrc: ["'none'"],
      },
    },
    strictTransportSecurity: config.production ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  })
}

// The one-time link tokens ride in these paths; a log line must never carry one (docs/security.md, Logs and privacy).
const TOKEN_PATH = /^\/(verifyEmail|reset-password|compliance|upload)\/[^/]+/
// spec 2's status page /{refNo}/{refIdentifier}: the identifier is an email or mobile number (docs/decisions/0033).
const STATUS_PATH = /^\/(OO|CVG)-[^/]*\/[^/]+/i

/** The path as logged: link tokens replaced by ':token', a status page's reference and identifier by placeholders. */
export function loggedPath(path: string): string {
  return path.replace(TOKEN_PATH, '/$1/:token').replace(STATUS_PATH, '/:refNo/:refIdentifier')
}

/** One line per request with its id; the query string is left out (it may hold personal data). */
export function requestLog(logger: Logger): Middleware {
  const lines = requestLineLogger(logger)
  return (req, res, next) => {
    const started = process.hrtime.bigint()
    res.setHeader('x-request-id', res.locals.requestId)
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      lines.info(
        {
          requestId: res.locals.requestId,
          method: req.method,
          path: loggedPath(req.path),
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
        },
        'request',
      )
    })
    next()
  }
}

/** spec 2, 9: while maintenance mode is not the string 'false', every route answers 503 with the maintenance page. */
export function maintenanceGate(config: Config): Middleware {
  const page = maintenancePage(config.PRODUCT_NAME)
  return (_req, res, next) => {
    if (config.MAINTENANCE_MODE === 'false') return next()
    res
      .status(503)
      .set({ 'retry-after': '600', 'cache-control': 'no-store', 'content-type': 'text/html; charset=utf-8' })
    res.send(page.replace('__NONCE__', res.locals.nonce))
  }
}

function maintenancePage(product: string) {
  return statusPage(product, 'Maintenance', "We'll be back shortly.", ['Thank you for your patience.'], false)
}

/** A page of its own (no app, no script), for answers given before the app: its style carries the nonce. */
function statusPage(product: string, title: string, heading: string, lines: string[], home = true) {
  const name = product.replace(/[^A-Za-z0-9]/g, '')
  const text = lines.map((line) => `<p>${line}</p>`).join('') + (home ? '<p><a href="/">Home</a></p>' : '')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${name} | ${title}</title><style nonce="__NONCE__">body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f8fafc;color:#0f172a;text-align:center}strong{display:block;font-size:1.5rem;color:#c2410c;margin-bottom:2rem}h1{font-size:1.75rem;margin:0 0 .5rem}</style></head><body><main><strong>${name}</strong><h1>${heading}</h1>${text}</main></body></html>`
}

/**
 * Cross-origin form posts are refused (docs/security.md, Input) with a 403 page: browsers say
 * where a request came from in Sec-Fetch-Site, and in Origin (older ones in Referer only).
 * Each signal present must say this site; one that is malformed or names another site refuses
 * the post. React Router checks Origin against X-Forwarded-Host or Host itself and throws (a 500)
 * when they differ, so the Origin must equal that host too: a post React Router would refuse never
 * reaches it (issue 32, item 6: Sec-Fetch-Site same-origin with a foreign Origin was a 500).
 */
export function csrfGuard(config: Pick<Config, 'PRODUCT_NAME'>): Middleware {
  const page = statusPage(config.PRODUCT_NAME, 'Not allowed', 'This form was sent from another site.', [
    'Please open the page on this site and send it again.',
  ])
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next()
    if (sameSitePost(req)) return next()
    res.status(403).set({ 'cache-control': 'no-store', 'content-type': 'text/html; charset=utf-8' })
    res.send(page.replace('__NONCE__', res.locals.nonce))
  }
}

/** Whether a post's Sec-Fetch-Site, Origin and Referer (each when present) all name this site. */
function sameSitePost(req: Request): boolean {
  const site = req.get('sec-fetch-site')
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false
  const origin = req.get('origin')
  if (origin !== undefined) return isThisHost(req, hostOf(origin))
  const referer = req.get('referer')
  if (referer !== undefined) return isThisHost(req, hostOf(referer))
  return true
}

/** An Origin's or Referer's host; null when it is malformed or opaque ('null'). */
function hostOf(value: string): string | null {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host ? url.host : null
  } catch {
    return null
  }
}

/**
 * Whether `host` is the one this request was sent to: the Host header, or X-Forwarded-Host
 * (its first value) when present, as React Router reads them; a forwarded host that differs from Host
 * counts only from a trusted proxy (TRUST_PROXY).
 */
function isThisHost(req: Request, host: string | null): boolean {
  if (!host) return false
  const header = req.get('host')
  const forwarded = req.get('x-forwarded-host')?.split(',')[0]?.trim()
  if (!forwarded) return host === header
  if (host !== forwarded) return false
  const trusts = req.app.get('trust proxy fn') as ((address: string, hop: number) => boolean) | undefined
  return host === header || Boolean(trusts?.(req.socket.remoteAddress ?? '', 0))
}

/**
 * The last middleware: an error no route answered (a malformed URL's escape, `/compliance/%ED%A0%80`,
 * which Express cannot decode) gets a page, never the default handler's stack trace on stderr and
 * in the page. A 4xx is the sender's: the request's own log line says it. Anything else is logged
 * once, with the request id, as a JSON line (docs/conventions.md, Errors).
 */
export function errorPage(config: Pick<Config, 'PRODUCT_NAME'>, logger: Logger) {
  const badRequest = statusPage(config.PRODUCT_NAME, 'Bad request', 'This address could not be read.', [
    'Please check the link and try again.',
  ])
  const failed = statusPage(config.PRODUCT_NAME, 'Error', 'Something went wrong.', ['Please refresh the page.'])
  return (error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error)
    const declared = (error as { status?: unknown; statusCode?: unknown } | null)?.status
    const status = typeof declared === 'number' && declared >= 400 && declared < 500 ? declared : 500
    if (status === 500) {
      logger.error({ err: error, requestId: res.locals.requestId, path: loggedPath(req.path) }, 'request failed')
    }
    res.status(status).set({ 'cache-control': 'no-store', 'content-type': 'text/html; charset=utf-8' })
    res.send((status === 500 ? failed : badRequest).replace('__NONCE__', res.locals.nonce))
  }
}

/**
 * A path whose first character is a backslash (`/%5C…`) names no page here, and React
 * Router cannot even build a location from it (`new URL('/\\…')` reads it as `//host`):
 * it answered 500. Such a request is shown the not-found page instead. Browsers turn a
 * typed backslash into a slash, so only crafted requests arrive this way.
 */
export function backslashPathsNotFound(): Middleware {
  return (req, _res, next) => {
    // React Router's adapter reads originalUrl.
    if (/^\/(?:%5c|\\)/i.test(req.originalUrl)) req.url = req.originalUrl = '/page-not-found'
    next()
  }
}
