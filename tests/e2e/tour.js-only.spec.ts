/**
 * The guided tour's coachmarks (spec 4; issue 11 item 8), which need JavaScript: the steps
 * follow their pages (step 2's Next to /account/subscription, step 4's to
 * /customer/bill-history), each box beside its element, and Skip Tour ends it and turns
 * the tour off for the user. As LIZA SANTOS, so no other journey's customer sees the
 * tour switched off.
 */
import { expect, test } from './support/test'
import { DEMO, signIn } from './support/account'
import { acceptCookiesBeforehand } from './support/visitor'

test('the coachmarks walk all nine steps, from the dashboard to the help videos, and End Tour ends them', async ({
  page,
}) => {
  test.slow()
  await acceptCookiesBeforehand(page)
  await signIn(page, DEMO.customer2)
  await expect(page).toHaveURL('/customer')

  await page.goto('/customer?tour=0')
  const box = page.getByTestId('tour-step')
  const step = async (title: string, n: number, target: string) => {
    await expect(box.getByRole('heading', { name: title })).toBeVisible()
    await expect(box).toContainText(`Step ${n} of 9`)
    await expect(page.locator(`[data-tour="${target}"]`)).toBeVisible()
  }
  await step('Your account', 1, 'account-info')
  await box.getByRole('button', { name: 'Next' }).click()
  await step('Modem temperature', 2, 'modem-temperature')
  await box.getByRole('button', { name: 'Next' }).click()
  await step('Signal strength', 3, 'signal-strength')
  await box.getByRole('button', { name: 'Next' }).click()

  await expect(page).toHaveURL('/account/subscription?tour=3')
  await step('Subscribed account details', 4, 'subscribed-account')
  await box.getByRole('button', { name: 'Next' }).click()
  await step('Unlink or switch account', 5, 'switch-account')
  await box.getByRole('button', { name: 'Next' }).click()

  await expect(page).toHaveURL('/customer/bill-history?tour=5')
  await step('Download a statement', 6, 'download-statement')
  await box.getByRole('button', { name: 'Next' }).click()

  // Issue 33: the seventh step is on the pay page, on its payment channels.
  await expect(page).toHaveURL(/\/customer\/bill-history\/pay\/\d{13}\?tour=6$/)
  await step('Payment channels', 7, 'payment-channels')
  await box.getByRole('button', { name: 'Next' }).click()

  await expect(page).toHaveURL('/customer/help?tour=7')
  await step('Help categories', 8, 'help-categories')
  await box.getByRole('button', { name: 'Next' }).click()
  await step('Videos', 9, 'help-videos')
  // The box goes at once; the post that turns the tour off must land before the next page.
  const ended = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/customer/tour'))
  await box.getByRole('button', { name: 'End Tour' }).click()
  await expect(box).toHaveCount(0)
  await ended

  // Ended: the dashboard no longer offers the tour to this user.
  await page.goto('/customer')
  await expect(page.getByTestId('default-account')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Start Tour', exact: false })).toHaveCount(0)
})

test('Skip Tour ends the coachmarks on any step', async ({ page }) => {
  await acceptCookiesBeforehand(page)
  await signIn(page, DEMO.customer2)
  await page.goto('/customer/bill-history?tour=5')
  const box = page.getByTestId('tour-step')
  await expect(box.getByRole('heading', { name: 'Download a statement' })).toBeVisible()
  const ended = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/customer/tour'))
  await box.getByRole('button', { name: 'Skip Tour' }).click()
  await expect(box).toHaveCount(0)
  // The post that turns the tour off was accepted (the other journey checks the dashboard after it).
  expect((await ended).status()).toBeLessThan(400)
})
