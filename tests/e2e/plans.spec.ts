/**
 * /plans (issue 9; spec 1, 2, 4): the list for the visitor's customer category, the
 * switch to business plans and back, a plan's page, and the cart kept in the draft
 * (add a plan and a router, choose the payment mode, remove the router, reload), with
 * and without JavaScript, against the demo line-up (services/catalog/lineup.ts); the
 * recommendation questionnaire; the streaming-TV partner button, whose partner image is
 * broken on the e2e portal (playwright.config.ts); and spec 8's message on a portal whose
 * catalogue is down (support/portal-with-faults.ts).
 */
import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import { FAULTS_URL } from './support/servers'
import { acceptCookiesBeforehand } from './support/visitor'

test.beforeEach(async ({ page }) => {
  await acceptCookiesBeforehand(page)
})

const planCard = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) })

test('the list, business plans and back, a plan’s page and a comparison', async ({ page }) => {
  await page.goto('/plans')
  await expect(page).toHaveTitle(/^Plans \|/)
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your fibre plan' })).toBeVisible()
  await expect(page.getByText('Showing plans for Home (Residential).')).toBeVisible()

  const entry = planCard(page, 'Fiber Plan 888')
  await expect(entry.getByText('50 Mbps', { exact: true })).toBeVisible()
  await expect(entry.getByText('₱888.00', { exact: true })).toBeVisible()
  await expect(entry.getByText('₱2,500.00, can be paid over 12 months')).toBeVisible()
  await expect(entry.getByText('24-month lock-in')).toBeVisible()
  await expect(entry.getByRole('link', { name: 'Terms and conditions: Fiber Plan 888' })).toHaveAttribute(
    'href',
    '/terms-and-conditions?product=fiber-plan-888',
  )
  await expect(planCard(page, 'Fiber Plan 3499')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Biz Fiber 1899' })).toHaveCount(0)

  await test.step('business plans, then home plans again', async () => {
    await page.getByRole('button', { name: 'SHOW BUSINESS PLANS' }).click()
    await expect(page.getByText('Showing plans for Business (SME).')).toBeVisible()
    await expect(page).toHaveURL('/plans')
    const biz = planCard(page, 'Biz Fiber 8999')
    await expect(biz.getByText('₱5,000.00, paid outright')).toBeVisible()
    await expect(biz.getByText('36-month lock-in')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Fiber Plan 888' })).toHaveCount(0)
    const govt = page.getByRole('checkbox', { name: 'I work for the government or an embassy' })
    await govt.check()
    await page.getByRole('button', { name: 'SAVE', exact: true }).click()
    await expect(page.getByText('Your answer is saved.')).toBeVisible()
    // The choice is kept in the draft: a reload keeps it.
    await page.reload()
    await expect(page.getByText('Showing plans for Business (SME).')).toBeVisible()
    await expect(govt).toBeChecked()
    await page.getByRole('button', { name: 'SHOW HOME PLANS' }).click()
    await expect(page.getByText('Showing plans for Home (Residential).')).toBeVisible()
    await expect(govt).toHaveCount(0)
    await expect(planCard(page, 'Fiber Plan 888')).toBeVisible()
  })

  await test.step('a plan’s page: details, add-ons and FAQs', async () => {
    await page.getByRole('link', { name: 'See details: Fiber Plan 1699' }).click()
    await expect(page).toHaveURL('/plans/fiber-plan-1699')
    await expect(page.getByRole('heading', { level: 1, name: 'Fiber Plan 1699' })).toBeVisible()
    await expect(page).toHaveTitle(/^Fiber Plan 1699 \|/)
    await expect(page.getByText('200 Mbps', { exact: true })).toBeVisible()
    const addOns = page.getByRole('region', { name: 'Add-ons for this plan' })
    await expect(addOns.getByText('Mesh Wi-Fi 6 router')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'CHOOSE THIS PLAN: Fiber Plan 1699' })).toBeVisible()
  })

  await test.step('three plans side by side, chosen with a GET form', async () => {
    await page.goto('/plans')
    await page.getByRole('link', { name: 'Compare plans' }).click()
    await expect(page).toHaveURL('/plans/compare')
    await page.getByRole('checkbox', { name: /^Fiber Plan 888 / }).check()
    await page.getByRole('button', { name: 'COMPARE' }).click()
    await expect(page.getByRole('alert')).toHaveText('Please choose two or three plans to compare.')
    await expect(page.getByRole('checkbox', { name: /^Fiber Plan 888 / })).toBeChecked()
    await page.getByRole('checkbox', { name: /^Fiber Plan 1699 / }).check()
    await page.getByRole('checkbox', { name: /^Fiber Plan 2499 / }).check()
    await page.getByRole('button', { name: 'COMPARE' }).click()
    await expect(page).toHaveURL('/plans/compare?codes=fiber-plan-888&codes=fiber-plan-1699&codes=fiber-plan-2499')
    const table = page.getByRole('table', { name: 'The chosen plans side by side' })
    await expect(table.getByRole('columnheader')).toHaveText(['Fiber Plan 888', 'Fiber Plan 1699', 'Fiber Plan 2499'])
    await expect(table.getByRole('row', { name: /^Speed/ }).getByRole('cell')).toHaveText([
      '50 Mbps',
      '200 Mbps',
      '500 Mbps',
    ])
    // The URL is the comparison: opened afresh, it shows the same.
    await page.goto('/plans/compare?codes=fiber-plan-2499&codes=fiber-plan-888')
    await expect(table.getByRole('columnheader')).toHaveText(['Fiber Plan 2499', 'Fiber Plan 888'])
  })

  await test.step('an unknown plan is the not-found page', async () => {
    const response = await page.goto('/plans/no-such-plan')
    expect(response?.status()).toBe(404)
  })
})

