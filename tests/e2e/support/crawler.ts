/**
 * The crawler of issue 33, item 10: from `/`, as one role and without JavaScript, it follows
 * every same-origin link and submits every GET form with its first options, on every page
 * it reaches, and lists what a person would have hit: a 404, a 5xx, an error view, a
 * sign-in page where the role is signed in (or where a visitor opened a public page), or a
 * link into another role's area. It reads the HTML the server sends (the page a browser
 * without JavaScript shows), through the context's own request client, so it shares the
 * browser context's cookies and costs no renderer.
 *
 * A page added later is covered as soon as something links to it. Pages of one shape (ids,
 * dates and page numbers in the path or query) are opened a few times, not once per id.
 */
import type { APIRequestContext } from '@playwright/test'
import { Parser } from 'htmlparser2'
import { PROTECTED_AREAS, type GuardUser } from '../../../app/auth/guard'
import { userKinds } from '../../../app/auth/roles'

/** What a GET form sends: its action and the fields a person would send untouched. */
type GetForm = { action: string; fields: [string, string][] }

export type PageRead = { links: string[]; forms: GetForm[]; errorView: string | null }

/** The links, GET forms and error view of one page's HTML (htmlparser2, no DOM). */
export function readPage(html: string): PageRead {
  const links: string[] = []
  const forms: GetForm[] = []
  let errorView: string | null = null
  let form: (GetForm & { radios: Map<string, string>; submitted: boolean }) | null = null
  let select: { name: string; value: string | null; chosen: boolean } | null = null
  let option: { value: string | null; text: string; selected: boolean } | null = null

  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        // The error view's REFRESH PAGE link (app/features/shell/error-views.tsx); the not-found and
        // not-allowed views come with their 404 and 403.
        if (tag === 'a' && 'data-reload' in attributes) errorView = 'error'
        if (tag === 'a' && attributes.href !== undefined) links.push(attributes.href)
        if (tag === 'form') {
          const method = (attributes.method ?? 'get').toLowerCase()
          form =
            method === 'get'
              ? { action: attributes.action ?? '', fields: [], radios: new Map(), submitted: false }
              : null
          return
        }
        if (tag === 'option' && select) {
          option = { value: attributes.value ?? null, text: '', selected: 'selected' in attributes }
          return
        }
        if (!form || 'disabled' in attributes || !attributes.name) return
        const { name } = attributes
        if (tag === 'input') {
          const type = (attributes.type ?? 'text').toLowerCase()
          if (type === 'radio') {
            // The first choice of a group, unless another is already chosen.
            if (!form.radios.has(name) || 'checked' in attributes) form.radios.set(name, attributes.value ?? 'on')
          } else if (type === 'checkbox') {
            if ('checked' in attributes) form.fields.push([name, attributes.value ?? 'on'])
          } else if (type === 'submit' || type === 'image') {
            if (!form.submitted) form.fields.push([name, attributes.value ?? ''])
            form.submitted = true
          } else if (type !== 'file' && type !== 'reset' && type !== 'button') {
            form.fields.push([name, attributes.value ?? ''])
          }
        } else if (tag === 'button' && (attributes.type ?? 'submit') === 'submit') {
          if (!form.submitted) form.fields.push([name, attributes.value ?? ''])
          form.submitted = true
        } else if (tag === 'select') {
          select = { name, value: null, chosen: false }
        } else if (tag === 'textarea') {
          form.fields.push([name, ''])
        }
      },
      ontext(text) {
        if (option) option.text += text
      },
      onclosetag(tag) {
        if (tag === 'option' && select && option) {
          const value = option.value ?? option.text.trim()
          if (select.value === null || (option.selected && !select.chosen)) {
            select.value = value
            select.chosen = option.selected
          }
          option = null
        } else if (tag === 'select' && select && form) {
          if (select.value !== null) form.fields.push([select.name, select.value])
          select = null
        } else if (tag === 'form' && form) {
          const { action, fields, radios } = form
          forms.push({ action, fields: [...fields, ...radios.entries()] })
          form = null
        }
      },
    },
    { decodeEntities: true },
  )
  parser.end(html)
  return { links, forms, errorView }
}

export type Role = {
  name: string
  /** The signed-in user's roles (app/auth/roles.ts), or null for a visitor. */
  user: GuardUser | null
}

export type Finding = { url: string; from: string; problem: string }

/** `opened`: every page's path and query, in the order opened. */
export type CrawlResult = { visited: number; opened: string[]; findings: Finding[] }

