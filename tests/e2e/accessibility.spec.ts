import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import { DEMO, logIn } from './support/account'

// Every page passes axe's WCAG 2.1 A and AA rules, in both themes, with the cookie banner
// showing (a first visit), on a phone-sized screen and on a wide one (where the header's
// own links show): the public pages, the sign-in and registration pages, and each signed-in
// user's pages. /dev/ui shows every part of the UI kit, and with ?dialog=open its dialog, as
// the server renders it open.
const PAGES = [
  '/',
  '/privacy-notice',
  '/cookie-policy',
  '/terms-and-conditions',
  '/terms-of-use',
  '/no-such-page',
  '/register',
  '/forgot-password',
  '/login',
  '/CheckAvailability',
  '/dev/ui',
  '/dev/ui?dialog=open',
]

const SIGNED_IN_PAGES = [
  { user: 'customer', paths: ['/customer', '/get-started'] },
  { user: 'applicant', paths: ['/get-started'] },
  { user: 'agent', paths: ['/sales'] },
] as const

async function chooseTheme(page: Page, theme: 'light' | 'dark') {
  if (theme === 'dark') {
    // The theme form's own post, as a visitor without JavaScript sends it.
    await page.request.post('/preferences', {
      form: { intent: 'theme', theme: 'dark', redirectTo: '/' },
      maxRedirects: 0,
    })
  }
}

async function expectNoViolations(page: Page, theme: 'light' | 'dark') {
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/)
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    const summary = results.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    )
    expect(summary, `${width} px wide`).toEqual([])
  }
}

for (const theme of ['light', 'dark'] as const) {
  for (const path of PAGES) {
    test(`${path} has no accessibility violations (${theme})`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 900 })
      await chooseTheme(page, theme)
      await page.goto(path)
      await expectNoViolations(page, theme)
    })
  }

  for (const { user, paths } of SIGNED_IN_PAGES) {
    test(`${paths.join(' and ')} signed in as the demo ${user} have no accessibility violations (${theme})`, async ({
      page,
    }) => {
      await chooseTheme(page, theme)
      await logIn(page, DEMO[user])
      await expect(page).not.toHaveURL(/\/login/)
      for (const path of paths) {
        await page.goto(path)
        await expect(page).toHaveURL(path)
        await expectNoViolations(page, theme)
      }
    })
  }

  test(`/CheckAvailability's step 2, a building chosen and its map shown, has no accessibility violations (${theme})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 900 })
    await chooseTheme(page, theme)
    // Step 1 and a whole address, posted as the forms post them (the same cookie jar as the page).
    const post = (form: Record<string, string>) =>
      page.request.post('/CheckAvailability', { form, maxRedirects: 0 }).then((response) => {
        expect(response.status(), `POST ${form.intent}`).toBe(302)
      })
    await post({
      intent: 'details',
      firstName: 'Ana',
      lastName: 'Cruz',
      mobileNo: '9171234567',
      email: 'ana@example.net',
      checkTerms: 'on',
    })
    await post({
      intent: 'pick',
      regionId: '13',
      provinceId: '000',
      municipalityId: '80300',
      barangayId: '80300002',
      locationType: 'Building',
      placeId: 'DEMO-B-80300-1',
      latitude: '14.552968',
      longitude: '121.035477',
    })
    await page.goto('/CheckAvailability')
    await expect(page.getByRole('combobox', { name: 'Building', exact: true })).toHaveValue('DEMO-B-80300-1')
    await expect(page.getByAltText('Your home')).toBeVisible()
    await expectNoViolations(page, theme)
  })

  test(`/dev/ui with every field's error from the server has no accessibility violations (${theme})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 900 })
    await chooseTheme(page, theme)
    await page.goto('/dev/ui')
    await page.getByRole('region', { name: 'Form fields' }).getByRole('button', { name: 'SUBMIT' }).click()
    await expect(page.getByText('Tick the box to go on')).toBeVisible()
    await expectNoViolations(page, theme)
  })
}
