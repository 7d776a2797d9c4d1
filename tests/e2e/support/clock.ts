/**
 * `test` for journeys that move the services' clock: pages open on the project's own
 * portal with a movable clock (servers.ts CLOCK_SERVERS), and `clock.advance(minutes)`
 * moves that portal's clock forward; `operator` acts as the back office on it.
 */
import { expect, test as base } from './test'
import { CLOCK_SERVERS } from './servers'

function clockServerOf(project: string) {
  const server = CLOCK_SERVERS[project as keyof typeof CLOCK_SERVERS]
  if (!server) throw new Error(`no portal with a movable clock for project "${project}" (tests/e2e/support/servers.ts)`)
  return server
}

type RejectedApplication = { referenceNo: string; emailAddress: string }

export const test = base.extend<{
  clock: { advance: (minutes: number) => Promise<void> }
  /** An operator's side of a journey, on the same portal (portal-with-clock.ts's control port). */
  operator: {
    applicationWithRejectedId: () => Promise<RejectedApplication>
    /** A counter reports that this payment reference was paid: the back office posts it. */
    counterPaid: (reference: string) => Promise<void>
  }
}>({
  // Playwright reads a fixture's dependencies from its first parameter: this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => {
    await use(`http://localhost:${clockServerOf(testInfo.project.name).port}`)
  },
  clock: async ({ request }, use, testInfo) => {
    const { controlPort } = clockServerOf(testInfo.project.name)
    await use({
      async advance(minutes) {
        const response = await request.post(`http://127.0.0.1:${controlPort}/advance?minutes=${minutes}`)
        expect(response.status(), `moving the services' clock ${minutes} minutes`).toBe(200)
      },
    })
  },
  operator: async ({ request }, use, testInfo) => {
    const { controlPort } = clockServerOf(testInfo.project.name)
    await use({
      async applicationWithRejectedId() {
        const response = await request.post(`http://127.0.0.1:${controlPort}/applications/rejected-id`)
        expect(response.status(), await response.text()).toBe(200)
        return (await response.json()) as RejectedApplication
      },
      async counterPaid(reference) {
        const response = await request.post(`http://127.0.0.1:${controlPort}/payments/references/${reference}/paid`)
        const posted = (await response.json()) as { status: number; body: unknown }
        expect(posted.status, JSON.stringify(posted.body)).toBe(200)
      },
    })
  },
})
