/** Steps the account journeys share: signing in, registering, and finding links in the dev mailbox. */
import { expect, type Page } from '@playwright/test'

/** The demo users the seed creates (README, Demo users). */
export const DEMO = {
  applicant: { email: 'applicant@example.com', password: 'Applicant2024' },
  customer: { email: 'customer@example.com', password: 'Customer2024' },
  agent: { email: 'agent@example.com', password: 'Agent2024' },
  admin: { email: 'admin@example.com', password: 'Admin2024' },
}

/** From the landing page through the header's Login and the login screen (a wide screen). */
export async function logIn(page: Page, user: { email: string; password: string }) {
  await page.goto('/')
  await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
  await page.getByLabel('Email address').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Login' }).click()
}

export function uniqueEmail(prefix: string, project: string) {
  return `${prefix}.${project}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.net`
}

export async function fillRegistration(page: Page, email: string, accountNumber = '1000000000003') {
  await page.goto('/register')
  await page.getByLabel('First name').fill('Liza')
  await page.getByLabel('Last name').fill('Santos')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Mobile number').fill('9171234567')
  await page.getByLabel('Account number').fill(accountNumber)
  await page.getByLabel('Password', { exact: true }).fill('Mabuhay2025')
  await page.getByLabel('Confirm password').fill('Mabuhay2025')
  await page.getByRole('button', { name: 'REGISTER' }).click()
}

export type MailboxLinkPath = 'verifyEmail' | 'reset-password'

/** Opens the dev mailbox, searches for the recipient and returns the newest link to `path`. */
export async function findMailboxLink(page: Page, email: string, path: MailboxLinkPath) {
  await page.goto('/dev/mailbox')
  await page.getByLabel('Recipient email').fill(email)
  await page.getByRole('button', { name: 'SEARCH' }).click()
  // Until the search answers, the page lists everyone's newest mail (other journeys' too).
  await expect(page).toHaveURL(/[?&]to=/)
  await expect(page.getByRole('article').first().getByText(email)).toBeVisible()
  return page.getByRole('link', { name: new RegExp(`/${path}/`) }).first()
}

/** Follows the newest mailbox link to `path` and returns its address. */
export async function followMailboxLink(page: Page, email: string, path: MailboxLinkPath) {
  const link = await findMailboxLink(page, email, path)
  const href = await link.getAttribute('href')
  await link.click()
  await expect(page).toHaveURL(new RegExp(`/${path}/`))
  return href!
}
