/** What the /dev/ui journeys share: its form and map regions, and a complete form. */
import type { Page } from '@playwright/test'

export const form = (page: Page) => page.getByRole('region', { name: 'Form fields' })
export const map = (page: Page) => page.getByRole('region', { name: 'Map of the installation address' })

export async function fillCompleteForm(page: Page) {
  await page.getByLabel('Full name').fill('Ana Santos')
  await page.getByLabel('Province').selectOption('Metro Manila')
  await page.getByRole('radio', { name: 'Condominium' }).check()
  await page.getByLabel('I have read the Terms and Conditions').check()
  await page
    .getByLabel('Proof of billing')
    .setInputFiles({ name: 'bill.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(200_000, 'x') })
}
