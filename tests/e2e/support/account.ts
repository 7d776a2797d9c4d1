/** Steps the account journeys share: signing in, registering, and finding links in the dev mailbox. */
import { expect, type Cookie, type Page } from '@playwright/test'
import { PORTAL_URL } from './servers'

/** The demo users the seed creates (README, Demo users). */
export const DEMO = {
  applicant: { email: 'applicant@example.com', password: 'Applicant2024' },
  customer: { email: 'customer@example.com', password: 'Customer2024' },
  // LIZA SANTOS, holder of 1000000000003: the other customer whose account must be refused.
  customer2: { email: 'customer2@example.com', password: 'Customer2024' },
  agent: { email: 'agent@example.com', password: 'Agent2024' },
  admin: { email: 'admin@example.com', password: 'Admin2024' },
}

/** Sessions this worker signed in, by email: their cookies, for signIn. */
const sessions = new Map<string, Promise<Cookie[]>>()

/**
 * Signed in as `user` and on their home, for journeys about what a signed-in user does (not
 * about signing in: those use logIn). The first call in a worker signs in through the login
 * screen (logIn) in a context of its own; later ones add that session's cookies to the
 * page's context, since the session lives on the server. A journey that logs out must sign
 * in with logIn, or it would end the session the others share. A session the portal has
 * since ended (idle timeout) is replaced by a new one.
 */
export async function signIn(page: Page, user: { email: string; password: string }) {
  for (const fresh of [false, true]) {
    if (fresh) sessions.delete(user.email)
    let cookies = sessions.get(user.email)
    if (!cookies) {
      cookies = signInApart(page, user)
      sessions.set(user.email, cookies)
    }
    await page.context().addCookies(await cookies)
    // Where the old app landed after sign-in (spec 2): forwards to the user's home.
    await page.goto('/login/success')
    if (!new URL(page.url()).pathname.startsWith('/login')) return
  }
  throw new Error(`${user.email}: a new session did not reach the user's home`)
}

async function signInApart(page: Page, user: { email: string; password: string }) {
  const context = await page.context().browser()!.newContext({ baseURL: PORTAL_URL, javaScriptEnabled: false })
  try {
    const own = await context.newPage()
    await logIn(own, user)
    await expect(own).not.toHaveURL(/\/login/)
    return (await context.storageState()).cookies
  } finally {
    await context.close()
  }
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

/** The demo accounts' registered emails, where their one-time codes go (services/accounts/seed.ts, demo data). */
export const HOLDER_EMAIL: Record<string, string> = {
  '1000000000001': 'carlos.reyes@example.org',
  '1000000000002': 'carlos.reyes@example.org',
  '1000000000003': 'liza.santos@example.org',
  '1000000000004': 'mark.delacruz@example.org',
  '1000000000005': 'andrea.lim@example.org',
  '1000000000006': 'paolo.tan@example.org',
}

/** The newest one-time code sent to `email`, read in the dev mailbox (leaves the page there). */
export async function readMailboxCode(page: Page, email: string): Promise<string> {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`)
  const newest = page.getByRole('article').first()
  await expect(newest.getByText(email)).toBeVisible()
  const body = await newest.locator('pre').innerText()
  const code = /\b(\d{6})\b/.exec(body)
  if (!code) throw new Error(`no code in the newest message to ${email}`)
  return code[1]!
}

/** At /get-started with a proof under way: sends a code to the account's registered email. */
export async function sendEmailCode(page: Page, accountNumber: string) {
  await expect(page.getByTestId('proof-account')).toHaveText(accountNumber)
  await page.getByRole('radio', { name: /^Email:/ }).check()
  await page.getByRole('button', { name: 'SEND CODE' }).click()
  await expect(page.getByLabel('One-time code')).toBeVisible()
}

/** Reads the newest code in the holder's mailbox and types it back at /get-started. */
export async function enterMailboxCode(page: Page, accountNumber: string) {
  const code = await readMailboxCode(page, HOLDER_EMAIL[accountNumber]!)
  await page.goto('/get-started')
  await expect(page.getByTestId('proof-account')).toHaveText(accountNumber)
  await page.getByLabel('One-time code').fill(code)
  await page.getByRole('button', { name: 'VERIFY', exact: true }).click()
}

/**
 * Proves the account whose proof is under way at /get-started (its code choice showing):
 * the code by email, read in the dev mailbox, typed back. Ends on the page VERIFY lands on.
 */
export async function proveWithEmailCode(page: Page, accountNumber: string) {
  await sendEmailCode(page, accountNumber)
  await enterMailboxCode(page, accountNumber)
}
