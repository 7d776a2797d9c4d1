import { expect, test } from './support/test'
import { MAINTENANCE_URL } from './support/servers'

// spec 2, 9: with MAINTENANCE_MODE not 'false', every route answers 503 with the maintenance page.
test.describe('maintenance mode', () => {
  for (const path of ['/', '/privacy-notice', '/nope']) {
    test(`GET ${path} answers 503`, async ({ page }) => {
      const response = await page.goto(MAINTENANCE_URL + path)
      expect(response?.status()).toBe(503)
    })

    test(`GET ${path} shows the maintenance page`, async ({ page }) => {
      await page.goto(MAINTENANCE_URL + path)
      await expect(page.getByRole('heading', { name: "We'll be back shortly." })).toBeVisible()
      await expect(page.getByText('Thank you for your patience.')).toBeVisible()
      await expect(page.getByRole('link', { name: 'PLANS' })).toHaveCount(0)
    })
  }

  test('a POST to /preferences answers 503 with the maintenance page', async ({ page }) => {
    const response = await page.request.post(`${MAINTENANCE_URL}/preferences`, {
      form: { intent: 'accept-cookies' },
      maxRedirects: 0,
    })
    expect(response.status()).toBe(503)
    const body = await response.text()
    expect(body).toContain("We'll be back shortly.")
    expect(body).toContain('Thank you for your patience.')
    expect(response.headers()['set-cookie'], 'no preference was saved').toBeUndefined()
  })
})
