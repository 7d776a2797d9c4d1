/**
 * The enforced CSP against the portal's own scripts (docs/security.md, Headers): they run
 * only with JavaScript, so the no-js project leaves this file out (playwright.config.ts,
 * `*.js-only.spec.ts`). The headers themselves are checked both ways in security-headers.spec.ts.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './support/test'

/** What the page logs as an error and every CSP refusal, collected from before its first script. */
async function refusalsOf(page: Page): Promise<string[]> {
  const refused: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(`console: ${message.text()}`)
  })
  await page.exposeFunction('reportViolation', (violation: string) => refused.push(`CSP: ${violation}`))
  await page.addInitScript(() => {
    const report = (window as unknown as { reportViolation: (violation: string) => void }).reportViolation
    document.addEventListener('securitypolicyviolation', (event) =>
      report(`${event.violatedDirective} ${event.blockedURI}`),
    )
  })
  return refused
}

test.describe('the enforced CSP', () => {
  // A kept public page (server/page-cache.ts) allows its inline scripts by their hashes: the
  // first visit renders it, the second is served kept; both must run every script.
  test('a kept public page runs its scripts without a refusal, first visit and kept', async ({ page }) => {
    const refused = await refusalsOf(page)
    for (const path of ['/terms-of-use', '/terms-of-use']) {
      const response = await page.goto(path)
      expect(['miss', 'hit']).toContain(response!.headers()['x-page-cache'])
      // The inline frame guard ran (it marks the page), and the app took over: a link goes
      // by the client router, which asks for the next page's data only.
      await expect(page.locator('html')).toContainClass('js')
      const byClientRouter = page.waitForRequest((request) => request.url().includes('/privacy-notice.data'))
      await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Privacy Notice' }).click()
      await byClientRouter
      await expect(page).toHaveURL(/\/privacy-notice$/)
    }
    expect(refused).toEqual([])
  })

  // The form pages load their schema after the page runs (use-schema-form.ts); zod must
  // not try `new Function`, which the CSP refuses (a report on every form page before).
  for (const path of ['/register', '/forgot-password', '/login']) {
    test(`${path} runs its scripts and its field checks without a refusal`, async ({ page }) => {
      const refused = await refusalsOf(page)
      await page.goto(path)
      // A message on leaving the field comes only from the schema checked in the browser,
      // which arrives after the page runs: leave the field again until it is there.
      const email = page.getByLabel('Email address')
      await expect(async () => {
        await email.fill('not-an-email')
        await email.blur()
        await expect(page.getByText('Invalid email format')).toBeVisible({ timeout: 1_000 })
      }).toPass()
      expect(refused).toEqual([])
    })
  }
})
