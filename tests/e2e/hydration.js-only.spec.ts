/**
 * What a visitor does before a lazily hydrated screen's code has loaded counts once it
 * has (docs/decisions/0023, 0032). The screen's chunk is held back while the visitor
 * acts on the server's HTML, then let through: the hydrated screen must start from what
 * the page shows, not from what the server rendered. JavaScript only: without it there
 * is no hydration (the journeys without JavaScript cover the same forms as plain posts).
 */
import type { Page } from '@playwright/test'
import { chooseAddress, chooseLocationType, completeStepOne, detailsField, person } from './support/check-availability'
import { expect, test } from './support/test'
import { acceptCookiesBeforehand } from './support/visitor'

test.beforeEach(async ({ page }) => {
  await acceptCookiesBeforehand(page)
})

/** /CheckAvailability's screen (app/features/check-availability/screen.tsx), as the build names its chunk. */
const SCREEN_CHUNK = /\/assets\/screen-[\w-]+\.js$/

/** Holds the screen's code until the returned function is called. */
async function holdScreenCode(page: Page) {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(SCREEN_CHUNK, async (route) => {
    await released
    await route.continue()
  })
  return async () => {
    release()
    // Hydrated: the Update button is the server's, for pages without JavaScript.
    await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(0)
  }
}

test('step 1: a field left before the screen hydrated gets its message once the schema arrives', async ({ page }) => {
  const release = await holdScreenCode(page)
  await page.goto('/CheckAvailability')
  await detailsField.firstName(page).fill('Liza2')
  await detailsField.lastName(page).click()
  const hold = page.getByText('Invalid first name', { exact: true })
  await expect(hold).toHaveCount(0)
  await release()
  await expect(hold).toBeVisible()
  // Not the field that still has the focus.
  await expect(page.getByText('Please enter last name', { exact: true })).toHaveCount(0)
})

test('step 2: a subdivision chosen before the screen hydrated is the choice, and CHECK SERVICEABILITY is enabled', async ({
  page,
}) => {
  await completeStepOne(page, person('early'))
  await chooseAddress(page, true, 'San Lorenzo')
  await chooseLocationType(page, true, 'Subdivision')
  const release = await holdScreenCode(page)
  await page.reload()
  await page.getByRole('combobox', { name: 'Subdivision', exact: true }).selectOption({ label: 'Demo Makati Village' })
  await release()
  await expect(page.getByRole('combobox', { name: 'Subdivision', exact: true })).toHaveValue(/.+/)
  await expect(page.getByLabel('Latitude')).toHaveValue(/^14\.\d+/)
  await expect(page.getByRole('button', { name: 'CHECK SERVICEABILITY' })).toBeEnabled()
  // The server has it too: a reload keeps it.
  await page.unroute(SCREEN_CHUNK)
  await page.reload()
  await expect(page.getByRole('combobox', { name: 'Subdivision', exact: true })).toHaveValue(/.+/)
  await expect(page.getByRole('button', { name: 'CHECK SERVICEABILITY' })).toBeEnabled()
})

test('/dev/ui: a click on the dialog’s Close that begins before the page’s code has run still closes it', async ({
  page,
}) => {
  // The UI kit is a lazily hydrated screen (docs/decisions/0023), the dialog in it.
  const kit = /\/assets\/ui-kit-[\w-]+\.js$/
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(kit, async (route) => {
    await released
    await route.continue()
  })
  await page.goto('/dev/ui?dialog=open')
  const dialog = page.getByRole('dialog', { name: 'Confirm your location' })
  const box = await dialog.getByRole('link', { name: 'Close' }).boundingBox()
  if (!box) throw new Error('the Close link is not on screen')
  // The button goes down on the server's dialog; the page's code runs; then it comes up.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  const loaded = page.waitForResponse(kit)
  release()
  await loaded
  await page.waitForLoadState('networkidle')
  await page.mouse.up()
  await expect(dialog).toBeHidden()
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/dev/ui')
})
