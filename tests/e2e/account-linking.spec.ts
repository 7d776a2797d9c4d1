/**
 * spec 2 /get-started and /customer, spec 4 flags, spec 8 messages, docs/decisions/0034: a
 * newly registered customer proves the account they registered with (a one-time code read
 * in the dev mailbox), closes the welcome banner, links another account with a code (a
 * wrong one first: its message, the number kept), makes it the default,
 * unlinks after a NO and a YES, and with no account left is an applicant who sees the
 * registration-success popup until closing it. With and without JavaScript. A fresh user
 * per run, so the demo users other journeys count on stay as they are.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import {
  enterMailboxCode,
  fillRegistration,
  followMailboxLink,
  proveWithEmailCode,
  sendEmailCode,
  uniqueEmail,
} from './support/account'
import { acceptCookiesBeforehand } from './support/visitor'

const PASSWORD = 'Mabuhay2025' // what fillRegistration types

test.beforeEach(async ({ page }) => {
  await acceptCookiesBeforehand(page)
})

// Each project proves its own demo accounts, so the two runs read different mailboxes.
const ACCOUNTS: Record<string, { registered: string; another: string }> = {
  js: { registered: '1000000000005', another: '1000000000003' },
  'no-js': { registered: '1000000000006', another: '1000000000004' },
}

async function newCustomer(page: Page, project: string, accountNumber: string) {
  const email = uniqueEmail('linking', project)
  await fillRegistration(page, email, accountNumber)
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  await followMailboxLink(page, email, 'verifyEmail')
  await page.getByRole('button', { name: 'VERIFY MY EMAIL' }).click()
  await expect(page.getByRole('heading', { name: 'Your email is verified' })).toBeVisible()
  await page.goto('/login')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL('/customer')

  // Registered with an account number: linked, but not used until proven.
  await expect(page.getByText('No account number available')).toBeVisible()
  await expect(page.getByTestId('default-account')).toHaveCount(0)
  await expect(page.getByTestId('needs-verification')).toHaveText('Needs verification')
  await page.getByRole('button', { name: `Verify now, account ${accountNumber}` }).click()
  await expect(page).toHaveURL('/get-started')
  await proveWithEmailCode(page, accountNumber)
  await expect(page.getByText(`The account ending in ${accountNumber.slice(-4)} is now linked.`)).toBeVisible()
  await page.goto('/customer')
}

test('a customer proves, links, switches and unlinks accounts; the flags show until closed', async ({
  page,
}, testInfo) => {
  // Two proofs, each with a trip to the dev mailbox: more steps than one test's usual time.
  test.slow()
  const { registered, another } = ACCOUNTS[testInfo.project.name]!
  const [registeredEnd, anotherEnd] = [registered.slice(-4), another.slice(-4)]
  await newCustomer(page, testInfo.project.name, registered)
  await expect(page.getByTestId('default-account')).toHaveText(registered)

  // The welcome banner, until closed, for good.
  const banner = page.getByTestId('welcome-banner')
  await expect(banner.getByRole('heading', { name: 'Welcome to Hibla!' })).toBeVisible()
  await banner.getByRole('button', { name: 'GOT IT' }).click()
  await expect(banner).toHaveCount(0)
  await page.reload()
  await expect(page.getByTestId('default-account')).toHaveText(registered)
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

  // A fibre account: nothing linked yet; the code goes to the holder's contact, masked.
  await accountNumber.fill(another)
  await page.getByRole('button', { name: 'LINK ACCOUNT' }).click()
  await expect(page.getByRole('heading', { name: 'Prove that this account is yours' })).toBeVisible()
  await expect(page.getByTestId('proof-account')).toHaveText(another)
  await expect(page.getByRole('radio', { name: /^Email: \w\*+\w@example\.org$/ })).toBeVisible()
  await expect(page.getByRole('radio', { name: /^SMS to mobile number \*\*\* \*\*\* \d{4}$/ })).toBeVisible()
  await sendEmailCode(page, another)

  // A wrong code: its message beside the field, the account number kept on the page.
  const code = page.getByLabel('One-time code')
  await code.fill('000000')
  await page.getByRole('button', { name: 'VERIFY', exact: true }).click()
  // (A one-in-a-million chance that 000000 is the real code; then this run links at once.)
  await expect(page.getByText('That code is not right. You have 4 tries left.')).toBeVisible()
  await expect(code).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('proof-account')).toHaveText(another)

  // The right code, from the holder's mailbox.
  await enterMailboxCode(page, another)
  await expect(page.getByText(`The account ending in ${anotherEnd} is now linked.`)).toBeVisible()
  const linked = page.getByRole('list', { name: 'Linked accounts' }).getByTestId('linked-account')
  await expect(linked).toHaveText([registered, another])

  // The default account, switched from the customer home.
  await page.goto('/customer')
  await page.getByRole('button', { name: `Make default, account ${another}` }).click()
  await expect(page.getByText(`The account ending in ${anotherEnd} is now your default account.`)).toBeVisible()
  await expect(page.getByTestId('default-account')).toHaveText(another)

  // Unlinking asks first; NO changes nothing, YES unlinks.
  const question = page.getByRole('alertdialog', { name: `Unlink account ${registered}?` })
  await page.getByRole('link', { name: `Unlink account ${registered}` }).click()
  await expect(question).toBeVisible()
  await question.getByRole('link', { name: 'NO' }).click()
  await expect(question).toHaveCount(0)
  await expect(linked).toHaveText([registered, another])
  await page.getByRole('link', { name: `Unlink account ${registered}` }).click()
  await question.getByRole('button', { name: 'YES' }).click()
  await expect(page.getByText(`The account ending in ${registeredEnd} was unlinked.`)).toBeVisible()
  await expect(linked).toHaveText([another])

  // The last one: no account left, an applicant again, at /get-started, where the
  // registration-success popup (first role only) shows until closed.
  await page.getByRole('link', { name: `Unlink account ${another}` }).click()
  await page
    .getByRole('alertdialog', { name: `Unlink account ${another}?` })
    .getByRole('button', { name: 'YES' })
    .click()
  await expect(page).toHaveURL('/get-started')
  await expect(page.getByText(`The account ending in ${anotherEnd} was unlinked.`)).toBeVisible()
  await expect(linked).toHaveCount(0)
  const popup = page.getByRole('dialog', { name: 'Registration successful' })
  await expect(popup).toBeVisible()
  await popup.getByRole('button', { name: 'CLOSE' }).click()
  await expect(popup).toHaveCount(0)
  await expect(page.getByRole('heading', { name: /let's get you connected/ })).toBeVisible()
})
