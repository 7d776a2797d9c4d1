import { useEffect } from 'react'
// A URL, not code: Vite bundles the collector with web-vitals as a script of its own (a
// "worker" build is just that), so none of it enters a page's first-visit JavaScript, and no
// import() brings Vite's preload helper into every page either.
import collectorUrl from './collector?worker&url'

/**
 * First-party analytics in the browser (issue 17 item 5; docs/decisions/0051): the root renders
 * this only after ACCEPT, and it adds the collector's script. A module script runs once per
 * document however often it is added.
 */
export function Analytics() {
  useEffect(() => {
    const script = document.createElement('script')
    script.type = 'module'
    script.src = collectorUrl
    document.body.append(script)
  }, [])
  return null
}
