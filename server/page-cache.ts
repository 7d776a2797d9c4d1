/**
 * Public pages kept rendered (issue 35, item 3; docs/decisions/0069). An anonymous visitor's
 * public page (a route whose module says `handle.pageCache === 'public'`: the landing page and
 * its aliases, the plans and each plan, help, the legal pages, the stores) is rendered once per
 * variant and then served from memory for PAGE_CACHE_SECONDS:
 *
 * - The variant is everything the page is rendered from: the host and scheme, the path and
 *   query, and the preference cookies (theme, cookie banner; the language's when it comes).
 *   A request with any other cookie (a session, a draft, a toast) is not anonymous: it is
 *   rendered as before and never kept.
 * - Kept: a 200 HTML answer that sets no cookie, rendered while no upstream call failed.
 *   Anything else (a redirect, a failure, a page that set a cookie, a page with a fallback for
 *   a failed call) is served once and forgotten.
 * - The CSP: a kept page is the same bytes for everyone, so it carries no nonce; its inline
 *   scripts and styles are allowed by their SHA-256 hashes in that response's policy instead
 *   (docs/security.md, Headers). Pages rendered here always are, kept or not.
 * - Compressed once per variant and encoding, on first asking (brotli at a quick quality,
 *   gzip at its best); a page served from memory again and again gets brotli's best quality
 *   once more, in the background. A page not kept is compressed per response by the
 *   compression middleware, as before. An ETag answers a revalidation with 304.
 * - Invalidated when the content changes upstream: at most every REVISION_CHECK_MS the
 *   upstream's content revision is asked (GET /v1/content/revision); when it moved, every
 *   kept page and the upstream client's kept content are dropped. A request waits for the
 *   question at most REVISION_WAIT_MS: an upstream that hangs delays nobody.
 * - Bounded: least recently used pages go first beyond PAGE_CACHE_MAX_BYTES, so a flood of
 *   query strings costs renders, never memory. Concurrent misses of one variant render once.
 */
import crypto from 'node:crypto'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { LRUCache } from 'lru-cache'
import type { Logger } from 'pino'
import {
  createRequestHandler,
  matchRoutes,
  type AppLoadContext,
  type RouteObject,
  type ServerBuild,
} from 'react-router'
import { isKeptPublicPage } from '../app/utils/page-cache.ts'
import { patternOf } from '../lib/analytics.ts'
import { watchUpstream } from '../lib/upstream-trouble.ts'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** How often the upstream's content revision is asked at most, while pages are served from the cache. */
export const REVISION_CHECK_MS = 2000
/**
 * How long a request waits for a revision question under way before it is served from what is
 * kept: an upstream that answers (in-process, a millisecond) is waited for, so a change shows on
 * the next request; one that hangs holds no visitor longer than this.
 */
const REVISION_WAIT_MS = 50
/** Brotli's quality for a page's first compression (fast, as the compression middleware's), and for a page asked again and again. */
const QUICK_BROTLI = 5
const POPULAR_AFTER_HITS = 3

export type PageCacheOptions = {
  /** The server build, or (Vite in development, tests) how to load it. */
  build: ServerBuild | (() => Promise<ServerBuild>)
  mode: 'production' | 'development'
  /** How long a rendered page is kept. */
  seconds: number
  /** The most bytes kept, every page and encoding counted. */
  maxBytes: number
  /** The cookie names a public page may be rendered from. */
  variantCookies: readonly string[]
  /** The load context for this request, with no nonce, and Set-Cookie headers handed to `sendCookie`. */
  loadContext: (req: ExpressRequest, res: ExpressResponse, sendCookie: (setCookie: string) => void) => AppLoadContext
  /** The upstream's content revision. */
  contentRevision: () => Promise<number>
  /** The content changed upstream: forget what else is kept of it. */
  onContentChange: () => void
  /** A kept page was served (the page view count). `page` is its route pattern. */
  onServed?: (req: ExpressRequest, res: ExpressResponse, page: string) => void
  logger: Logger
  /** Milliseconds now (tests). */
  now?: () => number
  revisionCheckMs?: number
}

