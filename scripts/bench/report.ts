/** The bench's report: the page weight and throughput tables, and the targets it checks. */
import os from 'node:os'
import { MAX_FIRST_VISIT_JS_GZIP } from '../js-budget.ts'
import type { Throughput } from './load.ts'
import { fetchedAssetCount, type PageWeight } from './page-weight.ts'
import { BROWSER_HEADERS, CONNECTIONS, kb, ROUNDS, SECONDS, WARMUP_SECONDS } from './settings.ts'

// Targets of the issue.
const MIN_LANDING_TO_FLOOR = 0.6

export function printReport(
  pages: PageWeight[],
  { runs, floor, landing, ratio, cpuRatio }: Throughput,
  floorPath: string,
) {
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
    `\nThroughput: autocannon, ${CONNECTIONS} connections, browser first-visit headers (accept-encoding: ${BROWSER_HEADERS['accept-encoding']}),` +
      `\n${WARMUP_SECONDS} s warm-up per page (discarded), then ${ROUNDS} × ${SECONDS} s per page in alternating order.` +
      `\np99 of a page: its worst run. Server CPU: utime+stime of the server's process group per response.\n`,
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
      ['page', 'req/s', 'p99 ms', 'server CPU ms/req'],
      [floor, landing].map((row) => [
        row.page === floorPath ? `${floorPath} (floor)` : `${row.page} (landing)`,
        row.rps.toFixed(0),
        row.p99,
        row.cpuMsPerRequest?.toFixed(2) ?? 'n/a',
      ]),
      [false, true, true, true],
    ),
  )
  console.log(`\nlanding/floor throughput: ${Math.round(ratio * 100)}%`)
  if (cpuRatio !== null) {
    console.log(
      `landing/floor by server CPU per request: ${Math.round(cpuRatio * 100)}% (cross-check, less sensitive to other load)`,
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

export function checkTargets(pages: PageWeight[], { runs, floor, landing, ratio }: Throughput, landingPath: string) {
  const heaviest = pages.reduce((max, page) => (page.jsGzip > max.jsGzip ? page : max))
  const landingPage = pages.find((page) => page.path === landingPath)!
  const overBudget = pages.filter((page) => page.jsGzip > MAX_FIRST_VISIT_JS_GZIP)
  const badRuns = runs.filter((run) => run.non200 > 0 || run.non2xx > 0 || run.errors > 0 || run.timeouts > 0)
  const badAssets = pages.flatMap((page) =>
    [...page.js, ...page.css]
      .filter((asset) => asset.status !== 200)
      .map((asset) => `${page.path} → ${asset.url} ${asset.status}`),
  )
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

function table(headers: string[], rows: (string | number)[][], rightAligned: boolean[]) {
  const cells = [headers, ...rows.map((row) => row.map(String))]
  const widths = headers.map((_, col) => Math.max(...cells.map((row) => row[col]!.length)))
  const line = (row: string[]) =>
    row
      .map((cell, col) => (rightAligned[col] ? cell.padStart(widths[col]!) : cell.padEnd(widths[col]!)))
      .join('  ')
      .trimEnd()
  return [line(cells[0]!), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.slice(1).map(line)].join('\n')
}
