/**
 * The application wizard (issue 10; spec 1-5), with and without JavaScript: from
 * /CheckAvailability through the plan, personal details, the installation appointment and
 * "Verify and submit" to /success with a reference number, for a residential and an SME
 * applicant; a refused form that comes back filled in; the prerequisites; and another
 * visitor, who sees nothing of it.
 *
 * The appointment waits for the documents step's checklist: the journeys upload the
 * required documents (real JPG and PDF fixtures) before it.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import {
  birthDateYearsAgo,
  draftWithPlan,
  fillApplicant,
  serviceableDraft,
  tickConsents,
  uploadRequiredDocuments,
} from './support/apply'
import { followMailboxLink } from './support/account'
import { completeStepOne, person, personalValues, startApplicationAtDemoTower } from './support/check-availability'
import { acceptCookiesBeforehand } from './support/visitor'

test.beforeEach(async ({ page }) => {
  await acceptCookiesBeforehand(page)
})

const REFERENCE = /^OO-\d{6}-[0-9A-HJKMNP-TV-Z]{6}$/

const stepper = (page: Page) => page.getByRole('navigation', { name: 'Application steps' })

/**
 * The documents step: the appointment is refused until the required documents are in,
 * then the real fixtures go up (the uploads themselves, by hand, are documents.spec.ts's)
 * and Continue leads on.
 */
async function throughDocuments(page: Page, path: 'residential' | 'sme') {
  await expect(page).toHaveURL(`/onboard/${path}/documents`)
  await page.goto(`/onboard/${path}/appointment`)
  await expect(page).toHaveURL(`/onboard/${path}/documents`)
  await expect(page.getByText('Please upload the required documents first.')).toBeVisible()
  await uploadRequiredDocuments(page, path)
  await page.reload()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(`/onboard/${path}/appointment`)
}

/**
 * Journeys run at once on one portal and book its slots: each takes its own free slot,
 * counted from the last (two weeks out, the emptiest), so none fills another's.
 */
const SLOT_OF = { residential: 0, sme: 1, owner: 2 } as const

