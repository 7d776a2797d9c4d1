/**
 * A page at rest does no work: once it has loaded, hydrated and fetched what it lazily needs,
 * and nobody touches it, it schedules nothing. A render loop (a state set on every render)
 * or a timer that keeps firing holds a phone's core busy, and its battery, for as long as
 * the page is open: the check screen's details form did so, unseen, until this check.
 *
 * Counted, not timed: the page's own calls that schedule work (React's scheduler posts a
 * message for each render; timers; animation frames) over a half-second at rest. A loop makes
 * hundreds; a quiet page none, or the odd one-off timer.
 */
import type { Page } from '@playwright/test'
import { expect } from './test'

declare global {
  interface Window {
    __scheduledWork?: number
  }
}

/** Counts, from the next page the test opens on, what each page schedules. */
export async function countScheduledWork(page: Page) {
  await page.addInitScript(() => {
    window.__scheduledWork = 0
    const counted = <T extends object, K extends keyof T>(owner: T, name: K) => {
      const original = owner[name] as (...args: unknown[]) => unknown
      owner[name] = function (this: unknown, ...args: unknown[]) {
        window.__scheduledWork! += 1
        return original.apply(this, args)
      } as T[K]
    }
    counted(MessagePort.prototype, 'postMessage')
    counted(window, 'setTimeout')
    counted(window, 'setInterval')
    counted(window, 'requestAnimationFrame')
  })
}

/** The page, once its network is quiet, schedules at most a few things in half a second. */
export async function expectAtRest(page: Page, what: string) {
  await page.waitForLoadState('networkidle')
  const scheduled = () => page.evaluate(() => window.__scheduledWork ?? Number.NaN)
  const before = await scheduled()
  await page.waitForTimeout(500)
  const during = (await scheduled()) - before
  expect(
    during,
    `${what}: work scheduled in half a second at rest (a render loop, or a timer that keeps firing?)`,
  ).toBeLessThanOrEqual(3)
}
