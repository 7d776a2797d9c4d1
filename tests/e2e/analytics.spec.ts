import type { Browser, Page } from '@playwright/test'
import { signIn } from './support/account'
import { PORTAL_URL } from './support/servers'
import { expect, test } from './support/test'
import { acceptCookiesBeforehand, cookieBanner, submitPreference } from './support/visitor'

// issue 17 item 5 (spec 7): first-party analytics, counted only after the cookie banner's ACCEPT,
// read back through the operator's report (/ops/analytics). Each run reads pages no other
// journey visits with cookies accepted, and the two projects read different ones.

const OPERATOR = { email: 'operator@example.com', password: 'Operator2024' }

/** The operator, signed in in a context of their own (no JavaScript: the report is plain tables). */
async function operator(browser: Browser) {
  const context = await browser.newContext({ baseURL: PORTAL_URL, javaScriptEnabled: false })
  const page = await context.newPage()
  await signIn(page, OPERATOR)
  return page
}

/** The report's rows of one table, as cell texts. */
async function rows(report: Page, table: string) {
  await report.goto('/ops/analytics')
  return report
    .getByRole('table', { name: table })
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...(tr as HTMLTableRowElement).cells].map((td) => td.textContent ?? '')))
}

async function viewsOf(report: Page, page: string) {
  const table = await rows(report, 'Page views per day')
  return table.filter((cells) => cells[1] === page).reduce((sum, cells) => sum + Number(cells[2]), 0)
}

async function headerLinkClicks(report: Page, link: string) {
  const table = await rows(report, 'Events per day')
  return table
    .filter((cells) => cells[1] === 'Header link' && cells[2] === link)
    .reduce((sum, cells) => sum + Number(cells[3]), 0)
}

async function lcpSamples(report: Page, page: string) {
  const row = (await rows(report, 'Web vitals (75th percentile per page)')).find((cells) => cells[0] === page)
  return Number(/\((\d+) samples\)/.exec(row?.[1] ?? '')?.[1] ?? 0)
}

test('a visit counts nothing before ACCEPT, and counts by its page after it', async ({ page, browser }, testInfo) => {
  const js = testInfo.project.name === 'js'
  const visited = js ? '/privacy-notice' : '/cookie-policy'
  const report = await operator(browser)
  const before = await viewsOf(report, visited)

  await page.goto(visited)
  await page.reload()
  await expect(cookieBanner(page)).toBeVisible()
  expect(await viewsOf(report, visited)).toBe(before)

  await submitPreference(page, cookieBanner(page).getByRole('button', { name: 'ACCEPT' }))
  await expect(cookieBanner(page)).toBeHidden()
  await page.goto(visited)
  // Without JavaScript the banner's form came back to the page: a view too.
  await expect.poll(() => viewsOf(report, visited)).toBe(before + (js ? 1 : 2))
  await report.context().close()
})

test('with JavaScript, a header link click and the page’s web vitals arrive', async ({ page, browser }, testInfo) => {
  test.skip(testInfo.project.name !== 'js', 'the collector runs only with JavaScript')
  const report = await operator(browser)
  const clicksBefore = await headerLinkClicks(report, 'plans')
  const samplesBefore = await lcpSamples(report, '/terms-of-use')

  await acceptCookiesBeforehand(page)
  await page.goto('/terms-of-use')
  await expect(page.locator('html')).toHaveAttribute('data-analytics', 'on')
  // The first click ends the page's largest contentful paint: web-vitals reports it then.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'PLANS' }).click()
  await expect(page).toHaveURL('/plans')

  await expect.poll(() => headerLinkClicks(report, 'plans')).toBeGreaterThan(clicksBefore)
  await expect.poll(() => lcpSamples(report, '/terms-of-use')).toBeGreaterThan(samplesBefore)
  await report.context().close()
})
