/** Steps the /CheckAvailability journeys share: step 1's details, the address cascade and the popups. */
import { expect, type Page } from '@playwright/test'

export type Person = { firstName: string; lastName: string; mobile: string; email: string }

/** A visitor whose details are their own (the journeys run in parallel on one portal). */
export function person(tag: string): Person {
  const unique = `${Date.now() % 1e6}${Math.floor(Math.random() * 1e3)}`
  return {
    firstName: 'Liza',
    lastName: `Ramos-${tag}`,
    mobile: `917${unique.padStart(7, '0').slice(-7)}`,
    email: `liza.${tag}.${unique}@example.net`,
  }
}

/** The demo coverage's addresses (services/coverage/seed.ts; /work/handoff/coverage.md). */
export const MAKATI = {
  region: 'National Capital Region (NCR)',
  province: 'METRO MANILA',
  municipality: 'City of Makati',
}

export const detailsField = {
  firstName: (page: Page) => page.getByLabel('First name'),
  lastName: (page: Page) => page.getByLabel('Last name'),
  mobile: (page: Page) => page.getByLabel('Mobile number'),
  email: (page: Page) => page.getByLabel('Email address'),
  consent: (page: Page) => page.getByLabel('I have read and agree to the Privacy Notice.'),
}

export async function fillDetails(page: Page, who: Person) {
  await detailsField.firstName(page).fill(who.firstName)
  await detailsField.lastName(page).fill(who.lastName)
  await detailsField.mobile(page).fill(who.mobile)
  await detailsField.email(page).fill(who.email)
}

/** Step 1 from the start: the details, the consent, Continue; step 2 shows. */
export async function completeStepOne(page: Page, who: Person) {
  await page.goto('/CheckAvailability')
  await fillDetails(page, who)
  await detailsField.consent(page).check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('combobox', { name: 'Region' })).toBeVisible()
}

/**
 * Chooses in one of step 2's selects: with JavaScript the next list loads on change;
 * without it the visitor presses Update.
 */
export async function choose(page: Page, js: boolean, label: string, option: string) {
  const select = page.getByRole('combobox', { name: label, exact: true })
  await select.selectOption({ label: option })
  if (!js) await page.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByRole('combobox', { name: label, exact: true })).toHaveValue(/.+/)
  // The choice came back from the server (saved in the draft).
  if (js) await page.waitForLoadState('networkidle')
}

export async function chooseLocationType(page: Page, js: boolean, type: 'Building' | 'Subdivision' | 'Others') {
  // With JavaScript the radio is React's, and the change is posted at once: a click, then its result.
  if (js) await page.getByRole('radio', { name: type, exact: true }).click()
  else {
    await page.getByRole('radio', { name: type, exact: true }).check()
    await page.getByRole('button', { name: 'Update' }).click()
  }
  if (type !== 'Building') {
    // spec 4: Subdivision and Others open the pin demo first. It is modal: once its
    // script runs, the page behind it is hidden from the accessibility tree (the radio
    // too), so the radio is looked at once the demo is closed.
    const demo = page.getByRole('dialog', { name: 'How to pin your location' })
    await expect(demo).toBeVisible()
    await demo.getByRole('link', { name: 'Close' }).click()
    await expect(demo).toBeHidden()
  }
  await expect(page.getByRole('radio', { name: type, exact: true })).toBeChecked()
}

export async function chooseAddress(page: Page, js: boolean, barangay: string) {
  await choose(page, js, 'Region', MAKATI.region)
  await choose(page, js, 'Province', MAKATI.province)
  await choose(page, js, 'Municipality/City', MAKATI.municipality)
  await choose(page, js, 'Barangay', barangay)
}

/** Every value of step 1 this journey typed, as they could appear in storage or a URL. */
export function personalValues(who: Person): string[] {
  // The mobile number as typed and as the form shows it: (9XX) XXX XXXX.
  const shown = `(${who.mobile.slice(0, 3)}) ${who.mobile.slice(3, 6)} ${who.mobile.slice(6)}`
  return [who.firstName, who.lastName, who.mobile, shown, who.email, who.lastName.toUpperCase()].flatMap((value) => [
    value.toLowerCase(),
    encodeURIComponent(value).toLowerCase(),
  ])
}

/**
 * Step 2 for Demo Makati Tower (serviceable): the address, the building, the check, and
 * START APPLICATION in the good-news popup (the visitor's /plans, an agent's plan step).
 */
export async function startApplicationAtDemoTower(page: Page, js: boolean) {
  await chooseAddress(page, js, 'Bel-Air')
  await chooseLocationType(page, js, 'Building')
  await page.getByRole('combobox', { name: 'Building', exact: true }).selectOption({ label: 'Demo Makati Tower' })
  if (!js) await page.getByRole('button', { name: 'Update' }).click()
  await page.getByRole('button', { name: 'CHECK SERVICEABILITY' }).click()
  await page
    .getByRole('dialog', { name: 'Good news! Fibre is available at your address.' })
    .getByRole('link', { name: 'START APPLICATION' })
    .click()
}

/** Every URL the page asks for, from now on. */
export function recordUrls(page: Page) {
  const urls: string[] = []
  page.on('request', (request) => urls.push(request.url()))
  page.on('framenavigated', (frame) => urls.push(frame.url()))
  return urls
}

/**
 * spec: no personal data of step 1 in localStorage, sessionStorage, IndexedDB, Cache Storage
 * (its requests and bodies), any cookie or any URL.
 */
export async function expectNoPersonalDataInBrowser(page: Page, who: Person, urls: string[]) {
  const stored = await page.evaluate(async () => {
    const cached: string[] = []
    if ('caches' in window) {
      for (const name of await caches.keys()) {
        const cache = await caches.open(name)
        for (const request of await cache.keys()) {
          cached.push(name, request.url, (await (await cache.match(request))?.text()) ?? '')
        }
      }
    }
    return {
      local: JSON.stringify({ ...window.localStorage }),
      session: JSON.stringify({ ...window.sessionStorage }),
      cookie: document.cookie,
      cached: cached.join('\n'),
    }
  })
  // Every origin's local storage and IndexedDB, and every cookie, HttpOnly ones too.
  const state = JSON.stringify(await page.context().storageState({ indexedDB: true }))
  const seen = [stored.local, stored.session, stored.cookie, stored.cached, state, ...urls].join('\n').toLowerCase()
  for (const value of personalValues(who)) expect(seen, `"${value}" in browser storage or a URL`).not.toContain(value)
}