test('the cart: a plan and a router, the payment mode, removing the router, and a reload', async ({ page }) => {
  await page.goto('/plans/cart')
  await expect(page.getByText('Your cart is empty.')).toBeVisible()
  await page.getByRole('link', { name: 'Browse plans' }).click()
  await expect(page).toHaveURL('/plans')

  await planCard(page, 'Fiber Plan 1299').getByRole('button', { name: 'CHOOSE THIS PLAN: Fiber Plan 1299' }).click()
  await expect(page).toHaveURL('/plans/cart')
  const items = page.getByRole('list', { name: 'Your cart' })
  await expect(items.getByRole('link', { name: 'Fiber Plan 1299' })).toBeVisible()
  const total = (name: string) => page.locator(`[data-total="${name}"]`)
  await expect(total('monthlyRecurringFee')).toHaveText('₱1,299.00')
  await expect(page.getByText('Not chosen yet')).toBeVisible()

  await page.getByRole('button', { name: 'Add Mesh Wi-Fi 6 router' }).click()
  await expect(items.getByText('Mesh Wi-Fi 6 router', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add Mesh Wi-Fi 6 router' })).toHaveCount(0)

  // More than the router's maximum (3): the server's message beside the form; then two.
  const quantity = page.getByLabel('Quantity of Mesh Wi-Fi 6 router')
  await quantity.fill('4')
  await page.getByRole('button', { name: 'UPDATE' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'You can add up to 3 of this item.' })).toBeVisible()
  await expect(quantity).toHaveValue('4')
  await quantity.fill('2')
  await page.getByRole('button', { name: 'UPDATE' }).click()
  await expect(quantity).toHaveValue('2')
  await expect(page.getByRole('alert').filter({ hasText: 'You can add up to 3' })).toHaveCount(0)

  await page.getByRole('radio', { name: 'Stagger the installation fee' }).check()
  await page.getByRole('button', { name: 'SAVE PAYMENT OPTION' }).click()
  await expect(page.getByText('Chosen: Stagger the installation fee')).toBeVisible()
  await expect(page.getByText(/12 monthly instalments of/)).toBeVisible()
  const staggeredUpfront = await total('dueUpfront').textContent()

  await page.getByRole('radio', { name: 'Pay outright' }).check()
  await page.getByRole('button', { name: 'SAVE PAYMENT OPTION' }).click()
  await expect(page.getByText('Chosen: Pay outright')).toBeVisible()
  await expect(total('dueUpfront')).not.toHaveText(staggeredUpfront ?? '')

  await page.getByRole('button', { name: 'Remove Mesh Wi-Fi 6 router' }).click()
  await expect(items.getByText('Mesh Wi-Fi 6 router', { exact: true })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Add Mesh Wi-Fi 6 router' })).toBeVisible()

  await page.reload()
  await expect(items.getByRole('link', { name: 'Fiber Plan 1299' })).toBeVisible()
  await expect(items.getByText('Mesh Wi-Fi 6 router', { exact: true })).toHaveCount(0)
  await expect(page.getByText('Chosen: Pay outright')).toBeVisible()
  await expect(total('monthlyRecurringFee')).toHaveText('₱1,299.00')

  // The list knows the plan is in the cart; the browser holds nothing of it but the draft cookie.
  await page.goto('/plans')
  await expect(planCard(page, 'Fiber Plan 1299').getByText('In your cart')).toBeVisible()
  const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage, ...window.sessionStorage }))
  expect(stored).not.toContain('fiber-plan-1299')
})

