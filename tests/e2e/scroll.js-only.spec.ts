/**
 * spec 2: "Page scrolls to top on navigation except on help/ paths." Only a client-side
 * navigation can keep a position; without JavaScript every page loads at its top.
 */
import { expect, test } from './support/test'
import { acceptCookiesBeforehand } from './support/visitor'

test.use({ viewport: { width: 390, height: 500 } })

test('within the help centre the page keeps its place; leaving it starts at the top', async ({ page }) => {
  await acceptCookiesBeforehand(page)
  await page.goto('/help/internet-connection')
  // The category's last question, well below the fold, opened.
  const question = page.getByRole('main').locator('details').last()
  await question.locator('summary').click()
  const last = question.locator('a[href^="/help/internet-connection/"]').first()
  await last.scrollIntoViewIfNeeded()
  const before = await page.evaluate(() => window.scrollY)
  expect(before).toBeGreaterThan(200)
  const target = await last.getAttribute('href')
  await last.click()
  await expect(page).toHaveURL(target!)
  // A help/ path to a help/ path: no jump to the top.
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)

  // Out of help/ (the footer's Plans): the next page starts at its top.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Plans', exact: true }).click()
  await expect(page).toHaveURL('/plans')
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})
