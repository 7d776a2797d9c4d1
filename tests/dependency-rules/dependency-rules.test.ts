/**
 * The layer rules (.dependency-cruiser.cjs) catch what they promise: each crossing on a
 * tiny tree of files in a temporary folder fails with its rule's name, and the imports the
 * layers allow pass. `npm run deps` applies the same file to the real tree.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { cruise, type ICruiseResult } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'
import { afterEach, describe, expect, it } from 'vitest'

const CONFIG = path.resolve(import.meta.dirname, '../../.dependency-cruiser.cjs')

let folder: string | undefined
afterEach(async () => {
  if (folder) await fs.rm(folder, { recursive: true, force: true })
  folder = undefined
})

/** Writes the files (path → source) and answers the rule names that fail, sorted. */
async function violations(files: Record<string, string>): Promise<string[]> {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'dependency-rules-'))
  for (const [name, source] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(folder, name)), { recursive: true })
    await fs.writeFile(path.join(folder, name), source)
  }
  const { tsConfig: _projectTsConfig, ...options } = await extractDepcruiseOptions(CONFIG)
  const roots = [...new Set(Object.keys(files).map((name) => name.split('/')[0]!))]
  const { output } = await cruise(roots, { ...options, baseDir: folder })
  const result = output as ICruiseResult
  return [...new Set(result.summary.violations.map((violation) => violation.rule.name))].sort()
}

const EMPTY = 'export const x = 1\n'

