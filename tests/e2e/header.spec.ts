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

// spec 6: an applicant (neither customer nor sales) gets the drawer's Dashboard while
// SFA_DASHBOARD_NO_LIMITATION is 'true' (the default; the rule itself: dashboard-link.test.ts).
test("an applicant's drawer has Dashboard, to their home", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await acceptCookiesBeforehand(page)
  await signIn(page, DEMO.applicant)
  await expect(page).toHaveURL('/get-started')
  await page.goto('/')
  const header = page.getByRole('banner')
  await header.locator('summary[aria-label="Menu"]').click()
  await header.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Dashboard', exact: true }).click()
  await expect(page).toHaveURL('/get-started')
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

  // issue 33: every customer page is a click away, from the top bar (1280 px wide: its menus
  // are native <details>, so this works the same without JavaScript).
  const TOP_BAR: { menu?: string; link: string; to: string | RegExp }[] = [
    { link: 'Dashboard', to: '/customer' },
    { menu: 'Bills and Payments', link: 'Bills and statements', to: '/customer/bill-history' },
    { menu: 'Bills and Payments', link: 'Pay', to: /^\/customer\/bill-history\/pay\/\d{13}$/ },
    { menu: 'Bills and Payments', link: 'AutoPay', to: '/customer/auto-pay' },
    { link: 'Wi-Fi', to: '/account/wifi' },
    { link: 'Help', to: '/customer/help' },
    { menu: 'My Account', link: 'Account Info', to: '/account/subscription' },
    { menu: 'My Account', link: 'Profile', to: '/profile' },
    { menu: 'My Account', link: 'Refer and Earn', to: '/customer/referrals' },
    { link: 'Consent Management', to: '/consent' },
    // Last: /get-started is outside the customer shell (app/routes.ts), with the public header.
    { menu: 'My Account', link: 'Link another Account', to: '/get-started' },
  ]
  test("the customer's top bar reaches every customer page", async ({ page }) => {
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Account' })
    for (const { menu, link, to } of TOP_BAR) {
      await test.step(`${menu ? `${menu}, ` : ''}${link}`, async () => {
        if (menu) await nav.getByText(menu, { exact: true }).click()
        await nav.getByRole('link', { name: link, exact: true }).click()
        const path = (url: URL) => (typeof to === 'string' ? url.pathname === to : to.test(url.pathname))
        await expect(page).toHaveURL(path)
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
        await expect(page.getByText('We cannot find the page')).toHaveCount(0)
      })
    }
  })

  test('the customer drawer offers Home, Plans and every customer page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const header = page.getByRole('banner')
    await header.locator('summary[aria-label="Menu"]').click()
    const drawer = header.getByRole('navigation', { name: 'Menu' })
    for (const [name, href] of [
      ['Home', '/'],
      ['Plans', '/plans'],
      ['Dashboard', '/customer'],
      ['Bills and statements', '/customer/bill-history'],
      ['AutoPay', '/customer/auto-pay'],
      ['Wi-Fi', '/account/wifi'],
      ['Notifications', '/customer/notifications'],
      ['Help and my tickets', '/customer/help'],
      ['Profile', '/profile'],
      ['Account Info', '/account/subscription'],
      ['Refer and Earn', '/customer/referrals'],
      ['Consent Management', '/consent'],
    ] as const) {
      await expect(drawer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    }
    await expect(drawer.getByRole('link', { name: 'Pay', exact: true })).toHaveAttribute(
      'href',
      /^\/customer\/bill-history\/pay\/\d{13}$/,
    )
    // Outside sites this portal has no address for (the e2e portal sets none): spec 8's page.
    for (const name of ['Update Account', 'Plan Upgrade']) {
      await expect(drawer.getByRole('link', { name, exact: true })).toHaveAttribute('href', '/available-soon')
    }
    await drawer.getByRole('link', { name: 'Bills and statements', exact: true }).click()
    await expect(page).toHaveURL('/customer/bill-history')
    await header.locator('summary[aria-label="Menu"]').click()
    await drawer.getByRole('link', { name: 'Update Account', exact: true }).click()
    await expect(page).toHaveURL('/available-soon')
    await expect(page.getByRole('heading', { level: 1, name: 'This webpage will be available soon' })).toBeVisible()
  })

  test('/register sends the user to their home', async ({ page }) => {
    await page.goto('/register')
    await expect(page).toHaveURL('/customer')
    await expect(page.getByRole('heading', { name: 'Welcome, CARLOS' })).toBeVisible()
  })
})
