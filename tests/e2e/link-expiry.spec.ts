/**
 * Verification links work for 10 minutes and a check-availability draft for 4 hours after
 * its last save (spec 9), proven in the browser with a moved clock, not a sleep: each project has its own portal whose services' clock the test
 * moves forward (support/portal-with-clock.ts). Moves only go forward and would reach
 * every journey on that portal, so this file's journeys run one after another.
 */
import { expect } from '@playwright/test'
import { DEMO, fillRegistration, findMailboxLink, logIn, uniqueEmail } from './support/account'
import { completeStepOne, detailsField, person } from './support/check-availability'
import { test } from './support/clock'
import { acceptCookiesBeforehand } from './support/visitor'

test.describe.configure({ mode: 'default' })

test.beforeEach(async ({ page }) => {
  await acceptCookiesBeforehand(page)
})

async function registerAndOpenMailbox(page: Parameters<typeof fillRegistration>[0], email: string) {
  await fillRegistration(page, email)
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  return findMailboxLink(page, email, 'verifyEmail')
}

test('a verification link followed 9 minutes after registration still verifies', async ({ page, clock }, testInfo) => {
  const email = uniqueEmail('in-time', testInfo.project.name)
  const link = await registerAndOpenMailbox(page, email)
  await clock.advance(9)
  await link.click()
  await page.getByRole('button', { name: 'VERIFY MY EMAIL' }).click()
  await expect(page.getByRole('heading', { name: 'Your email is verified' })).toBeVisible()
})

test('a verification link followed 11 minutes after registration fails as expired', async ({
  page,
  clock,
}, testInfo) => {
  const email = uniqueEmail('expired', testInfo.project.name)
  const link = await registerAndOpenMailbox(page, email)
  await clock.advance(11)
  await link.click()
  // The link itself still looks valid: only the verification finds it expired.
  await page.getByRole('button', { name: 'VERIFY MY EMAIL' }).click()
  await expect(page.getByRole('heading', { name: 'Email verification failed' })).toBeVisible()
  await expect(page.getByText('This verification link has expired or has already been used.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'RESEND EMAIL' })).toBeVisible()
})

test('after a link expired, RESEND EMAIL sends a new link that verifies', async ({ page, clock }, testInfo) => {
  const email = uniqueEmail('resent', testInfo.project.name)
  const expired = await registerAndOpenMailbox(page, email)
  await clock.advance(11)
  await expired.click()
  await page.getByRole('button', { name: 'VERIFY MY EMAIL' }).click()
  await expect(page.getByRole('heading', { name: 'Email verification failed' })).toBeVisible()

  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'RESEND EMAIL' }).click()
  await expect(page.getByText('If an account is waiting for verification at that address')).toBeVisible()

  const fresh = await findMailboxLink(page, email, 'verifyEmail')
  await fresh.click()
  await page.getByRole('button', { name: 'VERIFY MY EMAIL' }).click()
  await expect(page.getByRole('heading', { name: 'Your email is verified' })).toBeVisible()
})

test('a check-availability draft comes back 3 h 59 min after step 1, and not after 4 hours', async ({
  page,
  clock,
}) => {
  const who = person('expiry')
  await completeStepOne(page, who)
  await clock.advance(239)
  await page.reload()
  // The draft still holds step 1: the page opens on step 2, and Back shows the details.
  await expect(page.getByRole('combobox', { name: 'Region' })).toBeVisible()
  await page.getByRole('link', { name: 'Back' }).click()
  await expect(detailsField.email(page)).toHaveValue(who.email)

  await clock.advance(2)
  // Back after the end (issue 38, item 6): step 1, blank, with a word of why.
  await page.goto('/CheckAvailability')
  await expect(page.getByRole('combobox', { name: 'Region' })).toHaveCount(0)
  await expect(detailsField.firstName(page)).toHaveValue('')
  await expect(detailsField.email(page)).toHaveValue('')
  await expect(
    page.getByText('What you had entered was cleared, because 4 hours passed since your last change.'),
  ).toBeVisible()
  // Said once: the next visit of the page is step 1 as for anyone new.
  await page.goto('/CheckAvailability')
  await expect(page.getByText('What you had entered was cleared')).toHaveCount(0)
})

test("a sales agent's kiosk session left idle for 16 minutes ends: the next page asks for sign-in and the browser keeps nothing of the customer", async ({
  page,
  context,
  clock,
}) => {
  // A session of its own on this portal (docs/security.md: 15 idle minutes for sales roles on kiosks).
  await logIn(page, DEMO.agent)
  await expect(page).toHaveURL('/sales')
  const who = person('kiosk-idle')
  await completeStepOne(page, who)
  await expect(page.getByText('Checking as sales agent AGT-0001')).toBeVisible()
  expect((await context.cookies()).some((cookie) => /draft$/.test(cookie.name))).toBe(true)

  await clock.advance(16)
  await page.goto('/CheckAvailability')
  // The session ended upstream: the draft, the agent's, opens for no one here, and its cookie goes.
  await expect(detailsField.email(page)).toHaveValue('')
  const state = await context.storageState()
  expect(state.origins.flatMap((origin) => origin.localStorage)).toEqual([])
  expect(
    state.cookies
      .map((cookie) => cookie.name)
      .filter((name) => /session|draft/.test(name) && !name.startsWith('oidc_')),
  ).toEqual([])
  await page.goto('/sales')
  await expect(page).toHaveURL(/\/login/)
  await page.goBack()
  await expect(page.getByText(who.email)).toHaveCount(0)
})
