/**
 * npm run bench: builds, starts the production server on a free port (3400-3499) with a
 * fresh DATA_DIR, then measures
 *   1. throughput of the landing page against the framework floor (`/__floor`, a bare
 *      page served by the same process), with autocannon, alternating the two pages;
 *   2. page weight of every public page: HTML, and the JS and CSS a first visit loads.
 * Prints two tables, checks the targets, writes bench-results.json and exits 1 when a
 * target fails or a request went wrong. The server is always stopped.
 *
 * Environment: BENCH_SECONDS (length of each measured run, default 10),
 * BENCH_ROUNDS (measured runs per page, default 2), BENCH_CONNECTIONS (default 10),
 * BENCH_ACCEPT_ENCODING (what the load generator accepts, default a browser's
 * 'gzip, deflate, br'; the compression middleware then answers with brotli).
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'
import autocannon from 'autocannon'
import { LANDING_PATHS } from '../app/utils/landing-paths.ts'
import { MAX_FIRST_VISIT_JS_GZIP } from './js-budget.ts'

// Every public page of the spec; those not built yet answer 404 and are flagged.
const PAGES = [
  ...LANDING_PATHS,
  '/privacy-notice',
  '/cookie-policy',
  '/terms-and-conditions',
  '/terms-of-use',
  '/register',
  '/register/sent',
  '/forgot-password',
  // A token of the right shape: the page shows its form (a GET never spends a token).
  `/reset-password/${'x'.repeat(43)}`,
  `/verifyEmail/${'x'.repeat(43)}`,
  // An unknown interaction: the page says to log in again, with the login form's JS.
  '/login/interaction/bench',
]
const LANDING = '/'
const FLOOR = '/__floor'

// Targets of the issue.
const MIN_LANDING_TO_FLOOR = 0.6

const SECONDS = positiveNumber('BENCH_SECONDS', 10)
const ROUNDS = Math.round(positiveNumber('BENCH_ROUNDS', 2))
const CONNECTIONS = Math.round(positiveNumber('BENCH_CONNECTIONS', 10))
const WARMUP_SECONDS = Math.min(2, SECONDS)
const PORT_RANGE = [3400, 3499] as const

// What a first visit from a browser sends: no cookies, compression accepted.
const BROWSER_HEADERS = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br',
  'accept-language': 'en-PH,en;q=0.9',
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

type Response = { status: number; headers: http.IncomingHttpHeaders; body: Buffer }
type Asset = { url: string; status: number; bytes: number; gzip: number }
type PageWeight = {
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
type Run = {
  round: number
  page: string
  seconds: number
  rps: number
  p99: number
  responses: number
  non200: number
  non2xx: number
  errors: number
  timeouts: number
  statusCodes: Record<string, number>
  /** CPU time the server's process group spent per response (Linux /proc), or null. */
  cpuMsPerRequest: number | null
  /** Cores the server kept busy on average (1.0 = one full core), or null. */
  serverCores: number | null
  loadBefore: number
}

let server: ChildProcess | undefined
let dataDir: string | undefined

function positiveNumber(name: string, fallback: number) {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number (got ${JSON.stringify(raw)})`)
  return value
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const kb = (bytes: number) => (bytes / 1000).toFixed(1)

// ---------------------------------------------------------------------------------------
// Server lifecycle

function portIsFree(port: number) {
  return new Promise<boolean>((resolve) => {
    const probe = net.createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

async function freePort() {
  for (let port = PORT_RANGE[0]; port <= PORT_RANGE[1]; port++) {
    if (await portIsFree(port)) return port
  }
  throw new Error(`no free port in ${PORT_RANGE[0]}-${PORT_RANGE[1]}`)
}

// The child runs in its own process group (npx, tsx and node): signals go to the group.
function groupAlive(pid: number) {
  try {
    process.kill(-pid, 0)
    return true
  } catch {
    return false
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal)
  } catch {
    // already gone
  }
}

async function stopServer() {
  const pid = server?.pid
  if (pid !== undefined && groupAlive(pid)) {
    signalGroup(pid, 'SIGTERM')
    const deadline = Date.now() + 8000
    while (groupAlive(pid) && Date.now() < deadline) await sleep(100)
    if (groupAlive(pid)) signalGroup(pid, 'SIGKILL')
  }
  server = undefined
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  dataDir = undefined
}

// Last resort if the bench exits without going through stopServer.
process.on('exit', () => {
  if (server?.pid !== undefined && groupAlive(server.pid)) signalGroup(server.pid, 'SIGKILL')
})
// Ctrl-C reaches every process of the terminal's group, and tsx relays it to this one a
// second time: stay subscribed (a second signal must not kill us mid-cleanup).
let interrupted = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return
    interrupted = true
    console.error(`\n${signal}: stopping the server`)
    void stopServer().finally(() => process.exit(130))
  })
}

function logTail(file: string, lines = 20) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
  } catch {
    return '(no log)'
  }
}

async function startServer(port: number) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fibre-bench-'))
  const logFile = path.join(dataDir, 'server.log')
  const log = fs.openSync(logFile, 'w')
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    MAINTENANCE_MODE: 'false',
  }
  // The embedded upstream and PGlite, as in a default production start.
  delete env.DATABASE_URL
  delete env.UPSTREAM_URL
  server = spawn('npx', ['tsx', 'server.ts'], { cwd: root, env, detached: true, stdio: ['ignore', log, log] })
  fs.closeSync(log)
  const child = server
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited before answering /healthz:\n${logTail(logFile)}`)
    }
    try {
      const res = await get(`${base}/healthz`, {}, 1000)
      if (res.status === 200) return base
    } catch {
      // not listening yet
    }
    await sleep(200)
  }
  throw new Error(`server did not answer /healthz within 60 s:\n${logTail(logFile)}`)
}

