import { logIn } from './support/account'
import { expect, test } from './support/test'

// issue 37, item 2: the operator signs in from /, reaches the incidents screen from their
// Dashboard, opens an outage over a barangay chosen with the address cascade, posts an update,
// changes the estimate and resolves it. Every step is a plain form, so the no-js run goes the
// same way. Each run uses a barangay of Makati where no demo account lives (Bel-Air, San
// Lorenzo), so no subscriber's notifications or dashboard change.

const OPERATOR = { email: 'operator@example.com', password: 'Operator2024' }

test('the operator opens, updates and resolves an incident', async ({ page }, testInfo) => {
  const js = testInfo.project.name === 'js'
  const barangay = js ? 'Bel-Air' : 'San Lorenzo'
  const cause = `Fibre cut by road works in ${barangay} (${testInfo.project.name} ${Date.now()}).`

  await logIn(page, OPERATOR)
  await expect(page).not.toHaveURL(/\/login/)
  await page.getByRole('banner').getByRole('link', { name: 'DASHBOARD', exact: true }).click()
  await expect(page).toHaveURL(/\/ops\/analytics$/)
  await page.getByRole('navigation', { name: 'Operations' }).getByRole('link', { name: 'Incidents' }).click()
  await expect(page.getByRole('heading', { name: 'Incidents', level: 1 })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Current incidents' })).toBeVisible()

  // The cascade: each level, then Update.
  const open = page.getByRole('region', { name: 'Open an incident' })
  await open.getByLabel('Kind').selectOption({ label: 'Outage' })
  await open.getByLabel('Cause, as subscribers will read it').fill(cause)
  await open.getByLabel('Region').selectOption({ label: 'National Capital Region (NCR)' })
  await open.getByRole('button', { name: 'Update', exact: true }).click()
  await open.getByLabel('Province').selectOption({ label: 'METRO MANILA' })
  await open.getByRole('button', { name: 'Update', exact: true }).click()
  await open.getByLabel('City or municipality').selectOption({ label: 'City of Makati' })
  await open.getByRole('button', { name: 'Update', exact: true }).click()
  await expect(open.getByLabel('All of City of Makati')).toBeVisible()
  // What was typed before Update is still there.
  await expect(open.getByLabel('Cause, as subscribers will read it')).toHaveValue(cause)
  await open.getByRole('group', { name: 'Barangays' }).getByLabel(barangay, { exact: true }).check()
  await open.getByRole('button', { name: 'Open incident' }).click()

  await expect(page.getByRole('heading', { name: `Outage: ${cause}` })).toBeVisible()
  await expect(page.getByText('Incident opened.')).toBeVisible()
  await expect(page.getByText(`${barangay}, City of Makati`)).toBeVisible()

  await page.getByLabel('Update for subscribers').fill('Our crew is on site and splicing the cable.')
  await page.getByRole('button', { name: 'Post update' }).click()
  await expect(page.getByText('Update posted.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Updates' })).toContainText(
    'Our crew is on site and splicing the cable.',
  )

  // Without a time the estimate is refused beside its field; then 2031-01-01 14:30 Manila time.
  await page.getByRole('button', { name: 'Change estimate' }).click()
  await expect(page.getByRole('region', { name: 'Change the estimated restore time' })).toContainText('Fill this in.')
  await page
    .getByRole('region', { name: 'Change the estimated restore time' })
    .getByLabel('Estimated restore time')
    .fill('2031-01-01T14:30')
  await page.getByRole('button', { name: 'Change estimate' }).click()
  await expect(page.getByText('Estimate changed.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Updates' })).toContainText(
    'Estimated restore time changed to January 01, 2031 • 02:30 PM.',
  )

  await page.getByLabel('Closing note (optional)').fill('Service is back.')
  await page.getByRole('button', { name: 'Resolve incident' }).click()
  await expect(page.getByText('Incident resolved.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Updates' })).toContainText('Resolved. Service is back.')
  await expect(page.getByRole('button', { name: 'Post update' })).toHaveCount(0)

  await page.getByRole('link', { name: 'All incidents' }).click()
  await expect(page.getByRole('table', { name: 'Resolved in the last 7 days' })).toContainText(cause)
  await expect(page.getByRole('table', { name: 'Current incidents' })).not.toContainText(cause)
})
