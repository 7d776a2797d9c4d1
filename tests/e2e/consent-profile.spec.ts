/**
 * Issue 11 items 6, 7, 8 as the seeded customer, with and without JavaScript: withdraw and
 * give a marketing consent (each change kept in the history); change the mobile number with
 * the code sent to the new number (read in the dev mailbox), a wrong code first; the guided
 * tour as a plain page. The two projects run at once against one portal and one user: each
 * uses its own consent and its own new number, and asserts what its own actions answer.
 */
import { expect, test } from './support/test'
import { DEMO, signIn, readMailboxCode } from './support/account'
import { acceptCookiesBeforehand } from './support/visitor'

const PER_PROJECT: Record<string, { consent: string; title: string; mobile: string }> = {
  js: { consent: 'marketing_offers', title: 'Offers and new products', mobile: '9185550201' },
  'no-js': { consent: 'newsletters', title: 'Newsletters', mobile: '9185550202' },
}

test.beforeEach(async ({ page }) => {
  // Sign-in, a few form posts and a trip to the dev mailbox: more than one test's usual time.
  test.slow()
  await acceptCookiesBeforehand(page)
  await signIn(page, DEMO.customer)
  await expect(page).toHaveURL('/customer')
})

test('a customer withdraws and gives a marketing consent; every change is kept', async ({ page }, testInfo) => {
  const { consent, title } = PER_PROJECT[testInfo.project.name]!
  await page.goto('/consent')
  await expect(page.getByRole('heading', { name: 'Consent Management', level: 1 })).toBeVisible()
  const item = page.getByTestId(`consent-${consent}`)
  const state = item.getByTestId('consent-state')
  const history = item.getByTestId('consent-history').locator('li')
  // A fresh portal starts at 'Not given'; give it first when it is not given yet.
  if ((await state.textContent()) !== 'Given') {
    await item.getByRole('button', { name: `Give consent: ${title}` }).click()
    await expect(state).toHaveText('Given')
  }
  const before = await history.count()

  await item.getByRole('button', { name: `Withdraw consent: ${title}` }).click()
  await expect(page.getByText(`Your consent to "${title}" is withdrawn.`)).toBeVisible()
  await expect(state).toHaveText('Withdrawn')
  await expect(item).toContainText(/Withdrawn since \w+ \d{2}, \d{4} • \d{2}:\d{2} [AP]M/)

  // Marketing consent can be given again after a withdrawal.
  await item.getByRole('button', { name: `Give consent: ${title}` }).click()
  await expect(page.getByText(`Thank you. Your consent to "${title}" is recorded.`)).toBeVisible()
  await expect(state).toHaveText('Given')
  await expect(history).toHaveCount(before + 2)
  await expect(history.first()).toContainText(/^Given on .+ \(\w+\)$/)
  await expect(history.nth(1)).toContainText(/^Withdrawn on /)
})

test('a customer changes the mobile number with the code sent to the new number', async ({ page }, testInfo) => {
  const { mobile } = PER_PROJECT[testInfo.project.name]!
  const ending = mobile.slice(-4)
  await page.goto('/profile')
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible()
  // spec 9: the first and last character of the local part.
  await expect(page.getByTestId('profile-email')).toHaveText('c******r@example.com')
  await expect(
    page.getByText('Your new email address will be reflected in all our systems within 24 hours.'),
  ).toBeVisible()

  const mobileForm = page.getByRole('region', { name: 'Change your mobile number' })
  // Bad input: the message beside the field, the input kept.
  await mobileForm.getByLabel('New mobile number').fill('12345')
  await mobileForm.getByRole('button', { name: 'SEND CODE' }).click()
  await expect(mobileForm.getByText('Invalid mobile number')).toBeVisible()
  await expect(mobileForm.getByLabel('New mobile number')).toHaveValue('12345')

  await mobileForm.getByLabel('New mobile number').fill(mobile)
  await mobileForm.getByRole('button', { name: 'SEND CODE' }).click()
  await expect(page.getByText(`We sent a code to *** *** ${ending}.`)).toBeVisible()
  const verifyPage = page.url()
  expect(verifyPage).toMatch(/\/profile\?verify=/)

  // A wrong code changes nothing.
  const code = await readMailboxCode(page, `+63${mobile}`)
  await page.goto(verifyPage)
  await page.getByLabel('One-time code').fill(code === '000000' ? '000001' : '000000')
  await page.getByRole('button', { name: 'VERIFY', exact: true }).click()
  await expect(page.getByText('That code is not right. You have 4 tries left.')).toBeVisible()
  // The code never comes back from the server (without JS the field is empty again).
  if (testInfo.project.name === 'no-js') await expect(page.getByLabel('One-time code')).toHaveValue('')

  await page.getByLabel('One-time code').fill(code)
  await page.getByRole('button', { name: 'VERIFY', exact: true }).click()
  await expect(page.getByText(`Your mobile number is now *** *** ${ending}.`)).toBeVisible()
  await expect(page).toHaveURL('/profile')
})

test('the guided tour as a plain page: the same nine points, in order, with links', async ({ page }, testInfo) => {
  await page.goto('/customer/tour')
  await expect(page.getByRole('heading', { name: 'A tour of your account', level: 1 })).toBeVisible()
  const points = page.getByTestId('tour-points').getByRole('heading', { level: 2 })
  await expect(points).toHaveText([
    'Your account',
    'Modem temperature',
    'Signal strength',
    'Subscribed account details',
    'Unlink or switch account',
    'Download a statement',
    'Payment channels',
    'Help categories',
    'Videos',
  ])
  const links = page.getByTestId('tour-points').getByRole('link', { name: 'Open this page' })
  await expect(links).toHaveCount(9)
  await expect(links.nth(3)).toHaveAttribute('href', '/account/subscription')
  await expect(links.nth(6)).toHaveAttribute('href', /^\/customer\/bill-history\/pay\/\d{13}$/)
  await expect(links.nth(8)).toHaveAttribute('href', '/customer/help')

  if (testInfo.project.name === 'no-js') {
    // The coachmarks need JavaScript: the dashboard says so and offers this page.
    await page.goto('/customer?tour=0')
    await expect(page.getByText('The guided tour needs JavaScript in your browser.')).toBeVisible()
    await page.getByRole('link', { name: 'Read the tour as a page' }).first().click()
    await expect(page).toHaveURL('/customer/tour')
  }
})
