/**
 * The store locator's map (issue 16; spec 9), which needs JavaScript: "Near me" with the
 * location granted orders the list by distance and highlights the nearest store on the map
 * (its marker 65 px wide, the others 25, zoom 16 on it); refused, the map centres on the
 * configured point (14.599512, 120.984222) and the page says why. The map reports the view it
 * shows on its container (docs/decisions/0046).
 */
import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import { acceptCookiesBeforehand } from './support/visitor'

// Near the centre of Cebu City (the demo stores sit around it).
const IN_CEBU = { latitude: 10.3, longitude: 123.895 }

test.beforeEach(async ({ page }) => {
  await acceptCookiesBeforehand(page)
})

async function cebuProvince(page: Page) {
  await page.goto('/payBill/stores?type=authorized-outlet')
  return page
    .getByLabel('Province')
    .locator('option', { hasText: /^Cebu \(/ })
    .getAttribute('value')
}

test('“Near me” with the location granted orders by distance and highlights the nearest on the map', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['geolocation'])
  await context.setGeolocation(IN_CEBU)
  const cebu = await cebuProvince(page)
  await page.goto(`/payBill/stores?type=authorized-outlet&province=${cebu}`)
  const map = page.locator('#store-map .leaflet-container')
  // The markers, 25 px wide, and zoom 8 over them (spec 9).
  await expect(map.locator('img.leaflet-marker-icon.map-marker').first()).toBeVisible()
  await expect(map).toHaveAttribute('data-zoom', '8')

  await page.getByRole('button', { name: 'NEAR ME' }).click()
  await expect(page.getByText('Nearest first, from your location.')).toBeVisible()
  const list = page.getByRole('list', { name: 'Authorized outlets' })
  const texts = await list.getByText(/ as the crow flies$/).allTextContents()
  const meters = texts.map((text) => {
    const [, value, unit] = /([\d.]+) (k?m) as the crow flies/.exec(text)!
    return unit === 'km' ? Number(value) * 1000 : Number(value)
  })
  expect(meters.length).toBeGreaterThan(1)
  expect(meters).toEqual([...meters].sort((a, b) => a - b))

  // The nearest is highlighted: in the list, and on the map (65 px, zoom 16, centred on it).
  const nearest = (await list.getByRole('listitem').first().getByRole('heading', { level: 3 }).textContent())!
  await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-current', 'true')
  const highlighted = map.locator('img.leaflet-marker-icon.map-marker-highlighted')
  await expect(highlighted).toHaveCount(1)
  await expect(highlighted).toHaveAttribute('alt', nearest)
  expect((await highlighted.boundingBox())!.width).toBeCloseTo(65, 0)
  const other = map.locator('img.leaflet-marker-icon.map-marker:not(.map-marker-highlighted)').first()
  expect((await other.boundingBox())!.width).toBeCloseTo(25, 0)
  await expect(map).toHaveAttribute('data-zoom', '16')

  // Another store chosen from the list moves the highlight there.
  const second = list.getByRole('listitem').nth(1)
  const secondName = (await second.getByRole('heading', { level: 3 }).textContent())!
  await second.getByRole('button', { name: 'Show on map' }).click()
  await expect(highlighted).toHaveAttribute('alt', secondName)
  await expect(second).toHaveAttribute('aria-current', 'true')
})

test('with the location refused, the map centres on the configured point', async ({ page }) => {
  // No permission granted: the browser refuses the page's request.
  const cebu = await cebuProvince(page)
  await page.goto(`/payBill/stores?type=authorized-outlet&province=${cebu}`)
  const map = page.locator('#store-map .leaflet-container')
  await expect(map.locator('img.leaflet-marker-icon.map-marker').first()).toBeVisible()
  await page.getByRole('button', { name: 'NEAR ME' }).click()
  await expect(page.getByText(/We could not get your location, so the map shows its default centre/)).toBeVisible()
  await expect(map).toHaveAttribute('data-center', '14.599512,120.984222')
  // The list stays in province order: no distances.
  await expect(page.getByText(/as the crow flies/)).toHaveCount(0)
})
