/**
 * The documents step (issue 10, part 2), with and without JavaScript: real JPG and PDF
 * fixtures uploaded into their categories, listed, downloaded as attachments and deleted;
 * a file over 5 MB refused with spec 5's message; and a visitor with no plan sent to /plans.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import { draftWithPlan, savePersonalDetails } from './support/apply'
import { person } from './support/check-availability'
import { acceptCookiesBeforehand } from './support/visitor'

const FIXTURES = path.join(import.meta.dirname, '../fixtures')
const PAGE = '/onboard/residential/documents'

test.beforeEach(async ({ page }) => {
  await acceptCookiesBeforehand(page)
})

async function choosePlan(page: Page, name = 'Fiber Plan 1299') {
  await page.goto('/plans')
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
    .getByRole('button', { name: `CHOOSE THIS PLAN: ${name}` })
    .click()
  await expect(page).toHaveURL('/plans/cart')
}

const section = (page: Page, heading: string) => page.getByRole('region', { name: heading })

test('without a plan the step sends the visitor to the plans', async ({ page }) => {
  await page.goto(PAGE)
  await expect(page).toHaveURL('/plans')
  await expect(page.getByText('Please choose a plan first.')).toBeVisible()
})

test('uploads a real JPG and PDF, lists, downloads and deletes them', async ({ page }) => {
  // A whole draft (address, plan, personal details): Continue leads on to the appointment.
  await draftWithPlan(page, person('documents'))
  await savePersonalDetails(page)
  await page.goto(PAGE)
  await expect(page.getByRole('heading', { level: 1, name: 'Upload documents' })).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Application steps' }).locator('[aria-current="step"]'),
  ).toContainText('Upload documents')

  const id = section(page, 'Valid government-issued ID')
  await id
    .getByLabel('Choose files: Valid government-issued ID')
    .setInputFiles(path.join(FIXTURES, 'government-id.jpg'))
  await id.getByRole('button', { name: 'Upload' }).click()
  await expect(id.getByRole('link', { name: 'Download government-id.jpg' })).toBeVisible()
  await expect(page.getByText('Your document was uploaded.')).toBeVisible()

  const bill = section(page, 'Proof of billing')
  await bill.getByLabel('Choose files: Proof of billing').setInputFiles(path.join(FIXTURES, 'proof-of-billing.pdf'))
  await bill.getByRole('button', { name: 'Upload' }).click()
  await expect(bill.getByRole('link', { name: 'Download proof-of-billing.pdf' })).toBeVisible()
  await expect(page.getByTestId('file-count')).toHaveText('2 of 12 files uploaded')

  const download = page.waitForEvent('download')
  await id.getByRole('link', { name: 'Download government-id.jpg' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe('government-id.jpg')
  expect(fs.readFileSync(await file.path()).equals(fs.readFileSync(path.join(FIXTURES, 'government-id.jpg')))).toBe(
    true,
  )

  await bill.getByRole('button', { name: 'Delete proof-of-billing.pdf' }).click()
  await expect(bill.getByRole('link', { name: 'Download proof-of-billing.pdf' })).toHaveCount(0)
  await expect(page.getByTestId('file-count')).toHaveText('1 of 12 files uploaded')

  // Below 2,500 a month the ID is all that is required: on to the appointment.
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL('/onboard/residential/appointment')
})

test('refuses a file over 5 MB with the spec’s message, and keeps nothing', async ({ page }) => {
  await choosePlan(page)
  await page.goto(PAGE)
  const big = Buffer.concat([
    fs.readFileSync(path.join(FIXTURES, 'proof-of-billing.pdf')),
    Buffer.alloc(5 * 1024 * 1024 + 1 - 597, 32),
  ])
  const bill = section(page, 'Proof of billing')
  await bill
    .getByLabel('Choose files: Proof of billing')
    .setInputFiles({ name: 'big-bill.pdf', mimeType: 'application/pdf', buffer: big })
  await bill.getByRole('button', { name: 'Upload' }).click()
  await expect(bill.getByText('big-bill.pdf: File size exceeds the limit.(Not more than 5MB)')).toBeVisible()
  await expect(page.getByTestId('file-count')).toHaveText('0 of 12 files uploaded')
})
