/**
 * Getting a visitor to the application wizard quickly: step 1, a serviceable demo
 * building (Demo Makati Tower, as the accessibility suite posts it) and a plan in the
 * cart, each posted as its form posts it, in the page's own cookie jar.
 */
import fs from 'node:fs'
import path from 'node:path'
import { expect, type Page } from '@playwright/test'
import { manilaWallClock } from '../../../lib/manila-time'
import type { Person } from './check-availability'

/** Demo Makati Tower (services/coverage/seed.ts): serviceable. */
export const SERVICEABLE_BUILDING = {
  regionId: '13',
  provinceId: '000',
  municipalityId: '80300',
  barangayId: '80300002',
  locationType: 'Building',
  placeId: 'DEMO-B-80300-1',
  latitude: '14.552968',
  longitude: '121.035477',
}

async function post(page: Page, path: string, form: Record<string, string>) {
  const response = await page.request.post(path, { form, maxRedirects: 0 })
  expect(response.status(), `POST ${path} ${form.intent ?? ''}`).toBe(302)
  return response
}

/** A draft with step 1's details and a serviceable address, checked. */
export async function serviceableDraft(page: Page, who: Person) {
  await post(page, '/CheckAvailability', {
    intent: 'details',
    firstName: who.firstName,
    lastName: who.lastName,
    mobileNo: who.mobile,
    email: who.email,
    checkTerms: 'on',
  })
  await post(page, '/CheckAvailability', { intent: 'check', ...SERVICEABLE_BUILDING })
}

/** …and a plan in the cart; for an SME, the business category (and the government flag) first. */
export async function draftWithPlan(
  page: Page,
  who: Person,
  options: { plan: string; sme?: boolean; govt?: boolean } = { plan: 'fiber-plan-1299' },
) {
  await serviceableDraft(page, who)
  if (options.sme) {
    await post(page, '/plans', { intent: 'category', category: 'SME' })
    if (options.govt) await post(page, '/plans', { intent: 'govt', isWorkingGovtEmbassyWorker: 'on' })
  }
  await post(page, '/plans/cart', { intent: 'add-plan', planCode: options.plan })
}

/** A birth date `years` years before today in Manila, shifted by `days`. */
export function birthDateYearsAgo(years: number, days = 0): string {
  const manila = manilaWallClock(new Date())
  const date = new Date(Date.UTC(manila.getUTCFullYear() - years, manila.getUTCMonth(), manila.getUTCDate() + days))
  return date.toISOString().slice(0, 10)
}

const FIXTURES = path.join(import.meta.dirname, '../../fixtures')
const fixture = (name: string) => ({
  name,
  mimeType: name.endsWith('.pdf') ? 'application/pdf' : 'image/jpeg',
  buffer: fs.readFileSync(path.join(FIXTURES, name)),
})

/**
 * The documents step's required uploads, posted as its forms post them (real JPG and PDF
 * fixtures): the ID always; for an SME, a sole proprietorship and its two business documents.
 * The plans the journeys choose are below 2,500 a month, so no proof of billing or income.
 */
export async function uploadRequiredDocuments(
  page: Page,
  applicant: 'residential' | 'sme',
  base: '/onboard' | '/sales/application' = '/onboard',
) {
  const step = `${base}/${applicant}/documents`
  const upload = async (multipart: Record<string, string | ReturnType<typeof fixture>>) => {
    const response = await page.request.post(step, { multipart, maxRedirects: 0 })
    expect(response.status(), `upload to ${multipart.category}`).toBe(302)
  }
  await upload({ category: 'governmentIssued', file: fixture('government-id.jpg') })
  if (applicant === 'sme') {
    await post(page, step, { intent: 'business-type', businessType: 'SOLE_PROPRIETOR' })
    await upload({
      category: 'businessdocuments',
      subCategory: 'dtiRegistration',
      file: fixture('proof-of-billing.pdf'),
    })
    await upload({ category: 'businessdocuments', subCategory: 'mayorsPermit', file: fixture('government-id.jpg') })
  }
}

/** Personal details, posted as the residential page's form posts them (the wizard's next steps need them). */
export async function savePersonalDetails(page: Page) {
  const saved = await page.request.post('/onboard/residential/personalDetails', {
    form: {
      firstName: 'Ana',
      lastName: 'Cruz',
      mobileNumber: '9171234567',
      emailAddress: 'ana@example.net',
      birthDate: '1990-05-17',
      civilStatus: 'Single',
      nationality: 'Filipino',
      gender: 'Female',
      streetName: 'Ayala Avenue',
      zipCode: '1209',
      billingSameAsResidential: 'on',
    },
    maxRedirects: 0,
  })
  expect(saved.status()).toBe(302)
}

/**
 * The personal details step's own fields (an applicant's, or a customer's filled in by an
 * agent): the rest comes from step 1. With JavaScript, the page has hydrated and its form's
 * checks loaded first, so no click lands mid-hydration.
 */
export async function fillApplicant(page: Page, birthDate = '1990-05-17') {
  await page.waitForLoadState('networkidle')
  await page.getByRole('radio', { name: 'Female' }).check()
  await page.getByLabel('Civil status').selectOption('Single')
  await page.getByLabel('Nationality').selectOption('Filipino')
  await page.getByLabel('Street name', { exact: true }).fill('Ayala Avenue')
  await page.getByLabel('Building, house or unit number', { exact: true }).fill('12F')
  await page.getByLabel('Birth date').fill(birthDate)
}

/** The four consents of "Verify and submit", ticked. */
export async function tickConsents(page: Page) {
  for (const label of [
    'I have read and agree to the Terms and Conditions.',
    'I have read and agree to the Privacy Notice.',
    'I confirm that the information I have given is true and correct.',
    'I agree to receive notifications about my application and service by email and SMS.',
  ])
    await page.getByLabel(label).check()
}
