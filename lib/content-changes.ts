/**
 * The public content changed upstream (issue 35, item 3; docs/decisions/0069): the page cache
 * (server/page-cache.ts) says so when the content revision moves, and every upstream client of
 * this process drops the content it keeps (CMS_CACHE_SECONDS), so the pages rendered next read
 * the new content. Process-wide, whichever bundle asks: the React Router app is bundled apart
 * from server.ts, and each has its own copy of the upstream client's module.
 */
type Kept = { clear(): void }

const STORE = Symbol.for('hibla.contentChanges')
const registry = globalThis as typeof globalThis & { [STORE]?: Set<WeakRef<Kept>> }
const kept = (registry[STORE] ??= new Set<WeakRef<Kept>>())

/** Drop `cache` whenever the content changes (held weakly: a client that is gone is forgotten). */
export function clearOnContentChange(cache: Kept): void {
  kept.add(new WeakRef(cache))
}

/** The content changed: every registered cache of this process is cleared. */
export function contentChanged(): void {
  for (const ref of kept) {
    const cache = ref.deref()
    if (cache) cache.clear()
    else kept.delete(ref)
  }
}
