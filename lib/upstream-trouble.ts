/**
 * Whether an upstream call failed while a page rendered (issue 35, item 3): the page cache
 * (server/page-cache.ts) keeps no page rendered while the upstream was failing, since such a
 * page may show a fallback (no banners, "try again") that would outlive the failure. The
 * upstream client notes every attempt that failed or answered 5xx; a render run inside
 * `watchUpstream` reads whether any did.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

type Watch = { troubled: boolean }

// One store per process, whichever bundle asks (the React Router app is bundled apart from server.ts).
const STORE = Symbol.for('hibla.upstreamTrouble')
const registry = globalThis as typeof globalThis & { [STORE]?: AsyncLocalStorage<Watch> }
const watches = (registry[STORE] ??= new AsyncLocalStorage<Watch>())

/** An attempt failed or answered 5xx: the render watching, if any, is told. */
export function noteUpstreamTrouble(): void {
  const watch = watches.getStore()
  if (watch) watch.troubled = true
}

/** Runs `work` and says whether any upstream attempt inside it failed. */
export async function watchUpstream<T>(work: () => Promise<T>): Promise<{ value: T; troubled: boolean }> {
  const watch: Watch = { troubled: false }
  const value = await watches.run(watch, work)
  return { value, troubled: watch.troubled }
}
