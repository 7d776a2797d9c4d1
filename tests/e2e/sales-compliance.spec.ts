/**
 * issue 13, item 4: a sales agent sends a rejected document again on the customer's behalf,
 * with and without JavaScript: from the application's page to its compliance page, the
 * upload (a file that is not what its name says refused beside the field), and the
 * application back in review with the timeline saying the agent sent it. Each run on an
 * application of its own (services/sales/seed.ts: sending the ID closes the case).
 */
import nodePath from 'node:path'
import { DEMO, signIn } from './support/account'
import { expect, test } from './support/test'
import { acceptCookiesBeforehand } from './support/visitor'

const CUSTOMER = { js: 'LUCIA', 'no-js': 'ROMEO' } as const

test('an agent sends the rejected ID again for the customer, and the application goes back to review', async ({
  page,
}, testInfo) => {
  await acceptCookiesBeforehand(page)
  await signIn(page, DEMO.agent)
  await page.goto(`/sales?search=${CUSTOMER[testInfo.project.name as keyof typeof CUSTOMER]}`)
  await page.getByTestId('sales-applications').getByRole('link').first().click()
  await expect(page.getByTestId('sales-application')).toContainText('For compliance')
  const refId = new URL(page.url()).pathname.split('/').pop()!
  await page.getByRole('link', { name: 'SEND DOCUMENTS AGAIN' }).click()
  await expect(page).toHaveURL(`/sales/applications/${refId}/compliance`)
  await page.getByRole('link', { name: 'Upload Valid government-issued ID' }).click()
  await expect(page).toHaveURL(`/sales/applications/${refId}/compliance/governmentIssued`)
  await expect(page.getByRole('heading', { name: 'Send your Valid government-issued ID again' })).toBeVisible()

  const file = page.getByLabel('Choose a file: Valid government-issued ID')
  await file.setInputFiles({ name: 'id.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<html>no</html>') })
  await page.getByRole('button', { name: 'SEND DOCUMENT' }).click()
  await expect(page.getByText('Only JPG and PDF files can be uploaded.')).toBeVisible()

  await page
    .getByLabel('Choose a file: Valid government-issued ID')
    .setInputFiles(nodePath.join(import.meta.dirname, '../fixtures/government-id.jpg'))
  await page.getByRole('button', { name: 'SEND DOCUMENT' }).click()
  await expect(page).toHaveURL(/\/sales\/applications\/OO-[\w-]+$/)
  await expect(page.getByText('Valid government-issued ID sent again. It is now in review.')).toBeVisible()
  await expect(page.getByTestId('sales-application')).not.toContainText('For compliance')
  await expect(page.getByTestId('sales-timeline')).toContainText('Documents sent again by agent AGT-0001')
  await expect(page.getByTestId('sales-documents')).toContainText('government-id.jpg')
  // The agent reads it back through the portal: an attachment, never cached.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download government-id.jpg' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/\.jpg$/)
  const documentLink = page.getByRole('link', { name: 'Download government-id.jpg' })
  const documentPath = (await documentLink.getAttribute('href'))!
  expect(documentPath).toMatch(new RegExp(`^/sales/applications/${refId}/documents/[\\w-]+$`))
  // Another agent gets nothing of it.
  await page.context().clearCookies()
  await signIn(page, { email: 'agent2@example.com', password: DEMO.agent.password })
  expect((await page.request.get(documentPath, { maxRedirects: 0 })).status()).toBe(404)
})