test('the recommendation questionnaire: answers, plans that fit and why, a URL to share, and into the cart', async ({
  page,
}) => {
  await page.goto('/plans')
  await page.getByRole('link', { name: 'Help me choose a plan' }).click()
  await expect(page).toHaveURL('/plans/recommend')
  await expect(page.getByRole('heading', { level: 1, name: 'Find your plan' })).toBeVisible()
  await expect(page).toHaveTitle(/^Find your plan \|/)

  // Nothing answered: each message beside its question, the form as sent.
  await page.getByRole('button', { name: 'SHOW MY PLANS' }).click()
  await expect(page.getByText('Please check your answers.')).toBeVisible()
  await expect(page.getByText('Please enter a number of devices from 1 to 50.')).toBeVisible()
  await expect(page.getByText('Please choose when the line is busiest.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Plans for you' })).toHaveCount(0)

  // The region skipped; five devices streaming and gaming in the evening.
  await expect(page.getByRole('combobox', { name: 'Your region' })).toHaveValue('')
  await page.getByLabel('How many devices go online at home?').fill('5')
  await page.getByRole('checkbox', { name: 'Streaming video (HD or 4K)' }).check()
  await page.getByRole('checkbox', { name: 'Online gaming' }).check()
  await page.getByRole('radio', { name: 'In the evening' }).check()
  await page.getByRole('button', { name: 'SHOW MY PLANS' }).click()
  await expect(page).toHaveURL(
    '/plans/recommend?region=&devices=5&usage=video-streaming&usage=gaming&timeOfDay=evening',
  )
  const results = page.getByRole('region', { name: 'Plans for you' })
  await expect(results.getByText('You need about 75 Mbps.')).toBeVisible()
  const best = results.getByRole('listitem').filter({ hasText: 'Best fit' })
  await expect(best.getByRole('heading', { name: 'Fiber Plan 1299' })).toBeVisible()
  await expect(
    best.getByText('Up to 100 Mbps covers the about 75 Mbps that 5 devices online at once need.'),
  ).toBeVisible()
  await expect(best.getByText('Streams 4K video on 4 screens at once.')).toBeVisible()
  await expect(best.getByText('Sized for the evening, when the whole household is online.')).toBeVisible()
  const more = results.getByRole('listitem').filter({ hasText: 'More room to grow' })
  await expect(more.getByRole('heading', { name: 'Fiber Plan 1699' })).toBeVisible()
  // The form comes back with the answers.
  await expect(page.getByLabel('How many devices go online at home?')).toHaveValue('5')
  await expect(page.getByRole('checkbox', { name: 'Online gaming' })).toBeChecked()
  await expect(page.getByRole('radio', { name: 'In the evening' })).toBeChecked()

  // A region with fewer plans (Ilocos: up to 200 Mbps), twenty devices all day: the URL is the answer.
  await page.goto('/plans/recommend?region=01&devices=20&usage=video-streaming&timeOfDay=all-day')
  await expect(page.getByRole('combobox', { name: 'Your region' })).toHaveValue('01')
  await expect(
    results.getByText(
      'Our fastest plan here. 20 devices online at once need about 270 Mbps, so they will share its 200 Mbps.',
    ),
  ).toBeVisible()
  await expect(results.getByRole('listitem').filter({ hasText: 'More room to grow' })).toHaveCount(0)

  // Into the cart from a recommendation.
  await page.goto('/plans/recommend?devices=5&usage=video-streaming&timeOfDay=evening')
  await best.getByRole('button', { name: 'CHOOSE THIS PLAN: Fiber Plan 1299' }).click()
  await expect(page).toHaveURL('/plans/cart')
  await expect(
    page.getByRole('list', { name: 'Your cart' }).getByRole('link', { name: 'Fiber Plan 1299' }),
  ).toBeVisible()
})

test('the streaming-TV partner button shows, and its broken partner image falls back to the bundled logo', async ({
  page,
}) => {
  await page.goto('/plans')
  const tv = page.getByRole('region', { name: 'Streaming TV' })
  await expect(tv.getByText('Watch with StreamMax')).toBeVisible()
  const logo = tv.locator('img')
  await expect(logo).toHaveAttribute('src', /^\/(plans\/tv-partner-logo|tv-partner\.svg)$/)
  // The partner's address answers nothing: the page shows the bundled logo, with or without JavaScript.
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
  const served = await page.request.get('/plans/tv-partner-logo', { maxRedirects: 0 })
  expect(served.status()).toBe(302)
  expect(served.headers()['location']).toBe('/tv-partner.svg')
})

test('with the catalogue down, every plans page says so, in the shell, with a retry link', async ({ page }) => {
  for (const path of [
    '/plans',
    '/plans/fiber-plan-888',
    '/plans/compare?codes=fiber-plan-888&codes=fiber-plan-1299',
    '/plans/recommend?devices=3&timeOfDay=evening',
  ]) {
    const response = await page.goto(FAULTS_URL + path)
    expect(response?.status(), path).toBe(503)
    await expect(page.getByRole('alert')).toContainText('Plans are unavailable at this moment. Please try again later.')
    await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', path)
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'PLANS' })).toBeVisible()
  }
  // The questionnaire itself needs no catalogue.
  await page.goto(FAULTS_URL + '/plans/recommend')
  await expect(page.getByRole('button', { name: 'SHOW MY PLANS' })).toBeVisible()
})
