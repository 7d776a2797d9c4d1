/**
 * npm run js-budget (after `npm run build`): the first-visit JS of every route, read
 * from the build's own route manifest, against the budget. For a route that is the
 * client entry, then root and every route down to it, each with its static imports:
 * exactly the module and modulepreload links React Router puts in the page's HTML. Each file
 * gzipped at level 9 and summed, KB = 1,000 bytes, as `npm run bench` measures over
 * HTTP. Chunks a page fetches later with import() are shown apart ("later") and do not
 * count. File sizes are deterministic, unlike timings, so this is a gate: it exits 1
 * when any route is over the budget. npm test runs it after the build.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'

/** The issue's budget for the JS of a first visit, gzip; KB here means 1,000 bytes. */
export const MAX_FIRST_VISIT_JS_GZIP = 110 * 1000

type ManifestRoute = {
  id: string
  parentId?: string
  path?: string
  index?: boolean
  module: string
  imports?: string[]
}
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> }

export type RouteWeight = {
  id: string
  path: string
  /** Files the HTML makes the browser load before the page runs. */
  files: string[]
  gzip: number
  /** Files only reachable through import() from those: fetched after the page runs. */
  laterFiles: string[]
  laterGzip: number
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

// `import x from "./a.js"`, `import "./a.js"`, `export {x} from "./a.js"`; and `import("./a.js")`.
const STATIC_IMPORT = /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"'\n]+\.js)["']/g
const DYNAMIC_IMPORT = /(?:^|[^\w$.])import\s*\(\s*["']([^"'\n]+\.js)["']\s*\)/g

function readManifest(clientDir: string): Manifest {
  const assets = path.join(clientDir, 'assets')
  if (!fs.existsSync(assets)) throw new Error(`${assets} does not exist: run npm run build first`)
  const files = fs.readdirSync(assets).filter((name) => /^manifest-[\w-]+\.js$/.test(name))
  if (files.length !== 1)
    throw new Error(`expected one React Router manifest in ${assets}, found ${files.length}: run npm run build again`)
  const code = fs.readFileSync(path.join(assets, files[0]!), 'utf8')
  return JSON.parse(code.replace(/^window\.__reactRouterManifest\s*=\s*/, '').replace(/;\s*$/, '')) as Manifest
}

export function routeWeights(clientDir = path.join(root, 'build', 'client')): RouteWeight[] {
  const manifest = readManifest(clientDir)
  const gzipCache = new Map<string, { gzip: number; code: string }>()
  const file = (url: string) => {
    let cached = gzipCache.get(url)
    if (!cached) {
      const body = fs.readFileSync(path.join(clientDir, url))
      cached = { gzip: zlib.gzipSync(body, { level: 9 }).length, code: body.toString('utf8') }
      gzipCache.set(url, cached)
    }
    return cached
  }
  const resolve = (ref: string, from: string) => path.posix.join(path.posix.dirname(from), ref)

  /** `start` and everything its static imports reach, in order, skipping `exclude`. */
  const closure = (start: string[], exclude = new Set<string>()) => {
    const seen = new Set<string>()
    const queue = start.filter((url) => !exclude.has(url))
    while (queue.length > 0) {
      const url = queue.shift()!
      if (seen.has(url)) continue
      seen.add(url)
      for (const [, ref] of file(url).code.matchAll(STATIC_IMPORT)) {
        if (ref!.startsWith('.')) queue.push(resolve(ref!, url))
      }
    }
    return [...seen].filter((url) => !exclude.has(url))
  }

  const chain = (route: ManifestRoute): ManifestRoute[] =>
    route.parentId ? [...chain(manifest.routes[route.parentId]!), route] : [route]
  const fullPath = (routes: ManifestRoute[]) =>
    '/' +
    routes
      .map((route) => route.path ?? '')
      .filter(Boolean)
      .join('/')
  const parents = new Set(Object.values(manifest.routes).map((route) => route.parentId))

  return Object.values(manifest.routes)
    .filter((route) => !parents.has(route.id)) // a page is a leaf; layouts are counted in their children
    .map((route) => {
      const routes = chain(route)
      const listed = [
        manifest.entry.module,
        ...manifest.entry.imports,
        ...routes.flatMap((r) => [r.module, ...(r.imports ?? [])]),
      ]
      const files = closure([...new Set(listed)])
      const first = new Set(files)
      const dynamic = files.flatMap((url) =>
        [...file(url).code.matchAll(DYNAMIC_IMPORT)].map(([, ref]) => resolve(ref!, url)),
      )
      const laterFiles = closure(dynamic, first)
      const sum = (urls: string[]) => urls.reduce((total, url) => total + file(url).gzip, 0)
      return { id: route.id, path: fullPath(routes), files, gzip: sum(files), laterFiles, laterGzip: sum(laterFiles) }
    })
    .sort((a, b) => b.gzip - a.gzip || a.path.localeCompare(b.path))
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1)

function main() {
  const weights = routeWeights()
  const rows = weights.map((route) => [
    route.path,
    route.id,
    kb(route.gzip),
    String(route.files.length),
    route.laterGzip ? kb(route.laterGzip) : '-',
  ])
  const headers = ['path', 'route', 'JS gzip KB', 'files', 'later KB']
  const widths = headers.map((header, col) => Math.max(header.length, ...rows.map((row) => row[col]!.length)))
  const line = (row: string[]) =>
    row
      .map((cell, col) => (col >= 2 ? cell.padStart(widths[col]!) : cell.padEnd(widths[col]!)))
      .join('  ')
      .trimEnd()
  console.log(`First-visit JS per route (gzip level 9, KB = 1,000 bytes); budget ${kb(MAX_FIRST_VISIT_JS_GZIP)} KB.\n`)
  console.log([line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n'))
  const over = weights.filter((route) => route.gzip > MAX_FIRST_VISIT_JS_GZIP)
  if (over.length > 0) {
    console.log(
      `\nFAIL  over ${kb(MAX_FIRST_VISIT_JS_GZIP)} KB: ${over.map((route) => `${route.path} ${kb(route.gzip)} KB`).join(', ')}`,
    )
    process.exitCode = 1
  } else {
    console.log(
      `\nPASS  every route within ${kb(MAX_FIRST_VISIT_JS_GZIP)} KB; heaviest ${weights[0]!.path} ${kb(weights[0]!.gzip)} KB`,
    )
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
