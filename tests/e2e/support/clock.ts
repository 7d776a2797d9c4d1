/**
 * `test` for journeys that move the services' clock: pages open on the project's own
 * portal with a movable clock (servers.ts CLOCK_SERVERS), and `clock.advance(minutes)`
 * moves that portal's clock forward.
 */
import { expect, test as base } from './test'
import { CLOCK_SERVERS } from './servers'

function clockServerOf(project: string) {
  const server = CLOCK_SERVERS[project as keyof typeof CLOCK_SERVERS]
  if (!server) throw new Error(`no portal with a movable clock for project "${project}" (tests/e2e/support/servers.ts)`)
  return server
}

export const test = base.extend<{ clock: { advance: (minutes: number) => Promise<void> } }>({
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
})
