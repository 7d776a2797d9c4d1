/**
 * The bench's floor (scripts/bench/bare.ts): a bare React Router v7 app in framework mode as
 * `npx create-react-router` makes it, built on its own and served alone by
 * `react-router-serve`. Nothing of the portal is in it: no security headers, session,
 * logging of ours or upstream calls.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

const here = path.dirname(fileURLToPath(import.meta.url))

export default defineConfig({
  root: here,
  build: { sourcemap: false },
  plugins: [reactRouter()],
})
