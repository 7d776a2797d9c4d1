/**
 * Issue 35, item 7: each kind of test has one home (docs/conventions.md, "Tests"). A test file
 * (`git ls-files`, tracked or new) outside its kind's home fails here, named with the rule it
 * breaks. The kind is read from the file's name and from the harness it starts:
 *
 *   x.test.ts(x)                 unit: starts no database, services or portal; beside its code
 *   services/…/x.integration.test.ts   service (x.postgres.test.ts: Postgres's own behaviour)
 *   app/routes/…/x.integration.test.ts route: calls the loaders and actions of the routes beside it
 *   server/x.integration.test.ts        server: the portal over HTTP (startTestPortal)
 *   tests/integration/x.integration.test.ts  both sides: the portal's code below the routes
 *                                            against the real services
 *   tests/e2e/*.spec.ts, tests/scale-out/*.spec.ts   Playwright
 *
 * And a component test reads what a user meets, not the styling: no class names in its expectations.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')

/** The rule, in docs/conventions.md's words, one line per kind. */
export const RULE = {
  unit: 'A unit test (pure code: no database, no services, no portal) sits beside its code: x.test.ts(x).',
  service: 'A service test sits beside its service: services/<service>/x.integration.test.ts.',
  postgres: "A test of a Postgres server's own behaviour is services/…/x.postgres.test.ts.",
  route:
    "A route test calls the loaders and actions of the routes beside it (import './x') over the in-process " +
    'services, without starting the portal: app/routes/<area>/x.integration.test.ts.',
  server:
    'A server test starts the portal (startTestPortal) and talks to it over HTTP, even about one area: ' +
    'server/x.integration.test.ts.',
  bothSides:
    "A both-sides test drives the portal's code below the routes (app/upstream, a feature's *.server.ts) " +
    'against the real services, without a route or the portal: tests/integration/x.integration.test.ts.',
  journey: 'A browser journey is tests/e2e/*.spec.ts; a scale-out journey tests/scale-out/*.spec.ts.',
  build: 'A test of the production build is x.build.test.ts beside what it runs, never under tests/.',
  integrationTs: 'An integration test is x.integration.test.ts (vitest.config.ts runs no .tsx on Postgres).',
  integration:
    'An integration test is a service, route, server or both-sides test: in services/, app/routes/, server/ ' +
    'or tests/integration/.',
} as const

