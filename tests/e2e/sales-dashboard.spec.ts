/**
 * issue 13, items 1 and 6: the sales dashboard, with and without JavaScript, on the demo
 * team (services/sales/seed.ts): JOSE BAUTISTA (AGT-0001) and TERESA MENDOZA (AGT-0002),
 * managed by MARIA SANTOS. An agent sees their own applications only, searches and filters
 * them by a GET form; the admin sees the team, filters by agent and reassigns, after a
 * confirmation. A customer reaches no /sales route.
 */
import { DEMO, signIn } from './support/account'
import { expect, test } from './support/test'
import { acceptCookiesBeforehand } from './support/visitor'

test.beforeEach(async ({ page }) => {
  await acceptCookiesBeforehand(page)
})

test('an agent sees, searches and filters their own applications only', async ({ page }) => {
  await signIn(page, DEMO.agent)
  await page.goto('/sales')
  await expect(
    page.getByRole('navigation', { name: 'Sales' }).getByRole('link', { name: 'Account Info' }),
  ).toBeVisible()
  await expect(page.getByTestId('agent-code')).toHaveText('AGT-0001')
  await expect(page.getByText('MARIA SANTOS')).toBeVisible()
  await expect(page.getByTestId('sales-stats')).toBeVisible()
  const table = page.getByTestId('sales-applications')
  await expect(table).toContainText('PAOLO DELA CRUZ')
  // TERESA's customer is not JOSE's.
  await expect(table).not.toContainText('GABRIEL CASTILLO')

  await page.getByLabel('Search').fill('torres')
  await page.getByRole('button', { name: 'SEARCH' }).click()
  await expect(page).toHaveURL(/\/sales\?.*search=torres/)
  await expect(table.locator('tbody tr')).toHaveCount(1)
  await expect(table).toContainText('MIGUEL TORRES')
  await expect(page.getByLabel('Search')).toHaveValue('torres')

  await page.getByLabel('Search').fill('')
  await page.getByLabel('Status').selectOption('rejected')
  await page.getByRole('button', { name: 'SEARCH' }).click()
  await expect(table.locator('tbody tr')).toHaveCount(1)
  await expect(table).toContainText('BEATRIZ NAVARRO')
  await expect(table).toContainText('Rejected')
  // No agent filter and no reassignment for an agent.
  await expect(page.getByLabel('Agent', { exact: true })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'REASSIGN' })).toHaveCount(0)
})

// Each run moves a different application, so the two runs' lists do not race.
const MOVES = {
  js: { customer: 'KRISTINE LIM', to: 'AGT-0001', toName: 'JOSE BAUTISTA (AGT-0001)' },
  'no-js': { customer: 'ANGELICA RAMOS', to: 'AGT-0002', toName: 'TERESA MENDOZA (AGT-0002)' },
} as const

