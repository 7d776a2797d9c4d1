import type { NextFunction, Request, Response } from 'express'
import helmet from 'helmet'
import type { Logger } from 'pino'
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
  return (req, res, next) => {
    const started = process.hrtime.bigint()
    res.setHeader('x-request-id', res.locals.requestId)
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      logger.info(
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
  const name = product.replace(/[^A-Za-z0-9]/g, '')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${name} | Maintenance</title><style nonce="__NONCE__">body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f8fafc;color:#0f172a;text-align:center}strong{display:block;font-size:1.5rem;color:#c2410c;margin-bottom:2rem}h1{font-size:1.75rem;margin:0 0 .5rem}</style></head><body><main><strong>${name}</strong><h1>We'll be back shortly.</h1><p>Thank you for your patience.</p></main></body></html>`
}

/**
 * Cross-origin form posts are refused (docs/security.md, Input): browsers say where a
 * request came from in Sec-Fetch-Site, older ones in Origin.
 */
export function csrfGuard(): Middleware {
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next()
    const site = req.get('sec-fetch-site')
    const origin = req.get('origin')
    const crossSite = site
      ? site === 'cross-site' || site === 'same-site'
      : origin
        ? !sameHost(origin, req.get('host'))
        : false
    if (!crossSite) return next()
    res.status(403).type('text/plain').send('Cross-site form posts are not accepted.')
  }
}

function sameHost(origin: string, host: string | undefined) {
  try {
    return new URL(origin).host === host
  } catch {
    return false
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
    // Remix's adapter reads originalUrl.
    if (/^\/(?:%5c|\\)/i.test(req.originalUrl)) req.url = req.originalUrl = '/page-not-found'
    next()
  }
}