/** A call that starts a database, the services or the portal: not a unit test. */
const STARTS_SOMETHING =
  /\b(?:startTestPortal|startTestUpstream|startTestGateway|startPaymentsHarness|startIdentityTestServer|openTestDatabase|testUpstreamClient)\(/
const STARTS_PORTAL = /\bstartTestPortal\(/
const IMPORTS_BESIDE = /from '\.\/[^']+'/
const IMPORTS_A_ROUTE = /from '(?:~|(?:\.\.\/)+app)\/routes\//

/**
 * Unit tests under services/ that start a database, named so before this rule; renaming one to
 * x.integration.test.ts would run it on Postgres too (a change to decision 0041's budget).
 */
const UNIT_TESTS_WITH_A_DATABASE = new Set(['services/readiness.test.ts'])

/** The rule a test file breaks where it is (its path from the repository's root, and its text), or null. */
export function misplaced(file: string, text: string): string | null {
  const name = path.posix.basename(file)
  const under = (folder: string) => file.startsWith(`${folder}/`)
  if (name.endsWith('.spec.ts') || name.endsWith('.spec.tsx')) {
    const folder = path.posix.dirname(file)
    return (folder === 'tests/e2e' || folder === 'tests/scale-out') && name.endsWith('.ts') ? null : RULE.journey
  }
  if (!/\.test\.tsx?$/.test(name)) return null
  // Vitest never looks in the Playwright folders.
  if (under('tests/e2e') || under('tests/scale-out')) return RULE.journey
  if (name.endsWith('.integration.test.tsx')) return RULE.integrationTs
  if (name.endsWith('.postgres.test.ts')) return under('services') ? null : RULE.postgres
  if (name.endsWith('.build.test.ts')) return under('tests') ? RULE.build : null
  if (name.endsWith('.integration.test.ts')) {
    if (under('services')) return null
    if (under('app/routes')) {
      if (STARTS_PORTAL.test(text)) return RULE.server
      return IMPORTS_BESIDE.test(text) ? null : RULE.route
    }
    if (path.posix.dirname(file) === 'server') return STARTS_PORTAL.test(text) ? null : RULE.bothSides
    if (path.posix.dirname(file) === 'tests/integration') {
      if (STARTS_PORTAL.test(text)) return RULE.server
      return IMPORTS_A_ROUTE.test(text) ? RULE.route : null
    }
    if (STARTS_PORTAL.test(text)) return RULE.server
    return under('app') ? RULE.bothSides : RULE.integration
  }
  // A unit test: beside its code, never under tests/ but the dependency rules' own (beside its tree of files).
  if (under('tests') && !under('tests/dependency-rules')) return RULE.unit
  if (STARTS_SOMETHING.test(text) && !UNIT_TESTS_WITH_A_DATABASE.has(file)) {
    if (STARTS_PORTAL.test(text)) return RULE.server
    return under('services') ? RULE.service : under('app/routes') ? RULE.route : RULE.bothSides
  }
  return null
}

/** An expectation that reads a class name: `class="…"`, `className` or a Tailwind utility in a string. */
const READS_A_CLASS =
  /expect\(.*(\bclass=|className|['"`/][^'"`]*\b(?:bg|text|border|px|py|p|m|mb|mt|rounded|font|flex|grid|gap)-[a-z0-9])/

/** The lines of a test that expect class names (a component test reads roles, names, labels and text). */
export function classExpectations(text: string): string[] {
  return text.split('\n').filter((line) => READS_A_CLASS.test(line))
}

function testFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
  })
  return listed
    .split('\0')
    .filter((file) => /\.(test|spec)\.tsx?$/.test(file) && fs.existsSync(path.join(root, file)))
    .sort()
}

const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8')

describe('each kind of test has one home (docs/conventions.md, Tests)', () => {
  const files = testFiles()

  it('every test file is in its home', () => {
    expect(files.length).toBeGreaterThan(200)
    const wrong = Object.fromEntries(
      files.flatMap((file) => {
        const rule = misplaced(file, read(file))
        return rule ? [[file, rule]] : []
      }),
    )
    expect(wrong).toEqual({})
  })

  it('no Vitest test expects class names', () => {
    const found = Object.fromEntries(
      files.flatMap((file) => {
        const lines = file.endsWith('.spec.ts') ? [] : classExpectations(read(file))
        return lines.length ? [[file, lines.map((line) => line.trim())]] : []
      }),
    )
    expect(found).toEqual({})
  })

  it('is checked: a file out of its home is told, with the rule it breaks', () => {
    // (The calls are spelled apart so that this file starts nothing itself.)
    const call = (start: string) => `const t = await ${start}()\n`
    const route = "import { loader } from './plans'\n"
    const portal = call('startTestPortal')
    const upstream = call('startTestUpstream')
    // At home.
    expect(misplaced('app/ui/field.test.tsx', '')).toBeNull()
    expect(misplaced('services/billing/ledger.integration.test.ts', upstream)).toBeNull()
    expect(misplaced('services/db/client.postgres.test.ts', '')).toBeNull()
    expect(misplaced('app/routes/public/plans.integration.test.ts', route + upstream)).toBeNull()
    expect(misplaced('server/sign-in.integration.test.ts', portal)).toBeNull()
    expect(misplaced('tests/integration/payments-client.integration.test.ts', upstream)).toBeNull()
    expect(misplaced('tests/e2e/apply.spec.ts', '')).toBeNull()
    expect(misplaced('server/production-process.build.test.ts', '')).toBeNull()
    // Out of it.
    expect(misplaced('app/upstream/devices.server.integration.test.ts', upstream)).toBe(RULE.bothSides)
    expect(misplaced('app/features/documents/files.integration.test.ts', upstream)).toBe(RULE.bothSides)
    expect(misplaced('app/routes/customer/bills.integration.test.ts', portal)).toBe(RULE.server)
    expect(misplaced('app/routes/public/plans.integration.test.ts', upstream)).toBe(RULE.route)
    expect(misplaced('server/cart.integration.test.ts', upstream)).toBe(RULE.bothSides)
    expect(misplaced('tests/integration/sign-in.integration.test.ts', portal)).toBe(RULE.server)
    expect(misplaced('tests/integration/plans.integration.test.ts', "from '../../app/routes/public/plans'")).toBe(
      RULE.route,
    )
    expect(misplaced('lib/dates.integration.test.ts', '')).toBe(RULE.integration)
    expect(misplaced('app/features/cart/cart.test.ts', upstream)).toBe(RULE.bothSides)
    expect(misplaced('server/analytics.test.ts', portal)).toBe(RULE.server)
    expect(misplaced('tests/integration/masking.test.ts', '')).toBe(RULE.unit)
    expect(misplaced('tests/e2e/apply.test.ts', '')).toBe(RULE.journey)
    expect(misplaced('app/routes/public/plans.spec.ts', '')).toBe(RULE.journey)
    expect(misplaced('app/db.postgres.test.ts', '')).toBe(RULE.postgres)
    expect(misplaced('app/ui/field.integration.test.tsx', '')).toBe(RULE.integrationTs)
    // And a component test that reads styling (spelled apart, so that this file expects none itself).
    const check = 'expect'
    const styled = [
      `${check}(html).toContain('<legend class="mb-1">Type</legend>')`,
      `${check}(button.className).toContain('bg-red-600')`,
      `${check}(html).toContain('text-sm')`,
    ]
    for (const line of styled) expect(classExpectations(line), line).toEqual([line])
    expect(classExpectations(`${check}(html).toMatch(/<legend[^>]*>Type<\\/legend>/)`)).toEqual([])
  })
})
