/**
 * spec 4: "Page-unload warning while user data is entered and no referral is active." The
 * browser's own dialog, for a link inside the portal too (issue 33). Without JavaScript
 * there is nothing to warn with: the page's form is all there is.
 */
import { detailsField } from './support/check-availability'
import { expect, test } from './support/test'
import { acceptCookiesBeforehand } from './support/visitor'

// A slow phone too (the CPU 8 times slower): there the form's checks arrive after the typing
// and check the fields by a submit of their own, which must not count as sending the form.
for (const slowdown of [1, 8]) {
  test(`leaving step 1 with details typed asks first; staying keeps them, leaving goes (CPU ${slowdown}x slower)`, async ({
    page,
  }) => {
    if (slowdown > 1) {
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown })
    }
    await acceptCookiesBeforehand(page)
    await page.goto('/CheckAvailability')
    // Hydrated: Continue waits for the details and the consent. On the slowed CPU hydration
    // takes its time (seen past 5 s on a busy CI machine): a wait, not a speed check.
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled({ timeout: 5_000 * slowdown })
    // A tap, then typing (the browser asks only on a page the person has used).
    await detailsField.firstName(page).click()
    await detailsField.firstName(page).pressSequentially('Liza')
    const plans = page.getByRole('banner').getByRole('link', { name: 'PLANS' })

    const asked: string[] = []
    page.once('dialog', (dialog) => {
      asked.push(dialog.type())
      void dialog.dismiss()
    })
    await plans.click()
    await expect.poll(() => asked).toEqual(['beforeunload'])
    await expect(page).toHaveURL('/CheckAvailability')
    await expect(detailsField.firstName(page)).toHaveValue(/liza/i)

    page.once('dialog', (dialog) => void dialog.accept())
    await plans.click()
    await expect(page).toHaveURL('/plans')
  })
}

test('a page with nothing typed is left without a question', async ({ page }) => {
  await acceptCookiesBeforehand(page)
  await page.goto('/CheckAvailability')
  // Hydrated: Continue waits for the details and the consent.
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled()
  page.on('dialog', (dialog) => {
    throw new Error(`unexpected ${dialog.type()} dialog`)
  })
  await page.getByRole('banner').getByRole('link', { name: 'PLANS' }).click()
  await expect(page).toHaveURL('/plans')
})
