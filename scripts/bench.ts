/**
 * npm run bench: builds, starts the production server on a free port (3400-3499) with a
 * fresh DATA_DIR, then measures
 *   1. throughput, with autocannon, raw (no compression), of the landing page and the plans list
 *      against a bare React Router v7 app served alone by react-router-serve (scripts/bench/bare.ts),
 *      both as kept by the page cache and rendered for each request (a cookie that bypasses it),
 *      and against the in-process floor (`/__floor`, a bare page through the portal's own
 *      middleware), which shows how the gap splits between middleware and page; and of two
 *      signed-in pages (the dashboard and bill history, as the demo customer, with the browser's
 *      compression); rounds rotate the order; then every other kept public page, one round each
 *      (scripts/bench/public-pages.ts);
 *   2. a full step-2 POST of /CheckAvailability with 20 visitors at once (p99);
 *   3. page weight of every public page: HTML, and the JS and CSS a first visit loads;
 *   4. when a Postgres server answers (BENCH_DATABASE_URL or TEST_DATABASE_URL), the scale-out
 *      set-up through nginx, one portal and one upstream against three and two: throughput of
 *      the landing page and a signed-in dashboard, each process's memory, and start to ready
 *      on a seeded database (scripts/bench/scale-out.ts; otherwise it says skipped);
 * and, before the build, in this process: the coverage look-up with 1,000,000 NAPs
 * (scripts/bench/coverage.ts; alone: npm run bench:coverage), and the server's memory while
 * 20 uploads of 5 MB stream through the documents page (scripts/bench/uploads.ts).
 * Prints two tables, checks the targets, writes bench-results.json and exits 1 when a
 * target fails or a request went wrong. The server is always stopped.
 *
 * Environment: BENCH_SECONDS (length of each measured run, default 5),
 * BENCH_ROUNDS (measured runs per page, default 3; the median counts), BENCH_CONNECTIONS (default 16),
 * BENCH_CHECK_WARMUP_SECONDS (the check POST's warm-up, default 10: scripts/bench/check-availability.ts),
 * BENCH_ACCEPT_ENCODING (what the load generator accepts, default a browser's
 * 'gzip, deflate, br'; the compression middleware then answers with brotli). The scale-out
 * section: BENCH_DATABASE_URL (else TEST_DATABASE_URL), BENCH_RESTARTS (starts timed per
 * process, default 5), BENCH_SCALE_OUT_BASE_PORT (default 3300: ports 3300-3305 and 3320-3328),
 * BENCH_LOG_LEVEL (its processes' LOG_LEVEL, default info).
 *
 * Its parts, in scripts/bench/: coverage.ts the coverage look-up, processes.ts starts and stops the server, load.ts
 * measures throughput, page-weight.ts the pages, scale-out.ts the scale-out set-up, report.ts prints
 * and checks the targets.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { LANDING_PATHS } from '../app/utils/landing-paths.ts'
import { checkPostChecks, measureCheckPost } from './bench/check-availability.ts'
import { coverageChecks, measureCoverageLookup, type CoverageBench } from './bench/coverage.ts'
import { buildBareApp, startBareApp, stopBareApp } from './bench/bare.ts'
import { measureEach, measureThroughput } from './bench/load.ts'
import { measureUploadMemory, uploadChecks, type UploadBench } from './bench/uploads.ts'
import { measurePage, type PageWeight } from './bench/page-weight.ts'
import { measureScaleOut, printScaleOut, scaleOutChecks } from './bench/scale-out.ts'
import { freePort, serverGroup, startServer, stopServer } from './bench/processes.ts'
import { BROWSER_HEADERS, CONNECTIONS, RAW, ROUNDS, SECONDS, WARMUP_SECONDS } from './bench/settings.ts'
import { keptPublicPages, printPublicPages, publicPageChecks, servedKept } from './bench/public-pages.ts'
import { checkTargets, LABELS, printChecks, printReport, runInfo } from './bench/report.ts'
import { signInByRequests } from '../tests/support/portal.ts'

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
  '/CheckAvailability',
  '/plans',
  '/plans/compare',
  '/plans/cart',
]
const LANDING = '/'
const FLOOR = '/__floor'
const PLANS = '/plans'
const DASHBOARD = '/customer'
const BILL_HISTORY = '/customer/bill-history'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

async function main() {
  // 0. The coverage look-up, in this process, before the build and the server share the CPU.
  const coverage: CoverageBench = await measureCoverageLookup()
  // 0b. Upload memory: 20 streamed 5 MB uploads through the documents page, in this process.
  const uploads: UploadBench = await measureUploadMemory()

  console.log('\n> npm run build')
  // NODE_ENV spelled out: the upload bench's in-process portal (Vite in middleware mode)
  // sets it to 'development' in this process, and a build inheriting that ships React's
  // development bundles (about 50 KB more per page, and slower server rendering).
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (build.status !== 0) throw new Error(`build failed (exit ${build.status ?? build.signal})`)

  buildBareApp()

  const port = await freePort()
  console.log(`\n> starting NODE_ENV=production node build/process/server.js on port ${port}`)
  const base = await startServer(port)
  const barePort = await freePort()
  console.log(`> starting react-router-serve with the bare app on port ${barePort}`)
  const bare = await startBareApp(barePort)

  // 1. Throughput: the public pages, and two signed-in pages as the demo customer (issue 35,
  // item 2), whose CPU per response counts the portal, its upstream thread and PGlite at once.
  const portal = serverGroup()
  const customer = { email: 'customer@example.com', password: 'Customer2024' }
  const cookie = (await signInByRequests(base, customer, '__Host-session')).jar.header()
  // Raw (issue 35, item 3): the public pages and the bare app without compression. The portal's
  // public pages are served from its page cache (server/page-cache.ts); the same two pages
  // with a cookie that is not a preference are rendered for each request, as before it.
  const rendered = { ...RAW, cookie: 'bench=rendered' }
  const throughput = await measureThroughput([
    { label: LABELS.bare, page: '/', url: `${bare.base}/`, pgid: bare.pgid, headers: RAW },
    { label: LABELS.landing, page: LANDING, url: base + LANDING, pgid: portal, headers: RAW },
    { label: LABELS.plans, page: PLANS, url: base + PLANS, pgid: portal, headers: RAW },
    { label: LABELS.landingRendered, page: LANDING, url: base + LANDING, pgid: portal, headers: rendered },
    { label: LABELS.plansRendered, page: PLANS, url: base + PLANS, pgid: portal, headers: rendered },
    { label: LABELS.floor, page: FLOOR, url: base + FLOOR, pgid: portal, headers: RAW },
    { label: LABELS.dashboard, page: DASHBOARD, url: base + DASHBOARD, pgid: portal, headers: { cookie } },
    { label: LABELS.billHistory, page: BILL_HISTORY, url: base + BILL_HISTORY, pgid: portal, headers: { cookie } },
  ])

  // 1b. Every other kept public page, raw, one round each beside one more of the bare app's.
  const publicPaths = await keptPublicPages(base)
  const publicPages = await measureEach([
    { label: LABELS.bare, page: '/', url: `${bare.base}/`, pgid: bare.pgid, headers: RAW },
    ...publicPaths.map((path) => ({ label: path, page: path, url: base + path, pgid: portal, headers: RAW })),
  ])
  const publicServedKept = await servedKept(base, [LANDING, PLANS, ...publicPaths])

  // 2. A full step-2 POST of /CheckAvailability, 20 visitors at once, and the same load on
  // the bare app's form route (a cookie and a redirect) as the machine's floor.
  const checkPostFloor = await measureCheckPost(bare.base, 'the bare React Router app')
  await stopBareApp()
  const checkPost = await measureCheckPost(base)

  // 3. Page weight.
  console.log('\n> page weight')
  const pages: PageWeight[] = []
  for (const page of PAGES) pages.push(await measurePage(base, page))

  await stopServer()

  // 4. The scale-out set-up (issue 17, Performance), alone on the machine now.
  const scaleOut = await measureScaleOut()

  // 5. Report.
  printReport(pages, throughput)
  printPublicPages(publicPages)
  printScaleOut(scaleOut)

  // 6. Targets.
  const checks = [
    ...checkTargets(pages, throughput, LANDING),
    ...publicPageChecks(publicPages, publicServedKept),
    ...checkPostChecks(checkPost, checkPostFloor),
    ...coverageChecks(coverage),
    ...uploadChecks(uploads),
    ...scaleOutChecks(scaleOut),
  ]
  printChecks(checks)
  const notBuilt = pages.filter((page) => page.status === 404).map((page) => page.path)
  if (notBuilt.length > 0)
    console.log(
      `note: ${notBuilt.length} page(s) answer 404 so far (measured as the not-found page): ${notBuilt.join(', ')}`,
    )

  const results = {
    ...runInfo(root),
    settings: {
      connections: CONNECTIONS,
      warmupSeconds: WARMUP_SECONDS,
      seconds: SECONDS,
      rounds: ROUNDS,
      headers: BROWSER_HEADERS,
    },
    throughput,
    publicPages,
    pages,
    checkPost,
    checkPostFloor,
    coverage,
    uploads,
    scaleOut,
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
  .finally(async () => {
    await stopBareApp()
    await stopServer()
  })
