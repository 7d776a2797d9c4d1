import { expect, test } from './support/test'
import { DEMO, logIn } from './support/account'
import { acceptCookiesBeforehand } from './support/visitor'

// spec 4 and docs/security.md, Sessions: each demo role signs in through the login screen and
// lands on its own home; logout asks first, and after it the private pages need sign-in again.
test.beforeEach(async ({ page }) => {
  await acceptCookiesBeforehand(page)
})

test.describe('signing in', () => {
  test('an applicant lands on Get started', async ({ page }) => {
    await logIn(page, DEMO.applicant)
    await expect(page).toHaveURL('/get-started')
    await expect(page.getByRole('heading', { name: "Hi ANA, let's get you connected" })).toBeVisible()
  })

  test('a customer lands on the customer home with the default account and linked accounts', async ({ page }) => {
    // The way through: the provider's login screen, the portal's callback, then home.
    const visited: string[] = []
    page.on('request', (request) => {
      if (request.isNavigationRequest()) visited.push(new URL(request.url()).pathname)
    })
    await logIn(page, DEMO.customer)
    await expect(page).toHaveURL('/customer')
    expect(visited.some((path) => path.startsWith('/login/interaction/'))).toBe(true)
    expect(visited).toContain('/login/callback')
    await expect(page.getByRole('heading', { name: 'Welcome, CARLOS' })).toBeVisible()
    // 002 in the seed; the dashboard journey switches CARLOS between his two meanwhile.
    await expect(page.getByTestId('default-account')).toHaveText(/^100000000000[12]$/)
    await expect(page.getByRole('list', { name: 'Linked accounts' }).getByRole('listitem')).toHaveCount(2)
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toHaveCount(0)

    // Where the old app landed after sign-in (spec 2) now forwards to the user's home.
    await page.goto('/login/success')
    await expect(page).toHaveURL('/customer')
  })

  test('a sales agent lands on the sales dashboard with the agent code', async ({ page }) => {
    await logIn(page, DEMO.agent)
    await expect(page).toHaveURL('/sales')
    await expect(page.getByRole('heading', { name: 'Welcome, JOSE' })).toBeVisible()
    await expect(page.getByTestId('agent-code')).toHaveText('AGT-0001')
  })

  test('a sales admin lands on the sales dashboard', async ({ page }) => {
    await logIn(page, DEMO.admin)
    await expect(page).toHaveURL('/sales')
    await expect(page.getByText('Sales admin')).toBeVisible()
  })

  test('a wrong password says so and keeps the email', async ({ page }) => {
    await logIn(page, { email: DEMO.customer.email, password: 'not-the-password' })
    await expect(page.getByText('Invalid email or password.')).toBeVisible()
    await expect(page.getByLabel('Email address')).toHaveValue(DEMO.customer.email)
    await expect(page.getByLabel('Password')).toHaveValue('')
  })
})

test.describe('logging out', () => {
  // Every Logout leads to the question (spec 4): the public header's, and the customer top
  // bar's and drawer's (issue 33).
  test('NO keeps the user signed in and goes back home', async ({ page }) => {
    await logIn(page, DEMO.agent)
    await expect(page).toHaveURL('/sales')
    await page.getByRole('banner').getByRole('link', { name: 'Logout' }).first().click()
    await expect(page.getByText('Do you want to log out?')).toBeVisible()
    // One word for the action, the header's (spec 2): the page says Logout too.
    await expect(page).toHaveTitle('Logout | Hibla')
    await expect(page.getByRole('heading', { name: 'Logout' })).toBeVisible()
    await page.getByRole('link', { name: 'NO', exact: true }).click()
    await expect(page).toHaveURL('/sales')
    await expect(page.getByRole('heading', { name: 'Welcome, JOSE' })).toBeVisible()
  })

  test("the customer top bar's Logout asks first: NO stays, YES logs out and says so", async ({ page }) => {
    // A customer of this test's own: logging out ends the session the other journeys share (signIn).
    await logIn(page, DEMO.customer2)
    await expect(page).toHaveURL('/customer')
    const topBar = page.getByRole('banner').getByRole('navigation', { name: 'Account' })
    await topBar.getByRole('link', { name: 'Logout' }).click()
    await expect(page.getByText('Do you want to log out?')).toBeVisible()
    await page.getByRole('link', { name: 'NO', exact: true }).click()
    await expect(page).toHaveURL('/customer')
    await topBar.getByRole('link', { name: 'Logout' }).click()
    await page.getByRole('button', { name: 'YES' }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByText('Successfully Logged Out')).toBeVisible()
    await page.goto('/customer')
    await expect(page).toHaveURL(/\/login\/interaction\//)
  })

  test('YES logs out, says so, and a private page then asks for sign-in again', async ({ page }) => {
    const visited: string[] = []
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url())
    })
    await logIn(page, DEMO.agent)
    await expect(page).toHaveURL('/sales')
    await page.getByRole('banner').getByRole('link', { name: 'Logout' }).first().click()
    // One click, with or without JavaScript: the provider's session ends from the server.
    await page.getByRole('button', { name: 'YES' }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByText('Successfully Logged Out')).toBeVisible()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible()

    // The back button: /logout, then /sales again; neither shows anything private any more.
    await page.goBack()
    await page.goBack()
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
    await expect(page.getByText('JOSE')).toHaveCount(0)

    await page.goto('/sales')
    await expect(page).toHaveURL(/\/login\/interaction\//)
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
    // A kiosk: no address this browser visited (its history) carried a token.
    expect(visited.filter((url) => /id_token_hint|eyJ[\w-]+\./.test(url))).toEqual([])
  })
})
