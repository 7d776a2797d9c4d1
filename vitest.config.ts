import os from 'node:os'
import { defineConfig } from 'vitest/config'
import tsconfigPaths from 'vite-tsconfig-paths'

// Kept apart from vite.config.ts: the Remix plugin has no place in unit tests.
// With TEST_DATABASE_URL set, the integration tests run on Postgres too (the portal's own
// there only, below), with the tests about a Postgres server's own behaviour (`*.postgres.test.ts`).
const integration = ['**/*.integration.test.ts', '**/*.postgres.test.ts']
// The portal's own integration tests (its HTTP server and its routes, over the services;
// docs/conventions.md, Tests) run on one database, not both (docs/decisions/0041): their
// queries are the services', whose integration tests run on both, and the Playwright journeys
// run the whole portal on PGlite. With Postgres they run there (the faster of the two);
// without it, on PGlite. The both-sides tests (tests/integration/) run on both, but for the
// four that ran beside app/upstream and app/features on one database before issue 35 gave
// each kind of test one home: they keep to one.
const portalIntegration = [
  'server/**/*.integration.test.ts',
  'app/routes/**/*.integration.test.ts',
  ...['devices-client', 'referrals-client', 'upstream-transport', 'files'].map(
    (name) => `tests/integration/${name}.integration.test.ts`,
  ),
]
const postgres = Boolean(process.env.TEST_DATABASE_URL)
// Every project builds its database templates once per run (services/setup/test-databases.ts).
// `*.build.test.ts` run the production build, after it is made (vitest.build.config.ts).
const common = {
  exclude: ['node_modules/**', 'tools/**', 'build/**', 'tests/e2e/**', '**/*.build.test.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  globalSetup: ['services/setup/test-databases.ts'],
}

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // Files wait on the database server, sockets and scrypt's thread pool as well as the
    // CPU: one worker per core, not Vitest's default of one less (one file at a time on 2 cores).
    maxWorkers: os.availableParallelism(),
    // One module graph per worker, not one per file (docs/decisions/0017): importing the
    // portal, the services and their libraries again for each of some 70 files cost more than
    // a quarter of the run's CPU. Tests therefore leave no global state behind (fake timers
    // are restored, environment changes undone); each file still gets its own database.
    isolate: false,
    projects: [
      {
        extends: true as const,
        test: {
          ...common,
          name: 'pglite',
          include: ['**/*.test.ts', '**/*.test.tsx'],
          exclude: [...common.exclude, '**/*.postgres.test.ts', ...(postgres ? portalIntegration : [])],
        },
      },
      ...(postgres
        ? [
            {
              extends: true as const,
              test: { ...common, name: 'postgres', include: integration, env: { TEST_DB: 'postgres' } },
            },
          ]
        : []),
    ],
  },
})
