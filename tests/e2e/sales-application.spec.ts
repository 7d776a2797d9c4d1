/**
 * issue 13, item 3: one application's page in the sales area, with and without JavaScript:
 * what was filed, the timeline, the customer's PDF and the compliance link sent again; and
 * another agent gets the not-found page for it (docs/security.md, Access control).
 */
import { DEMO, logIn, signIn } from './support/account'
import { expect, test } from './support/test'
import { acceptCookiesBeforehand } from './support/visitor'

const AGENT2 = { email: 'agent2@example.com', password: DEMO.agent.password }
// The PDF can be sent 3 times an hour per application: each run sends a different one's.
const PDF_CUSTOMER = { js: 'PAOLO DELA CRUZ', 'no-js': 'JASMINE AQUINO' } as const

test.beforeEach(async ({ page }) => {
  await acceptCookiesBeforehand(page)
})

test('an agent opens an application, sends the customer its PDF and the compliance link again; another agent cannot open it', async ({
  page,
}, testInfo) => {
  await signIn(page, DEMO.agent)
  await page.goto('/sales?search=TORRES')
  await page.getByTestId('sales-applications').getByRole('link').first().click()
  await expect(page).toHaveURL(/\/sales\/applications\/OO-[\w-]+$/)
  const refId = new URL(page.url()).pathname.split('/').pop()!
  const applicationUrl = `/sales/applications/${refId}`
  const facts = page.getByTestId('sales-application')
  await expect(facts).toContainText('MIGUEL TORRES')
  await expect(facts).toContainText('For compliance')
  await expect(page.getByTestId('sales-timeline')).toBeVisible()
  await page.getByRole('button', { name: 'RESEND THE COMPLIANCE LINK' }).click()
  await expect(page.getByText(/^The compliance link was emailed again to .+@/)).toBeVisible()

  const customer = PDF_CUSTOMER[testInfo.project.name as keyof typeof PDF_CUSTOMER]
  await page.goto(`/sales?search=${encodeURIComponent(customer.split(' ')[0]!)}`)
  await page.getByTestId('sales-applications').getByRole('link').first().click()
  await expect(page.getByTestId('sales-application')).toContainText(customer)
  await page.getByRole('button', { name: 'SEND THE APPLICATION PDF TO THE CUSTOMER' }).click()
  await expect(page.getByText(/^The application PDF was emailed to .+@/)).toBeVisible()

  // TERESA (AGT-0002) is on the same team, but the application is JOSE's.
  await page.context().clearCookies()
  await acceptCookiesBeforehand(page)
  await signIn(page, AGENT2)
  const response = await page.goto(applicationUrl)
  expect(response?.status()).toBe(404)
  await expect(page.getByText('MIGUEL TORRES')).toHaveCount(0)
  const posted = await page.request.post(applicationUrl, {
    form: { intent: 'send-pdf' },
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  })
  expect(posted.status()).toBe(404)
  // Nor its compliance pages.
  expect((await page.goto(`/sales/applications/${refId}/compliance`))?.status()).toBe(404)
  expect((await page.goto(`/sales/applications/${refId}/compliance/governmentIssued`))?.status()).toBe(404)
})

test('after logout a kiosk browser keeps nothing of the customer: no storage, no session, and the back button shows nothing', async ({
  page,
  context,
}) => {
  // A session of its own (logIn): logging out must not end the worker's shared one (signIn).
  await logIn(page, DEMO.agent)
  await page.goto('/sales?search=TORRES')
  await page.getByTestId('sales-applications').getByRole('link').first().click()
  await expect(page.getByTestId('sales-application')).toContainText('MIGUEL TORRES')

  await page.getByRole('banner').getByRole('link', { name: 'Logout' }).first().click()
  await page.getByRole('button', { name: 'YES' }).click()
  await expect(page).toHaveURL('/')

  const state = await context.storageState()
  expect(state.origins.flatMap((origin) => origin.localStorage)).toEqual([])
  // The portal's own cookies are gone. (The embedded provider keeps its opaque oidc_session
  // cookie, whose session it ended: /sales below asks for sign-in again.)
  const portalCookies = state.cookies.map((cookie) => cookie.name).filter((name) => !name.startsWith('oidc_'))
  expect(portalCookies.filter((name) => /session|draft|guest-payments/.test(name))).toEqual([])
  // Back to the application's page: the cache kept nothing (no-store), and it asks for sign-in.
  // With JavaScript the router may follow that redirect itself, which ends the browser's back
  // navigation early (ERR_ABORTED, seen once in CI), or Chromium moves the page to a new
  // renderer mid-way and Playwright's wait for the old one ends ("Not attached to an active
  // page", seen once in CI): either way the navigation happened, and what counts is the page
  // it settles on.
  const settledElsewhere = /ERR_ABORTED|Not attached to an active page/
  for (let n = 0; n < 2; n++) {
    await page.goBack().catch((error: unknown) => {
      if (!settledElsewhere.test(String(error))) throw error
    })
    await page.waitForLoadState('load')
  }
  await expect(page.getByText('MIGUEL TORRES')).toHaveCount(0)
  await page.goto('/sales')
  await expect(page).toHaveURL(/\/login\/interaction\//)
})
