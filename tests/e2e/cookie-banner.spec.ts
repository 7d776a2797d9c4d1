import type { BrowserContext } from '@playwright/test'
import { expect, test } from './support/test'
import { cookieBanner, submitPreference } from './support/visitor'

// spec 2 and 4: the banner shows until ACCEPT, or until the close icon for this browser session.

/**
 * A browser restart: a new context that keeps only the cookies with an expiry, as a
 * browser does with its session cookies when it closes.
 */
async function restartBrowser(context: BrowserContext) {
  const browser = context.browser()!
  const lasting = (await context.cookies()).filter((cookie) => cookie.expires > 0)
  const restarted = await browser.newContext()
  await restarted.addCookies(lasting)
  return restarted
}

test.describe('cookie banner', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/')
    await expect(cookieBanner(page)).toBeVisible()
  })

  test('ACCEPT hides the banner', async ({ page }) => {
    await submitPreference(page, cookieBanner(page).getByRole('button', { name: 'ACCEPT' }))
    await expect(cookieBanner(page)).toBeHidden()
  })

  test('after ACCEPT the banner stays hidden on reload', async ({ page }) => {
    await submitPreference(page, cookieBanner(page).getByRole('button', { name: 'ACCEPT' }))
    await expect(cookieBanner(page)).toBeHidden()
    await page.reload()
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(cookieBanner(page)).toBeHidden()
  })

  test('after ACCEPT the banner stays hidden in a new tab', async ({ page, context }) => {
    await submitPreference(page, cookieBanner(page).getByRole('button', { name: 'ACCEPT' }))
    await expect(cookieBanner(page)).toBeHidden()
    const tab = await context.newPage()
    await tab.goto('/')
    await expect(tab.getByRole('banner')).toBeVisible()
    await expect(cookieBanner(tab)).toBeHidden()
  })

  test('after ACCEPT the banner stays hidden after a browser restart', async ({ page, context }) => {
    await submitPreference(page, cookieBanner(page).getByRole('button', { name: 'ACCEPT' }))
    await expect(cookieBanner(page)).toBeHidden()
    const restarted = await restartBrowser(context)
    const again = await restarted.newPage()
    await again.goto('/')
    await expect(again.getByRole('banner')).toBeVisible()
    await expect(cookieBanner(again)).toBeHidden()
    await restarted.close()
  })

  test('the close icon hides the banner', async ({ page }) => {
    await submitPreference(page, cookieBanner(page).getByRole('button', { name: 'Close' }))
    await expect(cookieBanner(page)).toBeHidden()
  })

  test('after the close icon the banner stays hidden on reload', async ({ page }) => {
    await submitPreference(page, cookieBanner(page).getByRole('button', { name: 'Close' }))
    await expect(cookieBanner(page)).toBeHidden()
    await page.reload()
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(cookieBanner(page)).toBeHidden()
  })

  test('after the close icon the banner comes back after a browser restart', async ({ page, context }) => {
    await submitPreference(page, cookieBanner(page).getByRole('button', { name: 'Close' }))
    await expect(cookieBanner(page)).toBeHidden()
    const restarted = await restartBrowser(context)
    const again = await restarted.newPage()
    await again.goto('/')
    await expect(cookieBanner(again)).toBeVisible()
    await restarted.close()
  })
})

test('while the banner shows, the footer links under it can still be clicked on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto('/')
  await expect(cookieBanner(page)).toBeVisible()
  await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Terms of Use' }).click()
  await expect(page).toHaveURL('/terms-of-use')
})

// Issue 7: on the smallest phones the banner covered a third of the screen and the open
// menu, whose theme toggle could not be tapped until the banner was closed.
test.describe('on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 } })

  test('the banner takes at most a quarter of the screen', async ({ page }) => {
    await page.goto('/')
    await expect(cookieBanner(page)).toBeVisible()
    const box = (await cookieBanner(page).boundingBox())!
    expect(box.height).toBeLessThanOrEqual(640 / 4)
  })

  test('the open menu sits above the banner: its theme toggle takes the tap', async ({ page }) => {
    await page.goto('/')
    await expect(cookieBanner(page)).toBeVisible()
    const header = page.getByRole('banner')
    await header.locator('summary[aria-label="Menu"]').click()
    const toggle = header.locator('details').getByRole('button', { name: 'Switch to dark theme' })
    await expect(toggle).toBeVisible()
    // What a finger on the toggle's centre would touch.
    const box = (await toggle.boundingBox())!
    const hit = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.getAttribute('aria-label'),
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    )
    expect(hit).toBe('Switch to dark theme')
    await submitPreference(page, toggle)
    await expect(page.locator('html')).toContainClass('dark')
  })
})
