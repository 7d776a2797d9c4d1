import { expect, test } from './support/test'
import { acceptCookiesBeforehand } from './support/visitor'

// spec 2, Shell. Listed here rather than imported from footer.tsx: that module pulls in
// the React Router root (CSS imports) which Playwright's loader cannot read, and the spec is
// what the test holds the page to.
const FOOTER_BUTTONS = [
  { label: 'Plans', to: '/plans' },
  { label: 'Check Availability', to: '/CheckAvailability' },
  { label: 'Pay Here', to: '/pay-bill' },
  { label: 'Help & Support', to: '/help' },
  { label: 'Apply Now', to: '/apply-now' },
]
const LEGAL_LINKS = [
  { label: 'Privacy Notice', to: '/privacy-notice' },
  { label: 'Terms & Conditions', to: '/terms-and-conditions' },
  { label: 'Cookies Policy', to: '/cookie-policy' },
  { label: 'Terms of Use', to: '/terms-of-use' },
]

test.describe('footer', () => {
  test.beforeEach(async ({ page }) => {
    await acceptCookiesBeforehand(page)
  })

  // One visit per link, in one test: each starts again from the landing page.
  test('each button goes to its page', async ({ page }) => {
    for (const { label, to } of FOOTER_BUTTONS) {
      await test.step(`${label} goes to ${to}`, async () => {
        await page.goto('/')
        await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: label, exact: true }).click()
        await expect(page).toHaveURL(to)
      })
    }
  })

  test('each legal link goes to its page', async ({ page }) => {
    for (const { label, to } of LEGAL_LINKS) {
      await test.step(`${label} goes to ${to}`, async () => {
        await page.goto('/')
        await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: label, exact: true }).click()
        await expect(page).toHaveURL(to)
      })
    }
  })

  test('the copyright shows the current year, and the version label shows on a wide screen', async ({ page }) => {
    await page.goto('/')
    const year = new Date().getFullYear()
    await expect(page.getByRole('contentinfo').getByText(`© ${year} Hibla. All rights reserved.`)).toBeVisible()
    await expect(page.getByRole('contentinfo').getByText('Version 2.3.1')).toBeVisible()
  })
})

test.describe('footer on a small screen', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the version label is hidden at 390px', async ({ page }) => {
    await page.goto('/')
    const version = page.getByRole('contentinfo').getByText('Version 2.3.1')
    await expect(version).toBeAttached()
    await expect(version).toBeHidden()
  })
})
