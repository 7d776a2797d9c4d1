/**
 * /dev/ui, the UI kit's showcase: every part renders, the server's errors show beside
 * the fields with what was entered kept, the dialog opens from the query string and
 * closes by its link (and Escape with JavaScript), and a complete form posts, file and
 * pin position included. With and without JavaScript.
 */
import { expect, test } from './support/test'
import { acceptCookiesBeforehand } from './support/visitor'
import { fillCompleteForm, form, map } from './support/dev-ui'

test.beforeEach(async ({ page }) => {
  await acceptCookiesBeforehand(page)
})

test('shows every part of the UI kit', async ({ page, javaScriptEnabled }) => {
  await page.goto('/dev/ui')
  await expect(page.getByRole('heading', { name: 'UI kit', level: 1 })).toBeVisible()

  const steps = page.getByRole('navigation', { name: 'Application steps' })
  await expect(steps.getByRole('listitem')).toHaveCount(5)
  await expect(steps.locator('[aria-current="step"]')).toHaveText('3Your details')
  await expect(steps.getByRole('link', { name: 'Location (completed)' })).toHaveAttribute('href', '/dev/ui?step=0')

  await expect(page.getByLabel('Full name')).toBeVisible()
  await expect(page.getByLabel('Province')).toHaveValue('')
  await expect(page.getByRole('radiogroup', { name: 'Location type' }).getByRole('radio')).toHaveCount(3)
  await expect(page.getByLabel('I have read the Terms and Conditions')).not.toBeChecked()
  await expect(page.getByLabel('Proof of billing')).toHaveAttribute('type', 'file')
  await expect(page.getByText('PDF, JPG or PNG, up to 1 MB')).toBeVisible()
  await expect(page.getByRole('link', { name: 'OPEN THE DIALOG' })).toHaveAttribute('href', '/dev/ui?dialog=open')

  if (javaScriptEnabled) {
    // Leaflet arrives after the page runs; its pin is named (the tiles host is unreachable here).
    await expect(map(page).getByRole('button', { name: 'Installation address pin' })).toBeVisible()
    await expect(map(page).getByText('With JavaScript a map shows here')).toBeHidden()
  } else {
    await expect(map(page).getByText('Pin at 14.59950, 120.98420. With JavaScript a map shows here')).toBeVisible()
  }
})

test('a bad submission shows each error beside its field and keeps what was entered', async ({ page }) => {
  await page.goto('/dev/ui')
  await page.getByLabel('Full name').fill('Ana Santos')
  await page.getByLabel('Province').selectOption('Cebu')
  await form(page).getByRole('button', { name: 'SUBMIT' }).click()

  await expect(page.getByText('Select a location type')).toBeVisible()
  await expect(page.getByText('Tick the box to go on')).toBeVisible()
  await expect(page.getByText('Choose a file')).toBeVisible()
  await expect(page.getByLabel('I have read the Terms and Conditions')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Proof of billing')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('radiogroup', { name: 'Location type' })).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Full name')).toHaveValue('Ana Santos')
  await expect(page.getByLabel('Full name')).not.toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Province')).toHaveValue('cebu')
})

test('a complete form posts, with its file and the pin position', async ({ page, javaScriptEnabled }) => {
  await page.goto('/dev/ui')
  if (javaScriptEnabled) await expect(map(page).getByRole('button', { name: 'Installation address pin' })).toBeVisible()
  await fillCompleteForm(page)
  await form(page).getByRole('button', { name: 'SUBMIT' }).click()
  await expect(
    page.getByText('The form passed the server’s checks: bill.pdf (200000 bytes), the pin at 14.5995, 120.9842.'),
  ).toBeVisible()
})

test('the dialog opens from the query string and closes by its link', async ({ page }) => {
  await page.goto('/dev/ui?dialog=open')
  const dialog = page.getByRole('dialog', { name: 'Confirm your location' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('Is the pin on the map where the fibre should be installed?')
  await dialog.getByRole('link', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/dev/ui')
})

test('the dialog’s button is a form that posts', async ({ page }) => {
  await page.goto('/dev/ui?dialog=open')
  await page.getByRole('dialog', { name: 'Confirm your location' }).getByRole('button', { name: 'CONFIRM' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Location confirmed.' })).toBeVisible()
  await expect(page.getByRole('dialog')).toBeHidden()
})
