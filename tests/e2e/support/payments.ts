/** Steps the payment journeys share. */
import type { Page } from '@playwright/test'
import { expect } from './test'

/** Without JavaScript the return page does not look again by itself: CHECK AGAIN until it settles. */
export async function expectSettled(page: Page, status: 'posted' | 'failed' | 'cancelled') {
  const state = page.getByTestId('payment-state')
  await expect(async () => {
    const now = await state.getAttribute('data-status')
    if (now !== status && (await page.getByRole('link', { name: 'CHECK AGAIN' }).count())) {
      await page.getByRole('link', { name: 'CHECK AGAIN' }).click()
    }
    await expect(state).toHaveAttribute('data-status', status, { timeout: 1_000 })
  }).toPass({ timeout: 30_000 })
}
