import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './support/test'

// Every public page passes axe's WCAG 2.1 A and AA rules, in both themes, with the cookie
// banner showing (a first visit) and on a phone-sized screen.
const PAGES = ['/', '/privacy-notice', '/cookie-policy', '/terms-and-conditions', '/terms-of-use', '/no-such-page']

for (const theme of ['light', 'dark'] as const) {
  for (const path of PAGES) {
    test(`${path} has no accessibility violations (${theme})`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 900 })
      if (theme === 'dark') {
        // The theme form's own post, as a visitor without JavaScript sends it.
        await page.request.post('/preferences', { form: { intent: 'theme', theme: 'dark', redirectTo: '/' }, maxRedirects: 0 })
      }
      await page.goto(path)
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/)
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
      const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)
      expect(summary).toEqual([])
    })
  }
}
