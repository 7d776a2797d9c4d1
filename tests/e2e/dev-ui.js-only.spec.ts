/**
 * /dev/ui with JavaScript only (the no-js project leaves out `*.js-only.spec.ts`): the
 * dialog's focus trap and Escape, Leaflet under the CSP, and uploads with a progress bar.
 */
import { expect, test } from './support/test'
import { acceptCookiesBeforehand } from './support/visitor'
import { fillCompleteForm, form, map } from './support/dev-ui'

test.beforeEach(async ({ page }) => {
  await acceptCookiesBeforehand(page)
})

test.describe('with JavaScript', () => {
  test('the dialog keeps focus inside and closes with Escape, to where Close leads', async ({ page }) => {
    await page.goto('/dev/ui?dialog=open')
    const dialog = page.getByRole('dialog', { name: 'Confirm your location' })
    // Once the page runs, the server's dialog is made modal in place (app/ui/dialog.tsx).
    await expect(dialog).toHaveAttribute('aria-modal', 'true')
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    expect(new URL(page.url()).search).toBe('')
  })

  test('the map loads under the CSP (no image or style refused), and dragging the pin moves the posted position', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { cspViolations: string[] }).cspViolations = [])
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      )
    })
    await page.goto('/dev/ui')
    const pin = map(page).getByRole('button', { name: 'Installation address pin' })
    await expect(pin).toBeVisible()
    await map(page).scrollIntoViewIfNeeded()
    const box = (await pin.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height - 2)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height + 40, { steps: 8 })
    await page.mouse.up()
    await expect(page.locator('input[name="latitude"]')).not.toHaveValue('14.5995')
    await expect(page.locator('input[name="longitude"]')).not.toHaveValue('120.9842')
    const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)
    expect(violations.filter((violation) => /^(img|style)-src/.test(violation))).toEqual([])
  })

  test('an upload shows a progress bar per file, then the page the server answered', async ({ page }) => {
    await page.goto('/dev/ui')
    await fillCompleteForm(page)
    // Hold the upload's answer so the bar can be seen. One promise made beforehand: the bar
    // can show before the request reaches this handler, and a release then must not be lost.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/dev/ui', async (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      await held
      await route.continue()
    })
    await form(page).getByRole('button', { name: 'SUBMIT' }).click()
    await expect(page.getByRole('progressbar', { name: 'Uploading bill.pdf' })).toBeVisible()
    release()
    await expect(page.getByText('The form passed the server’s checks: bill.pdf (200000 bytes)')).toBeVisible()
  })
})
