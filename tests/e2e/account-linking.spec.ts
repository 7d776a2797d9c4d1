/**
 * spec 2 /get-started and /customer, spec 4 flags, spec 8 messages: a newly registered
 * customer closes the welcome banner, links another account, makes it the default,
 * unlinks after a NO and a YES, and with no account left is an applicant who sees the
 * registration-success popup until closing it. With and without JavaScript. A fresh user
 * per run, so the demo users other journeys count on stay as they are.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import { fillRegistration, followMailboxLink, uniqueEmail } from './support/account'
import { acceptCookiesBeforehand } from './support/visitor'

const PASSWORD = 'Mabuhay2025' // what fillRegistration types

test.beforeEach(async ({ page }) => {
  await acceptCookiesBeforehand(page)
})

async function newCustomer(page: Page, project: string) {
  const email = uniqueEmail('linking', project)
  await fillRegistration(page, email, '1000000000003')
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  await followMailboxLink(page, email, 'verifyEmail')
  await page.getByRole('button', { name: 'VERIFY MY EMAIL' }).click()
  await expect(page.getByRole('heading', { name: 'Your email is verified' })).toBeVisible()
  await page.goto('/login')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL('/customer')
}

test('a customer links, switches and unlinks accounts; the flags show until closed', async ({ page }, testInfo) => {
  await newCustomer(page, testInfo.project.name)
  await expect(page.getByTestId('default-account')).toHaveText('1000000000003')

  // The welcome banner, until closed, for good.
  const banner = page.getByTestId('welcome-banner')
  await expect(banner.getByRole('heading', { name: 'Welcome to Hibla!' })).toBeVisible()
  await banner.getByRole('button', { name: 'GOT IT' }).click()
  await expect(banner).toHaveCount(0)
  await page.reload()
  await expect(page.getByTestId('default-account')).toHaveText('1000000000003')
  await expect(banner).toHaveCount(0)

  // Not one of the product's accounts: spec 8's message beside the field, the number kept.
  await page.getByRole('link', { name: 'LINK ANOTHER ACCOUNT' }).click()
  await expect(page).toHaveURL('/get-started')
  const accountNumber = page.getByLabel('Account number')
  await accountNumber.fill('2000000000001')
  await page.getByRole('button', { name: 'LINK ACCOUNT' }).click()
  await expect(
    page.getByText(
      'The account number you entered cannot be linked. This feature is available for Hibla accounts only.',
    ),
  ).toBeVisible()
  await expect(accountNumber).toHaveValue('2000000000001')
  await expect(accountNumber).toHaveAttribute('aria-invalid', 'true')

  // A fibre account: linked at once.
  await accountNumber.fill('1000000000004')
  await page.getByRole('button', { name: 'LINK ACCOUNT' }).click()
  await expect(page.getByText('The account ending in 0004 is now linked.')).toBeVisible()
  const linked = page.getByRole('list', { name: 'Linked accounts' }).getByTestId('linked-account')
  await expect(linked).toHaveText(['1000000000003', '1000000000004'])

  // The default account, switched from the customer home.
  await page.goto('/customer')
  await page.getByRole('button', { name: 'Make 1000000000004 your default account' }).click()
  await expect(page.getByText('The account ending in 0004 is now your default account.')).toBeVisible()
  await expect(page.getByTestId('default-account')).toHaveText('1000000000004')

  // Unlinking asks first; NO changes nothing, YES unlinks.
  const question = page.getByRole('alertdialog', { name: 'Unlink account 1000000000003?' })
  await page.getByRole('link', { name: 'Unlink account 1000000000003' }).click()
  await expect(question).toBeVisible()
  await question.getByRole('link', { name: 'NO' }).click()
  await expect(question).toHaveCount(0)
  await expect(linked).toHaveText(['1000000000003', '1000000000004'])
  await page.getByRole('link', { name: 'Unlink account 1000000000003' }).click()
  await question.getByRole('button', { name: 'YES' }).click()
  await expect(page.getByText('The account ending in 0003 was unlinked.')).toBeVisible()
  await expect(linked).toHaveText(['1000000000004'])

  // The last one: no account left, an applicant again, at /get-started, where the
  // registration-success popup (first role only) shows until closed.
  await page.getByRole('link', { name: 'Unlink account 1000000000004' }).click()
  await page
    .getByRole('alertdialog', { name: 'Unlink account 1000000000004?' })
    .getByRole('button', { name: 'YES' })
    .click()
  await expect(page).toHaveURL('/get-started')
  await expect(page.getByText('The account ending in 0004 was unlinked.')).toBeVisible()
  await expect(linked).toHaveCount(0)
  const popup = page.getByRole('dialog', { name: 'Registration successful' })
  await expect(popup).toBeVisible()
  await popup.getByRole('button', { name: 'CLOSE' }).click()
  await expect(popup).toHaveCount(0)
  await expect(page.getByRole('heading', { name: /let's get you connected/ })).toBeVisible()
})
