/**
 * A route's say in the page cache (server/page-cache.ts; docs/decisions/0069): a page whose
 * module exports `handle = keptPublicPage` is, for an anonymous visitor, the same for every
 * visitor with the same path, query and preference cookies, so the server renders it once per
 * such variant and serves it from memory for PAGE_CACHE_SECONDS.
 *
 * Only for a page whose loaders read nothing but the URL, the preference cookies and public
 * content from upstream. A visitor with any other cookie (a session, a draft) is rendered as
 * before, so a page may still read those: the variant without them is the one kept.
 */
export const keptPublicPage = { pageCache: 'public' } as const

/** Whether a route's handle asks for it. */
export function isKeptPublicPage(handle: unknown): boolean {
  return (handle as { pageCache?: unknown } | undefined)?.pageCache === keptPublicPage.pageCache
}
