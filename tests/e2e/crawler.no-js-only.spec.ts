/**
 * Issue 33, item 10: every door leads somewhere, for every role. Without JavaScript (the
 * HTML the server sends), from `/`, the crawler (support/crawler.ts) follows every link and
 * GET form it finds as a visitor, an applicant, a customer, an agent, a sales admin and an
 * operator, and must find no 404, no 5xx, no error view, no sign-in page where the role is
 * signed in and no link into another role's area. A page added later is crawled as soon as
 * something links to it, without anyone remembering to.
 */
import { DEMO_USERS } from '../../services/identity/demo-users'
import { signIn } from './support/account'
import type { APIRequestContext } from '@playwright/test'
import { crawl, readPage } from './support/crawler'
import { PORTAL_URL } from './support/servers'
import { expect, test } from './support/test'

// Each role's own pages, which its navigation must reach from / (issue 33, item 2).
const ROLES = [
  {
    name: 'a visitor',
    email: null,
    reaches: ['/CheckAvailability', '/plans', '/help', '/check-status', '/register', '/payBill', '/referral', '/login'],
  },
  { name: 'an applicant', email: 'applicant@example.com', reaches: ['/get-started', '/check-status', '/help'] },
  {
    name: 'a customer',
    email: 'customer@example.com',
    reaches: [
      '/customer',
      '/customer/bill-history',
      '/customer/bill-history/statement',
      '/customer/bill-history/pay',
      '/customer/auto-pay',
      '/account/wifi',
      '/account/subscription',
      '/customer/referrals',
      '/customer/notifications',
      '/customer/help',
      '/profile',
      '/consent',
      '/get-started',
      '/plans',
    ],
  },
  { name: 'an agent', email: 'agent@example.com', reaches: ['/sales', '/sales/application', '/sales/account'] },
  {
    name: 'a sales admin',
    email: 'admin@example.com',
    reaches: ['/sales', '/sales/application', '/sales/account', '/sales/applications', '/sales/leads'],
  },
  { name: 'an operator', email: 'operator@example.com', reaches: ['/ops/analytics', '/ops/incidents', '/help'] },
] as const

for (const role of ROLES) {
  test(`${role.name}: every link and GET form from / leads to a page`, async ({ page }) => {
    const demo = role.email ? DEMO_USERS.find((user) => user.email === role.email) : null
    if (role.email && !demo) throw new Error(`${role.email} is not a demo user`)
    if (demo) await signIn(page, demo)
    // The context's own client: the browser context's cookies are the session.
    const result = await crawl(page.request, new URL(PORTAL_URL).origin, {
      name: role.name,
      user: demo ? { roles: demo.roles } : null,
    })
    const report = result.findings.map((finding) => `${finding.url} (from ${finding.from}): ${finding.problem}`)
    expect(report, `${result.visited} pages crawled`).toEqual([])
    if (process.env.CRAWL_LOG) console.log(role.name, result.opened.join(' '))
    // The crawl went somewhere: the landing page alone links to dozens of pages.
    // Its navigation reaches every page of its own (a path, or a page under it).
    const unreached = role.reaches.filter(
      (path) => !result.opened.some((opened) => new URL(opened, PORTAL_URL).pathname.startsWith(path)),
    )
    expect(unreached, `reached: ${result.opened.join(' ')}`).toEqual([])
  })
}

test('the crawler reads links and GET forms as a browser would send them', () => {
  const page = readPage(`<main>
    <a href="/plans">Plans</a><a href="/help#top">Help</a>
    <form method="post" action="/logout"><button name="intent" value="out">Logout</button></form>
    <form action="/help/stores">
      <input type="hidden" name="view" value="list"><input name="q" value="Makati">
      <input type="radio" name="type" value="store"><input type="radio" name="type" value="centre" checked>
      <input type="checkbox" name="open"><input type="checkbox" name="near" value="yes" checked>
      <input name="gone" value="x" disabled>
      <select name="province"><option value="">All</option><option value="ncr">NCR</option></select>
      <select name="sort"><option>Name</option><option selected>Distance</option></select>
      <button name="go" value="1">Search</button><button name="other" value="2">Other</button>
    </form>
    <section><h1>Oops! Page could not be retrieved.</h1><a href="/help" data-reload>REFRESH PAGE</a></section></main>`)
  expect(page.links).toEqual(['/plans', '/help#top', '/help'])
  expect(page.forms).toEqual([
    {
      action: '/help/stores',
      fields: [
        ['view', 'list'],
        ['q', 'Makati'],
        ['near', 'yes'],
        ['province', ''],
        ['sort', 'Distance'],
        ['go', '1'],
        ['type', 'centre'],
      ],
    },
  ])
  expect(page.errorView).toBe('error')
})

test('the crawler reports a 404, a 5xx, an error view, a sign-in page and a door into another area', async () => {
  const origin = 'http://portal.test'
  const html = (body: string) => `<!doctype html><html><body>${body}</body></html>`
  const pages: Record<string, { status: number; body: string; url?: string }> = {
    '/': {
      status: 200,
      body: html(
        '<a href="/gone">a</a><a href="/broken">b</a><a href="/oops">c</a><a href="/help">d</a>' +
          '<a href="/sales">e</a><a href="/logout">f</a><a href="https://elsewhere.example/">g</a>',
      ),
    },
    '/sitemap.xml': { status: 200, body: `<urlset><url><loc>https://www.example.ph/plans</loc></url></urlset>` },
    '/gone': { status: 404, body: html('') },
    '/broken': { status: 500, body: html('') },
    '/oops': { status: 429, body: html('<a href="/oops" data-reload>REFRESH PAGE</a>') },
    '/help': { status: 200, url: '/login', body: html('<form method="post"></form>') },
    '/plans': { status: 200, body: html('<a href="/plans?page=1">1</a><a href="/plans?page=2">2</a>') },
    '/plans?page=1': { status: 200, body: html('<a href="/plans?page=3">3</a>') },
    '/plans?page=2': { status: 200, body: html('') },
  }
  const asked: string[] = []
  const request = {
    get: async (path: string) => {
      asked.push(path)
      const page = pages[path] ?? { status: 404, body: html('') }
      return {
        url: () => new URL(page.url ?? path, origin).href,
        status: () => page.status,
        headers: () => ({ 'content-type': path.endsWith('.xml') ? 'application/xml' : 'text/html; charset=utf-8' }),
        text: async () => page.body,
      }
    },
  } as unknown as APIRequestContext
  const result = await crawl(request, origin, { name: 'a customer', user: { roles: ['base', 'customer'] } })
  expect(result.findings.map(({ url, problem }) => `${url}: ${problem}`)).toEqual([
    '/gone: 404',
    '/broken: 500',
    '/oops: 429',
    '/oops: an error view (error) with 429',
    '/help: the sign-in page, although signed in',
    '/sales: a link into an area this role may not use (/sales)',
  ])
  // Logout and other origins are never asked for; a page's shape (?page=) twice at most.
  expect(asked).not.toContain('/logout')
  expect(asked.filter((path) => path.startsWith('/plans?page='))).toHaveLength(2)
})