async function chooseFreeSlot(page: Page, journey: keyof typeof SLOT_OF, javaScriptEnabled: boolean) {
  await expect(page.getByRole('heading', { level: 1, name: 'Installation appointment' })).toBeVisible()
  await expect(stepper(page).locator('[aria-current="step"]')).toHaveText(/Verify and submit/)
  const free = page.locator('input[type="radio"][name="slotId"]:not([disabled])')
  const index = (await free.count()) - 1 - SLOT_OF[journey] - (javaScriptEnabled ? 0 : 3)
  expect(index, 'enough free slots').toBeGreaterThanOrEqual(0)
  await free.nth(index).check()
  const slotId = await free.nth(index).getAttribute('value')
  await page.getByRole('button', { name: 'SAVE AND CONTINUE' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Verify and submit' })).toBeVisible()
  return slotId!
}

async function giveConsentsAndSubmit(page: Page) {
  await tickConsents(page)
  await page.getByRole('button', { name: 'SUBMIT APPLICATION' }).click()
  await expect(page).toHaveURL('/success')
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you! Your application is submitted.' })).toBeVisible()
  const reference = (await page.getByTestId('reference-number').textContent())!.trim()
  expect(reference).toMatch(REFERENCE)
  return reference
}

test('a residential application from the address to a reference number; sending the form again makes no second one', async ({
  page,
  javaScriptEnabled,
}) => {
  // The whole journey, address included, on a portal other journeys share: more than one test's time.
  test.slow()
  const who = person('apply')
  await completeStepOne(page, who)
  await startApplicationAtDemoTower(page, javaScriptEnabled)

  await page.getByRole('button', { name: 'CHOOSE THIS PLAN: Fiber Plan 1299' }).click()
  await expect(page).toHaveURL('/plans/cart')
  await test.step('Pay via installer (spec 9, issue 33): what is due upfront leaves the first bill', async () => {
    const totals = page.getByRole('region', { name: 'Totals' })
    const due = (await totals.locator('[data-total="dueUpfront"]').textContent())!.trim()
    await expect(page.getByText('Chosen: With my first bill')).toBeVisible()
    await page.getByLabel('Pay via installer: cash to the installer on installation day').check()
    await page.getByRole('button', { name: 'SAVE HOW I PAY' }).click()
    await expect(page.getByText('Chosen: Pay via installer: cash to the installer on installation day')).toBeVisible()
    await expect(totals.locator('[data-total="dueAtInstallation"]')).toHaveText(due)
  })
  await page.getByRole('link', { name: 'CONTINUE TO APPLICATION' }).click()

  await test.step('personal details: prefilled from step 1, the checked address shown', async () => {
    await expect(page).toHaveURL('/onboard/residential/personalDetails')
    await expect(page.getByRole('heading', { level: 1, name: 'Personal details' })).toBeVisible()
    await expect(stepper(page).locator('[aria-current="step"]')).toHaveText(/Personal details/)
    await expect(stepper(page).getByRole('link', { name: /Plan/ })).toHaveAttribute('href', '/plans/cart')
    await expect(page.getByLabel('First name', { exact: true })).toHaveValue(who.firstName.toUpperCase())
    await expect(page.getByLabel('Email address', { exact: true })).toHaveValue(who.email)
    // Shown as spec 5's (9XX) XXX XXXX.
    const shown = `(${who.mobile.slice(0, 3)}) ${who.mobile.slice(3, 6)} ${who.mobile.slice(6)}`
    await expect(page.getByLabel('Mobile number', { exact: true })).toHaveValue(shown)
    await expect(page.getByText('Demo Makati Tower')).toBeVisible()
    await expect(page.getByText('Bel-Air')).toBeVisible()
    // The zip code of the barangay, looked up upstream.
    await expect(page.getByLabel('Zip code', { exact: true })).toHaveValue(/^\d{4}$/)
    await expect(page.getByLabel('Billing address same as residential')).toBeChecked()
    // Without JavaScript the billing fields always show; with it they hide while the box is ticked.
    if (javaScriptEnabled) await expect(page.getByLabel('Billing address: Street name')).toBeHidden()
    else await expect(page.getByLabel('Billing address: Street name')).toBeVisible()
    await fillApplicant(page)
    await page.getByLabel('Landmark', { exact: true }).fill('Near the park')
    // Issue 33: a number as people write it, with the trunk 0 and a dash.
    await page.getByLabel('Alternate mobile number').fill('0918 555-0101')
    await page.getByRole('button', { name: 'SAVE AND CONTINUE' }).click()
  })

  await throughDocuments(page, 'residential')
  const slotId = await chooseFreeSlot(page, 'residential', javaScriptEnabled)

  await test.step('review: the summary, and Back never loses anything', async () => {
    const details = page.getByRole('region', { name: 'Personal details' })
    await expect(details.getByText('Filipino')).toBeVisible()
    await expect(details.getByText('+63 (918) 555 0101')).toBeVisible()
    await expect(page.getByRole('region', { name: 'Installation address' }).getByText(/Ayala Avenue/)).toBeVisible()
    await expect(
      page.getByRole('region', { name: 'Billing address' }).getByText('Same as the installation address'),
    ).toBeVisible()
    await expect(page.getByRole('region', { name: 'Plan' }).getByText('Fiber Plan 1299')).toBeVisible()
    await expect(
      page.getByRole('region', { name: 'Plan' }).getByText(/in cash to the installer \(Pay via installer\)/),
    ).toBeVisible()
    await page.getByRole('link', { name: /^Edit\W+Personal details$/ }).click()
    await expect(page).toHaveURL('/onboard/residential/personalDetails')
    await expect(page.getByLabel('Street name', { exact: true })).toHaveValue('Ayala Avenue')
    await expect(page.getByLabel('Landmark', { exact: true })).toHaveValue('Near the park')
    await expect(page.getByLabel('Nationality')).toHaveValue('Filipino')
    await expect(page.getByRole('radio', { name: 'Female' })).toBeChecked()
    await page.goto('/onboard/residential/appointment')
    await expect(page.locator(`input[name="slotId"][value="${slotId}"]`)).toBeChecked()
    await page.goto('/onboard/residential/review')
  })

  await test.step('consents refused, then given', async () => {
    await page.getByRole('button', { name: 'SUBMIT APPLICATION' }).click()
    await expect(page.getByText('Please tick this box to submit your application').first()).toBeVisible()
  })
  const token = await page.locator('input[name="token"]').inputValue()
  const reference = await giveConsentsAndSubmit(page)
  await expect(page.getByText(/We have sent a confirmation/)).toBeVisible()
  // What to prepare, on the confirmation and in the email.
  await expect(page.getByTestId('installer-cash')).toContainText(
    /Pay via installer: please prepare ₱[\d,]+\.\d{2} in cash/,
  )

  await test.step('the same form sent again: the same reference, no second application', async () => {
    const again = await page.request.post('/onboard/residential/review', {
      form: {
        token,
        termsAndConditions: 'on',
        privacyNotice: 'on',
        informationAccuracy: 'on',
        notifications: 'on',
      },
      maxRedirects: 0,
    })
    expect(again.status()).toBe(302)
    expect(again.headers()['location']).toBe('/success')
    await page.goto('/success')
    await expect(page.getByTestId('reference-number')).toHaveText(reference)
  })

  await test.step('the confirmation email went through the outbox', async () => {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(who.email)}`)
    await expect(page.getByText(`We received your application ${reference}`)).toHaveCount(1)
    await expect(
      page.getByText(/Pay via installer: please prepare ₱[\d,]+\.\d{2} in cash for the installer/),
    ).toHaveCount(1)
  })

  await test.step('the emailed link verifies the address once (spec 4, issue 33); the status page says so', async () => {
    await followMailboxLink(page, who.email, 'verifyEmail')
    const link = page.url()
    expect(link).toMatch(/\/verifyEmail\/OO-[A-Za-z0-9_-]{43}$/)
    await page.getByRole('button', { name: 'VERIFY EMAIL' }).click()
    await expect(page.getByText(`Thank you. The email address of application ${reference} is verified.`)).toBeVisible()
    // The link works once: pressed again, spec 8's words and advice.
    await page.goto(link)
    await page.getByRole('button', { name: 'VERIFY EMAIL' }).click()
    await expect(page.getByRole('heading', { name: 'Application verification failed' })).toBeVisible()
    await expect(page.getByText(/contact our support team/)).toBeVisible()
    await page.goto(`/${reference}/${encodeURIComponent(who.email)}`)
    await expect(page.getByTestId('email-verification')).toContainText(/@example\.net, verified on /)
  })

  // Nothing personal in the browser: the draft and the reference live on the server.
  const cookies = JSON.stringify(await page.context().cookies()).toLowerCase()
  for (const value of personalValues(who)) expect(cookies).not.toContain(value)
})

test('an SME application: the business, a billing address of its own, and a reference number', async ({
  page,
  javaScriptEnabled,
}) => {
  // The whole journey, address included, on a portal other journeys share: more than one test's time.
  test.slow()
  const who = person('sme')
  await draftWithPlan(page, who, { plan: 'sme-fiber-1899', sme: true, govt: true })
  // The residential prefix is not this draft's: it goes to the SME one.
  await page.goto('/onboard/residential/personalDetails')
  await expect(page).toHaveURL('/onboard/sme/personalDetails')
  await expect(page.getByText('Business (SME)')).toBeVisible()
  await expect(page.getByText('You told us you work for the government or an embassy')).toBeVisible()

  await page.getByLabel('Business name').fill('Sari-Sari Ventures')
  await page.getByLabel('TIN').fill('123-456-789-000')
  await page.getByLabel('Industry type').selectOption('Retail and trade')
  await page.getByLabel('Authorized representative’s first name').fill('Jose')
  await page.getByLabel('Authorized representative’s last name').fill('Cruz')
  await page.getByLabel('Department').fill('Operations')
  await fillApplicant(page, '1985-01-31')
  await page.getByLabel('Billing address same as residential').uncheck()
  await page.getByLabel('Billing address: Street name').fill('Rizal Street')
  await page.getByLabel('Billing address: Barangay').fill('Poblacion')
  await page.getByLabel('Billing address: Municipality/City').fill('Taytay')
  await page.getByLabel('Billing address: Province').fill('Rizal')
  await page.getByLabel('Billing address: Zip code').fill('1920')
  await page.getByRole('button', { name: 'SAVE AND CONTINUE' }).click()

  await throughDocuments(page, 'sme')
  await chooseFreeSlot(page, 'sme', javaScriptEnabled)
  const business = page.getByRole('region', { name: 'Business' })
  await expect(business.getByText('Sari-Sari Ventures')).toBeVisible()
  await expect(business.getByText('123456789000')).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Billing address' }).getByText(/Rizal Street, Poblacion, Taytay, Rizal, 1920/),
  ).toBeVisible()
  await giveConsentsAndSubmit(page)
})

test('a refused personal details form comes back filled in, with spec 5’s words beside the fields', async ({
  page,
}) => {
  const who = person('refused')
  await draftWithPlan(page, who)
  await page.goto('/onboard/residential/personalDetails')
  // One day short of 18.
  await fillApplicant(page, birthDateYearsAgo(18, 1))
  await page.getByLabel('Alternate mobile number').fill('12345')
  await page.getByLabel('Landmark', { exact: true }).fill('Beside the chapel')
  // The browser's own checks would stop a JS form first: the server's answer is what is tested.
  await page.locator('form#personal-details').evaluate((form) => form.setAttribute('novalidate', ''))
  await page.getByRole('button', { name: 'SAVE AND CONTINUE' }).click()
  await expect(page).toHaveURL('/onboard/residential/personalDetails')
  await expect(page.getByText('Only above 18 years are allowed to proceed')).toBeVisible()
  await expect(page.getByText('Invalid mobile number')).toBeVisible()
  await expect(page.getByLabel('Birth date')).toHaveValue(birthDateYearsAgo(18, 1))
  await expect(page.getByLabel('Street name', { exact: true })).toHaveValue('Ayala Avenue')
  await expect(page.getByLabel('Landmark', { exact: true })).toHaveValue('Beside the chapel')
  await expect(page.getByLabel('Nationality')).toHaveValue('Filipino')
  await expect(page.getByLabel('Birth date')).toHaveAttribute('aria-invalid', 'true')

  // Exactly 18 today: accepted.
  await page.getByLabel('Birth date').fill(birthDateYearsAgo(18))
  await page.getByLabel('Alternate mobile number').fill('')
  await page.getByRole('button', { name: 'SAVE AND CONTINUE' }).click()
  await expect(page).toHaveURL('/onboard/residential/documents')
})

test('each page sends a visitor without its prerequisites to the step that is missing, with a message', async ({
  page,
}) => {
  const who = person('early')
  await page.goto('/onboard/residential/review')
  await expect(page).toHaveURL('/CheckAvailability')
  await expect(page.getByText('Please check that fibre is available at your address first.')).toBeVisible()

  await serviceableDraft(page, who)
  await page.goto('/onboard/residential/personalDetails')
  await expect(page).toHaveURL('/plans')
  await expect(page.getByText('Please choose a plan first.')).toBeVisible()

  await page.request.post('/plans/cart', { form: { intent: 'add-plan', planCode: 'fiber-plan-888' }, maxRedirects: 0 })
  await page.goto('/onboard/residential/appointment')
  await expect(page).toHaveURL('/onboard/residential/personalDetails')
  await expect(page.getByText('Please fill in your personal details first.')).toBeVisible()

  const unknown = await page.goto('/onboard/business/personalDetails')
  expect(unknown?.status()).toBe(404)
  // /success without a submission of this browser's: home.
  await page.goto('/success')
  await expect(page).toHaveURL('/')
})

test('another visitor sees nothing of an application: not its pages, not its reference', async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const who = person('owner')
  await draftWithPlan(page, who)
  await page.goto('/onboard/residential/personalDetails')
  await fillApplicant(page)
  await page.getByRole('button', { name: 'SAVE AND CONTINUE' }).click()
  await throughDocuments(page, 'residential')
  await chooseFreeSlot(page, 'owner', javaScriptEnabled)

  const other = await browser.newContext()
  try {
    const stranger = await other.newPage()
    for (const path of ['personalDetails', 'appointment', 'review'].flatMap((page) => [
      `/onboard/residential/${page}`,
      `/onboard/sme/${page}`,
    ])) {
      await stranger.goto(path)
      await expect(stranger, path).toHaveURL('/CheckAvailability')
      const html = (await stranger.content()).toLowerCase()
      for (const value of [...personalValues(who), 'ayala avenue']) expect(html, path).not.toContain(value)
    }
    // A review form posted without the visitor's draft cookie submits nothing.
    const token = await page.locator('input[name="token"]').inputValue()
    const posted = await stranger.request.post('/onboard/residential/review', {
      form: { token, termsAndConditions: 'on', privacyNotice: 'on', informationAccuracy: 'on', notifications: 'on' },
      maxRedirects: 0,
    })
    expect(posted.status()).toBe(302)
    expect(posted.headers()['location']).toBe('/CheckAvailability')

    // The owner submits; the stranger's /success still shows nothing.
    await giveConsentsAndSubmit(page)
    await stranger.goto('/success')
    await expect(stranger).toHaveURL('/')
  } finally {
    await other.close()
  }
})
