/**
 * The one way the portal talks to the upstream (docs/architecture.md, 6). Every call is signed
 * and carries the channel name and a fresh request id; every response is parsed with
 * the call's Zod schema before anyone uses it. `fetch` is the gateway's own handler in
 * the embedded set-up and the network's when UPSTREAM_URL is set: the same code runs.
 */
import type { Logger } from 'pino'
import { z } from 'zod'
import { HEADER, computeSignature, newRequestId, type SignatureScheme } from '../../lib/signature'
import { UpstreamError } from './errors'
import { logContext } from '../../lib/logger'
import { clearOnContentChange } from '../../lib/content-changes'
import { noteUpstreamTrouble } from '../../lib/upstream-trouble'
import type { UpstreamCallMetrics } from '../../lib/metrics'

/**
 * A JSON call as plain text, for a transport that can carry it without a Request and a
 * Response (the upstream on the portal's own thread: docs/decisions/0056). The headers are the
 * same signed ones; `timeoutMs` is the transport's to enforce (a TimeoutError when it passes).
 */
export type TextCall = {
  method: string
  url: string
  headers: [string, string][]
  body: string | null
  timeoutMs: number
}
export type TextAnswer = { status: number; body: string | null }

export type FetchLike = (request: Request) => Promise<Response>

/** A transport with a cheaper way for JSON calls than `fetch` (the upstream thread's). */
export type TextTransport = FetchLike & { exchangeText: (call: TextCall) => Promise<TextAnswer> }

export type UpstreamClientOptions = {
  fetch: FetchLike
  baseUrl: string
  channel: string
  secret: string
  scheme: SignatureScheme
  timeoutMs: number
  retryDelayMs: number
  logger?: Pick<Logger, 'warn' | 'error' | 'debug'>
  sleep?: (ms: number) => Promise<void>
  now?: () => number
  /** Where each attempt is counted and timed (lib/metrics.ts; issue 17, item 5). */
  metrics?: UpstreamCallMetrics
}

export type Call<T> = {
  /** A short name for logs and errors, e.g. 'cms.legalPage'. */
  name: string
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  query?: Record<string, string | number | boolean | undefined>
  body?: unknown
  schema: z.ZodType<T>
  accessToken?: string
  /** Extra request headers a call's API names (the cart's draft id: lib/catalog.ts, DRAFT_ID_HEADER). */
  headers?: Record<string, string>
  /** The end user's address, for the upstream's per-address backstop limits (docs/security.md, Abuse). */
  clientAddress?: string
  /**
   * spec 9: only nationality, agent details and cart instance id are retried
   * (3 attempts, 2000 ms apart), and only when the call is idempotent.
   */
  retry?: boolean
  /**
   * A non-GET call the upstream answers the same when asked again (the cart instance:
   * one per draft, docs/decisions/0024), so `retry` may repeat it. GETs are idempotent anyway.
   */
  idempotent?: boolean
  /** Keep a successful answer this long (public content only). */
  cacheSeconds?: number
}

const RETRY_ATTEMPTS = 3

// Path segments that name a thing rather than an id: `v1`, and lower-case words joined by hyphens.
const NAMED_SEGMENT = /^(v\d+|[a-z]+(-[a-z]+)*)$/

/**
 * A call's metrics label: its method and path pattern, every segment that is not a plain
 * word replaced by `:id` (`GET /v1/drafts/:id/sections/address`), so account numbers,
 * draft ids and references never become label values. The query is left out.
 */
export function callLabel(method: string, path: string): string {
  const pathOnly = path.split('?')[0]!
  const pattern = pathOnly
    .split('/')
    .map((segment) => (segment === '' || (segment.length <= 40 && NAMED_SEGMENT.test(segment)) ? segment : ':id'))
    .join('/')
  return `${method} ${pattern}`
}

export type UpstreamClient = ReturnType<typeof createUpstreamClient>

