import { defineConfig } from 'vitest/config'

// The tests that run the production build (`*.build.test.ts`), kept out of vitest.config.ts
// because they need `npm run build` first: scripts/test.sh runs them after its build phase,
// `npx vitest run --config vitest.build.config.ts` by hand.
export default defineConfig({
  test: {
    include: ['**/*.build.test.ts'],
    exclude: ['node_modules/**', 'tools/**', 'build/**'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
})
