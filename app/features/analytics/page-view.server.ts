/**
 * Page views counted on the server (issue 17 item 5; docs/decisions/0051), so they count
 * without JavaScript: entry.server.tsx calls countPageView for every document it renders.
 * A view is the matched route's pattern (`/plans/:code`), never the URL, and counts only
 * after ACCEPT, only for a page that answered 200 to a GET, and never for a browser's
 * speculative prefetch. (Bots are not filtered by their user agent: one that never pressed
 * ACCEPT is never counted, and headless browsers, tests' too, call themselves bots.) The count goes upstream in the background: a page never
 * waits for it, and a failure is a warning in the log.
 *
 * It also learns the portal's route patterns from the build's manifest, so the beacon
 * endpoint (collect.server.ts) accepts only pages that exist.
 */
import type { AppLoadContext, EntryContext } from 'react-router'
import { patternOf } from '../../../lib/analytics'
import { visitOf, type Visit } from '~/visit/visit.server'
import { analyticsAccepted } from './consent.server'

type ManifestRoute = { path?: string; parentId?: string }

let knownPages: ReadonlySet<string> = new Set()
let knownFrom: unknown = null

/** Every route's pattern in a route manifest (id → path relative to its parent, parent id). */
export function pagesOf(routes: Readonly<Record<string, ManifestRoute | undefined>>): Set<string> {
  const pages = new Set<string>()
  for (const id of Object.keys(routes)) {
    const paths: (string | undefined)[] = []
    for (
      let route: ManifestRoute | undefined = routes[id];
      route;
      route = route.parentId ? routes[route.parentId] : undefined
    ) {
      paths.unshift(route.path)
    }
    pages.add(patternOf(paths))
  }
  return pages
}

/** A pattern of one of the portal's routes (known once this process has rendered a page). */
export function isKnownPage(page: string): boolean {
  return knownPages.has(page)
}

export function countPageView(visit: Visit, request: Request, status: number, remixContext: EntryContext): void {
  if (knownFrom !== remixContext.manifest) {
    knownFrom = remixContext.manifest
    knownPages = pagesOf(remixContext.manifest.routes)
  }
  if (status !== 200) return
  countPage(visit, request, patternOf(remixContext.staticHandlerContext.matches.map((match) => match.route.path)))
}

/** A page served again from the portal's kept pages (server/page-cache.ts): counted as its render was. */
export function countKeptPageView(request: Request, page: string, context: AppLoadContext): void {
  countPage(visitOf(request, context), request, page)
}

function countPage(visit: Visit, request: Request, page: string): void {
  if (request.method !== 'GET') return
  if (/prefetch|prerender/.test(`${request.headers.get('sec-purpose')} ${request.headers.get('purpose')}`)) return
  const notCounted = (error: unknown) =>
    visit.logger.warn({ err: error, requestId: visit.requestId }, 'page view not counted')
  void (async () => {
    if (!(await analyticsAccepted(request, visit.config))) return
    const counted = await visit.portal.call((upstream) => upstream.analytics.collect({ pageViews: [{ page }] }))
    if (!counted.ok) notCounted(counted.error)
  })().catch(notCounted)
}
