/**
 * Every kept public page besides the landing page and the plans list (issue 35, item 3): found
 * the way a visitor finds them, from the pages' own links, measured raw one round each beside
 * the bare app, with a target of at least MIN_OTHER_TO_BARE_APP of its throughput.
 */
import { LANDING_PATHS } from '../../app/utils/landing-paths.ts'
import { LEGAL_DOCUMENTS } from '../../app/features/legal/documents.ts'
import type { Throughput } from './load.ts'
import { LABELS, table, type Check } from './report.ts'
import { BROWSER_HEADERS, RAW } from './settings.ts'

const MIN_OTHER_TO_BARE_APP = 0.6

async function html(base: string, path: string): Promise<string> {
  const response = await fetch(base + path, { headers: { ...BROWSER_HEADERS, ...RAW } })
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`)
  return response.text()
}

/** The first link on a page whose path matches `pattern` (its first group, the path). */
function firstLink(page: string, pattern: RegExp, from: string): string {
  const found = pattern.exec(page)?.[1]
  if (!found) throw new Error(`no link matching ${pattern} on ${from}`)
  return found
}

/** The kept public pages other than / and /plans: the aliases, the legal pages, help, a plan and the stores. */
export async function keptPublicPages(base: string): Promise<string[]> {
  const plans = await html(base, '/plans')
  const plan = firstLink(plans, /href="(\/plans\/(?!cart|compare|recommend|tv-partner-logo)[A-Za-z0-9-]+)"/, '/plans')
  const help = await html(base, '/help')
  const category = firstLink(help, /href="(\/help\/(?!search|stores)[A-Za-z0-9-]+)"/, '/help')
  const answer = firstLink(await html(base, category), /href="(\/help\/[A-Za-z0-9-]+\/[A-Za-z0-9-]+)"/, category)
  return [
    ...LANDING_PATHS.filter((path) => path !== '/'),
    ...LEGAL_DOCUMENTS.map((name) => `/${name}`),
    plan,
    '/help',
    category,
    answer,
    '/help/stores',
    '/payBill/stores',
  ]
}

/** Whether each page, asked twice, came the second time from the page cache. */
export async function servedKept(base: string, paths: string[]): Promise<{ path: string; state: string | null }[]> {
  const states = []
  for (const path of paths) {
    await html(base, path)
    const again = await fetch(base + path, { headers: { ...BROWSER_HEADERS, ...RAW } })
    await again.arrayBuffer()
    states.push({ path, state: again.headers.get('x-page-cache') })
  }
  return states
}

export function printPublicPages({ summaries }: Throughput) {
  const bare = summaries.find((summary) => summary.label === LABELS.bare)!
  console.log('\nEvery other kept public page, raw, one round each, beside one more round of the bare app:\n')
  console.log(
    table(
      ['page', 'req/s', 'p99 ms', 'server CPU ms/req', 'of the bare app'],
      summaries.map((row) => [
        row.label,
        row.rps.toFixed(0),
        row.p99,
        row.cpuMsPerRequest?.toFixed(2) ?? 'n/a',
        row === bare ? '' : `${(row.rps / bare.rps).toFixed(2)}x`,
      ]),
      [false, true, true, true, true],
    ),
  )
}

export function publicPageChecks({ summaries }: Throughput, served: { path: string; state: string | null }[]): Check[] {
  const bare = summaries.find((summary) => summary.label === LABELS.bare)!
  const pages = summaries.filter((summary) => summary !== bare)
  const slow = pages.filter((page) => page.rps / bare.rps < MIN_OTHER_TO_BARE_APP)
  const lowest = pages.reduce((min, page) => (page.rps < min.rps ? page : min))
  const notKept = served.filter((page) => page.state !== 'hit')
  return [
    {
      name: `every other public page's raw throughput at least ${MIN_OTHER_TO_BARE_APP}x the bare app's`,
      pass: slow.length === 0,
      detail:
        slow.length === 0
          ? `${pages.length} pages; lowest ${lowest.label} ${(lowest.rps / bare.rps).toFixed(2)}x`
          : `below: ${slow.map((page) => `${page.label} ${(page.rps / bare.rps).toFixed(2)}x`).join(', ')}`,
    },
    {
      name: 'every public page is served from the page cache the second time',
      pass: notKept.length === 0,
      detail:
        notKept.length === 0
          ? `${served.length} pages`
          : notKept.map((page) => `${page.path}: ${page.state ?? 'not kept'}`).join(', '),
    },
  ]
}
