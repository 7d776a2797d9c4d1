/**
 * issue 18, with and without JavaScript: a customer sees their modem's Wi-Fi from the
 * dashboard, shows the passwords after their portal password, changes a network's name and
 * password and sees the modem apply it (the page re-reads itself with JavaScript; REFRESH
 * without). A 7-character password and a 33-byte name get their messages with the other input
 * kept; another customer's modem is refused. Each run has its own customer and modem
 * (changes are limited per account, and one at a time).
 */
import type { Page } from '@playwright/test'
import { DEMO, signIn } from './support/account'
import { expect, test } from './support/test'
import { acceptCookiesBeforehand } from './support/visitor'

const RUNS = {
  js: { email: 'customer3@example.com', ssid: 'CRUZ_HOME', passphrase: 'halo-halo-summer', account: '1000000000007' },
  'no-js': {
    email: 'customer4@example.com',
    ssid: 'VILLANUEVA_FIBR',
    passphrase: 'Taal-volcano-1754',
    account: '1000000000008',
  },
} as const
// LIZA SANTOS's modem (customer2@, account 1000000000003).
const OTHER_DEVICE = '00259E-HG8145V5-48575443A1B2C303'

test.beforeEach(async ({ page }) => {
  await acceptCookiesBeforehand(page)
})

const networks = (page: Page) => page.getByTestId('wifi-networks')

