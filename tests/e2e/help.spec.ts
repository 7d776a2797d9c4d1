/**
 * The help centre (issue 11, item 5; spec 1, 2, 7, 8), with and without JavaScript: a
 * visitor searches and finds an answer, and reads 'No results found!' with tips for words
 * that are nowhere; the demo customer reports a concern (the cascading type and sub-type,
 * a too-short description refused beside its field with the form kept), finds it in their
 * list with its status, and requests a repair. Both projects sign in as the same demo
 * customer against one portal: each run's descriptions are unique, and nothing counts
 * the list's length.
 */
import { expect, test } from './support/test'
import { DEMO, signIn } from './support/account'
import { acceptCookiesBeforehand } from './support/visitor'

test.beforeEach(async ({ page }) => {
  await acceptCookiesBeforehand(page)
})

test('a visitor browses help, searches, and reads “No results found!” with tips', async ({ page }) => {
  test.slow()
  await page.goto('/')
  await page.getByRole('banner').getByRole('link', { name: 'HELP & SUPPORT' }).click()
  await expect(page).toHaveURL('/help')
  await expect(page.getByRole('heading', { level: 1, name: 'Help & Support' })).toBeVisible()

  // A topic's answers open in place (<details>), with or without JavaScript.
  await page.getByRole('link', { name: /^Bills and payments/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Bills and payments' })).toBeVisible()
  await page.getByText('Where and how can I pay my bill?').click()
  await expect(page.getByText('Authorized payment outlets (cash only, no checks).')).toBeVisible()

  // Search with results, then the answer's own page.
  await page.goto('/help')
  await page.getByLabel('Search help').fill('LOS red light')
  await page.getByRole('button', { name: 'SEARCH' }).click()
  await expect(page).toHaveURL(/\/help\/search\?q=LOS\+red\+light$/)
  await expect(page.getByRole('status').filter({ hasText: /answers? found/ })).toBeVisible()
  const answer = 'My modem shows a red LOS light and there is no internet. What should I do?'
  await page.getByRole('link', { name: answer }).click()
  await expect(page).toHaveURL('/help/internet-connection/no-internet-los-red-light')
  await expect(page.getByRole('heading', { level: 1, name: answer })).toBeVisible()

  // Words that are nowhere: spec 8's message, tips, and the topics to browse instead.
  await page.goto('/help/search')
  await page.getByLabel('Search help').fill('xylophone zebra')
  await page.getByRole('button', { name: 'SEARCH' }).click()
  await expect(page.getByText('No results found!')).toBeVisible()
  await expect(page.getByText('Search tips')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Browse by topic' })).toBeVisible()
  await expect(page.getByLabel('Search help')).toHaveValue('xylophone zebra')

  // Nothing typed: a message beside the field.
  await page.goto('/help/search?q=')
  await expect(page.getByText('Please type what you are looking for')).toBeVisible()
})

test('the customer reports a concern and finds it in their list with its status', async ({ page }, testInfo) => {
  // Sign-in, two form posts and three pages: more than the default 30 s on a busy machine.
  test.slow()
  const description = `Slow every evening, ${testInfo.project.name} run ${Date.now()}.`
  const js = testInfo.project.name === 'js'
  await signIn(page, DEMO.customer)
  await expect(page).toHaveURL('/customer')
  await page.goto('/customer/help')
  await page.getByRole('link', { name: 'REPORT A CONCERN' }).click()
  await expect(page).toHaveURL('/customer/help/concern')

  await page.getByLabel('Account number').selectOption('1000000000001')
  const subTypes = js
    ? page.waitForResponse((response) => response.url().includes('/customer/help/concern/sub-types'))
    : null
  await page.getByLabel('Concern type').selectOption({ label: 'Technical' })
  if (subTypes) {
    const answer = await subTypes
    expect(answer.status()).toBe(200)
    expect(await answer.text()).toContain('Slow browsing')
  }
  const update = page.getByRole('button', { name: 'Update' })
  if (js) {
    // The fetcher brings the sub-types from /customer/help/concern/sub-types; the no-JS button is not shown.
    await expect(update).toHaveCount(0)
  } else {
    await update.click()
    await expect(page.getByLabel('Concern type')).toHaveValue('technical')
  }
  await page.getByLabel('Sub-type').selectOption({ label: 'Slow browsing' })

  // Too short: refused beside the field, everything else kept.
  await page.getByLabel('Details').fill('slow')
  await page.getByRole('button', { name: 'SUBMIT' }).click()
  await expect(page.getByText('Please tell us a little more (at least 10 characters)')).toBeVisible()
  await expect(page.getByLabel('Account number')).toHaveValue('1000000000001')
  await expect(page.getByLabel('Concern type')).toHaveValue('technical')
  await expect(page.getByLabel('Sub-type')).toHaveValue('technical-slow-browsing')
  await expect(page.getByLabel('Details')).toHaveValue('slow')

  await page.getByLabel('Details').fill(description)
  await page.getByRole('button', { name: 'SUBMIT' }).click()
  await expect(page).toHaveURL(/\/customer\/help\/tickets\/CN-[A-Z2-9]{8}$/)
  const reference = new URL(page.url()).pathname.split('/').pop()!
  await expect(page.getByText(`Thank you. Your reference number is ${reference}.`)).toBeVisible()
  await expect(page.getByText(description)).toBeVisible()

  await page.goto('/customer/help')
  const item = page.getByTestId('my-tickets').getByRole('listitem').filter({ hasText: reference })
  await expect(item).toContainText('Concern: Technical · Slow browsing')
  await expect(item).toContainText('Open')
  await expect(item).toContainText(description)
})

test('the customer requests a repair; a ticket that is not theirs is not found', async ({ page }, testInfo) => {
  test.slow()
  const description = `Red LOS light since morning, ${testInfo.project.name} run ${Date.now()}.`
  await signIn(page, DEMO.customer)
  await expect(page).toHaveURL('/customer')
  await page.goto('/customer/help/after-sales')
  await page.getByLabel('Request type').selectOption({ label: 'Repair request (technician visit)' })
  await page.getByLabel('Details').fill(description)
  await page.getByRole('button', { name: 'SUBMIT' }).click()
  await expect(page).toHaveURL(/\/customer\/help\/tickets\/AS-[A-Z2-9]{8}$/)
  await expect(page.getByText('Repair request (technician visit)').first()).toBeVisible()
  await expect(page.getByText('Open', { exact: true })).toBeVisible()

  // A well-formed reference that is not theirs (one in 32^8 that anyone ever draws it).
  await page.goto('/customer/help/tickets/CN-ZZZZZZZZ')
  await expect(page.getByRole('heading', { name: 'Ooops! We cannot find the page you are looking for.' })).toBeVisible()
})
