import { expect, test } from './support/test'
import { acceptCookiesBeforehand } from './support/visitor'
import { draftWithPlan, savePersonalDetails } from './support/apply'
import { person } from './support/check-availability'

// spec 2: '/' and its aliases show the landing page, with content from the cms service.

test.beforeEach(async ({ page }) => {
  await acceptCookiesBeforehand(page)
})

test('the landing page shows the seeded banner, entry price and application stages', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'Fibre internet for every Filipino home' })).toBeVisible()
  await expect(page.getByText('Plans from ₱888.00 a month', { exact: true })).toBeVisible()
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

// spec 2: /ApplyNow is a prefix route; the hero's, the five steps' and the banner's Apply Now
// lead there, and it resumes the application where this visitor left it (issue 33).
test("the hero's Apply Now starts the application at the check, then resumes it at the next step", async ({ page }) => {
  await page.goto('/')
  const hero = page.getByRole('main').getByRole('link', { name: 'Apply Now', exact: true }).first()
  await expect(hero).toHaveAttribute('href', '/ApplyNow')
  await hero.click()
  await expect(page).toHaveURL('/CheckAvailability')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  // A serviceable address and a plan: the personal details are due.
  await draftWithPlan(page, person('apply-now'))
  await page.goto('/')
  await page.locator('#apply-now').getByRole('link', { name: 'Apply Now', exact: true }).click()
  await expect(page).toHaveURL('/onboard/residential/personalDetails')
  await expect(page.getByRole('heading', { level: 1, name: 'Personal details' })).toBeVisible()

  // The details saved: the documents are next, whichever path under the prefix was asked.
  await savePersonalDetails(page)
  const response = await page.goto('/ApplyNow/residential')
  expect(response?.url()).toMatch(/\/onboard\/residential\/documents$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Upload documents' })).toBeVisible()
})

// spec 2's prefix route, /ApplyNow/*: any path under it (the old app's deep links, such as
// /ApplyNow/sme) starts a visitor with no application at the check, with JavaScript or without.
test('a deep link under /ApplyNow/ starts a new visitor at the check', async ({ page }) => {
  for (const deepLink of ['/ApplyNow/sme', '/ApplyNow/residential/step-2']) {
    await page.goto(deepLink)
    await expect(page, deepLink).toHaveURL('/CheckAvailability')
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible()
  }
})
