/**
 * issue 12: paying a bill, with and without JavaScript, in the sandbox gateway (it speaks
 * PayMongo's protocol: the hosted page's buttons pay, fail or cancel). A customer pays the
 * amount due by card and sees it posted in bill history; a guest pays by e-wallet with an
 * account number, seeing a masked name only; a failed e-wallet payment offers other
 * channels; a customer cannot pay into, or read a payment of, an account not theirs.
 *
 * Each run pays into accounts of its own (services/accounts/seed.ts): the JS and no-JS runs
 * share this portal, and a payment changes what is due.
 */
import type { TestInfo } from '@playwright/test'
import { DEMO, signIn } from './support/account'
import { expect, test } from './support/test'
import { expectSettled } from './support/payments'
import { acceptCookiesBeforehand } from './support/visitor'

const PAYERS = {
  js: {
    customer: { email: 'customer3@example.com', password: DEMO.customer.password },
    account: '1000000000007',
    holder: 'ELENA CRUZ',
    due: '₱1,299.00',
    guestAccount: '1000000000009',
    guestHolder: 'TERESA AQUINO',
  },
  'no-js': {
    customer: { email: 'customer4@example.com', password: DEMO.customer.password },
    account: '1000000000008',
    holder: 'RAMON VILLANUEVA',
    due: '₱1,299.00',
    guestAccount: '1000000000010',
    guestHolder: 'DANILO RAMOS',
  },
} as const

const payerOf = (testInfo: TestInfo) => PAYERS[testInfo.project.name as keyof typeof PAYERS]

test.beforeEach(async ({ page }) => {
  await acceptCookiesBeforehand(page)
})

test('a customer pays the amount due by card and sees it posted in bill history', async ({ page }, testInfo) => {
  const payer = payerOf(testInfo)
  await signIn(page, payer.customer)
  await page.goto(`/customer/bill-history?account=${payer.account}`)
  await expect(page.getByTestId('amount-due-value')).toHaveText(payer.due)
  await page.getByTestId('amount-due').getByRole('link', { name: 'PAY' }).click()
  await expect(page).toHaveURL(`/customer/bill-history/pay/${payer.account}`)
  await expect(page.getByTestId('pay-account')).toContainText(payer.holder)
  await expect(page.getByLabel('Amount to pay')).toHaveValue('1299.00')

  // Nothing chosen: the server's message beside the choice, the amount kept (without
  // JavaScript the browser's own check of the required choice stops the form first).
  if (testInfo.project.name === 'js') {
    await page.getByRole('button', { name: 'REVIEW PAYMENT' }).click()
    await expect(page.getByText('Choose how you would like to pay.')).toBeVisible()
    await expect(page.getByLabel('Amount to pay')).toHaveValue('1299.00')
  }

  await page.getByLabel('Visa, MasterCard, JCB').check()
  await page.getByRole('button', { name: 'REVIEW PAYMENT' }).click()
  await expect(page.getByTestId('pay-total')).toHaveText('₱1,299.00')
  await page.getByRole('button', { name: 'PAY ₱1,299.00' }).click()

  // The sandbox's hosted page, then back to the portal's return page.
  await page.getByRole('button', { name: 'Pay ₱1,299.00 with Card' }).click()
  await expect(page).toHaveURL(/\/customer\/payment-success\/[0-9a-f-]{36}$/)
  await expectSettled(page, 'posted')
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible()
  const timeline = page.getByTestId('payment-timeline')
  await expect(timeline).toContainText('Payment started')
  await expect(timeline).toContainText('Posted to your account')

  await page.getByRole('link', { name: 'BACK TO BILL HISTORY' }).click()
  await page.goto(`/customer/bill-history?account=${payer.account}`)
  await expect(page.getByTestId('amount-due-value')).toHaveText('₱0.00')
  const payments = page.getByTestId('payments-list')
  await expect(payments.getByTestId('payment-status').first()).toHaveText('Posted')
  await payments.locator('summary').first().click()
  await expect(payments.getByTestId('payment-timeline').first()).toContainText('Receipt emailed')
  // The billing system's history is no longer empty (spec 8: it fills from the first payment).
  await expect(page.getByTestId('bill-history')).toBeVisible()
})