// Each shape of page (its path with ids, dates and numbers taken out, and its query's names)
// is opened this many times: enough to see it work, not once per bill.
const PER_SHAPE = 2
const MAX_PAGES = 400

/** '/customer/bills/2026-10/statement?page=3' → '/customer/bills/:/statement?page' */
export function shapeOf(url: URL): string {
  const path = url.pathname
    .split('/')
    .map((segment) => (/\d/.test(segment) || segment.length > 24 ? ':' : segment))
    .join('/')
  const names = [...new Set(url.searchParams.keys())].sort().join('&')
  return names ? `${path}?${names}` : path
}

const SKIPPED_PATHS = [
  // Signs out: the crawl must keep its session (and the logout confirmation is its own journey).
  /^\/logout(\/|$)/,
  // The OpenID provider's own endpoints: a protocol, not pages.
  /^\/oidc(\/|$)/,
]

/**
 * Crawls from `/` as `role` with `request` (the context's client: its cookies are the
 * session). Returns every page it opened and what was wrong on the way.
 */
export async function crawl(request: APIRequestContext, origin: string, role: Role): Promise<CrawlResult> {
  const seen = new Set<string>(['/', '/sitemap.xml'])
  const shapes = new Map<string, number>()
  const queue: { url: URL; from: string }[] = [
    { url: new URL('/', origin), from: '(start)' },
    // What the portal names to search engines (robots.txt points there): nothing links to it.
    { url: new URL('/sitemap.xml', origin), from: '(robots.txt)' },
  ]
  const findings: Finding[] = []
  const opened: string[] = []
  let visited = 0

  function enqueue(href: string, base: URL, from: string) {
    let url: URL
    try {
      url = new URL(href, base)
    } catch {
      findings.push({ url: href, from, problem: 'a link that is not a URL' })
      return
    }
    if (url.origin !== origin) return
    url.hash = ''
    if (SKIPPED_PATHS.some((pattern) => pattern.test(url.pathname))) return
    const key = url.pathname + url.search
    if (seen.has(key)) return
    seen.add(key)
    const shape = shapeOf(url)
    const count = shapes.get(shape) ?? 0
    if (count >= PER_SHAPE) return
    shapes.set(shape, count + 1)
    queue.push({ url, from })
  }

  while (queue.length > 0 && visited < MAX_PAGES) {
    const { url, from } = queue.shift()!
    visited += 1
    const path = url.pathname + url.search
    opened.push(path)
    const problem = (text: string) => findings.push({ url: path, from, problem: text })

    // A link into an area the role may not use is a door to nowhere for them (the guard
    // would send them home, app/auth/guard.ts).
    const area = PROTECTED_AREAS.find((candidate) =>
      candidate.prefixes.some((prefix) => url.pathname === prefix || url.pathname.startsWith(`${prefix}/`)),
    )
    if (role.user && area && !userKinds(role.user.roles).some((kind) => area.allowed.includes(kind))) {
      problem(`a link into an area this role may not use (${area.prefixes[0]})`)
      continue
    }

    const response = await request.get(path, { failOnStatusCode: false, maxRedirects: 10 })
    const landed = new URL(response.url())
    const status = response.status()
    if (status === 404) problem('404')
    else if (status >= 500) problem(`${status}`)
    else if (status === 403 || status === 429) problem(`${status}`)
    if (landed.pathname === '/login' && url.pathname !== '/login' && (role.user || !area)) {
      problem(role.user ? 'the sign-in page, although signed in' : 'the sign-in page for a public page')
    }
    const type = response.headers()['content-type'] ?? ''
    if (url.pathname === '/sitemap.xml' && type.includes('xml')) {
      // The sitemap's pages, named at the public origin: each must be a page here too.
      for (const [, loc] of (await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)) {
        const named = new URL((loc ?? '').replace(/&amp;/g, '&'))
        enqueue(named.pathname + named.search, landed, path)
      }
      continue
    }
    if (!type.startsWith('text/html')) continue
    const page = readPage(await response.text())
    if (page.errorView && status < 500 && status !== 404) problem(`an error view (${page.errorView}) with ${status}`)
    for (const href of page.links) {
      if (/^(mailto|tel|sms|javascript):/i.test(href)) continue
      enqueue(href, landed, path)
    }
    for (const form of page.forms) {
      const action = new URL(form.action || landed.href, landed)
      action.search = new URLSearchParams(form.fields).toString()
      enqueue(action.href, landed, `${path} (a GET form)`)
    }
  }
  if (queue.length > 0) findings.push({ url: '(crawl)', from: '', problem: `stopped after ${MAX_PAGES} pages` })
  return { visited, opened, findings }
}
