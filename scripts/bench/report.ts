/** The bench's report: the page weight and throughput tables, and the targets it checks. */
import { execFileSync } from 'node:child_process'
import os from 'node:os'
import { MAX_FIRST_VISIT_JS_GZIP } from '../js-budget.ts'
import { ratio, type Summary, type Throughput } from './load.ts'
import { fetchedAssetCount, type PageWeight } from './page-weight.ts'
import { BROWSER_HEADERS, CONNECTIONS, kb, ROUNDS, SECONDS, WARMUP_SECONDS } from './settings.ts'

// Issue 35, item 3: the landing page and the plans list, raw, at least the bare React Router app's throughput.
const MIN_TO_BARE_APP = 1.0

/** A target and whether it held, as every part of the bench reports it. */
export type Check = { name: string; pass: boolean; detail: string }

/** Prints each check's PASS or FAIL line (after `indent`); true when every one passed. */
export function printChecks(checks: Check[], indent = ''): boolean {
  for (const check of checks) console.log(`${indent}${check.pass ? 'PASS' : 'FAIL'}  ${check.name}: ${check.detail}`)
  return checks.every((check) => check.pass)
}

/** What a results file says of the run itself: when, which commit (if git can tell), Node and cores. */
export function runInfo(root: string) {
  let commit: string | undefined
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
  } catch {
    commit = undefined
  }
  return { date: new Date().toISOString(), commit, node: process.version, cpus: os.cpus().length }
}

/** The measured pages' labels (scripts/bench.ts gives them). */
export const LABELS = {
  bare: 'bare app',
  floor: 'in-process floor',
  landing: 'landing',
  plans: 'plans',
  landingRendered: 'landing, rendered',
  plansRendered: 'plans, rendered',
  dashboard: 'dashboard (signed in)',
  billHistory: 'bill history (signed in)',
} as const

/** Issue 35, item 2: a signed-in dashboard on the embedded process, CPU per response (portal, upstream, PGlite). */
const MAX_DASHBOARD_CPU_MS = 12

const find = (summaries: Summary[], label: string) => summaries.find((summary) => summary.label === label)!

export function printReport(pages: PageWeight[], { runs, summaries }: Throughput) {
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
  if (pages.some((page) => page.htmlGzipBy !== 'server'))
    console.log('* not compressed by the server: gzipped here with zlib level 6')

  console.log(
    `\nThroughput: autocannon, ${CONNECTIONS} connections, browser first-visit headers; the public pages, the floor and the bare` +
      `\napp raw (accept-encoding: identity), the signed-in pages with accept-encoding: ${BROWSER_HEADERS['accept-encoding']}.` +
      `\n"rendered": the page with a cookie that is not a preference, so the page cache renders it for each request.` +
      `\n${WARMUP_SECONDS} s warm-up per page (discarded), then ${ROUNDS} × ${SECONDS} s per page in rotating order.` +
      `\nreq/s of a page: its median round; p99: its worst round. Server CPU: utime+stime of the serving` +
      `\nprocess group per response. The bare app is a bare React Router v7 app served alone by react-router-serve.\n`,
  )
  console.log(
    table(
      [
        'round',
        'page',
        'req/s',
        'p99 ms',
        'responses',
        'non-200',
        'errors',
        'timeouts',
        'server CPU ms/req',
        'server cores',
        'load 1m',
      ],
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
      ['page', 'path', 'req/s', 'p99 ms', 'server CPU ms/req'],
      summaries.map((row) => [
        row.label,
        row.page,
        row.rps.toFixed(0),
        row.p99,
        row.cpuMsPerRequest?.toFixed(2) ?? 'n/a',
      ]),
      [false, false, true, true, true],
    ),
  )
  console.log()
  const bare = find(summaries, LABELS.bare)
  for (const label of [
    LABELS.landing,
    LABELS.landingRendered,
    LABELS.plans,
    LABELS.plansRendered,
    LABELS.floor,
    LABELS.dashboard,
    LABELS.billHistory,
  ]) {
    if (!summaries.some((summary) => summary.label === label)) continue
    const { rps, cpu } = ratio(find(summaries, label), bare)
    console.log(
      `${label} / bare app: ${Math.round(rps * 100)}% by throughput` +
        (cpu === null ? '' : `, ${Math.round(cpu * 100)}% by server CPU per request (less sensitive to other load)`),
    )
  }
  const busiest = Math.max(...runs.map((run) => run.loadBefore))
  if (busiest > os.cpus().length) {
    console.log(
      `warning: 1-minute load average reached ${busiest.toFixed(1)} on ${os.cpus().length} cores: other processes shared the CPU; req/s is noisy`,
    )
  }
  console.log()
}

