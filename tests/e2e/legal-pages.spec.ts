import { expect, test } from './support/test'
import { acceptCookiesBeforehand } from './support/visitor'

// spec 2, Shell: legal pages show their last-updated date, title and sanitized rich text;
// privacy notice and cookie policy have expandable question/answer lists (cookie policy
// starts all expanded); terms of use has numbered headings.

test.beforeEach(async ({ page }) => {
  await acceptCookiesBeforehand(page)
})

test('a privacy notice answer is closed at first and opens when its question is clicked', async ({ page }) => {
  await page.goto('/privacy-notice')
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeVisible()
  await expect(page.getByTestId('last-updated')).toHaveText('Last updated: July 27, 2020')
  const question = page.locator('details', { hasText: 'What are your rights as a data subject?' })
  await expect(question).not.toHaveAttribute('open')
  await question.locator('summary').click()
  await expect(question).toHaveAttribute('open')
  await expect(question.locator('summary + *')).toBeVisible()
})

test('the cookie policy starts with every answer expanded', async ({ page }) => {
  await page.goto('/cookie-policy')
  await expect(page.getByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeVisible()
  const answers = page.locator('main details')
  await expect(answers.first()).toBeVisible()
  const count = await answers.count()
  expect(count, 'the cookie policy has questions').toBeGreaterThan(1)
  for (let i = 0; i < count; i++) await expect(answers.nth(i)).toHaveAttribute('open')
  await expect(
    page.locator('details', { hasText: 'Which preference cookies do we use?' }).getByText('theme').first(),
  ).toBeVisible()
})

test('terms and conditions show the general terms with the July 27, 2020 date', async ({ page }) => {
  await page.goto('/terms-and-conditions')
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible()
  await expect(page.getByTestId('last-updated')).toHaveText('Last updated: July 27, 2020')
})

test("terms and conditions with ?product= show that product's terms", async ({ page }) => {
  await page.goto('/terms-and-conditions?product=fiber-plan-1699')
  await expect(page).toHaveTitle('Fiber Plan 1699 Terms and Conditions | Hibla')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Terms and Conditions')
  await expect(page.getByRole('link', { name: 'Read the general Terms and Conditions' })).toHaveAttribute(
    'href',
    '/terms-and-conditions',
  )
})

test('terms and conditions for an unknown product say so with 404', async ({ page }) => {
  const response = await page.goto('/terms-and-conditions?product=no-such-plan')
  expect(response?.status()).toBe(404)
  await expect(page.getByText('We have no terms and conditions for this product.')).toBeVisible()
})

test('terms of use number their headings', async ({ page }) => {
  await page.goto('/terms-of-use')
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: /^1\. / })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: /^2\. / })).toBeVisible()
})

test('the footer links reach each legal page', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Cookies Policy' }).click()
  await expect(page).toHaveURL('/cookie-policy')
  await expect(page.getByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeVisible()
})

// issue 33: the e2e portal has no LEGACY_STATUS_URL (the redirect itself: legal.integration.test.ts).
test('/application/check-status without a legacy site says it will be available soon and offers the status check', async ({
  page,
}) => {
  const response = await page.goto('/application/check-status')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'This webpage will be available soon' })).toBeVisible()
  await page.getByRole('link', { name: 'CHECK APPLICATION STATUS HERE' }).click()
  await expect(page).toHaveURL('/check-status')
})

// issue 33: what search engines read; robots.txt names the sitemap, which lists the public pages.
test('robots.txt keeps crawlers out of private pages and leads to the sitemap of public pages', async ({ page }) => {
  await page.goto('/robots.txt')
  await expect(page.locator('body')).toContainText('Disallow: /customer')
  const sitemap = (await page.locator('body').innerText()).match(/^Sitemap: (\S+)$/m)?.[1]
  expect(sitemap).toMatch(/\/sitemap\.xml$/)
  const response = await page.goto(new URL(sitemap!).pathname)
  expect(response?.status()).toBe(200)
  expect(await response!.text()).toContain('/plans/fiber-plan-1699</loc>')
})