export function createUpstreamClient(options: UpstreamClientOptions) {
  const sleep = options.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms)))
  // Looked up on each call, so a test that moves the clock (fake Date) signs with the moved time.
  const now = options.now ?? (() => Date.now())
  const cache = new Map<string, { expires: number; value: unknown }>()
  // Public content only: dropped when it changes upstream (the page cache sees the revision move).
  clearOnContentChange(cache)
  // A cached call on its way: callers that miss the cache meanwhile wait for it instead of
  // each calling again (twenty visitors arriving as a list expires make one call).
  const inFlight = new Map<string, Promise<unknown>>()
  const base = new URL(options.baseUrl)

  /** One attempt over the transport, counted and timed (until the answer's headers) by its label. */
  async function timed<T extends { status: number }>(label: string, attempt: () => Promise<T>): Promise<T> {
    const started = performance.now()
    const seconds = () => (performance.now() - started) / 1000
    try {
      const answer = await attempt()
      options.metrics?.observeUpstreamCall(label, { status: answer.status }, seconds())
      if (answer.status >= 500) noteUpstreamTrouble()
      return answer
    } catch (error) {
      noteUpstreamTrouble()
      options.metrics?.observeUpstreamCall(label, { failure: timedOut(error) ? 'timeout' : 'network' }, seconds())
      throw error
    }
  }

  const send = (label: string, request: Request) => timed(label, () => options.fetch(request))

  /** A JSON call's attempt: its status and its answer's JSON (undefined when it is not JSON). */
  async function exchange(
    label: string,
    request: { method: string; url: URL; headers: Record<string, string>; body: string },
  ): Promise<{ status: number; payload: unknown }> {
    const { exchangeText } = options.fetch as Partial<TextTransport>
    if (!exchangeText) {
      const response = await send(
        label,
        new Request(request.url, {
          method: request.method,
          headers: request.headers,
          body: request.body || undefined,
          signal: AbortSignal.timeout(options.timeoutMs),
        }),
      )
      return { status: response.status, payload: await response.json().catch(() => undefined) }
    }
    const answer = await timed(label, () =>
      exchangeText({
        method: request.method,
        url: request.url.href,
        headers: Object.entries(request.headers),
        body: request.body || null,
        timeoutMs: options.timeoutMs,
      }),
    )
    return { status: answer.status, payload: jsonOf(answer.body) }
  }

  function urlFor(call: Call<unknown>) {
    const url = new URL(call.path, base)
    for (const [key, value] of Object.entries(call.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value))
    }
    return url
  }

  async function attempt<T>(call: Call<T>, url: URL): Promise<T> {
    const requestId = newRequestId()
    const body = call.body === undefined ? '' : JSON.stringify(call.body)
    const timestamp = Math.floor(now() / 1000)
    // Header names in lower case, as a Headers object keeps them: a call's own never replace the signed ones.
    const headers: Record<string, string> = {
      accept: 'application/json',
      [HEADER.channel]: options.channel,
      [HEADER.requestId]: requestId,
      [HEADER.timestamp]: String(timestamp),
      [HEADER.signature]: computeSignature({
        scheme: options.scheme,
        secret: options.secret,
        channel: options.channel,
        method: call.method,
        pathWithQuery: url.pathname + url.search,
        requestId,
        timestamp,
        body,
      }),
    }
    for (const [name, value] of Object.entries(call.headers ?? {})) headers[name.toLowerCase()] ??= value
    if (body) headers['content-type'] = 'application/json'
    if (call.accessToken) headers.authorization = `Bearer ${call.accessToken}`
    if (call.clientAddress) headers[HEADER.clientAddress] = call.clientAddress
    const portalRequest = logContext.getStore()?.requestId
    if (portalRequest) headers[HEADER.correlationId] = portalRequest

    let status: number
    let payload: unknown
    try {
      ;({ status, payload } = await exchange(callLabel(call.method, call.path), {
        method: call.method,
        url,
        headers,
        body,
      }))
    } catch (error) {
      options.logger?.warn({ call: call.name, requestId, err: String(error) }, 'upstream unreachable')
      throw new UpstreamError('unavailable', call.name, requestId, 'The service is unreachable.')
    }

    if (status >= 500) {
      options.logger?.warn({ call: call.name, requestId, status }, 'upstream failed')
      throw new UpstreamError('unavailable', call.name, requestId, 'The service failed.', status)
    }
    if (status < 200 || status > 299) {
      const serverMessage = messageOf(payload)
      options.logger?.warn({ call: call.name, requestId, status }, 'upstream rejected the call')
      throw new UpstreamError(
        'rejected',
        call.name,
        requestId,
        'The service refused the call.',
        status,
        serverMessage,
        fieldsOf(payload),
      )
    }
    const parsed = call.schema.safeParse(payload)
    if (!parsed.success) {
      options.metrics?.countUpstreamError(callLabel(call.method, call.path), 'invalid_response')
      options.logger?.error(
        {
          call: call.name,
          requestId,
          issues: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`),
        },
        'upstream answered an unexpected shape',
      )
      throw new UpstreamError(
        'invalid-response',
        call.name,
        requestId,
        'The service answered an unexpected shape.',
        status,
      )
    }
    return parsed.data
  }

  /** The signed headers of a call whose body is streamed: its SHA-256 is signed in place of the bytes (docs/decisions/0031). */
  function streamedHeaders(method: string, url: URL, bodySha256: string | undefined, requestId: string) {
    const timestamp = Math.floor(now() / 1000)
    return new Headers({
      [HEADER.channel]: options.channel,
      [HEADER.requestId]: requestId,
      [HEADER.timestamp]: String(timestamp),
      [HEADER.signature]: computeSignature({
        scheme: options.scheme,
        secret: options.secret,
        channel: options.channel,
        method,
        pathWithQuery: url.pathname + url.search,
        requestId,
        timestamp,
        body: '',
        bodySha256,
      }),
    })
  }

  /** Answers a non-JSON or streamed call's failures as `attempt` does. */
  async function failureOf(name: string, requestId: string, response: Response): Promise<UpstreamError> {
    const payload: unknown = await response.json().catch(() => undefined)
    if (response.status >= 500) {
      options.logger?.warn({ call: name, requestId, status: response.status }, 'upstream failed')
      return new UpstreamError('unavailable', name, requestId, 'The service failed.', response.status)
    }
    options.logger?.warn({ call: name, requestId, status: response.status }, 'upstream rejected the call')
    return new UpstreamError(
      'rejected',
      name,
      requestId,
      'The service refused the call.',
      response.status,
      messageOf(payload),
      fieldsOf(payload),
    )
  }

  /**
   * A call whose body is a stream of known length and SHA-256 (an upload): never retried
   * (a stream is read once), signed over the hash; the JSON answer is parsed as `call`'s.
   */
  async function sendStream<T>(spec: {
    name: string
    path: string
    query?: Record<string, string | undefined>
    headers?: Record<string, string>
    body: ReadableStream<Uint8Array>
    size: number
    sha256: string
    contentType: string
    schema: z.ZodType<T>
  }): Promise<T> {
    const url = urlFor({ ...spec, method: 'POST' } as unknown as Call<unknown>)
    const requestId = newRequestId()
    const headers = streamedHeaders('POST', url, spec.sha256, requestId)
    for (const [name, value] of Object.entries(spec.headers ?? {})) if (!headers.has(name)) headers.set(name, value)
    headers.set('accept', 'application/json')
    headers.set('content-type', spec.contentType)
    headers.set('content-length', String(spec.size))
    headers.set('x-content-sha256', spec.sha256)
    let response: Response
    try {
      response = await send(
        callLabel('POST', spec.path),
        new Request(url, {
          method: 'POST',
          headers,
          body: spec.body,
          duplex: 'half',
          signal: AbortSignal.timeout(options.timeoutMs),
        } as RequestInit),
      )
    } catch (error) {
      options.logger?.warn({ call: spec.name, requestId, err: String(error) }, 'upstream unreachable')
      throw new UpstreamError('unavailable', spec.name, requestId, 'The service is unreachable.')
    }
    if (!response.ok) throw await failureOf(spec.name, requestId, response)
    const payload: unknown = await response.json().catch(() => undefined)
    const parsed = spec.schema.safeParse(payload)
    if (!parsed.success) {
      options.metrics?.countUpstreamError(callLabel('POST', spec.path), 'invalid_response')
      options.logger?.error({ call: spec.name, requestId }, 'upstream answered an unexpected shape')
      throw new UpstreamError(
        'invalid-response',
        spec.name,
        requestId,
        'The service answered an unexpected shape.',
        response.status,
      )
    }
    return parsed.data
  }

  /** A GET whose answer is bytes, not JSON (a stored document): the Response, its body unread. */
  async function fetchRaw(spec: {
    name: string
    path: string
    query?: Record<string, string | undefined>
    headers?: Record<string, string>
    /** The signed-in user's access token, for a call made as them (a statement). */
    accessToken?: string
  }): Promise<Response> {
    const url = urlFor({ ...spec, method: 'GET' } as unknown as Call<unknown>)
    const requestId = newRequestId()
    const headers = streamedHeaders('GET', url, undefined, requestId)
    for (const [name, value] of Object.entries(spec.headers ?? {})) if (!headers.has(name)) headers.set(name, value)
    if (spec.accessToken) headers.set('authorization', `Bearer ${spec.accessToken}`)
    let response: Response
    try {
      response = await send(
        callLabel('GET', spec.path),
        new Request(url, { method: 'GET', headers, signal: AbortSignal.timeout(options.timeoutMs) }),
      )
    } catch (error) {
      options.logger?.warn({ call: spec.name, requestId, err: String(error) }, 'upstream unreachable')
      throw new UpstreamError('unavailable', spec.name, requestId, 'The service is unreachable.')
    }
    if (!response.ok) throw await failureOf(spec.name, requestId, response)
    return response
  }

  async function call<T>(spec: Call<T>): Promise<T> {
    const url = urlFor(spec as Call<unknown>)
    const cacheKey = spec.cacheSeconds && spec.method === 'GET' && !spec.accessToken ? url.href : undefined
    if (!cacheKey) return withRetries(spec, url)
    const hit = cache.get(cacheKey)
    if (hit && hit.expires > now()) return hit.value as T
    const waiting = inFlight.get(cacheKey)
    if (waiting) return waiting as Promise<T>
    // A failure is not kept: the next caller calls again.
    const calling = withRetries(spec, url)
      .then((value) => {
        cache.set(cacheKey, { expires: now() + spec.cacheSeconds! * 1000, value })
        return value
      })
      .finally(() => inFlight.delete(cacheKey))
    inFlight.set(cacheKey, calling)
    return calling
  }

  /** The call, tried again after a pause when it may be (spec 9: only named GETs and idempotent calls). */
  async function withRetries<T>(spec: Call<T>, url: URL): Promise<T> {
    const tries = spec.retry && (spec.method === 'GET' || spec.idempotent) ? RETRY_ATTEMPTS : 1
    for (let n = 1; ; n++) {
      try {
        return await attempt(spec, url)
      } catch (error) {
        const retryable = error instanceof UpstreamError && error.kind === 'unavailable'
        if (!retryable || n >= tries) throw error
        await sleep(options.retryDelayMs)
      }
    }
  }

  return { call, sendStream, fetchRaw }
}

const FieldsSchema = z.record(z.string(), z.array(z.string()))

const timedOut = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')

/** An answer's JSON, or undefined when it has none or it is not JSON (as `response.json()` failing). */
function jsonOf(body: string | null): unknown {
  if (!body) return undefined
  try {
    return JSON.parse(body) as unknown
  } catch {
    return undefined
  }
}

/** The envelope's `error.fields` (validation failures), when present and well formed. */
function fieldsOf(payload: unknown): Record<string, string[]> | undefined {
  const error = payload && typeof payload === 'object' ? (payload as Record<string, unknown>).error : undefined
  const fields = error && typeof error === 'object' ? (error as Record<string, unknown>).fields : undefined
  const parsed = FieldsSchema.safeParse(fields)
  return parsed.success ? parsed.data : undefined
}

function messageOf(payload: unknown): string | undefined {
  if (payload && typeof payload === 'object') {
    const record = payload as Record<string, unknown>
    const error = record.error as Record<string, unknown> | undefined
    if (error && typeof error.message === 'string') return error.message
    if (typeof record.message === 'string') return record.message
  }
  return undefined
}
