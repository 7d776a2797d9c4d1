import { expect, test } from './support/test'
import { acceptCookiesBeforehand } from './support/visitor'

// spec 2: '/' and its aliases show the landing page, with content from the cms service.

test.beforeEach(async ({ page }) => {
  await acceptCookiesBeforehand(page)
})

test('the landing page shows the seeded banner, entry price and application stages', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'Fibre internet for every Filipino home' })).toBeVisible()
  await expect(page.getByText('Plans from ₱888 a month', { exact: true })).toBeVisible()
  const stages = page.locator('#apply-now')
  for (const stage of ['Check availability', 'Plan', 'Personal details', 'Upload documents', 'Verify and submit']) {
    await expect(stages.getByText(stage, { exact: true })).toBeVisible()
  }
  await expect(page.getByRole('img').first()).toBeVisible()
})

test('each alias shows the landing page with its section first', async ({ page }) => {
  for (const [alias, section] of [
    ['/check-availability', 'check-availability'],
    ['/apply-now', 'apply-now'],
    ['/applicant', 'apply-now'],
    ['/pay-bill', 'pay-bill'],
    ['/paybills', 'pay-bill'],
    ['/check-status', 'check-status'],
  ] as const) {
    await test.step(alias, async () => {
      const response = await page.goto(alias)
      expect(response?.status()).toBe(200)
      await expect(
        page.getByRole('heading', { level: 1, name: 'Fibre internet for every Filipino home' }),
      ).toBeVisible()
      await expect(page.locator(`#${section}`)).toHaveAttribute('data-focused', 'true')
    })
  }
})