test("the customer sees the Wi-Fi, shows its password, changes the name and password and sees them applied; bad input is refused with the rest kept; another customer's modem is refused", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  test.slow()
  const run = RUNS[testInfo.project.name as keyof typeof RUNS]
  await signIn(page, { email: run.email, password: DEMO.customer.password })
  await page.goto('/customer')
  // The modem card names the networks and the devices on each.
  await expect(page.getByTestId('modem-wifi')).toContainText(`${run.ssid}_5G: 5 GHz, 1 device connected`)
  await page
    .getByTestId('modem-card')
    .getByRole('link', { name: /Wi-Fi name, password/ })
    .click()
  await expect(page).toHaveURL('/account/wifi')

  await test.step('the networks, the passwords hidden, the devices connected', async () => {
    await expect(networks(page)).toContainText(run.ssid)
    await expect(networks(page)).toContainText(`${run.ssid}_5G`)
    await expect(page.getByTestId('wifi-passphrase').first()).toHaveText('Hidden')
    await expect(page.getByTestId('wifi-hosts').locator('tbody tr').first()).toBeVisible()
  })

  await test.step('the passwords, after the portal password', async () => {
    if (javaScriptEnabled) await page.waitForLoadState('networkidle')
    await page.getByLabel('Your portal password').fill('not-my-password')
    await page.getByRole('button', { name: 'SHOW PASSWORDS' }).click()
    await expect(page.getByText('That is not your portal password.')).toBeVisible()
    // Without JavaScript the page comes back with the password field empty (never sent back).
    if (!javaScriptEnabled) await expect(page.getByLabel('Your portal password')).toHaveValue('')
    await expect(page.getByTestId('wifi-passphrase').first()).toHaveText('Hidden')
    await page.getByLabel('Your portal password').fill(DEMO.customer.password)
    await page.getByRole('button', { name: 'SHOW PASSWORDS' }).click()
    await expect(page.getByTestId('wifi-passphrase').first()).toHaveText(run.passphrase)
    expect(page.url()).not.toContain(run.passphrase)
  })

  const newName = `${run.ssid}-${testInfo.project.name}-${Date.now() % 10_000}`
  await test.step('a 7-character password and a 33-byte name: each its message, the rest kept', async () => {
    await page.getByRole('checkbox', { name: new RegExp(`^${run.ssid} \\(2\\.4 GHz\\)`) }).check()
    await page.getByLabel('New network name').fill(newName)
    await page.getByLabel('New password', { exact: true }).fill('1234567')
    // With JavaScript the field is checked as it is left: its message shows before the form is sent.
    await page.getByLabel('New password', { exact: true }).press('Tab')
    if (javaScriptEnabled) await expect(page.getByText('The password must be 8 to 63 characters.')).toBeVisible()
    await page.getByLabel(/every device on this network will be disconnected/).check()
    await page.getByRole('button', { name: 'CHANGE WI-FI' }).click()
    await expect(page.getByText('The password must be 8 to 63 characters.')).toBeVisible()
    await expect(page.getByLabel('New network name')).toHaveValue(newName)
    await expect(page.getByRole('checkbox', { name: new RegExp(`^${run.ssid} \\(2\\.4 GHz\\)`) })).toBeChecked()

    // 31 ASCII characters and an ñ (two bytes): 33 bytes, 32 characters.
    const tooLong = `${'A'.repeat(31)}ñ`
    await page.getByLabel('New network name').fill(tooLong)
    await page.getByLabel('New password', { exact: true }).fill('Bagong-Password-2026')
    await page.getByLabel('New password', { exact: true }).press('Tab')
    if (javaScriptEnabled) {
      await expect(
        page.getByText('The network name must be 1 to 32 bytes (some characters count as more than one).'),
      ).toBeVisible()
      await expect(page.getByText('The password must be 8 to 63 characters.')).toHaveCount(0)
    }
    await page.getByLabel(/every device on this network will be disconnected/).check()
    await page.getByRole('button', { name: 'CHANGE WI-FI' }).click()
    await expect(
      page.getByText('The network name must be 1 to 32 bytes (some characters count as more than one).'),
    ).toBeVisible()
    await expect(page.getByLabel('New password', { exact: true })).toHaveValue('Bagong-Password-2026')
    await expect(page.getByLabel('New network name')).toHaveValue(tooLong)
  })

  await test.step('the change: asked, then applied by the modem', async () => {
    await page.getByLabel('New network name').fill(newName)
    await page.getByLabel('New password', { exact: true }).fill('Bagong-Password-2026')
    await page.getByLabel('New password', { exact: true }).press('Tab')
    if (javaScriptEnabled) await expect(page.getByText(/must be 1 to 32 bytes/)).toHaveCount(0)
    await page.getByLabel(/every device on this network will be disconnected/).check()
    await page.getByRole('button', { name: 'CHANGE WI-FI' }).click()
    await expect(page.getByText('Your change was sent to the modem.')).toBeVisible()
    const state = page.getByTestId('wifi-change-state')
    await expect(state).toHaveAttribute('data-state', 'requested')
    await expect(state).toContainText('New name and password')
    if (javaScriptEnabled) {
      await expect(state).toHaveAttribute('data-state', 'done', { timeout: 30_000 })
    } else {
      await expect(async () => {
        await page.getByRole('link', { name: 'REFRESH' }).click()
        await expect(state).toHaveAttribute('data-state', 'done', { timeout: 1_000 })
      }).toPass({ timeout: 30_000 })
    }
    await expect(networks(page)).toContainText(newName)
    await expect(page.getByTestId('wifi-changes-left')).toHaveText('You can change the Wi-Fi 2 more times this hour.')
  })

  await test.step("another customer's modem, or account, is refused", async () => {
    const origin = new URL(page.url()).origin
    const attempts: [string, string][] = [
      [run.account, OTHER_DEVICE],
      ['1000000000003', OTHER_DEVICE],
    ]
    for (const [accountNumber, deviceId] of attempts) {
      const refused = await page.request.post('/account/wifi', {
        form: {
          intent: 'change',
          accountNumber,
          deviceId,
          bands: '2.4GHz',
          ssid: 'HIJACKED',
          confirmDisconnect: 'on',
        },
        headers: { origin },
        maxRedirects: 0,
      })
      expect(refused.status(), `${accountNumber} ${deviceId}`).toBe(404)
    }
    await page.reload()
    await expect(networks(page)).not.toContainText('HIJACKED')
  })
})
