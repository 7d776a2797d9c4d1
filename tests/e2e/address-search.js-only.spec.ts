/**
 * /CheckAvailability's address search (spec 2, 9): part of the map, so it needs
 * JavaScript; a visitor without it chooses each level (check-availability.spec.ts). The
 * no-js project leaves out every `*.js-only.spec.ts` (playwright.config.ts).
 */
import { completeStepOne, person } from './support/check-availability'
import { expect, test } from './support/test'
import { acceptCookiesBeforehand } from './support/visitor'

test.beforeEach(async ({ page }) => {
  await acceptCookiesBeforehand(page)
})

test('with JavaScript the address search says when nothing is found, and a hit fills every level and the pin', async ({
  page,
}) => {
  await completeStepOne(page, person('search'))
  // The query goes in a POST's body to /CheckAvailability/search, never in a URL.
  const searches: { path: string; url: string }[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST') searches.push({ path: new URL(request.url()).pathname, url: request.url() })
  })
  const search = page.getByRole('searchbox', { name: 'Search for your address' })
  // spec 2: 'loading...' while the search is on its way (held here until it has shown).
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/CheckAvailability/search*', async (route) => {
    await held
    await route.continue()
  })
  await search.fill('zzzz')
  await search.press('Enter')
  await expect(page.getByText('loading...', { exact: true })).toBeVisible()
  release()
  await expect(page.getByText('No address found')).toBeVisible()
  await expect(page.getByText('loading...', { exact: true })).toHaveCount(0)
  await page.unrouteAll()
  const searched = searches.filter(({ path }) => path.startsWith('/CheckAvailability/search'))
  expect(searched.length).toBeGreaterThan(0)
  for (const { url } of searched) expect(url).not.toContain('zzzz')
  await search.fill('demo makati village')
  await search.press('Enter')
  await page.getByRole('button', { name: /^Demo Makati Village, San Lorenzo/ }).click()
  // A subdivision chosen: the pin demo opens first (spec 4).
  const demo = page.getByRole('dialog', { name: 'How to pin your location' })
  await demo.getByRole('link', { name: 'Close' }).click()
  await expect(demo).toBeHidden()
  await expect(page.getByRole('combobox', { name: 'Barangay' })).toHaveValue('80300025')
  await expect(page.getByRole('radio', { name: 'Subdivision', exact: true })).toBeChecked()
  await expect(page.getByRole('combobox', { name: 'Subdivision', exact: true })).toHaveValue('DEMO-S-80300-4')
  await expect(page.getByLabel('Latitude')).toHaveValue('14.554767')
})
