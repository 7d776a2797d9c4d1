import { expect, test } from './support/test'
import { DEMO, signIn } from './support/account'
import { acceptCookiesBeforehand } from './support/visitor'

// spec 2, Shell: the header a visitor sees on every public page.
test.describe('header on a wide screen', () => {
  test('the logo takes the visitor home', async ({ page }) => {
    await page.goto('/check-status')
    await page.getByRole('banner').getByRole('link', { name: 'Hibla home' }).click()
    await expect(page).toHaveURL('/')
  })

  // The target pages may not exist yet (they show the not-found page): the URL is the promise.
  const links = [
    { name: 'PLANS', to: '/plans' },
    { name: 'HELP & SUPPORT', to: '/help' },
    { name: 'REGISTER', to: '/register' }, // shown while REGISTER_FLAG is 'true' (the default)
  ]
  test('PLANS, HELP & SUPPORT and REGISTER each go to their page', async ({ page }) => {
    for (const { name, to } of links) {
      await test.step(`${name} goes to ${to}`, async () => {
        await page.goto('/')
        await page.getByRole('banner').getByRole('link', { name, exact: true }).click()
        await expect(page).toHaveURL(to)
      })
    }
  })

  test('Login goes through /login to the login screen', async ({ page }) => {
    await page.goto('/')
    const login = page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })
    await expect(login).toHaveAttribute('href', '/login')
    await login.click()
    await expect(page).toHaveURL(/\/login\/interaction\//)
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
    // One word for the action everywhere (spec 2's Login button): link, heading, title, button.
    await expect(page).toHaveTitle('Login | Hibla')
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible()
  })
})

test.describe('header on a small screen', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the Menu drawer opens and offers Home, Plans and Login', async ({ page }) => {
    await page.goto('/')
    const header = page.getByRole('banner')
    const drawerNav = header.getByRole('navigation', { name: 'Menu' })
    await expect(drawerNav.getByRole('link', { name: 'Home' })).toBeHidden()

    // A native <details> drawer: <summary> has no ARIA role to query, so find it by its label.
    await header.locator('summary[aria-label="Menu"]').click()

    await expect(drawerNav.getByRole('link', { name: 'Home', exact: true })).toBeVisible()
    await expect(drawerNav.getByRole('link', { name: 'Plans', exact: true })).toBeVisible()
    await expect(header.getByRole('link', { name: 'Login', exact: true })).toBeVisible()
  })
})

// Issue 7: registering is for visitors; a signed-in user already has an account.
test.describe('header when signed in', () => {
  test.beforeEach(async ({ page }) => {
    await acceptCookiesBeforehand(page)
    await signIn(page, DEMO.customer)
    await expect(page).toHaveURL('/customer')
  })

  test('offers no REGISTER, on a wide screen or in the drawer', async ({ page }) => {
    // The customer top bar (spec 2): My Account, no REGISTER.
    const header = page.getByRole('banner')
    await expect(header.getByText('My Account', { exact: true })).toBeVisible()
    await expect(header.getByRole('link', { name: /^register$/i })).toHaveCount(0)
  })

  test('/register sends the user to their home', async ({ page }) => {
    await page.goto('/register')
    await expect(page).toHaveURL('/customer')
    await expect(page.getByRole('heading', { name: 'Welcome, CARLOS' })).toBeVisible()
  })
})
