/**
 * No draft lost to the clock (issue 38, item 6), in the browser from the front door: every flow
 * page says until when what the visitor entered is kept, with JavaScript or without; with it,
 * 10 minutes before the end a panel offers Continue, which keeps the draft 4 more hours, and a
 * page left open past the end says so. The browser's clock is moved (Playwright's clock), not
 * waited for. What an ended draft does on the server is in link-expiry.spec.ts (the services'
 * clock moved) and server/draft-expiry.integration.test.ts.
 */
import { completeStepOne, detailsField, fillDetails, person } from './support/check-availability'
import { expect, test } from './support/test'
import { acceptCookiesBeforehand } from './support/visitor'

test.beforeEach(async ({ page }) => {
  await acceptCookiesBeforehand(page)
})

const KEPT_UNTIL = /We keep what you have entered until \d{2}:\d{2} [AP]M, 4 hours after your last change\./

test('the check from the front door says until when the details are kept', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('main').getByRole('link', { name: 'Check Availability' }).first().click()
  await expect(page).toHaveURL('/CheckAvailability')
  // Nothing entered yet: nothing to keep.
  await expect(page.getByText(KEPT_UNTIL)).toHaveCount(0)
  await fillDetails(page, person('kept-until'))
  await detailsField.consent(page).check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('combobox', { name: 'Region' })).toBeVisible()
  await expect(page.getByText(KEPT_UNTIL)).toBeVisible()
})

test('10 minutes before the end, Continue keeps the details 4 more hours; past the end, the page says so', async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, 'the warning is the page’s script; without it the page states the end')
  await page.clock.install()
  await completeStepOne(page, person('continue'))
  // Hydrated: the page counts from the time left it was given, from now on.
  await page.waitForLoadState('networkidle')
  const warning = page.getByRole('alertdialog', { name: 'Do you need more time?' })
  await expect(warning).toHaveCount(0)

  await page.clock.fastForward('03:51:00')
  await expect(warning).toBeVisible()
  await expect(warning).toContainText('Select Continue to keep it for another 4 hours.')
  const continueButton = warning.getByRole('button', { name: 'Continue' })
  await expect(continueButton).toBeFocused()
  const kept = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname.startsWith('/draft/extend') && response.request().method() === 'POST',
  )
  await continueButton.click()
  expect((await kept).status()).toBe(200)
  await expect(warning).toHaveCount(0)
  // Still on step 2 with the choices, and the end is said again.
  await expect(page.getByRole('combobox', { name: 'Region' })).toBeVisible()
  await expect(page.getByText(KEPT_UNTIL)).toBeVisible()

  // Left open past the end: the page says what happened and offers a way on.
  await page.clock.fastForward('04:01:00')
  const ended = page.getByRole('alert').filter({ hasText: 'What you had entered was cleared' })
  await expect(ended).toBeVisible()
  await expect(ended.getByRole('link', { name: 'Start again' })).toBeVisible()
})
