/**
 * In-app notifications (issue 11, item 4; spec 2, 4, 8, 9) as the demo customer: the unseen
 * count, opening a notification marks it read (after 500 ms with JavaScript, on open
 * without) and the count drops. Both projects run at once against the same seeded
 * notifications, so each opens its own (services/notifications/inbox-seed.ts) and counts
 * are compared, never assumed.
 */
import { expect, test } from './support/test'
import { DEMO, signIn } from './support/account'

const OWN_NOTIFICATION = { js: 'Service restored in your area', 'no-js': 'Your AutoPay reminder' } as const

function unread(text: string | null): number {
  const count = /^(\d+) unread$/.exec(text?.trim() ?? '')
  if (count) return Number(count[1])
  expect(text?.trim()).toBe('No unread notifications')
  return 0
}

test('the customer sees the unseen count, opens a notification and the count drops', async ({ page }, testInfo) => {
  // Signs in and opens four pages; on a loaded machine that outlasts the default 30 s.
  test.slow()
  const title = OWN_NOTIFICATION[testInfo.project.name as keyof typeof OWN_NOTIFICATION]
  await signIn(page, DEMO.customer)
  await expect(page).toHaveURL('/customer')

  await page.goto('/customer/notifications')
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
  const before = unread(await page.getByTestId('unseen-count').textContent())
  expect(before).toBeGreaterThan(0)
  // spec 9: older than a week reads as a date, 'MMMM dd, yyyy • hh:mm aa'; recent ones as 'ago'.
  // In the page's list (the top bar's bell holds some of the same, closed).
  const list = page.getByRole('main')
  await expect(list.getByText(/^[A-Z][a-z]+ \d{2}, \d{4} • \d{2}:\d{2} [AP]M$/).first()).toBeVisible()
  await expect(list.getByText(/ ago$/).first()).toBeVisible()

  const mine = page.getByRole('button', { name: new RegExp(title) })
  await expect(mine).toHaveAttribute('data-read', 'false')
  await mine.click()
  await expect(page).toHaveURL(/\/customer\/notifications\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  // With JavaScript the page marks it read after 500 ms and its count follows; without, opening did.
  await expect(page.getByTestId('read-state')).toBeVisible()
  await expect.poll(async () => unread(await page.getByTestId('unseen-count').textContent())).toBeLessThan(before)

  await page.getByRole('link', { name: 'Back to notifications' }).click()
  await expect(page.getByRole('button', { name: new RegExp(title) })).toHaveAttribute('data-read', 'true')
  expect(unread(await page.getByTestId('unseen-count').textContent())).toBeLessThan(before)
})

test("a notification that is not the customer's is not found", async ({ page }) => {
  test.slow()
  await signIn(page, DEMO.customer)
  await expect(page).toHaveURL('/customer')
  for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
    const response = await page.goto(`/customer/notifications/${id}`)
    expect(response?.status()).toBe(404)
  }
})
