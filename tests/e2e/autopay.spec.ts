/**
 * issue 12, item 4: AutoPay at /customer/auto-pay, with and without JavaScript, in the
 * sandbox gateway. Set up: the gateway's page takes the card and the bank shows the small
 * amount charged; a wrong amount says so with the tries left; the right one turns AutoPay
 * on. Change card (the old one removed first, asked before), then cancel (asked before,
 * saying until when AutoPay still pays). Each run on an account of its own.
 */
import type { Page } from '@playwright/test'
import { DEMO, signIn } from './support/account'
import { expect, test } from './support/test'
import { acceptCookiesBeforehand } from './support/visitor'

const PAYERS = {
  js: { email: 'customer3@example.com', account: '1000000000007' },
  'no-js': { email: 'customer4@example.com', account: '1000000000008' },
} as const

/** On the sandbox's card page: adds the card, reads the amount the "bank" shows, goes back to the portal. */
async function addCard(page: Page, button: string): Promise<string> {
  await page.getByRole('button', { name: button }).click()
  const charged = (await page.locator('strong.verification-amount').textContent())!.replace('₱', '').trim()
  await page.getByRole('link', { name: 'Return to the merchant' }).click()
  await expect(page).toHaveURL(/\/customer\/auto-pay\?account=\d{13}$/)
  // The card arrives by the gateway's webhook: the page asks for the amount once it has.
  await expect(async () => {
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Confirm your card' })).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 20_000 })
  return charged
}

test('AutoPay: set up with the verification amount, change card, cancel', async ({ page }, testInfo) => {
  test.slow()
  const payer = PAYERS[testInfo.project.name as keyof typeof PAYERS]
  await acceptCookiesBeforehand(page)
  await signIn(page, { email: payer.email, password: DEMO.customer.password })
  await page.goto(`/customer/bill-history?account=${payer.account}`)
  await page.getByRole('link', { name: 'Set up or change AutoPay' }).click()
  await expect(page).toHaveURL(`/customer/auto-pay?account=${payer.account}`)
  await expect(page.getByRole('heading', { name: 'AutoPay is not set up' })).toBeVisible()

  await page.getByRole('button', { name: 'SET UP AUTOPAY' }).click()
  const charged = await addCard(page, 'Add Visa ending 4345')
  expect(charged).toMatch(/^\d\.\d{2}$/)

  // A wrong amount: said beside the field, with the tries left, the amount kept.
  const wrong = charged === '9.99' ? '1.00' : '9.99'
  await page.getByLabel('Amount charged').fill(wrong)
  await page.getByRole('button', { name: 'VERIFY' }).click()
  await expect(page.getByText('That is not the amount we charged to your card. 2 tries left.')).toBeVisible()
  await expect(page.getByLabel('Amount charged')).toHaveValue(wrong)

  await page.getByLabel('Amount charged').fill(charged)
  await page.getByRole('button', { name: 'VERIFY' }).click()
  await expect(page.getByText('AutoPay is set up.')).toBeVisible()
  await expect(page.getByTestId('autopay-state')).toHaveText('AutoPay is on')
  await expect(page.getByTestId('autopay-card')).toHaveText('Visa ending 4345')

  // Change card: asked first; then the new card, confirmed the same way.
  await page.getByRole('button', { name: 'CHANGE CARD' }).click()
  await expect(page.getByRole('alertdialog', { name: 'Change your AutoPay card?' })).toContainText(
    'Your Visa ending 4345 is removed first',
  )
  await page.getByRole('button', { name: 'YES' }).click()
  const again = await addCard(page, 'Add Mastercard ending 4457')
  await page.getByLabel('Amount charged').fill(again)
  await page.getByRole('button', { name: 'VERIFY' }).click()
  await expect(page.getByTestId('autopay-card')).toHaveText('Mastercard ending 4457')

  // Cancel: asked first, saying until when AutoPay still pays; NO keeps it.
  await page.getByRole('button', { name: 'CANCEL AUTOPAY' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Cancel AutoPay?' })
  await expect(dialog).toContainText(/AutoPay still pays your bill due on .+|AutoPay stops at once/)
  await page.getByRole('button', { name: 'NO' }).click()
  await expect(page.getByTestId('autopay-state')).toHaveText('AutoPay is on')
  await page.getByRole('button', { name: 'CANCEL AUTOPAY' }).click()
  await page.getByRole('button', { name: 'YES' }).click()
  await expect(page.getByRole('heading', { name: /^AutoPay is (cancelled|not set up)$/ })).toBeVisible()
  await expect(
    page
      .getByText(/AutoPay still pays your bill due on .+, then stops|AutoPay is cancelled\. Pay each bill yourself/)
      .first(),
  ).toBeVisible()
})

test('AutoPay of another customer’s account is refused', async ({ page }, testInfo) => {
  const payer = PAYERS[testInfo.project.name as keyof typeof PAYERS]
  await signIn(page, { email: payer.email, password: DEMO.customer.password })
  const response = await page.goto('/customer/auto-pay?account=1000000000003')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('alert')).toHaveText('Sorry, you are not authorized for the selected action.')
  await expect(page.getByRole('button', { name: 'SET UP AUTOPAY' })).toHaveCount(0)
  const posted = await page.request.post('/customer/auto-pay', {
    form: { account: '1000000000003', intent: 'cancel' },
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  })
  expect(posted.status()).toBe(403)
})
