import { expect, type Page } from '@playwright/test'

/** The cookie banner (spec 2, 4): a region named by its heading. */
export const cookieBanner = (page: Page) => page.getByRole('region', { name: 'Cookies & Privacy' })

/**
 * Clicks a preference button (cookie banner, theme) and waits for the server to answer
 * the POST. With JS the banner hides before the answer arrives, so a reload right after
 * the click could race the Set-Cookie; without JS the answer is a redirect back, so
 * callers then wait for something only the new page shows before they reload.
 */
export async function submitPreference(page: Page, button: ReturnType<Page['getByRole']>) {
  const saved = page.waitForResponse(
    (response) => new URL(response.url()).pathname.startsWith('/preferences') && response.request().method() === 'POST',
  )
  await button.click()
  const response = await saved
  expect(response.status(), 'the preference POST succeeded').toBeLessThan(400)
  await page.waitForLoadState()
  return response
}

/**
 * A visitor who has already accepted cookies: the banner, fixed at the bottom of the
 * screen, would otherwise sit on top of the footer. Same cookie jar as the page.
 */
export async function acceptCookiesBeforehand(page: Page) {
  // The no-JS form's post; the redirect carries the cookie (the jar ignores it once followed).
  const response = await page.request.post('/preferences', {
    form: { intent: 'accept-cookies', redirectTo: '/' },
    maxRedirects: 0,
  })
  expect(response.status(), 'accepting cookies through /preferences').toBe(302)
}
