import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

// Every public page passes axe's WCAG 2.1 A and AA rules, in both themes, with the cookie
// banner showing (a first visit) and on a phone-sized screen. /dev/ui shows every part of
// the UI kit, and with ?dialog=open its dialog, as the server renders it open.
const PAGES = ['/', '/privacy-notice', '/cookie-policy', '/terms-and-conditions', '/terms-of-use', '/no-such-page', '/dev/ui', '/dev/ui?dialog=open']

async function openInTheme(page: Page, path: string, theme: 'light' | 'dark') {
  await page.setViewportSize({ width: 390, height: 900 })
  if (theme === 'dark') {
    // The theme form's own post, as a visitor without JavaScript sends it.
    await page.request.post('/preferences', { form: { intent: 'theme', theme: 'dark', redirectTo: '/' }, maxRedirects: 0 })
  }
  await page.goto(path)
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/)
}

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)
  expect(summary).toEqual([])
}

for (const theme of ['light', 'dark'] as const) {
  for (const path of PAGES) {
    test(`${path} has no accessibility violations (${theme})`, async ({ page }) => {
      await openInTheme(page, path, theme)
      await expectNoViolations(page)
    })
  }

  test(`/dev/ui with every field's error from the server has no accessibility violations (${theme})`, async ({ page }) => {
    await openInTheme(page, '/dev/ui', theme)
    await page.getByRole('region', { name: 'Form fields' }).getByRole('button', { name: 'SUBMIT' }).click()
    await expect(page.getByText('Tick the box to go on')).toBeVisible()
    await expectNoViolations(page)
  })
}