test('a guest pays by e-wallet with an account number and sees only a masked name', async ({ page }, testInfo) => {
  const payer = payerOf(testInfo)
  await page.goto('/payBill')
  await page.getByLabel('Account number').fill('12345')
  await page.getByRole('button', { name: 'CONTINUE' }).click()
  await expect(page.getByText('An account number is 13 digits.')).toBeVisible()
  await expect(page.getByLabel('Account number')).toHaveValue('12345')

  await page.getByLabel('Account number').fill(payer.guestAccount)
  await page.getByRole('button', { name: 'CONTINUE' }).click()
  await expect(page).toHaveURL(`/payment/${payer.guestAccount}`)
  const account = page.getByTestId('pay-account')
  await expect(account).toContainText(/[A-Z]\*+ [A-Z]\*+/)
  await expect(page.getByText(payer.guestHolder)).toHaveCount(0)
  await expect(page.getByText(/Due date/)).toHaveCount(0)

  // Too little: the message beside the amount, as typed.
  await page.getByLabel('Amount to pay').fill('5')
  await page.getByLabel('GCash').check()
  await page.getByRole('button', { name: 'REVIEW PAYMENT' }).click()
  await expect(page.getByText('The smallest payment is ₱20.00.')).toBeVisible()
  await expect(page.getByLabel('Amount to pay')).toHaveValue('5')

  await page.getByLabel('Amount to pay').fill('100')
  await page.getByLabel('GCash').check()
  await page.getByRole('button', { name: 'REVIEW PAYMENT' }).click()
  await expect(page.getByTestId('pay-total')).toHaveText('₱100.00')
  await page.getByRole('button', { name: 'PAY ₱100.00' }).click()
  await page.getByRole('button', { name: 'Pay ₱100.00 with GCash' }).click()
  await expect(page).toHaveURL(new RegExp(`/payment/${payer.guestAccount}/[0-9a-f-]{36}$`))
  await expectSettled(page, 'posted')
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible()
  const paymentUrl = page.url()

  // DONE: this browser forgets the payment (a shared browser keeps nothing).
  await page.getByRole('button', { name: 'DONE' }).click()
  await expect(page).toHaveURL('/payBill')
  await page.goto(paymentUrl)
  await expect(page.getByText('This browser no longer holds that payment.')).toBeVisible()
  await expect(page.getByTestId('payment-state')).toHaveCount(0)
})

test('internet banking shows its service charge before paying', async ({ page }, testInfo) => {
  const payer = payerOf(testInfo)
  await page.goto(`/payment/${payer.guestAccount}`)
  await expect(page.getByText('A service charge of ₱15.00 is added to the amount you pay.')).toBeVisible()
  await page.getByLabel('Amount to pay').fill('200')
  await page.getByLabel('Online banking (BPI, UnionBank)').check()
  await page.getByRole('button', { name: 'REVIEW PAYMENT' }).click()
  const review = page.getByTestId('pay-review')
  await expect(review).toContainText('₱15.00')
  await expect(page.getByTestId('pay-total')).toHaveText('₱215.00')
  // CHANGE goes back to the form as it was.
  await page.getByRole('button', { name: 'CHANGE' }).click()
  await expect(page.getByLabel('Amount to pay')).toHaveValue('200')
  await expect(page.getByLabel('Online banking (BPI, UnionBank)')).toBeChecked()
})