test('the sales admin sees the team, filters by agent and reassigns after a confirmation', async ({
  page,
}, testInfo) => {
  const move = MOVES[testInfo.project.name as keyof typeof MOVES]
  await signIn(page, DEMO.admin)
  await page.goto('/sales')
  await expect(page.getByRole('heading', { name: 'Team figures' })).toBeVisible()
  const table = page.getByTestId('sales-applications')
  await expect(table).toContainText('PAOLO DELA CRUZ')
  await expect(table).toContainText('GABRIEL CASTILLO')

  // Nothing chosen: said, nothing moved.
  await page.getByLabel('New agent').selectOption(move.to)
  await page.getByRole('button', { name: 'REASSIGN' }).click()
  await expect(page.getByText('Choose at least one application to reassign.')).toBeVisible()

  const row = table.locator('tbody tr').filter({ hasText: move.customer })
  await row.getByRole('checkbox').check()
  await page.getByLabel('New agent').selectOption(move.to)
  await page.getByRole('button', { name: 'REASSIGN' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Reassign these applications?' })
  await expect(dialog).toContainText(`1 application goes to ${move.toName}`)
  await dialog.getByRole('button', { name: 'YES' }).click()
  await expect(page.getByText(`1 application reassigned to ${move.toName}.`)).toBeVisible()

  // The agent's list, narrowed to the customer: other journeys file and move applications to the same agent meanwhile.
  await page.getByLabel('Agent', { exact: true }).selectOption(move.to)
  await page.getByLabel('Search').fill(move.customer.split(' ')[1]!)
  await page.getByRole('button', { name: 'SEARCH' }).click()
  await expect(page).toHaveURL(new RegExp(`agentCode=${move.to}`))
  await expect(table.locator('tbody tr').filter({ hasText: move.customer })).toHaveCount(1)
  await expect(table.locator('tbody tr').filter({ hasText: move.customer })).toContainText(move.to)
})

test('a customer reaches no /sales route', async ({ page }) => {
  await signIn(page, DEMO.customer)
  await page.goto('/sales')
  await expect(page).toHaveURL('/customer')
  await expect(page.getByText('Sorry, you are not authorized for the selected action.')).toBeVisible()
  const posted = await page.request.post('/sales', {
    form: { intent: 'reassign', agentCode: 'AGT-0001', refId: 'OO-000000-AGT101' },
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  })
  expect(posted.status()).toBe(302)
  expect(posted.headers().location).toBe('/customer')
  // Nor the new application's pages (issue 13 item 2), whose actions run before the root's guard.
  for (const path of [
    '/sales/application',
    '/sales/application/onboard',
    '/sales/application/residential/personalDetails',
    '/sales/application/residential/review',
  ]) {
    await page.goto(path)
    await expect(page, path).toHaveURL('/customer')
    const refused = await page.request.post(path, {
      form: { intent: 'resume', orderId: 'DR-0000000000' },
      headers: { origin: new URL(page.url()).origin },
      maxRedirects: 0,
    })
    expect(refused.status(), path).toBe(302)
    expect(refused.headers().location, path).toBe('/customer')
  }
})

test('Account Info shows the agent and their manager, closes the customer application open in this browser, and leads to the sales legal pages', async ({
  page,
}) => {
  await signIn(page, DEMO.agent)
  // A customer's application under way in this kiosk browser (the draft's cookie).
  await page.goto('/CheckAvailability')
  const started = await page.request.post('/CheckAvailability', {
    form: {
      intent: 'details',
      firstName: 'Ana',
      lastName: 'Cruz',
      mobileNo: '9171234567',
      email: 'ana.kiosk@example.net',
      checkTerms: 'on',
    },
    maxRedirects: 0,
  })
  expect(started.status()).toBe(302)
  expect((await page.context().cookies()).some((cookie) => /draft$/.test(cookie.name))).toBe(true)

  await page.goto('/sales')
  await page.getByRole('navigation', { name: 'Sales' }).getByRole('link', { name: 'Account Info' }).click()
  await expect(page).toHaveURL('/sales/account')
  await expect(page.getByTestId('sales-account')).toContainText('JOSE BAUTISTA')
  await expect(page.getByTestId('sales-account')).toContainText('MARIA SANTOS')
  await expect(page.getByRole('status').filter({ hasText: 'is closed' })).toBeVisible()
  expect((await page.context().cookies()).some((cookie) => /draft$/.test(cookie.name))).toBe(false)

  await page.getByRole('main').getByRole('link', { name: 'Privacy notice' }).click()
  await expect(page).toHaveURL('/sales/privacy-notice')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.goto('/sales/terms-and-conditions')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('a sales admin follows up the serviceable leads from the sales menus; an agent has no such menu (issue 33)', async ({
  page,
}) => {
  await signIn(page, DEMO.admin)
  await expect(page).toHaveURL('/sales')
  const menus = page.getByRole('navigation', { name: 'Sales' })
  await menus.getByRole('link', { name: 'Serviceable leads' }).click()
  await expect(page).toHaveURL('/sales/leads')
  await expect(page.getByRole('heading', { level: 1, name: 'Serviceable leads' })).toBeVisible()
  const leads = page.getByTestId('serviceable-leads')
  // The demo's two (services/coverage/seed.ts): a visitor's own check and one AGT-0001 ran.
  const visitor = leads.getByRole('row').filter({ hasText: 'ROSA LIM' })
  await expect(visitor).toContainText('The visitor')
  await expect(visitor.getByRole('link', { name: /^\+63\s\(917\)\s555\s0123$/ })).toHaveAttribute(
    'href',
    'tel:+639175550123',
  )
  await expect(visitor).toContainText('Demo Makati Tower, Bel-Air, City of Makati, Metro Manila')
  await expect(leads.getByRole('row').filter({ hasText: 'CARLO REYES' })).toContainText('AGT-0001')

  await page.context().clearCookies()
  await signIn(page, DEMO.agent)
  await expect(
    page.getByRole('navigation', { name: 'Sales' }).getByRole('link', { name: 'Account Info' }),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: 'Serviceable leads' })).toHaveCount(0)
  // Typed by hand, the page sends an agent home.
  await page.goto('/sales/leads')
  await expect(page).toHaveURL('/sales')
})

test('an agent on the public onboarding pages is taken to the same step of the sales flow (issue 33)', async ({
  page,
}) => {
  await signIn(page, DEMO.agent)
  for (const [publicStep, salesStep] of [
    ['/plans/cart', '/sales/application/onboard'],
    ['/onboard/residential/personalDetails', '/sales/application/residential/personalDetails'],
    ['/onboard/sme/review', '/sales/application/sme/review'],
  ] as const) {
    const answer = await page.request.get(publicStep, { maxRedirects: 0 })
    expect(answer.status(), publicStep).toBe(302)
    expect(answer.headers()['location']).toBe(salesStep)
  }
  // In the browser, the sales flow's own order then holds: with no customer's draft open, the
  // agent's plan step starts them at the check.
  await page.goto('/plans/cart')
  await expect(page).toHaveURL('/CheckAvailability')
})
