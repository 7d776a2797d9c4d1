import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'

// React Router's framework mode (react-router.config.ts); docs/decisions/0064. Terser with two
// passes: React Router v7's runtime is 3.6 KB (gzip) heavier than Remix v2's, and this wins
// it back so every first visit stays within the JS budget (scripts/js-budget.ts).
export default defineConfig({
  build: {
    sourcemap: false,
    minify: 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
  },
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
})
