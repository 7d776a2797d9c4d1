/**
 * PrintScreen on pages that show account data (issue 11 item 9; spec 5): with JavaScript the
 * key clears the clipboard and says so. Without JavaScript there is no key handler at all,
 * so this journey runs in the JS project only (playwright.config.ts ignores *.js-only specs
 * there).
 */
import { expect, test } from './support/test'
import { DEMO, signIn } from './support/account'
import { acceptCookiesBeforehand } from './support/visitor'

test('PrintScreen clears the clipboard and says the screenshot could not be taken', async ({ page }) => {
  await acceptCookiesBeforehand(page)
  await signIn(page, DEMO.customer)
  await expect(page).toHaveURL('/customer')
  // The key's handler is attached once the page has hydrated (a key pressed before: seen once in CI).
  await page.waitForLoadState('networkidle')
  await page.keyboard.press('PrintScreen')
  await expect(page.getByRole('alert').filter({ hasText: 'Could not capture screenshot.' })).toBeVisible()
})
