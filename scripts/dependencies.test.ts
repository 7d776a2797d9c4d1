/**
 * Issue 34: every runtime dependency in package.json is used by the code production runs or
 * builds from. A package named only in package.json (as `isbot` was) fails here: move it to
 * devDependencies, or drop it. "Used" is a module specifier naming the package (an import, a
 * dynamic import, a require or require.resolve, a path read from it) in the non-test sources
 * of app/, services/, lib/, server/, server.ts and the build's own configuration.
 */
import fs from 'node:fs'
import path from 'node:path'
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
