import { expect, test } from './support/test'
import { acceptCookiesBeforehand } from './support/visitor'

// The theme toggle in the header: a cookie, so the server renders the right theme with or without JS.
test.describe('theme toggle', () => {
  test.beforeEach(async ({ page }) => {
    await acceptCookiesBeforehand(page)
    await page.goto('/')
  })

  test('switching to dark renders the page dark', async ({ page }) => {
    await page.getByRole('button', { name: 'Switch to dark theme' }).click()
    await expect(page.locator('html')).toContainClass('dark')
  })

  test('the dark theme survives a reload', async ({ page }) => {
    await page.getByRole('button', { name: 'Switch to dark theme' }).click()
    // The class changes only once the server has answered, so the cookie is set by now.
    await expect(page.locator('html')).toContainClass('dark')
    await page.reload()
    await expect(page.locator('html')).toContainClass('dark')
  })

  test('switching back to light renders the page light', async ({ page }) => {
    await page.getByRole('button', { name: 'Switch to dark theme' }).click()
    await expect(page.locator('html')).toContainClass('dark')
    await page.getByRole('button', { name: 'Switch to light theme' }).click()
    await expect(page.locator('html')).not.toContainClass('dark')
    await page.reload()
    await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible()
    await expect(page.locator('html')).not.toContainClass('dark')
  })
})
