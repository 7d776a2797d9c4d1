/**
 * spec 2: "HELP & SUPPORT during onboarding asks: 'Your application process will be
 * interrupted while moving out of this page.'" (issue 33). With JavaScript a dialog asks;
 * without it a page does. Either way the draft on the server keeps what was saved.
 */
import { chooseAddress, completeStepOne, person } from './support/check-availability'
import { expect, test } from './support/test'
import { acceptCookiesBeforehand } from './support/visitor'

const QUESTION = 'Your application process will be interrupted while moving out of this page.'

test.beforeEach(async ({ page }) => {
  await acceptCookiesBeforehand(page)
})

test('HELP & SUPPORT during onboarding asks first; staying keeps the application, going leads to help', async ({
  page,
  javaScriptEnabled,
}) => {
  const who = person('leaving')
  await completeStepOne(page, who)
  await chooseAddress(page, javaScriptEnabled, 'Bel-Air')
  const help = page.getByRole('banner').getByRole('link', { name: 'HELP & SUPPORT' })

  if (javaScriptEnabled) {
    // NO: the dialog closes and the visitor is where they were.
    const asked: string[] = []
    page.once('dialog', (dialog) => {
      asked.push(dialog.message())
      void dialog.dismiss()
    })
    await help.click()
    await expect.poll(() => asked).toEqual([QUESTION])
    await expect(page).toHaveURL('/CheckAvailability')
    await expect(page.getByRole('combobox', { name: 'Barangay' })).toHaveValue(/.+/)
    // YES: on to help.
    page.once('dialog', (dialog) => void dialog.accept())
    await help.click()
    await expect(page).toHaveURL('/help')
  } else {
    await help.click()
    await expect(page).toHaveURL(/\/leave-application\?back=%2FCheckAvailability/)
    await expect(page.getByText(QUESTION)).toBeVisible()
    await page.getByRole('link', { name: 'BACK TO MY APPLICATION' }).click()
    await expect(page).toHaveURL('/CheckAvailability')
    // The draft kept step 2's choices.
    await expect(page.getByRole('combobox', { name: 'Barangay' })).toHaveValue(/.+/)
    await help.click()
    await page.getByRole('link', { name: 'GO TO HELP & SUPPORT' }).click()
    await expect(page).toHaveURL('/help')
  }
  // Outside onboarding, HELP & SUPPORT goes straight to help.
  await page.getByRole('banner').getByRole('link', { name: 'PLANS' }).click()
  await expect(page).toHaveURL('/plans')
  await help.click()
  await expect(page).toHaveURL('/help')
})

test("the question page's way back stays inside the portal's onboarding", async ({ page }) => {
  await page.goto('/leave-application?back=https://elsewhere.example/')
  await expect(page.getByRole('link', { name: 'BACK TO MY APPLICATION' })).toHaveAttribute('href', '/CheckAvailability')
  await page.goto('/leave-application?back=%2Fonboard%2Fresidential%2FpersonalDetails')
  await expect(page.getByRole('link', { name: 'BACK TO MY APPLICATION' })).toHaveAttribute(
    'href',
    '/onboard/residential/personalDetails',
  )
})
