/**
 * Application status and compliance (issue 10 parts 3 and 4; docs/decisions/0033), with the
 * seeded demo application waiting for compliance (services/applications/seed.ts). The
 * compliance journey emails a link and a code to the demo address, so it runs on the
 * project's own portal (the clock portals: support/clock.ts), where no other project's
 * mail to that address can mix in. Nobody sees a status or a compliance page by guessing
 * or changing an id: each route that takes one is tried.
 */
import nodePath from 'node:path'
import type { Page } from '@playwright/test'
import { test as clockTest } from './support/clock'
import { expect, test } from './support/test'
import { acceptCookiesBeforehand } from './support/visitor'

const DEMO = { referenceNo: 'OO-261102-DEM001', email: 'demo.applicant@example.com', mobile: '9170000001' }
const NOT_FOUND =
  'We could not find an application with these details. Please check the reference number and the email address or mobile number.'

async function lookUp(page: Page, referenceNo: string, identifier: string) {
  await page.goto('/check-status')
  const form = page.locator('#check-status')
  await form.getByLabel('Reference number').fill(referenceNo)
  await form.getByLabel('Email address or mobile number').fill(identifier)
  await form.getByRole('button', { name: 'CHECK STATUS' }).click()
}

async function newestMail(page: Page, email: string) {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`)
  return page.getByRole('article').first()
}

test.beforeEach(async ({ page }) => {
  await acceptCookiesBeforehand(page)
})

test('the status form on /check-status shows the status and timeline for the reference and email', async ({ page }) => {
  await lookUp(page, DEMO.referenceNo.toLowerCase(), DEMO.email)
  await expect(page).toHaveURL(new RegExp(`/${DEMO.referenceNo}/`))
  await expect(page.getByRole('heading', { name: `Application ${DEMO.referenceNo}` })).toBeVisible()
  await expect(page.getByTestId('current-status')).toHaveText('For compliance')
  const timeline = page.getByRole('region', { name: 'Timeline' })
  await expect(timeline.getByText('Application submitted')).toBeVisible()
  await expect(timeline.getByText('Documents in review')).toBeVisible()
  await expect(page.getByText('The photo of your ID is blurred.', { exact: false })).toBeVisible()
})

test('the mobile number works as the identifier, in the form and in the address', async ({ page }) => {
  await lookUp(page, DEMO.referenceNo, `0${DEMO.mobile}`)
  await expect(page.getByTestId('current-status')).toHaveText('For compliance')
  await page.goto(`/${DEMO.referenceNo}/${DEMO.mobile}`)
  await expect(page.getByTestId('current-status')).toHaveText('For compliance')
})

test('a wrong pair gets one generic message and the form back, filled in; a malformed one its field errors', async ({
  page,
}, testInfo) => {
  // An unknown reference (not the demo one: the attempt limit counts misses per reference).
  await lookUp(page, 'OO-261102-ZZZZZ1', DEMO.email)
  await expect(page.getByRole('alert')).toHaveText(NOT_FOUND)
  await expect(page.getByLabel('Reference number')).toHaveValue('OO-261102-ZZZZZ1')
  await expect(page.getByText('For compliance')).toHaveCount(0)

  await lookUp(page, 'ABC', `not-an-email-${testInfo.project.name}`)
  await expect(page.getByText('Please enter the reference number as it appears in your email')).toBeVisible()
  await expect(page.getByText('Please enter a valid email address or 10-digit mobile number')).toBeVisible()
})

test('another visitor cannot see a status page by guessing or changing the identifier or the reference', async ({
  page,
}, testInfo) => {
  // The demo reference with someone else's email: the same generic message, no status.
  const response = await page.goto(`/${DEMO.referenceNo}/guess.${testInfo.project.name}@example.net`)
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('alert')).toHaveText(NOT_FOUND)
  await expect(page.getByText('For compliance')).toHaveCount(0)
  await expect(page.getByText(DEMO.email)).toHaveCount(0)
  // The right email with a changed reference: the same.
  const changed = await page.goto(`/OO-261102-DEM00${testInfo.project.name === 'js' ? '2' : '3'}/${DEMO.email}`)
  expect(changed?.status()).toBe(404)
  await expect(page.getByRole('alert')).toHaveText(NOT_FOUND)
  // Two segments that cannot be a reference are the ordinary not-found page.
  const other = await page.goto('/no-such/page')
  expect(other?.status()).toBe(404)
})

test('another visitor cannot see a compliance page by guessing its id, and a verification id that is not real fails', async ({
  page,
}) => {
  for (const path of ['/compliance/', '/upload/']) {
    const made = await page.goto(`${path}${'x'.repeat(43)}`)
    expect(made?.status()).toBe(200)
    // Nothing about any application before a code: only the offer to send one.
    await expect(page.getByRole('heading', { name: 'Send your documents again' })).toBeVisible()
    await page.getByRole('button', { name: 'SEND ME A CODE' }).click()
    await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible()
    const malformed = await page.goto(`${path}not-a-token`)
    expect(malformed?.status()).toBe(404)
  }
  // A rejected document's upload page, guessed: back to that link's page, which offers only the code.
  await page.goto(`/compliance/${'x'.repeat(43)}/upload/governmentIssued`)
  await expect(page).toHaveURL(new RegExp(`/compliance/${'x'.repeat(43)}$`))
  await expect(page.getByRole('heading', { name: 'Send your documents again' })).toBeVisible()
  await expect(page.getByLabel(/Choose a file/)).toHaveCount(0)
  await page.goto(`/verifyEmail/OO-${'y'.repeat(43)}`)
  await page.getByRole('button', { name: 'VERIFY EMAIL' }).click()
  await expect(page.getByRole('heading', { name: 'Application verification failed' })).toBeVisible()
  await expect(page.getByText('Please open the link in your latest email again.')).toBeVisible()
})

clockTest.describe('compliance', () => {
  clockTest.beforeEach(async ({ page }) => {
    await acceptCookiesBeforehand(page)
  })

  clockTest(
    'from the status page, the emailed link and the emailed code show the rejected documents with their reasons; the link works once',
    async ({ page, browser }) => {
      await page.goto(`/${DEMO.referenceNo}/${DEMO.email}`)
      await page.getByRole('button', { name: 'EMAIL ME THE LINK TO SEND THEM' }).click()
      await expect(page.getByText('We sent a link to the email address on your application.')).toBeVisible()

      // The mailbox in a second tab, so the code form keeps its place.
      const mailbox = await page.context().newPage()
      const linkMail = await newestMail(mailbox, DEMO.email)
      await expect(linkMail).toHaveAccessibleName(`Documents needed for your application ${DEMO.referenceNo}`)
      const href = await linkMail.getByRole('link', { name: /\/compliance\// }).getAttribute('href')
      const path = new URL(href!).pathname

      await page.goto(path)
      await expect(page.getByText('The photo of your ID is blurred.', { exact: false })).toHaveCount(0)
      await page.getByRole('button', { name: 'SEND ME A CODE' }).click()
      // spec 9: the first and last character of the local part show (lib/masking.ts).
      await expect(page.getByText(/We sent a 6-digit code to d\*+t@example\.com/)).toBeVisible()

      const codeMail = await newestMail(mailbox, DEMO.email)
      await expect(codeMail).toHaveAccessibleName(/^Your Hibla code: \d{6}$/)
      const code = /is (\d{6})\./.exec((await codeMail.textContent()) ?? '')![1]!
      const wrong = code === '000000' ? '111111' : '000000'

      await page.getByLabel('6-digit code').fill(wrong)
      await page.getByRole('button', { name: 'CONFIRM' }).click()
      await expect(page.getByText('The code is not correct. 4 tries left.')).toBeVisible()
      await page.getByLabel('6-digit code').fill(code)
      await page.getByRole('button', { name: 'CONFIRM' }).click()

      await expect(page.getByRole('heading', { name: `Documents for application ${DEMO.referenceNo}` })).toBeVisible()
      await expect(page.getByText('The photo of your ID is blurred.', { exact: false })).toBeVisible()
      await expect(page.getByText('The bill is more than 3 months old.', { exact: false })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Upload Valid government-issued ID' })).toHaveAttribute(
        'href',
        `${path}/upload/governmentIssued`,
      )
      await expect(page.getByRole('link', { name: 'Upload Proof of billing' })).toHaveAttribute(
        'href',
        `${path}/upload/proofOfBilling`,
      )
      // The same browser keeps the page (a reload, the /upload alias) for a while.
      await page.reload()
      await expect(page.getByRole('heading', { name: `Documents for application ${DEMO.referenceNo}` })).toBeVisible()

      // Another visitor with the same link: nothing shows, and the spent link sends no code.
      const other = await browser.newContext()
      try {
        const stranger = await other.newPage()
        await stranger.goto(new URL(path, page.url()).toString())
        await expect(stranger.getByText('The photo of your ID is blurred.', { exact: false })).toHaveCount(0)
        await stranger.getByRole('button', { name: 'SEND ME A CODE' }).click()
        await expect(stranger.getByRole('heading', { name: 'This link does not work' })).toBeVisible()
      } finally {
        await other.close()
      }
    },
  )

  clockTest(
    'an operator rejects the ID; the emailed link, the code and a new photo of the ID put the application back in review',
    async ({ page, operator }) => {
      const application = await operator.applicationWithRejectedId()
      const mailbox = await page.context().newPage()
      const linkMail = await newestMail(mailbox, application.emailAddress)
      await expect(linkMail).toHaveAccessibleName(`Documents needed for your application ${application.referenceNo}`)
      await expect(linkMail.getByText('The name on the ID cannot be read.')).toBeVisible()
      const href = await linkMail.getByRole('link', { name: /\/compliance\// }).getAttribute('href')
      const path = new URL(href!).pathname

      await page.goto(path)
      await page.getByRole('button', { name: 'SEND ME A CODE' }).click()
      await expect(page.getByLabel('6-digit code')).toBeVisible()
      // The code goes out through the outbox: read the mailbox until its email is the newest.
      let code = ''
      await expect(async () => {
        const codeMail = await newestMail(mailbox, application.emailAddress)
        code = /is (\d{6})\./.exec((await codeMail.textContent()) ?? '')?.[1] ?? ''
        expect(code, 'a code in the newest email').not.toBe('')
      }).toPass()
      await page.getByLabel('6-digit code').fill(code)
      await page.getByRole('button', { name: 'CONFIRM' }).click()
      await page.getByRole('link', { name: 'Upload Valid government-issued ID' }).click()
      await expect(page.getByRole('heading', { name: 'Send your Valid government-issued ID again' })).toBeVisible()
      await expect(page.getByText('The name on the ID cannot be read.')).toBeVisible()

      // A file that is not what its name says: refused beside the field, nothing sent.
      const file = page.getByLabel('Choose a file: Valid government-issued ID')
      await file.setInputFiles({ name: 'id.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<html>no</html>') })
      await page.getByRole('button', { name: 'SEND DOCUMENT' }).click()
      await expect(page.getByText('Only JPG and PDF files can be uploaded.')).toBeVisible()

      await page
        .getByLabel('Choose a file: Valid government-issued ID')
        .setInputFiles(nodePath.join(import.meta.dirname, '../fixtures/government-id.jpg'))
      await page.getByRole('button', { name: 'SEND DOCUMENT' }).click()
      await expect(page).toHaveURL(new RegExp(`${path}$`))
      await expect(page.getByText('Valid government-issued ID: received. Thank you.')).toBeVisible()
      await expect(page.getByText('We have all the documents we need for now. Thank you.')).toBeVisible()

      await page.goto(`/${application.referenceNo}/${application.emailAddress}`)
      await expect(page.getByTestId('current-status')).toHaveText('Documents in review')
      await expect(page.getByRole('button', { name: 'EMAIL ME THE LINK TO SEND THEM' })).toHaveCount(0)
    },
  )
})