// CPU time of the server's whole process group, from /proc (Linux). On a shared machine
// req/s moves with the neighbours' load; CPU per request moves much less.
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  } catch {
    return 100
  }
})()

function groupCpuMs(pgid: number): number | null {
  let ticks = 0
  try {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      let stat: string
      try {
        stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      } catch {
        continue // exited meanwhile
      }
      // Fields after "(comm)": state ppid pgrp … utime (12th) stime (13th).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12])
    }
  } catch {
    return null
  }
  return (ticks * 1000) / CLOCK_TICKS
}

// ---------------------------------------------------------------------------------------
// HTTP: raw bytes, no decompression (so the compressed size can be measured)

function get(url: string, headers: http.OutgoingHttpHeaders = {}, timeoutMs = 10_000) {
  return new Promise<Response>((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms: ${url}`)))
    req.on('error', reject)
  })
}

// ---------------------------------------------------------------------------------------
// Page weight

const decodeAttr = (value: string) => value.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'")

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
    if (rel.includes('modulepreload') || (rel.includes('preload') && attr(tag, 'as') === 'script')) add(js, attr(tag, 'href'))
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

async function measurePage(base: string, pagePath: string): Promise<PageWeight> {
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

// ---------------------------------------------------------------------------------------
// Throughput


async function cannon(url: string, seconds: number): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: BROWSER_HEADERS })
}

async function measureRun(round: number, page: string, base: string): Promise<Run> {
  const pgid = server!.pid!
  const loadBefore = os.loadavg()[0]!
  const cpuBefore = groupCpuMs(pgid)
  const result = await cannon(base + page, SECONDS)
  const cpuAfter = groupCpuMs(pgid)
  const run = toRun(round, page, result, loadBefore)
  if (cpuBefore !== null && cpuAfter !== null && run.responses > 0) {
    run.cpuMsPerRequest = (cpuAfter - cpuBefore) / run.responses
    run.serverCores = (cpuAfter - cpuBefore) / (result.duration * 1000)
  }
  return run
}

function toRun(round: number, page: string, result: autocannon.Result, loadBefore: number): Run {
  const statusCodes: Record<string, number> = {}
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stats.count ?? 0
  const responses = Object.values(statusCodes).reduce((sum, count) => sum + count, 0)
  return {
    round,
    page,
    seconds: result.duration,
    rps: result.requests.mean,
    p99: result.latency.p99,
    responses,
    non200: responses - (statusCodes['200'] ?? 0),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    cpuMsPerRequest: null,
    serverCores: null,
    loadBefore,
  }
}

function summarise(runs: Run[], page: string) {
  const mine = runs.filter((run) => run.page === page)
  return {
    page,
    rps: mine.reduce((sum, run) => sum + run.rps, 0) / mine.length,
    p99: Math.max(...mine.map((run) => run.p99)),
    responses: mine.reduce((sum, run) => sum + run.responses, 0),
    cpuMsPerRequest: mine.every((run) => run.cpuMsPerRequest !== null)
      ? mine.reduce((sum, run) => sum + run.cpuMsPerRequest! * run.responses, 0) / mine.reduce((sum, run) => sum + run.responses, 0)
      : null,
  }
}

// ---------------------------------------------------------------------------------------
// Output

function table(headers: string[], rows: (string | number)[][], rightAligned: boolean[]) {
  const cells = [headers, ...rows.map((row) => row.map(String))]
  const widths = headers.map((_, col) => Math.max(...cells.map((row) => row[col]!.length)))
  const line = (row: string[]) =>
    row.map((cell, col) => (rightAligned[col] ? cell.padStart(widths[col]!) : cell.padEnd(widths[col]!))).join('  ').trimEnd()
  return [line(cells[0]!), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.slice(1).map(line)].join('\n')
}

// ---------------------------------------------------------------------------------------

async function main() {
  console.log('> npm run build')
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) throw new Error(`build failed (exit ${build.status ?? build.signal})`)

  const port = await freePort()
  console.log(`\n> starting NODE_ENV=production npx tsx server.ts on port ${port}`)
  const base = await startServer(port)

  // 1. Throughput. Warm-up per page (discarded), then rounds alternating the order
  //    (floor, landing | landing, floor | …) so neither page always runs later.
  console.log(`\n> warm-up: ${WARMUP_SECONDS} s per page, discarded`)
  for (const page of [FLOOR, LANDING]) await cannon(base + page, WARMUP_SECONDS)
  const runs: Run[] = []
  for (let round = 1; round <= ROUNDS; round++) {
    const order = round % 2 === 1 ? [FLOOR, LANDING] : [LANDING, FLOOR]
    for (const page of order) {
      process.stdout.write(`> round ${round}/${ROUNDS}: ${page} for ${SECONDS} s … `)
      const run = await measureRun(round, page, base)
      console.log(`${Math.round(run.rps)} req/s`)
      runs.push(run)
    }
  }
  const floor = summarise(runs, FLOOR)
  const landing = summarise(runs, LANDING)
  const ratio = landing.rps / floor.rps
  const cpuRatio = floor.cpuMsPerRequest !== null && landing.cpuMsPerRequest ? floor.cpuMsPerRequest / landing.cpuMsPerRequest : null

  // 2. Page weight.
  console.log('\n> page weight')
  const pages: PageWeight[] = []
  for (const page of PAGES) pages.push(await measurePage(base, page))

  await stopServer()

  // 3. Report.
  console.log(
    '\nPage weight (KB = 1,000 bytes). HTML: gzip body as served by the server (compression, zlib level 6).' +
      '\nJS, CSS: each distinct file a first visit loads (script src, modulepreload, imports in inline module' +
      '\nscripts and their static imports), gzipped with zlib level 9, summed.\n',
  )
  console.log(
    table(
      ['path', 'status', 'HTML gzip KB', 'JS gzip KB', 'JS files', 'CSS gzip KB'],
      pages.map((page) => [
        page.path,
        page.status === 404 ? '404 (not built yet)' : String(page.status),
        kb(page.htmlGzip) + (page.htmlGzipBy === 'server' ? '' : '*'),
        kb(page.jsGzip),
        page.js.length,
        kb(page.cssGzip),
      ]),
      [false, false, true, true, true, true],
    ),
  )
  if (pages.some((page) => page.htmlGzipBy !== 'server')) console.log('* not compressed by the server: gzipped here with zlib level 6')

  console.log(
    `\nThroughput: autocannon, ${CONNECTIONS} connections, browser first-visit headers (accept-encoding: ${BROWSER_HEADERS['accept-encoding']}),` +
      `\n${WARMUP_SECONDS} s warm-up per page (discarded), then ${ROUNDS} × ${SECONDS} s per page in alternating order.` +
      `\np99 of a page: its worst run. Server CPU: utime+stime of the server's process group per response.\n`,
  )
  console.log(
    table(
      ['round', 'page', 'req/s', 'p99 ms', 'responses', 'non-200', 'errors', 'timeouts', 'server CPU ms/req', 'server cores', 'load 1m'],
      runs.map((run) => [
        run.round,
        run.page,
        run.rps.toFixed(0),
        run.p99,
        run.responses,
        run.non200,
        run.errors,
        run.timeouts,
        run.cpuMsPerRequest?.toFixed(2) ?? 'n/a',
        run.serverCores?.toFixed(2) ?? 'n/a',
        run.loadBefore.toFixed(1),
      ]),
      [true, false, true, true, true, true, true, true, true, true, true],
    ),
  )
  console.log()
  console.log(
    table(
      ['page', 'req/s', 'p99 ms', 'server CPU ms/req'],
      [floor, landing].map((row) => [
        row.page === FLOOR ? `${FLOOR} (floor)` : `${row.page} (landing)`,
        row.rps.toFixed(0),
        row.p99,
        row.cpuMsPerRequest?.toFixed(2) ?? 'n/a',
      ]),
      [false, true, true, true],
    ),
  )
  console.log(`\nlanding/floor throughput: ${Math.round(ratio * 100)}%`)
  if (cpuRatio !== null) {
    console.log(`landing/floor by server CPU per request: ${Math.round(cpuRatio * 100)}% (cross-check, less sensitive to other load)`)
  }
  const busiest = Math.max(...runs.map((run) => run.loadBefore))
  if (busiest > os.cpus().length) {
    console.log(`warning: 1-minute load average reached ${busiest.toFixed(1)} on ${os.cpus().length} cores: other processes shared the CPU; req/s is noisy`)
  }
  console.log()

  // 4. Targets.
  const heaviest = pages.reduce((max, page) => (page.jsGzip > max.jsGzip ? page : max))
  const landingPage = pages.find((page) => page.path === LANDING)!
  const overBudget = pages.filter((page) => page.jsGzip > MAX_FIRST_VISIT_JS_GZIP)
  const badRuns = runs.filter((run) => run.non200 > 0 || run.non2xx > 0 || run.errors > 0 || run.timeouts > 0)
  const badAssets = pages.flatMap((page) => [...page.js, ...page.css].filter((asset) => asset.status !== 200).map((asset) => `${page.path} → ${asset.url} ${asset.status}`))
  const checks = [
    {
      name: `landing throughput at least ${MIN_LANDING_TO_FLOOR * 100}% of the floor`,
      pass: ratio >= MIN_LANDING_TO_FLOOR,
      detail: `${Math.round(ratio * 100)}% (${landing.rps.toFixed(0)} / ${floor.rps.toFixed(0)} req/s)`,
    },
    {
      // Every page, not only the landing page: npm run js-budget checks every route from the build.
      name: `every page's first-visit JS at most ${kb(MAX_FIRST_VISIT_JS_GZIP)} KB gzip`,
      pass: overBudget.length === 0,
      detail:
        overBudget.length === 0
          ? `heaviest ${heaviest.path} ${kb(heaviest.jsGzip)} KB, landing ${kb(landingPage.jsGzip)} KB`
          : `over: ${overBudget.map((page) => `${page.path} ${kb(page.jsGzip)} KB`).join(', ')}`,
    },
    {
      name: 'every benchmark response was 200, no errors or timeouts',
      pass: badRuns.length === 0,
      detail: badRuns.length === 0 ? `${runs.reduce((sum, run) => sum + run.responses, 0)} responses` : badRuns.map((run) => `round ${run.round} ${run.page}: ${JSON.stringify(run.statusCodes)}, ${run.errors} errors, ${run.timeouts} timeouts`).join('; '),
    },
    {
      name: 'every JS and CSS file a page refers to answered 200',
      pass: badAssets.length === 0,
      detail: badAssets.length === 0 ? `${assetCache.size} files` : badAssets.join('; '),
    },
  ]
  for (const check of checks) console.log(`${check.pass ? 'PASS' : 'FAIL'}  ${check.name}: ${check.detail}`)
  const notBuilt = pages.filter((page) => page.status === 404).map((page) => page.path)
  if (notBuilt.length > 0) console.log(`note: ${notBuilt.length} page(s) answer 404 so far (measured as the not-found page): ${notBuilt.join(', ')}`)

  let commit: string | undefined
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
  } catch {
    commit = undefined
  }
  const results = {
    date: new Date().toISOString(),
    commit,
    node: process.version,
    cpus: os.cpus().length,
    settings: { connections: CONNECTIONS, warmupSeconds: WARMUP_SECONDS, seconds: SECONDS, rounds: ROUNDS, headers: BROWSER_HEADERS },
    throughput: { runs, floor, landing, ratio, cpuRatio },
    pages,
    checks,
    pass: checks.every((check) => check.pass),
  }
  fs.writeFileSync(path.join(root, 'bench-results.json'), JSON.stringify(results, null, 2) + '\n')
  console.log('\nwrote bench-results.json')
  return results.pass ? 0 : 1
}

main()
  .then((code) => {
    process.exitCode = code
  })
  .catch(async (error: unknown) => {
    console.error(`\nbench failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 1
  })
  .finally(stopServer)