type Encoding = 'br' | 'gzip' | 'identity'

type Entry = {
  status: number
  headers: [string, string][]
  body: Buffer
  etag: string
  scriptHashes: string[]
  styleHashes: string[]
  /** The matched route's pattern (`/plans/:code`). */
  page: string
  encoded: Partial<Record<Exclude<Encoding, 'identity'>, Promise<Buffer>>>
  /** Times served from memory; a popular page's brotli is made again at its best quality. */
  hits: number
  bestBrotli: boolean
}

/** A page as rendered here: kept (an Entry) or served once. */
type Rendered = { entry: Entry; keep: boolean; setCookies: string[] }

/** React Router's route manifest as the nested routes `matchRoutes` takes. */
function routeTree(build: ServerBuild): RouteObject[] {
  const byParent = new Map<string | undefined, ServerBuild['routes'][string][]>()
  for (const route of Object.values(build.routes)) {
    if (!route) continue
    byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), route])
  }
  const nodes = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route!.index
        ? { id: route!.id, index: true, path: route!.path, caseSensitive: route!.caseSensitive }
        : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children: nodes(route!.id) },
    )
  return nodes(undefined)
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi
const INLINE_STYLE = /<style[^>]*>([\s\S]*?)<\/style>/gi

const sha256 = (text: string) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`

/** The CSP sources that allow each inline script and style of a page (empty ones need none). */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const hashesOf = (pattern: RegExp) => [
    ...new Set(
      [...html.matchAll(pattern)]
        .map((match) => match[1]!)
        .filter((text) => text.length > 0)
        .map(sha256),
    ),
  ]
  return { scripts: hashesOf(INLINE_SCRIPT), styles: hashesOf(INLINE_STYLE) }
}

/**
 * The request's policy with its nonce source replaced: by the page's script hashes in
 * script-src, by its style hashes in style-src, by nothing elsewhere.
 */
export function policyWithHashes(policy: string, hashes: { scripts: string[]; styles: string[] }): string {
  return policy
    .split(';')
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/)
      if (!name) return directive
      const kept = sources.filter((source) => !source.startsWith("'nonce-"))
      if (kept.length === sources.length) return directive.trim()
      const added = name === 'script-src' ? hashes.scripts : name === 'style-src' ? hashes.styles : []
      return [name, ...kept, ...added].join(' ')
    })
    .join('; ')
}

/** The Cookie header's names and values; null when it has a cookie outside `allowed`. */
function variantCookiesOf(header: string | undefined, allowed: ReadonlySet<string>): string[] | null {
  if (!header) return []
  const found: string[] = []
  for (const part of header.split(';')) {
    const pair = part.trim()
    if (!pair) continue
    const equals = pair.indexOf('=')
    const name = equals === -1 ? pair : pair.slice(0, equals)
    if (!allowed.has(name)) return null
    found.push(pair)
  }
  return found.sort()
}

/** The URL React Router's Express adapter would build for this request (its createRemixRequest). */
function requestUrl(req: ExpressRequest): string {
  const [, forwardedPort] = req.app.enabled('trust proxy') ? (req.get('x-forwarded-host')?.split(':') ?? []) : []
  const [, hostPort] = req.get('host')?.split(':') ?? []
  const port = [forwardedPort, hostPort].map((value) => Number.parseInt(value ?? '', 10)).find(Number.isSafeInteger)
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || 'localhost'
  return new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ''}${req.originalUrl}`).href
}

function headersOf(req: ExpressRequest): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
  }
  return headers
}

/** Waits for `work` at most `ms` (it goes on after). */
async function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))])
  clearTimeout(timer)
}

const NOT_KEPT_HEADERS = new Set(['set-cookie', 'content-length', 'content-encoding', 'transfer-encoding', 'etag'])

export type PageCache = ReturnType<typeof createPageCache>

