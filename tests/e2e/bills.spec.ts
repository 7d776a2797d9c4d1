/**
 * issue 11 item 3, spec 2 /customer/bill-history: as customer@example.com (accounts
 * 1000000000001 and -002, the active one -002, whose bill history is still empty), switch to
 * -001, see its bill history and the chart of the last 12 bills, download a statement for a
 * month (a PDF with the account number inside), and be refused another customer's account.
 * With and without JavaScript.
 */
import fs from 'node:fs'
import { pdfText } from '../support/pdf-text'
import { DEMO, signIn } from './support/account'
import { expect, test } from './support/test'
import { acceptCookiesBeforehand } from './support/visitor'

test.beforeEach(async ({ page }) => {
  await acceptCookiesBeforehand(page)
  await signIn(page, DEMO.customer)
  await expect(page).toHaveURL('/customer')
})

test('bill history, its chart and a statement download', async ({ page }) => {
  // issue 33: the dashboard's amount due leads to bill history, of the default account (which
  // the dashboard journey may switch meanwhile: either of CARLOS's).
  const history = page.getByTestId('amount-due').getByRole('link', { name: 'Bill history and statements' })
  await expect(history).toHaveAttribute('href', '/customer/bill-history')
  await history.click()
  await expect(page.getByRole('heading', { name: 'Bill history', level: 1 })).toBeVisible()
  await expect(page.getByTestId('bill-account')).toHaveText(/^100000000000[12]$/)
  // Named, not the default: the dashboard journey switches CARLOS's default meanwhile.
  await page.goto('/customer/bill-history?account=1000000000002')
  await expect(page.getByRole('heading', { name: 'Bill history', level: 1 })).toBeVisible()
  await expect(page.getByTestId('bill-account')).toHaveText('1000000000002')
  await expect(page.getByTestId('amount-due-value')).toHaveText('₱1,799.00')
  await expect(page.getByText('Your bill history will show here after your first payment.')).toBeVisible()

  await page.getByLabel('Account number').selectOption('1000000000001')
  await page.getByRole('button', { name: 'SHOW' }).click()
  await expect(page).toHaveURL('/customer/bill-history?account=1000000000001')
  await expect(page.getByTestId('bill-account')).toHaveText('1000000000001')
  await expect(page.getByTestId('amount-due').getByRole('link', { name: 'PAY' })).toHaveAttribute(
    'href',
    '/customer/bill-history/pay/1000000000001',
  )
  await expect(page.getByRole('img', { name: /^Your last 12 bills:/ })).toBeVisible()
  await expect(page.getByTestId('bill-chart').locator('rect')).toHaveCount(12)
  await expect(page.getByTestId('bill-history').locator('tbody th[scope="row"]')).toHaveCount(14)
  // A credit is a negative line of its bill, said under it (issue 37; the seeded outage credit).
  await expect(page.getByTestId('bill-credits')).toHaveText('Credit: Service credit: outage on your area, ₱226.50 off.')

  // The second newest month: a paid bill.
  const month = page.getByLabel('Statement month')
  const value = await month.locator('option').nth(1).getAttribute('value')
  await month.selectOption(value!)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'DOWNLOAD STATEMENT' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`hibla-statement-1000000000001-${value}.pdf`)
  const pdf = fs.readFileSync((await download.path())!)
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  expect(pdfText(pdf)).toContain('1000000000001')
})

test('another customer’s account is refused', async ({ page }) => {
  const response = await page.goto('/customer/bill-history?account=1000000000003')
  expect(response?.status()).toBe(403)
  await expect(
    page.getByRole('alert').filter({ hasText: 'Sorry, you are not authorized for the selected action.' }),
  ).toBeVisible()
  await expect(page.getByTestId('amount-due')).toHaveCount(0)
  await expect(page.getByTestId('bill-history')).toHaveCount(0)
  await expect(page.getByText('LIZA')).toHaveCount(0)

  // The statement route the same: back to the refusal, no download.
  await page.goto('/customer/bill-history/statement?account=1000000000003&month=2025-01')
  await expect(page).toHaveURL('/customer/bill-history?account=1000000000003')
  await expect(page.getByTestId('bill-refused')).toBeVisible()
})
