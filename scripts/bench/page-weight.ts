/**
 * Page weight: a page's HTML as served, and the JS and CSS a first visit makes the browser
 * load (script src, modulepreload, imports in inline module scripts and their static
 * imports), each file gzipped at level 9.
 */
import zlib from 'node:zlib'
import { get } from './http.ts'
import { BROWSER_HEADERS } from './settings.ts'

type Asset = { url: string; status: number; bytes: number; gzip: number }
export type PageWeight = {
  path: string
  status: number
  htmlBytes: number
  htmlGzip: number
  htmlGzipBy: 'server' | 'zlib-6'
  js: Asset[]
  jsGzip: number
  css: Asset[]
  cssGzip: number
}

const decodeAttr = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")

function attr(tag: string, name: string) {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)
  return match ? decodeAttr(match[1] ?? match[2] ?? match[3] ?? '') : undefined
}

// `import x from "…"`, `import "…"`, `export {x} from "…"` and `import("…")`.
const STATIC_IMPORT = /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"'\n]+)["']/g
const DYNAMIC_IMPORT = /(?:^|[^\w$.])import\s*\(\s*["']([^"'\n]+)["']\s*\)/g

function specifiers(code: string, pattern: RegExp) {
  return [...code.matchAll(pattern)].map((match) => match[1]!)
}

const isJs = (url: URL) => /\.m?js$/.test(url.pathname)

/** The JS and CSS an HTML document makes the browser load straight away. */
function assetsOf(html: string, pageUrl: string) {
  const js: string[] = []
  const css: string[] = []
  const origin = new URL(pageUrl).origin
  const add = (list: string[], ref: string | undefined) => {
    if (!ref) return
    const url = new URL(ref, pageUrl)
    if (url.origin === origin) list.push(url.href)
  }
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) add(js, attr(tag, 'src'))
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, 'rel') ?? '').toLowerCase().split(/\s+/)
    if (rel.includes('modulepreload') || (rel.includes('preload') && attr(tag, 'as') === 'script'))
      add(js, attr(tag, 'href'))
    if (rel.includes('stylesheet')) add(css, attr(tag, 'href'))
  }
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (attr(`<script${attrs}>`, 'type') !== 'module' || attr(`<script${attrs}>`, 'src')) continue
    for (const ref of [...specifiers(body!, STATIC_IMPORT), ...specifiers(body!, DYNAMIC_IMPORT)]) add(js, ref)
  }
  return { js: [...new Set(js.filter((url) => isJs(new URL(url))))], css: [...new Set(css)] }
}

const assetCache = new Map<string, Asset & { code: string }>()

async function fetchAsset(url: string) {
  let asset = assetCache.get(url)
  if (!asset) {
    const res = await get(url) // no accept-encoding: the raw file
    asset = {
      url,
      status: res.status,
      bytes: res.body.length,
      gzip: zlib.gzipSync(res.body, { level: 9 }).length,
      code: res.body.toString('utf8'),
    }
    assetCache.set(url, asset)
  }
  return asset
}

export async function measurePage(base: string, pagePath: string): Promise<PageWeight> {
  const pageUrl = base + pagePath
  const res = await get(pageUrl, { ...BROWSER_HEADERS, 'accept-encoding': 'gzip' })
  const served = res.headers['content-encoding'] === 'gzip'
  const html = (served ? zlib.gunzipSync(res.body) : res.body).toString('utf8')
  const htmlGzip = served ? res.body.length : zlib.gzipSync(html, { level: 6 }).length
  const found = assetsOf(html, pageUrl)

  // Follow the static imports of each module too: the browser loads them before running it.
  const js: Asset[] = []
  const queue = [...found.js]
  const seen = new Set(queue)
  while (queue.length > 0) {
    const asset = await fetchAsset(queue.shift()!)
    js.push(asset)
    if (asset.status !== 200) continue
    for (const ref of specifiers(asset.code, STATIC_IMPORT)) {
      if (!ref.startsWith('.') && !ref.startsWith('/')) continue
      const url = new URL(ref, asset.url)
      if (url.origin !== base || !isJs(url) || seen.has(url.href)) continue
      seen.add(url.href)
      queue.push(url.href)
    }
  }
  const css = await Promise.all(found.css.map(fetchAsset))
  const strip = ({ url, status, bytes, gzip }: Asset) => ({ url: new URL(url).pathname, status, bytes, gzip })
  return {
    path: pagePath,
    status: res.status,
    htmlBytes: Buffer.byteLength(html),
    htmlGzip,
    htmlGzipBy: served ? 'server' : 'zlib-6',
    js: js.map(strip),
    jsGzip: js.reduce((sum, asset) => sum + asset.gzip, 0),
    css: css.map(strip),
    cssGzip: css.reduce((sum, asset) => sum + asset.gzip, 0),
  }
}

/** How many distinct JS and CSS files the measured pages referred to. */
export const fetchedAssetCount = () => assetCache.size