export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now
  const revisionCheckMs = options.revisionCheckMs ?? REVISION_CHECK_MS
  const handler = createRequestHandler(options.build, options.mode)
  const trees = new WeakMap<ServerBuild, RouteObject[]>()
  const currentBuild = async () => (typeof options.build === 'function' ? await options.build() : options.build)
  const allowedCookies = new Set(options.variantCookies)
  const pages = new LRUCache<string, Entry>({
    maxSize: options.maxBytes,
    // The page, and room for its brotli and gzip forms (about a fifth of it each).
    sizeCalculation: (entry) => Math.max(1, Math.ceil(entry.body.length * 1.5)),
    ttl: options.seconds * 1000,
    ttlAutopurge: false,
    perf: { now },
  })
  const rendering = new Map<string, Promise<Rendered>>()
  const counts = { hits: 0, misses: 0, compressions: 0, invalidations: 0 }

  // The content revision the kept pages were rendered at.
  let revision: number | undefined
  let checkedAt = -Infinity
  let checking: Promise<void> | undefined

  /** Asks the revision when it is due (one question at a time); a moved one drops everything kept. */
  function checkRevision(): Promise<void> | undefined {
    if (now() - checkedAt < revisionCheckMs) return undefined
    checking ??= options
      .contentRevision()
      .then((current) => {
        if (revision !== undefined && current !== revision) {
          pages.clear()
          options.onContentChange()
          counts.invalidations++
          options.logger.info({ from: revision, to: current }, 'public content changed upstream: kept pages dropped')
        }
        revision = current
      })
      .catch((error: unknown) => {
        // Kept pages are served on; they expire at their time as always.
        options.logger.warn({ err: error }, 'content revision not read: kept pages expire at their time')
      })
      .finally(() => {
        checkedAt = now()
        checking = undefined
      })
    return checking
  }

  /** The leaf route's pattern when it is a public page, else null. */
  async function publicPage(pathname: string): Promise<string | null> {
    const build = await currentBuild()
    let tree = trees.get(build)
    if (!tree) trees.set(build, (tree = routeTree(build)))
    const matches = matchRoutes(tree, pathname)
    const leaf = matches?.at(-1)
    if (!leaf) return null
    return isKeptPublicPage(build.routes[leaf.route.id!]?.module.handle)
      ? patternOf(matches!.map((match) => match.route.path))
      : null
  }

  async function render(req: ExpressRequest, res: ExpressResponse, page: string): Promise<Rendered> {
    const setCookies: string[] = []
    const context = options.loadContext(req, res, (setCookie) => void setCookies.push(setCookie))
    const atRevision = revision
    // Not tied to this visitor's connection: others may be waiting for the same page.
    const request = new Request(requestUrl(req), { method: 'GET', headers: headersOf(req) })
    const { value: response, troubled } = await watchUpstream(() => handler(request, context))
    const body = Buffer.from(await response.arrayBuffer())
    const answerCookies = response.headers.getSetCookie()
    const headers: [string, string][] = []
    response.headers.forEach((value, name) => {
      if (!NOT_KEPT_HEADERS.has(name)) headers.push([name, value])
    })
    const html = /^text\/html/i.test(response.headers.get('content-type') ?? '')
    const hashes = html ? inlineHashes(body.toString('utf8')) : { scripts: [], styles: [] }
    const entry: Entry = {
      status: response.status,
      headers,
      body,
      etag: `W/"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      scriptHashes: hashes.scripts,
      styleHashes: hashes.styles,
      page,
      encoded: {},
      hits: 0,
      bestBrotli: false,
    }
    const keep =
      response.status === 200 &&
      html &&
      setCookies.length === 0 &&
      answerCookies.length === 0 &&
      // A page rendered while the upstream failed may show a fallback: served, never kept.
      !troubled &&
      // The content moved while it rendered: serve it, keep nothing older than the revision.
      atRevision === revision
    return { entry, keep, setCookies: [...setCookies, ...answerCookies] }
  }

  function encodingFor(req: ExpressRequest): Encoding {
    const accepted = req.acceptsEncodings('br', 'gzip', 'identity')
    return accepted === 'br' || accepted === 'gzip' ? accepted : 'identity'
  }

  const brotliAt = (body: Buffer, quality: number) =>
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    })

  /**
   * The entry's body in `encoding`, made once. Brotli first at a quick quality: a page asked
   * once (a query string never seen again) must not cost brotli's best, ten times slower;
   * a page served from memory POPULAR_AFTER_HITS times is made again at the best quality,
   * in the background, and served so from then on.
   */
  function encoded(entry: Entry, encoding: Exclude<Encoding, 'identity'>): Promise<Buffer> {
    let pending = entry.encoded[encoding]
    if (!pending) {
      counts.compressions++
      pending =
        encoding === 'br'
          ? brotliAt(entry.body, QUICK_BROTLI)
          : gzip(entry.body, { level: zlib.constants.Z_BEST_COMPRESSION })
      entry.encoded[encoding] = pending
    } else if (encoding === 'br' && !entry.bestBrotli && entry.hits >= POPULAR_AFTER_HITS) {
      entry.bestBrotli = true
      counts.compressions++
      const best = brotliAt(entry.body, zlib.constants.BROTLI_MAX_QUALITY)
      best.then(
        () => void (entry.encoded.br = best),
        () => undefined,
      )
    }
    return pending
  }

  /** `state` 'once': a page not kept, whose compression is left to the compression middleware, per response as before. */
  async function serve(
    req: ExpressRequest,
    res: ExpressResponse,
    entry: Entry,
    state: 'hit' | 'miss' | 'once',
    setCookies: string[] = [],
  ) {
    res.status(entry.status)
    for (const [name, value] of entry.headers) res.setHeader(name, value)
    for (const cookie of setCookies) res.append('Set-Cookie', cookie)
    const policy = res.getHeader('content-security-policy')
    if (typeof policy === 'string') {
      res.setHeader(
        'content-security-policy',
        policyWithHashes(policy, { scripts: entry.scriptHashes, styles: entry.styleHashes }),
      )
    }
    res.setHeader('x-page-cache', state === 'hit' ? 'hit' : 'miss')
    if (state === 'once') return void (req.method === 'HEAD' ? res.end() : res.end(entry.body))
    res.setHeader('etag', entry.etag)
    res.vary('Accept-Encoding')
    if (entry.status === 200 && req.fresh) return void res.status(304).end()
    if (state === 'hit') entry.hits++
    const encoding = encodingFor(req)
    const body = encoding === 'identity' ? entry.body : await encoded(entry, encoding)
    if (encoding !== 'identity') res.setHeader('content-encoding', encoding)
    res.setHeader('content-length', body.length)
    if (req.method === 'HEAD') return void res.end()
    res.end(body)
  }

  async function middleware(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const cookies = variantCookiesOf(req.headers.cookie, allowedCookies)
    if (cookies === null || req.headers.authorization) return next()
    const key = `${requestUrl(req)}\n${cookies.join('; ')}`
    try {
      const check = checkRevision()
      if (check) await within(check, REVISION_WAIT_MS)
      const kept = pages.get(key)
      if (kept) {
        counts.hits++
        await serve(req, res, kept, 'hit')
        options.onServed?.(req, res, kept.page)
        return
      }
      if (req.method === 'HEAD') return next()
      const page = await publicPage(req.path)
      if (page === null) return next()
      counts.misses++
      let pending = rendering.get(key)
      const first = !pending
      if (!pending) {
        pending = render(req, res, page).finally(() => rendering.delete(key))
        rendering.set(key, pending)
      }
      const rendered = await pending
      if (first) {
        if (!rendered.keep) return await serve(req, res, rendered.entry, 'once', rendered.setCookies)
        pages.set(key, rendered.entry)
        return await serve(req, res, rendered.entry, 'miss')
      }
      // Another visitor's render: theirs to use only if it was kept (it set no cookie of theirs).
      if (!rendered.keep) return next()
      counts.hits++
      await serve(req, res, rendered.entry, 'hit')
      options.onServed?.(req, res, rendered.entry.page)
    } catch (error) {
      next(error)
    }
  }

  return {
    middleware,
    /** Counts since start (tests, the bench). */
    counts,
    /** Kept pages now. */
    get size() {
      return pages.size
    },
    clear() {
      pages.clear()
    },
  }
}
