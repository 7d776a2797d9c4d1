import { expect, test } from './support/test'

test('an unknown path answers 404', async ({ page }) => {
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
})

test('an unknown path shows the not-found page inside the shell', async ({ page }) => {
  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { name: 'Ooops! We cannot find the page you are looking for.' })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Hibla home' })).toBeVisible()
})

test('the not-found page is titled like every other page', async ({ page }) => {
  await page.goto('/no-such-page')
  await expect(page).toHaveTitle('Page not found | Hibla')
})
