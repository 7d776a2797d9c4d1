/**
 * The store locator (issue 16), with and without JavaScript: from /payBill a visitor opens the
 * stores, picks authorized outlets in Cebu (a GET form: the address says the choice) and sees
 * each with its hours, open or closed and cash only; a typed town orders them nearest first,
 * the place kept out of the URL and the browser's storage. The map, "Near me" granted and
 * refused, is stores-map.js-only.spec.ts's.
 */
import type { Locator } from '@playwright/test'
import { expect, test } from './support/test'
import { acceptCookiesBeforehand } from './support/visitor'

test.beforeEach(async ({ page }) => {
  await acceptCookiesBeforehand(page)
})

/** The distances the list shows, in metres, in its order. */
async function listedMeters(list: Locator) {
  const texts = await list.getByText(/ as the crow flies$/).allTextContents()
  return texts.map((text) => {
    const [, value, unit] = /([\d.]+) (k?m) as the crow flies/.exec(text)!
    return unit === 'km' ? Number(value) * 1000 : Number(value)
  })
}

test('a visitor finds authorized outlets in a province, then the nearest to a town first', async ({ page }) => {
  await page.goto('/payBill')
  await page.getByRole('link', { name: 'Find a payment centre or authorized outlet near you' }).click()
  await expect(page).toHaveURL('/payBill/stores')
  await expect(page.getByRole('heading', { level: 1, name: 'Find a store' })).toBeVisible()
  await expect(page.getByText('Choose a province to see its stores, or find the stores nearest to you.')).toBeVisible()

  await page.getByRole('radio', { name: 'Authorized outlets' }).check()
  const province = page.getByLabel('Province')
  const cebu = await province.locator('option', { hasText: /^Cebu \(/ }).getAttribute('value')
  await province.selectOption(cebu!)
  await page.getByRole('button', { name: 'SHOW STORES' }).click()
  await expect(page).toHaveURL(`/payBill/stores?type=authorized-outlet&province=${cebu}`)

  const list = page.getByRole('list', { name: 'Authorized outlets' })
  const stores = list.getByRole('listitem')
  await expect(stores.first()).toBeVisible()
  const count = await stores.count()
  expect(count).toBeGreaterThan(1)
  await expect(page.getByRole('heading', { level: 2, name: `Authorized outlets: ${count} stores` })).toBeVisible()
  await expect(page.getByText('Demo stores: invented for this demonstration, not real places.')).toBeVisible()
  // Each store: its hours, open or closed now, payments in cash only.
  for (const store of await stores.all()) {
    await expect(store.getByRole('heading', { level: 3, name: /^Demo / })).toBeVisible()
    await expect(store.getByText(/^(Open now|Closed now)$/)).toBeVisible()
    await expect(store.getByText(/^(Every day|Mon|Tue|Wed|Thu|Fri|Sat|Sun)[^:]*: /).first()).toBeVisible()
    await expect(store.getByRole('definition').filter({ hasText: /^Cash$/ })).toBeVisible()
  }
  const inProvinceOrder = await list.getByRole('heading', { level: 3 }).allTextContents()
  expect(await listedMeters(list)).toEqual([])

  // Nearest first, from a typed town: the same stores, by distance, the nearest marked.
  await page.getByLabel('Near a barangay or town').fill('Lahug, Cebu')
  await page.getByRole('button', { name: 'SORT BY DISTANCE' }).click()
  await expect(page.getByText('Nearest first, from the centre of City of Cebu, Cebu (Lahug).')).toBeVisible()
  const nearestFirst = await list.getByRole('heading', { level: 3 }).allTextContents()
  expect([...nearestFirst].sort()).toEqual([...inProvinceOrder].sort())
  const meters = await listedMeters(list)
  expect(meters).toHaveLength(count)
  expect(meters).toEqual([...meters].sort((a, b) => a - b))
  await expect(stores.first().getByText('Nearest', { exact: true })).toBeVisible()
  await expect(page.getByLabel('Near a barangay or town')).toHaveValue('Lahug, Cebu')

  // The place went in a POST: not in the address, nor in anything the browser keeps.
  expect(page.url()).not.toContain('Lahug')
  const kept = await page.evaluate(() => JSON.stringify({ ...window.localStorage, ...window.sessionStorage }))
  expect(kept).not.toContain('Lahug')
  const cookies = await page.context().cookies()
  expect(cookies.map((cookie) => decodeURIComponent(cookie.value)).join(' ')).not.toContain('Lahug')
})

test('a place that is not found is said beside the field, the list kept in province order', async ({ page }) => {
  await page.goto('/help/stores?type=business-centre')
  const province = page.getByLabel('Province')
  const cebu = await province.locator('option', { hasText: /^Cebu/ }).getAttribute('value')
  await page.goto(`/help/stores?type=business-centre&province=${cebu}`)
  await page.getByLabel('Near a barangay or town').fill('Xyzzyville Qwerty')
  await page.getByRole('button', { name: 'SORT BY DISTANCE' }).click()
  const field = page.getByLabel('Near a barangay or town')
  await expect(field).toHaveAccessibleDescription(/We could not find that place/)
  await expect(field).toHaveValue('Xyzzyville Qwerty')
  await expect(page.getByRole('radio', { name: 'Business centres' })).toBeChecked()
  await expect(page.getByRole('list', { name: 'Business centres' }).getByRole('listitem').first()).toBeVisible()
})
