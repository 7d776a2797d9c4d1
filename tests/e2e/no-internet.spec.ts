/**
 * issue 37, item 6: "no internet" with proof, with and without JavaScript. A subscriber whose
 * modem went silent with no outage in the area (the demo's JOY NAVARRO and ARNEL PASCUAL, one
 * for each run: a report changes what the dashboard offers) starts at `/`, logs in, is offered
 * REPORT NO INTERNET on the dashboard, restarts the modem first, says it did not help, and on
 * the ticket's page books a repair visit, moves it, cancels it and books again; each step shows there. Unanswered questions are
 * refused beside the question.
 */
import type { TestInfo } from '@playwright/test'
import { DEMO, logIn } from './support/account'
import { expect, test } from './support/test'
import { acceptCookiesBeforehand } from './support/visitor'

const REPORTERS = {
  js: { email: 'customer7@example.com', password: DEMO.customer.password, name: 'JOY' },
  'no-js': { email: 'customer8@example.com', password: DEMO.customer.password, name: 'ARNEL' },
} as const

const reporterOf = (testInfo: TestInfo) => REPORTERS[testInfo.project.name as keyof typeof REPORTERS]

test('a subscriber whose modem is silent reports no internet, tries a restart and books a repair visit', async ({
  page,
}, testInfo) => {
  const reporter = reporterOf(testInfo)
  await acceptCookiesBeforehand(page)
  await logIn(page, reporter)
  await expect(page.getByRole('heading', { name: `Welcome, ${reporter.name}` })).toBeVisible()

  // The dashboard: the modem is offline, no outage is known, and the report is offered.
  await expect(page.getByTestId('modem-state')).toHaveText('Offline')
  const offer = page.getByRole('region', { name: 'No internet?' })
  await expect(offer).toContainText('has not reported to us since')
  await offer.getByRole('button', { name: 'REPORT NO INTERNET' }).click()

  // The restart comes first.
  await expect(page).toHaveURL('/customer/no-internet')
  await expect(page.getByRole('heading', { name: 'First, restart your modem' })).toBeVisible()
  await expect(page.getByText('You reported no internet')).toBeVisible()
  await page.getByRole('button', { name: 'RESTART MODEM' }).click()
  await expect(page.getByRole('heading', { name: 'Did the restart help?' })).toBeVisible()
  await expect(page.getByText('Modem restart requested')).toBeVisible()

  // No answer: the message beside the question.
  await page.getByRole('button', { name: 'SEND' }).click()
  await expect(page.getByText('Please tell us whether the restart helped.')).toBeVisible()
  await page.getByLabel('No, still no internet').check()
  await page.getByRole('button', { name: 'SEND' }).click()

  // The ticket: the modem's proof and the steps so far.
  await expect(page).toHaveURL(/\/customer\/help\/tickets\/CN-[A-Z2-9]{8}$/)
  await expect(page.getByText('No internet connection').first()).toBeVisible()
  const steps = page.getByRole('region', { name: 'What happened so far' })
  await expect(steps).toContainText('Modem restart requested')
  await expect(steps).toContainText('The restart did not help')
  await expect(steps).toContainText(/Ticket CN-[A-Z2-9]{8} opened/)
  await expect(page.getByRole('region', { name: 'What your modem told us' })).toContainText('dBm')

  // The visit: no time chosen is refused beside the choice; then booked.
  const visit = page.getByRole('region', { name: 'Repair visit' })
  await expect(visit).toContainText('No visit booked yet.')
  await visit.getByRole('button', { name: 'BOOK VISIT' }).click()
  await expect(page.getByText('Please choose a day and time for the visit.')).toBeVisible()
  const slot = page.getByRole('radio').last()
  const label = (await page.locator(`label[for="${await slot.getAttribute('id')}"]`).innerText()).replace(/ \(.*$/, '')
  await slot.check()
  await page.getByRole('button', { name: 'BOOK VISIT' }).click()
  await expect(page.getByTestId('repair-visit')).toContainText(label)
  await expect(page.getByTestId('repair-visit')).toContainText('We assign a technician the day before')
  await expect(steps).toContainText(`Repair visit booked: ${label}`)

  // Moved to another time, then cancelled and booked again: each step on the ticket.
  const other = page.getByRole('radio').first()
  const otherLabel = (await page.locator(`label[for="${await other.getAttribute('id')}"]`).innerText()).replace(
    / \(.*$/,
    '',
  )
  await other.check()
  await page.getByRole('button', { name: 'MOVE VISIT' }).click()
  await expect(page.getByTestId('repair-visit')).toContainText(otherLabel)
  await expect(steps).toContainText(`Repair visit moved: ${label} → ${otherLabel}`)
  await page.getByRole('button', { name: 'CANCEL VISIT' }).click()
  await expect(visit).toContainText('No visit booked yet.')
  await expect(steps).toContainText(`Repair visit cancelled: ${otherLabel}`)
  await page.getByRole('radio').last().check()
  await page.getByRole('button', { name: 'BOOK VISIT' }).click()
  await expect(page.getByTestId('repair-visit')).toContainText('Booked for')

  // Back on the dashboard the report is there, not offered again.
  await page.goto('/customer')
  await expect(page.getByRole('region', { name: 'Your no-internet report' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'REPORT NO INTERNET' })).toHaveCount(0)
})