describe('dependency rules', () => {
  it('fail an import from services/ into app/', async () => {
    expect(
      await violations({
        'app/upstream/errors.ts': EMPTY,
        'services/cms/routes.ts': "import { x } from '../../app/upstream/errors'\nexport const y = x\n",
      }),
    ).toEqual(['services-is-another-system'])
  })

  it('fail an import from services/ into server/', async () => {
    expect(
      await violations({
        'server/middleware.ts': EMPTY,
        'services/main.ts': "import { x } from '../server/middleware'\nexport const y = x\n",
      }),
    ).toEqual(['services-is-another-system'])
  })

  it('fail a circle of imports', async () => {
    expect(
      await violations({
        'app/ui/a.ts': "import { b } from './b'\nexport const a = () => b\n",
        'app/ui/b.ts': "import { a } from './a'\nexport const b = () => a\n",
      }),
    ).toEqual(['no-circular'])
  })

  it('pass a circle closed only by a type-only import (the root data and the root loader)', async () => {
    expect(
      await violations({
        'app/root.tsx':
          "import { useRootData } from './root-data'\nexport const loader = () => ({ theme: 'light' })\nexport const App = () => useRootData()\n",
        'app/root-data.ts':
          "import type { loader } from './root'\nexport const useRootData = (): ReturnType<typeof loader> | undefined => undefined\n",
      }),
    ).toEqual([])
  })

  it('fail a value import of root.tsx, even from the root data module', async () => {
    expect(
      await violations({
        'app/root.tsx': EMPTY,
        'app/root-data.ts': "import { x } from './root'\nexport const y = x\n",
        'app/features/shell/header.tsx': "import { x } from '../../root'\nexport const z = x\n",
      }),
    ).toEqual(['nothing-imports-root', 'root-data-types-only'])
  })

  it('fail an import from lib/ into app/, server/ or services/', async () => {
    expect(
      await violations({
        'app/utils/a.ts': EMPTY,
        'lib/env.ts': "import { x } from '../app/utils/a'\nexport const y = x\n",
      }),
    ).toEqual(['lib-is-the-floor'])
  })

  it('fail an import from the portal into services/, but let its tests start the reference upstream', async () => {
    expect(
      await violations({
        'services/testing.ts': EMPTY,
        'app/upstream/cms.server.ts': "import { x } from '../../services/testing'\nexport const y = x\n",
        'app/upstream/cms.integration.test.ts': "import { x } from '../../services/testing'\nexport const y = x\n",
      }),
    ).toEqual(['portal-talks-to-upstream-over-http'])
  })

  it('fail app/auth reaching up into app/features', async () => {
    expect(
      await violations({
        'app/features/landing/landing.ts': EMPTY,
        'app/auth/guard.ts': "import { x } from '../features/landing/landing'\nexport const y = x\n",
      }),
    ).toEqual(['auth-below-features'])
  })

  it('fail the visit reaching up into a feature, and auth reaching up into the visit', async () => {
    expect(
      await violations({
        'app/features/landing/landing.ts': EMPTY,
        'app/visit/visit.server.ts': "import { x } from '../features/landing/landing'\nexport const y = x\n",
      }),
    ).toEqual(['visit-below-features'])
    expect(
      await violations({
        'app/visit/visit.server.ts': EMPTY,
        'app/auth/session.server.ts': "import { x } from '../visit/visit.server'\nexport const y = x\n",
      }),
    ).toEqual(['auth-below-visit'])
    expect(
      await violations({
        'app/visit/visit.server.ts': EMPTY,
        'app/utils/cookies.server.ts': "import { x } from '../visit/visit.server'\nexport const y = x\n",
      }),
    ).toEqual(['ui-upstream-utils-are-the-floor'])
  })

  it('fail a feature or route calling upstreamFor, but let it name the Upstream type', async () => {
    const upstream = 'export const upstreamFor = () => 1\nexport type Upstream = number\n'
    expect(
      await violations({
        'app/upstream/index.server.ts': upstream,
        'app/features/legal/legal.server.ts':
          "import { upstreamFor } from '../../upstream/index.server'\nexport const y = upstreamFor\n",
      }),
    ).toEqual(['one-call-style'])
    expect(
      await violations({
        'app/upstream/index.server.ts': upstream,
        'app/features/cart/cart.server.ts':
          "import type { Upstream } from '../../upstream/index.server'\nexport type Y = Upstream\n",
      }),
    ).toEqual([])
  })

  it('fail app/ui, app/upstream or app/utils reaching up into features, auth or routes', async () => {
    expect(
      await violations({
        'app/auth/roles.ts': EMPTY,
        'app/ui/button.tsx': "import { x } from '../auth/roles'\nexport const y = x\n",
      }),
    ).toEqual(['ui-upstream-utils-are-the-floor'])
  })

  it('fail a feature importing a route, test files included', async () => {
    expect(
      await violations({
        'app/routes/public/preferences.tsx': EMPTY,
        'app/features/shell/shell.test.ts': "import { x } from '../../routes/public/preferences'\nexport const y = x\n",
      }),
    ).toEqual(['features-below-routes'])
  })

  it("fail a service importing another service's tables, or a module at the top of services/ doing so", async () => {
    expect(
      await violations({
        'services/drafts/tables.ts': EMPTY,
        'services/files/service.ts': "import { x } from '../drafts/tables'\nexport const y = x\n",
      }),
    ).toEqual(['tables-belong-to-their-service'])
    expect(
      await violations({
        'services/applications/tracking-tables.ts': EMPTY,
        'services/sales/seed.ts': "import { x } from '../applications/tracking-tables'\nexport const y = x\n",
      }),
    ).toEqual(['tables-belong-to-their-service'])
    expect(
      await violations({
        'services/identity/oidc/tables.ts': EMPTY,
        'services/bearer.ts': "import { x } from './identity/oidc/tables'\nexport const y = x\n",
      }),
    ).toEqual(['tables-belong-to-their-service'])
  })

  it("pass a service's own tables from any of its folders, a type-only import, and tests reading tables", async () => {
    expect(
      await violations({
        'services/payments/tables.ts': EMPTY,
        'services/payments/autopay/charges.ts': "import { x } from '../tables'\nexport const y = x\n",
        'services/payments/sandbox/vault-tables.ts': EMPTY,
        'services/payments/sandbox/vault.ts': "import { x } from './vault-tables'\nexport const y = x\n",
        'services/applications/tables.ts': 'export type Pricing = { total: number }\n',
        'services/sales/application-pdf.ts':
          "import type { Pricing } from '../applications/tables'\nexport const total = (p: Pricing) => p.total\n",
        'services/referrals/referrals.integration.test.ts':
          "import { x } from '../payments/tables'\nexport const y = x\n",
        'tests/integration/payments.integration.test.ts':
          "import { x } from '../../services/payments/tables'\nexport const y = x\n",
      }),
    ).toEqual([])
  })

  it('fail services/db or services/storage importing a service, but not their own modules or tests', async () => {
    expect(
      await violations({
        'services/accounts/seed.ts': EMPTY,
        'services/db/client.ts': EMPTY,
        'services/db/seed.ts':
          "import { x } from '../accounts/seed'\nimport { x as c } from './client'\nexport const y = [x, c]\n",
      }),
    ).toEqual(['db-and-storage-are-the-ground'])
    expect(
      await violations({
        'services/errors.ts': EMPTY,
        'services/storage/local.ts': "import { x } from '../errors'\nexport const y = x\n",
      }),
    ).toEqual(['db-and-storage-are-the-ground'])
    expect(
      await violations({
        'services/testing.ts': EMPTY,
        'services/db/client.postgres.test.ts': "import { x } from '../testing'\nexport const y = x\n",
      }),
    ).toEqual([])
  })

  it('fail services/context.ts importing a service; the ground and the job queues are allowed', async () => {
    expect(
      await violations({
        'services/identity/password.ts': EMPTY,
        'services/context.ts': "import { x } from './identity/password'\nexport const y = x\n",
      }),
    ).toEqual(['context-imports-no-service'])
    expect(
      await violations({
        'services/db/client.ts': EMPTY,
        'services/storage/storage.ts': EMPTY,
        'services/job-queues.ts': EMPTY,
        'services/context.ts':
          "import { x as a } from './db/client'\nimport { x as b } from './storage/storage'\nimport { x as c } from './job-queues'\nexport const y = [a, b, c]\n",
      }),
    ).toEqual([])
  })

  it('fail production code importing a test helper', async () => {
    expect(
      await violations({
        'tests/support/servers.ts': EMPTY,
        'services/main.ts': "import { x } from '../tests/support/servers'\nexport const y = x\n",
      }),
    ).toEqual(['no-test-code-in-production'])
  })

  it('pass the imports the layers allow', async () => {
    expect(
      await violations({
        'lib/env.ts': EMPTY,
        'app/utils/safe-redirect.ts': "import { x } from '../../lib/env'\nexport const y = x\n",
        'app/auth/sign-in.server.ts': "import { y } from '../utils/safe-redirect'\nexport const z = y\n",
        'app/features/shell/header.tsx': "import { z } from '../../auth/sign-in.server'\nexport const h = z\n",
        'app/routes/public/landing.tsx': "import { h } from '../../features/shell/header'\nexport const l = h\n",
        'services/main.ts': "import { x } from '../lib/env'\nexport const m = x\n",
        'server/portal.ts':
          "import { l } from '../app/routes/public/landing'\nimport { m } from '../services/main'\nexport const p = [l, m]\n",
        'tests/support/both-sides.ts':
          "import { l } from '../../app/routes/public/landing'\nimport { m } from '../../services/main'\nexport const b = [l, m]\n",
        'services/cms/cms.integration.test.ts':
          "import { b } from '../../tests/support/both-sides'\nexport const t = b\n",
      }),
    ).toEqual([])
  })
})
