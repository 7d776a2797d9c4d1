/**
 * The scale-out journeys (issue 17, item 3; tests/scale-out): nginx, three portal and two
 * upstream processes of the production build on a Postgres database of their own, started
 * once for the run by the global set-up (not Playwright's webServer: the journeys kill and
 * restart processes). One worker: each project's run kills copies, then starts them again.
 */
import { defineConfig } from '@playwright/test'
import base from './playwright.config'
import { PUBLIC_URL } from './tests/scale-out/cluster'

const CI = Boolean(process.env.CI)

export default defineConfig({
  testDir: 'tests/scale-out',
  globalSetup: './tests/scale-out/global-setup.ts',
  workers: 1,
  forbidOnly: CI,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.test-results/playwright-scale-out.json' }]],
  // A step that cannot happen fails in seconds, not at the test's timeout.
  use: { ...base.use, baseURL: PUBLIC_URL, actionTimeout: 20_000, navigationTimeout: 30_000 },
  projects: [
    { name: 'js', use: { javaScriptEnabled: true } },
    { name: 'no-js', use: { javaScriptEnabled: false } },
  ],
})
