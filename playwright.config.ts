/**
 * Browser journeys (docs/conventions.md, Tests): every journey runs twice, with and without
 * JavaScript, against the production build (`npm run build` first; scripts/test.sh
 * does that), served by the process `npm start` runs (build/process/server.js).
 * Debian's chromium-headless-shell, no browser download (docs/conventions.md, Stack; docs/decisions/0047).
 */
import { defineConfig } from '@playwright/test'
import { CLOCK_SERVERS, FAULTS_PORT, MAINTENANCE_PORT, PORTAL_PORT, PORTAL_URL } from './tests/e2e/support/servers'

const CI = Boolean(process.env.CI)

const PRODUCTION_PROCESS = 'node build/process/server.js'

// scripts/test.sh migrates and seeds one data directory first (phase e2e-data, without its
// generated secrets): each portal starts from a copy of it in about 3 s instead of seeding
// its own (about 13 s each, four at once on 2 cores). Without it, each portal seeds.
const SEEDED_DATA_DIR = '.data-e2e-seeded'

function portalServer(port: number, dataDir: string, env: Record<string, string> = {}, run = PRODUCTION_PROCESS) {
  return {
    // A fresh data directory on every run: no state carried between runs.
    command: `rm -rf ${dataDir} && if [ -d ${SEEDED_DATA_DIR} ]; then cp -R ${SEEDED_DATA_DIR} ${dataDir}; fi && exec ${run}`,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PRODUCT_NAME: 'Hibla',
      REGISTER_FLAG: 'true',
      MAINTENANCE_MODE: 'false',
      LOG_LEVEL: 'warn',
      // Every journey's guest payments come from one address into a few demo accounts, more in
      // 15 minutes than one payer makes; the limits have their own test (services/payments).
      PAYMENT_GUEST_CALLS_PER_ACCOUNT: '1000',
      PAYMENT_GUEST_CALLS_PER_ADDRESS: '1000',
      ...env,
    },
  }
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  // The JSON report feeds the totals line scripts/test.sh prints.
  reporter: [
    ['list'],
    ['json', { outputFile: '.test-results/playwright.json' }],
    ...(CI ? [['html', { open: 'never' }] as const] : []),
  ],
  use: {
    baseURL: PORTAL_URL,
    // Recording a trace costs every test CPU (snapshots on each action) even when it is
    // thrown away; in CI a failed test runs again (retries) and that run records one.
    trace: CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      // Debian's chromium-headless-shell (scripts/test.sh installs it; docs/decisions/0047).
      executablePath: '/usr/lib/chromium/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // One element: chromium must not look up outside hosts (docs/conventions.md, Stack).
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost',
      ],
    },
  },
  projects: [
    // A `*.no-js-only.spec.ts` reads what the server sends, with no page run (the crawler).
    { name: 'js', use: { javaScriptEnabled: true }, testIgnore: [/\.no-js-only\.spec\.ts$/] },
    // axe runs inside the page, so the accessibility audit needs JavaScript; the markup it
    // checks is the same server-rendered HTML either way. A `*.js-only.spec.ts` tests what
    // only exists with JavaScript (the map's address search).
    {
      name: 'no-js',
      use: { javaScriptEnabled: false },
      testIgnore: [/accessibility\.spec\.ts/, /\.js-only\.spec\.ts$/],
    },
  ],
  webServer: [
    // The streaming-TV partner button shows (spec 1), and its partner's image is broken (an
    // address nothing answers): the page must show the bundled logo (spec 8).
    portalServer(PORTAL_PORT, '.data-e2e', {
      // A simulated modem restart settles in 5 s (customer-dashboard.spec.ts waits for its outcome).
      DEVICES_RESTART_SECONDS: '5',
      // …and a Wi-Fi change in 5 s too (wifi.spec.ts waits for it to be applied).
      DEVICES_WIFI_CHANGE_SECONDS: '5',
      STREAMING_TV_ENABLED: 'true',
      STREAMING_TV_PARTNER_NAME: 'StreamMax',
      STREAMING_TV_IMAGE_URL: 'http://127.0.0.1:9/streammax-logo.png',
    }),
    portalServer(MAINTENANCE_PORT, '.data-e2e-maintenance', { MAINTENANCE_MODE: 'true' }),
    // The catalogue is down (plans.spec.ts: spec 8's message); its faults are the test's, so it runs the sources with tsx.
    portalServer(FAULTS_PORT, '.data-e2e-faults', {}, 'node --import tsx tests/e2e/support/portal-with-faults.ts'),
    // link-expiry.spec.ts moves these portals' services' clock: one per project.
    ...Object.values(CLOCK_SERVERS).map(({ port, controlPort, dataDir }) =>
      // The clock is a test's, so this one runs the sources (startPortal) with tsx.
      portalServer(
        port,
        dataDir,
        { CLOCK_CONTROL_PORT: String(controlPort) },
        'node --import tsx tests/e2e/support/portal-with-clock.ts',
      ),
    ),
  ],
})
