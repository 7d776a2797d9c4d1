/**
 * The enforced CSP against the portal's own scripts (docs/security.md, Headers): they run
 * only with JavaScript, so the no-js project leaves this file out (playwright.config.ts,
 * `*.js-only.spec.ts`). The headers themselves are checked both ways in security-headers.spec.ts.
 */
import { expect, test } from './support/test'

test.describe('the enforced CSP', () => {
  // The form pages load their schema after the page runs (use-schema-form.ts); zod must
  // not try `new Function`, which the CSP refuses (a report on every form page before).
  for (const path of ['/register', '/forgot-password', '/login']) {
    test(`${path} runs its scripts and its field checks without a refusal`, async ({ page }) => {
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
