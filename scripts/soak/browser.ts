/**
 * A virtual user's browser for the soak (scripts/soak.ts): cookies by name, one kept-alive
 * connection, plain HTTP/1.1 requests as a browser without JavaScript sends them (forms
 * url-encoded or multipart, each redirect followed as its own request), and every answer timed
 * under its step's name and judged. A 5xx, a connection the server reset or closed, a request
 * with no answer in time, or an answer other than the journey expects is an unexpected error.
 */
import http from 'node:http'
import { percentile } from '../bench/check-availability.ts'

export type Page = { step: string; status: number; location: string | null; body: string; url: string }

/** What went wrong, by kind: the soak's target is none of any kind. */
export type ErrorKind = '5xx' | 'connection' | 'timeout' | 'unexpected page'

/** A journey's step that got something other than it expects: ends the journey, counted once. */
export class Unexpected extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly step: string,
    message: string,
  ) {
    super(message)
  }
}

const REQUEST_TIMEOUT_MS = 30_000

/** Each step's latencies (ms) and errors, over the measured run. */
export class Stats {
  readonly latencies = new Map<string, number[]>()
  readonly errors: { step: string; kind: ErrorKind; message: string }[] = []
  readonly counts = new Map<string, number>()
  /** Off during the warm-up: its latencies are not the steady state's (its errors still count). */
  measuring = false

  record(step: string, ms: number) {
    if (!this.measuring) return
    const list = this.latencies.get(step) ?? []
    list.push(ms)
    this.latencies.set(step, list)
  }

  error(step: string, kind: ErrorKind, message: string) {
    this.errors.push({ step, kind, message })
  }

  /** Something that is not a request (a journey started, an upload aborted on purpose). */
  count(name: string) {
    if (this.measuring) this.counts.set(name, (this.counts.get(name) ?? 0) + 1)
  }

  /** Per step: requests, errors, p50, p99 and the slowest, ms. */
  table() {
    return [...this.latencies].map(([step, list]) => {
      const sorted = [...list].sort((a, b) => a - b)
      return {
        step,
        requests: sorted.length,
        errors: this.errors.filter((error) => error.step === step).length,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? Number.NaN,
      }
    })
  }
}

/** A connection error's kind: the server reset, refused or closed it, or it did not answer in time. */
export function errorKind(error: unknown): ErrorKind {
  return error instanceof Error && /timeout/i.test(error.message) ? 'timeout' : 'connection'
}

export class Browser {
  readonly cookies = new Map<string, string>()
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 })

  constructor(
    /** The portal's public URL (http://localhost:PORT, PUBLIC_URL's default): its own links name it. */
    readonly base: string,
    readonly stats: Stats,
  ) {}

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  /** Cookies as a Cookie header names them ("a=1; b=2"), e.g. the draft cookie the check bench returns. */
  addCookies(header: string) {
    for (const pair of header.split('; ')) {
      const index = pair.indexOf('=')
      if (index > 0) this.cookies.set(pair.slice(0, index), pair.slice(index + 1))
    }
  }

  private store(lines: string[] | undefined) {
    for (const line of lines ?? []) {
      const [pair] = line.split(';')
      const index = pair!.indexOf('=')
      const name = pair!.slice(0, index).trim()
      const value = pair!.slice(index + 1).trim()
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0\b/i.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  /**
   * One request, timed under `step`. Resolves with the answer below 500; a 5xx, a reset or
   * closed connection and a time-out reject with Unexpected (and are counted by the journey).
   */
  async request(
    step: string,
    method: 'GET' | 'POST',
    target: string,
    body?: { type: string; data: Buffer | string },
  ): Promise<Page> {
    const url = new URL(target, this.base)
    const headers: http.OutgoingHttpHeaders = {
      host: url.host,
      accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) soak',
    }
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader()
    if (body) {
      headers['content-type'] = body.type
      headers['content-length'] = Buffer.byteLength(body.data)
      headers.origin = new URL(this.base).origin
    }
    const started = performance.now()
    let page: Page
    try {
      page = await new Promise<Page>((resolve, reject) => {
        const request = http.request(
          {
            // The portal's links name localhost (PUBLIC_URL's default); it listens on 127.0.0.1.
            hostname: url.hostname === 'localhost' ? '127.0.0.1' : url.hostname,
            port: url.port,
            path: url.pathname + url.search,
            method,
            agent: this.agent,
            headers,
          },
          (response) => {
            const chunks: Buffer[] = []
            response.on('data', (chunk: Buffer) => chunks.push(chunk))
            response.on('end', () => {
              this.store(response.headers['set-cookie'])
              resolve({
                step,
                status: response.statusCode ?? 0,
                location: response.headers.location ?? null,
                body: Buffer.concat(chunks).toString('utf8'),
                url: url.toString(),
              })
            })
            response.on('error', reject)
          },
        )
        request.setTimeout(REQUEST_TIMEOUT_MS, () =>
          request.destroy(new Error(`timeout: no answer in ${REQUEST_TIMEOUT_MS / 1000} s`)),
        )
        request.on('error', reject)
        request.end(body?.data)
      })
    } catch (error) {
      throw new Unexpected(errorKind(error), step, `${method} ${url.pathname}: ${String(error)}`)
    }
    this.stats.record(step, performance.now() - started)
    if (page.status >= 500) throw new Unexpected('5xx', step, `${method} ${url.pathname} answered ${page.status}`)
    return page
  }

  get(step: string, target: string) {
    return this.request(step, 'GET', target)
  }

  post(step: string, target: string, form: Record<string, string>) {
    return this.request(step, 'POST', target, {
      type: 'application/x-www-form-urlencoded',
      data: new URLSearchParams(form).toString(),
    })
  }

  /** Follows `page`'s redirects (each a GET timed under `step`) to the page they end on. */
  async follow(step: string, page: Page, hops = 10): Promise<Page> {
    let current = page
    for (let hop = 0; hop < hops && current.status >= 300 && current.status < 400; hop++) {
      if (!current.location)
        throw new Unexpected('unexpected page', step, `${current.url}: a redirect without a location`)
      current = await this.get(step, new URL(current.location, current.url).toString())
    }
    return current
  }

  close() {
    this.agent.destroy()
  }
}

/** Expects `body` in the page's HTML (a heading, a form): a page that answered 200 with something else is unexpected. */
export function expectText(page: Page, text: string | RegExp) {
  if (typeof text === 'string' ? !page.body.includes(text) : !text.test(page.body)) {
    throw new Unexpected('unexpected page', page.step, `${page.url}: ${page.status} without ${String(text)}`)
  }
  return page
}

/** Runs `call` (a request made elsewhere, e.g. the check bench's) timed under `step`; its connection errors as Unexpected. */
export async function timed<T>(stats: Stats, step: string, call: () => Promise<T>): Promise<T> {
  const started = performance.now()
  let result: T
  try {
    result = await call()
  } catch (error) {
    throw new Unexpected(errorKind(error), step, String(error))
  }
  stats.record(step, performance.now() - started)
  return result
}

/** Throws Unexpected unless `page` has the status (and, for a redirect, a location matching `location`). */
export function expectPage(page: Page, status: number, location?: RegExp) {
  if (page.status !== status || (location && !location.test(page.location ?? ''))) {
    throw new Unexpected(
      'unexpected page',
      page.step,
      `${page.url}: answered ${page.status}${page.location ? ` to ${page.location}` : ''}, expected ${status}${location ? ` to ${location}` : ''}`,
    )
  }
  return page
}
