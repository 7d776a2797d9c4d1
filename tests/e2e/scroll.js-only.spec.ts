import { expect, test } from './support/test'
import { acceptCookiesBeforehand } from './support/visitor'

// spec 2: "Page scrolls to top on navigation except on help/ paths". Without JavaScript every
// page is a new document, opened at its top; this is the client-side navigation's part.
test.use({ viewport: { width: 390, height: 500 } })

test('a link from one help/ page to another keeps the scroll; any other navigation starts at the top', async ({
  page,
}) => {
  await acceptCookiesBeforehand(page)
  await page.goto('/help/internet-connection')
  await page.waitForLoadState('networkidle')
  // The last question, opened (a native <details>), and its link to the answer's own page.
  const question = page.getByRole('main').locator('details').last()
  await question.locator('summary').scrollIntoViewIfNeeded()
  await question.locator('summary').click()
  const last = question.locator('a[href^="/help/internet-connection/"]')
  await last.scrollIntoViewIfNeeded()
  const before = await page.evaluate(() => window.scrollY)
  expect(before).toBeGreaterThan(0)
  const href = (await last.getAttribute('href'))!
  await last.click()
  await expect(page).toHaveURL(href)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)

  // Out of help/: the next page starts at its top.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Plans', exact: true }).click()
  await expect(page).toHaveURL('/plans')
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})
