/**
 * issue 12: an over-the-counter payment, with and without JavaScript. A guest gets a payment
 * reference with its instructions (the printable slip); the counter's report, the
 * operator's posting call, posts it, and the guest's page then shows it received. On the
 * project's portal with an operator (support/clock.ts): the main portal has no back office.
 */
import { test } from './support/clock'
import { expect } from './support/test'
import { acceptCookiesBeforehand } from './support/visitor'

const GUEST_ACCOUNT = { js: '1000000000009', 'no-js': '1000000000010' } as const

test('an over-the-counter reference is issued, and posting it shows the payment received', async ({
  page,
  operator,
}, testInfo) => {
  const accountNumber = GUEST_ACCOUNT[testInfo.project.name as keyof typeof GUEST_ACCOUNT]
  await acceptCookiesBeforehand(page)
  await page.goto(`/payment/${accountNumber}`)
  await page.getByLabel('Amount to pay').fill('888')
  await page.getByLabel('BDO').check()
  await page.getByRole('button', { name: 'REVIEW PAYMENT' }).click()
  await expect(page.getByTestId('pay-total')).toHaveText('₱888.00')
  await page.getByRole('button', { name: 'GET A PAYMENT REFERENCE' }).click()

  await expect(page).toHaveURL(new RegExp(`/payment/${accountNumber}/[0-9a-f-]{36}$`))
  await expect(page.getByRole('heading', { name: 'Your payment reference' })).toBeVisible()
  const slip = page.getByTestId('payment-slip')
  await expect(slip).toContainText('Pay exactly ₱888.00')
  const reference = (await page.getByTestId('payment-reference').textContent())!.trim()
  expect(reference).toMatch(/^PAY-[A-Z0-9]{10}$/)
  await expect(page.getByTestId('payment-state')).toHaveAttribute('data-status', 'awaiting_payment')

  await operator.counterPaid(reference)
  await page.reload()
  await expect(page.getByTestId('payment-state')).toHaveAttribute('data-status', 'posted')
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible()
  await expect(page.getByTestId('payment-timeline')).toContainText('Posted to your account')
  // What is due went down by the payment: the account's whole first bill.
  await page.goto(`/payment/${accountNumber}`)
  await expect(page.getByTestId('pay-amount-due')).toHaveText('₱0.00')
})