export function checkTargets(pages: PageWeight[], { runs, summaries }: Throughput, landingPath: string) {
  const heaviest = pages.reduce((max, page) => (page.jsGzip > max.jsGzip ? page : max))
  const landingPage = pages.find((page) => page.path === landingPath)!
  const overBudget = pages.filter((page) => page.jsGzip > MAX_FIRST_VISIT_JS_GZIP)
  const badRuns = runs.filter((run) => run.non200 > 0 || run.non2xx > 0 || run.errors > 0 || run.timeouts > 0)
  const badAssets = pages.flatMap((page) =>
    [...page.js, ...page.css]
      .filter((asset) => asset.status !== 200)
      .map((asset) => `${page.path} → ${asset.url} ${asset.status}`),
  )
  const bare = find(summaries, LABELS.bare)
  const checks = [
    ...[LABELS.landing, LABELS.plans].map((label) => {
      const page = find(summaries, label)
      const share = page.rps / bare.rps
      return {
        name: `${label} raw throughput at least ${MIN_TO_BARE_APP}x the bare React Router app's`,
        pass: share >= MIN_TO_BARE_APP,
        detail:
          `${share.toFixed(2)}x (${page.rps.toFixed(0)} / ${bare.rps.toFixed(0)} req/s); rendered for each request ` +
          `(before the page cache): ${renderedShare(summaries, label, bare)}`,
      }
    }),
    ...summaries
      .filter((summary) => summary.label === LABELS.dashboard)
      .map((dashboard) => ({
        name: `a signed-in dashboard costs at most ${MAX_DASHBOARD_CPU_MS} ms of CPU on the embedded process`,
        pass: dashboard.cpuMsPerRequest !== null && dashboard.cpuMsPerRequest <= MAX_DASHBOARD_CPU_MS,
        detail:
          dashboard.cpuMsPerRequest === null
            ? 'no CPU reading on this machine'
            : `${dashboard.cpuMsPerRequest.toFixed(1)} ms per response (portal, upstream thread and PGlite), ` +
              `${dashboard.rps.toFixed(0)} req/s, p99 ${dashboard.p99} ms`,
      })),
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
      detail:
        badRuns.length === 0
          ? `${runs.reduce((sum, run) => sum + run.responses, 0)} responses`
          : badRuns
              .map(
                (run) =>
                  `round ${run.round} ${run.page}: ${JSON.stringify(run.statusCodes)}, ${run.errors} errors, ${run.timeouts} timeouts`,
              )
              .join('; '),
    },
    {
      name: 'every JS and CSS file a page refers to answered 200',
      pass: badAssets.length === 0,
      detail: badAssets.length === 0 ? `${fetchedAssetCount()} files` : badAssets.join('; '),
    },
  ]
  return checks
}

/** The same page rendered for each request, as a share of the bare app's throughput. */
function renderedShare(summaries: Summary[], label: string, bare: Summary): string {
  const rendered = summaries.find((summary) => summary.label === `${label}, rendered`)
  return rendered ? `${(rendered.rps / bare.rps).toFixed(2)}x (${rendered.rps.toFixed(0)} req/s)` : 'not measured'
}

export function table(headers: string[], rows: (string | number)[][], rightAligned: boolean[]) {
  const cells = [headers, ...rows.map((row) => row.map(String))]
  const widths = headers.map((_, col) => Math.max(...cells.map((row) => row[col]!.length)))
  const line = (row: string[]) =>
    row
      .map((cell, col) => (rightAligned[col] ? cell.padStart(widths[col]!) : cell.padEnd(widths[col]!)))
      .join('  ')
      .trimEnd()
  return [line(cells[0]!), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.slice(1).map(line)].join('\n')
}