test('a failed e-wallet payment says so and offers the other channels', async ({ page }, testInfo) => {
  const payer = payerOf(testInfo)
  await page.goto(`/payment/${payer.guestAccount}`)
  await page.getByLabel('Amount to pay').fill('150')
  await page.getByLabel('Maya').check()
  await page.getByRole('button', { name: 'REVIEW PAYMENT' }).click()
  await page.getByRole('button', { name: 'PAY ₱150.00' }).click()
  await page.getByRole('button', { name: 'Fail the Maya payment' }).click()
  await expect(page).toHaveURL(new RegExp(`/payment/${payer.guestAccount}/[0-9a-f-]{36}\\?outcome=failed$`))
  const alert = page.getByRole('alert').filter({ hasText: 'Unable to process payment!' })
  await expect(alert).toContainText('Please try other payment channels.')
  await alert.getByRole('link', { name: 'TRY ANOTHER CHANNEL' }).click()
  await expect(page).toHaveURL(`/payment/${payer.guestAccount}`)
  await expect(page.getByRole('radiogroup', { name: 'How would you like to pay?' })).toBeVisible()
})

test('a customer’s failed e-wallet payment comes back to /customer/payment-failed with the other channels', async ({
  page,
}, testInfo) => {
  const payer = payerOf(testInfo)
  await signIn(page, payer.customer)
  await page.goto(`/customer/bill-history/pay/${payer.account}`)
  await page.getByLabel('Amount to pay').fill('100')
  await page.getByLabel('GCash').check()
  await page.getByRole('button', { name: 'REVIEW PAYMENT' }).click()
  await page.getByRole('button', { name: 'PAY ₱100.00' }).click()
  await page.getByRole('button', { name: 'Fail the GCash payment' }).click()
  await expect(page).toHaveURL(/\/customer\/payment-failed\?payment=[0-9a-f-]{36}$/)
  const alert = page.getByRole('alert').filter({ hasText: 'Unable to process payment!' })
  await expect(alert).toContainText('Please try other payment channels.')
  await alert.getByRole('link', { name: 'TRY ANOTHER CHANNEL' }).click()
  await expect(page).toHaveURL(`/customer/bill-history/pay/${payer.account}`)
  // Without a payment named, the page still says so and asks nothing upstream.
  await page.goto('/customer/payment-failed')
  await expect(page.getByRole('alert')).toContainText('Unable to process payment!')
})

test('a customer cannot pay into, or read a payment of, an account not theirs', async ({ page }, testInfo) => {
  const payer = payerOf(testInfo)
  // A guest's payment into another account, started in this browser.
  await page.goto(`/payment/${payer.guestAccount}`)
  await page.getByLabel('Amount to pay').fill('50')
  await page.getByLabel('GrabPay').check()
  await page.getByRole('button', { name: 'REVIEW PAYMENT' }).click()
  await page.getByRole('button', { name: 'PAY ₱50.00' }).click()
  await expect(page.getByRole('button', { name: 'Cancel payment' })).toBeVisible()
  await page.getByRole('button', { name: 'Cancel payment' }).click()
  const guestPayment = /\/payment\/\d{13}\/([0-9a-f-]{36})/.exec(page.url())![1]!

  await signIn(page, payer.customer)
  const refused = await page.goto(`/customer/bill-history/pay/${payer.guestAccount}`)
  expect(refused?.status()).toBe(403)
  await expect(page.getByRole('alert')).toHaveText('Sorry, you are not authorized for the selected action.')
  await expect(page.getByText(payer.guestHolder)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'REVIEW PAYMENT' })).toHaveCount(0)

  // The form's post refused the same, whatever the page showed.
  const posted = await page.request.post(`/customer/bill-history/pay/${payer.guestAccount}`, {
    form: { amount: '50', channel: 'E-WALLETS|gcash', intent: 'pay', submissionKey: 'abcdefgh12345678' },
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  })
  expect(posted.status()).toBe(403)

  const other = await page.goto(`/customer/payment-success/${guestPayment}`)
  expect(other?.status()).toBe(404)
  await expect(page.getByText(payer.guestAccount)).toHaveCount(0)
})
