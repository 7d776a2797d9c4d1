/**
 * The bench's floor (scripts/bench/bare.ts): a bare Remix v2 app as `npx create-remix`
 * makes it, built on its own and served alone by `remix-serve`. Nothing of the portal is
 * in it: no security headers, session, logging of ours or upstream calls.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig } from 'vite'

const here = path.dirname(fileURLToPath(import.meta.url))

export default defineConfig({
  root: here,
  build: { sourcemap: false },
  plugins: [
    remix({
      appDirectory: path.join(here, 'app'),
      // The bench passes a folder outside the repository (BARE_APP_BUILD).
      buildDirectory: process.env.BARE_APP_BUILD ?? path.join(here, 'build'),
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
})
