/**
 * The collector (issue 17 item 5; docs/decisions/0051), loaded only after ACCEPT: header link
 * clicks, Register and Login clicks, client-side page views and web-vitals samples (LCP, INP,
 * CLS), sent to the portal itself with navigator.sendBeacon. Pages are route patterns of the
 * matched routes, never the URL. Nothing identifies the browser: no cookie, id or storage of
 * its own.
 *
 * A script of its own, bundled with web-vitals (analytics.tsx adds it). It follows the
 * navigations through the router React Router keeps on `window.__reactRouterDataRouter`; the location it
 * starts on was counted by the server (or before ACCEPT, not at all).
 */
import { onCLS, onINP, onLCP, type Metric } from 'web-vitals'
import {
  ANALYTICS_ENDPOINT,
  MAX_ITEMS_PER_KIND,
  WEB_VITAL_LIMITS,
  headerLinkOf,
  patternOf,
  type HeaderLink,
  type WebVital,
} from '../../../lib/analytics'

type Event = { name: 'header-link'; link: HeaderLink } | { name: 'register' } | { name: 'login' }
type Batch = {
  pageViews: { page: string }[]
  events: Event[]
  vitals: { page: string; metric: WebVital; value: number }[]
}
/** What the collector reads of React Router's router: the location and the matched routes' paths. */
type RouterState = { location: { key: string }; matches: { route: { path?: string } }[] }
type Router = { state: RouterState; subscribe(listener: (state: RouterState) => void): () => void }

const pageOf = (state: RouterState) => patternOf(state.matches.map((match) => match.route.path))

function startCollector(router: Router) {
  let batch: Batch = { pageViews: [], events: [], vitals: [] }
  let scheduled = false
  let currentKey = router.state.location.key
  // Web vitals belong to the document's page: the one the collector started on.
  const documentPage = pageOf(router.state)

  function flush() {
    scheduled = false
    const { pageViews, events, vitals } = batch
    if (pageViews.length + events.length + vitals.length === 0) return
    batch = { pageViews: [], events: [], vitals: [] }
    navigator.sendBeacon(ANALYTICS_ENDPOINT, JSON.stringify({ pageViews, events, vitals }))
  }

  function add<K extends keyof Batch>(kind: K, item: Batch[K][number]) {
    if (batch[kind].length >= MAX_ITEMS_PER_KIND) flush()
    ;(batch[kind] as Batch[K][number][]).push(item)
    // Sent before a click's navigation unloads the page, yet one beacon for what one click caused.
    if (!scheduled) {
      scheduled = true
      queueMicrotask(flush)
    }
  }

  function onClick(event: MouseEvent) {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return
    const path = link.pathname
    if (link.closest('header')) add('events', { name: 'header-link', link: headerLinkOf(path) })
    if (path === '/register') add('events', { name: 'register' })
    if (path === '/login') add('events', { name: 'login' })
  }

  function onVisibility() {
    if (document.visibilityState === 'hidden') flush()
  }

  function onMetric(metric: Metric) {
    const name = metric.name as WebVital
    if (!documentPage || !(name in WEB_VITAL_LIMITS) || metric.value > WEB_VITAL_LIMITS[name]) return
    add('vitals', { page: documentPage, metric: name, value: metric.value })
  }

  document.addEventListener('click', onClick, true)
  document.addEventListener('visibilitychange', onVisibility)
  window.addEventListener('pagehide', flush)
  onLCP(onMetric)
  onINP(onMetric)
  onCLS(onMetric)
  document.documentElement.dataset.analytics = 'on'

  // A navigation: a page view, unless it is the location the collector started on.
  router.subscribe((state) => {
    if (state.location.key === currentKey) return
    currentKey = state.location.key
    add('pageViews', { page: pageOf(state) })
  })
}

const router = (window as { __reactRouterDataRouter?: Router }).__reactRouterDataRouter
if (router && document.documentElement.dataset.analytics !== 'on') startCollector(router)
